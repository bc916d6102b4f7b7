"""Validation of TF_LANDING and TF_EVACUATION (S3.7, S3.8, S12.4, V1–V4).

Run at submission, again when the turn resolves (S12.4), and once more when
the operation sails (``sailing=True``): an army may only reach its embarkation
coast during the turn, so for an order of SP2 or SP3 where the army stands is
checked when the fleets leave, not before.
"""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, quote
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, SengokuState, UnitState
from bot.rulesets.sengoku.rules.orders.validate_routes import place
from bot.rulesets.sengoku.rules.landing.sealift import (
    carried_detachments,
    check_weight,
    evacuation_route,
    fleet_loads,
    home_area,
    join_index,
    landing_route,
)


def check_landing(state: SengokuState, gamemap: GameMap, faction: str, order, sailing: bool = False) -> None:
    army = _own_army(state, faction, order.army, "S3.7")
    fleets = _fleets(state, faction, order)
    carried = carried_detachments(army, list(order.detachments))
    check_weight(carried, len(fleets), "S3.7.2")
    fleet_loads(carried, fleets)
    _army_at(state, gamemap, army, order, sailing, "S3.7.3")
    route, board_at = landing_route(state, gamemap, order)
    _fleets_join(state, gamemap, order, route, board_at)
    carried_ids = {d.id for d in carried}
    stray = [d for d in order.melee_extra_loss_allocation if d not in carried_ids]
    if stray:
        raise OrderRejected(N_("melee_extra_loss_allocation names {detachments}, which this landing does not "
                               "carry (S8.7.3, OP-41 b)"), rule="OP-41", detachments=", ".join(stray))
    target = order.auto_evacuation_target
    if target is not None and not _friendly_coast(state, gamemap, faction, target):
        raise OrderRejected(N_("auto_evacuation_target {area} is not a friendly coastal province (S3.8.1, OP-15)"),
                            rule="OP-15", area=place(gamemap, target))
    _passengers(state, faction, army, order.passengers)


def check_evacuation(state: SengokuState, gamemap: GameMap, faction: str, order, sailing: bool = False,
                     start: str | None = None) -> None:
    if not _friendly_coast(state, gamemap, faction, order.destination):
        raise OrderRejected(N_("{area} is not a friendly province; evacuation goes to a friendly province (S3.8.1)"),
                            rule="S3.8.1", area=order.destination)
    army = _own_army(state, faction, order.army, "S3.8")
    fleets = _fleets(state, faction, order)
    check_weight(army.detachments, len(fleets), "S3.8.1")
    fleet_loads(army.detachments, fleets)
    _army_at(state, gamemap, army, order, sailing, "S3.8.1")
    route, board_at = evacuation_route(state, gamemap, order, start)
    if start is None:
        _fleets_join(state, gamemap, order, route, board_at)
    _passengers(state, faction, army, order.passengers)


def _own_army(state: SengokuState, faction: str, army_id: str, rule: str):
    army = state.armies.get(army_id)
    if army is None or army.clan != faction:
        raise OrderRejected(N_("{army} is not an army of your clan ({rule_id})"), rule=rule, rule_id=rule, army=quote(army_id))
    return army


def _fleets(state: SengokuState, faction: str, order) -> list[str]:
    """Every fleet of the operation: the lead fleet first (S3.7.2)."""
    fleets = [order.unit] + list(order.fleets)
    if len(set(fleets)) != len(fleets):
        raise OrderRejected(N_("a fleet is listed twice in the operation (S3.7.2)"), rule="S3.7.2")
    for fleet_id in fleets:
        fleet = state.fleets.get(fleet_id)
        if fleet is None or fleet.owner != faction:
            raise OrderRejected(N_("{unit} is not a trade fleet of your clan (V1)"), rule="V1", unit=quote(fleet_id))
        if fleet.state is not UnitState.ACTIVE or fleet.damaged:
            raise OrderRejected(N_("{unit} cannot carry troops: it is damaged or not active (S3.2.3)"),
                                rule="S3.2.3", unit=fleet.name)
    return fleets


def _army_at(state: SengokuState, gamemap: GameMap, army, order, sailing: bool, rule: str) -> None:
    if (sailing or order.subphase == "SP1") and army.area != order.origin:
        raise OrderRejected(N_("army {army} is in {area}, not in {origin} ({rule_id})"), rule=rule, rule_id=rule, army=army.name,
                            area=gamemap.area_name(army.area), origin=gamemap.area_name(order.origin))


def _fleets_join(state: SengokuState, gamemap: GameMap, order, route: list[str], board_at: int) -> None:
    """The other fleets join where the route passes their base, before the army boards."""
    for fleet_id in order.fleets:
        if join_index(route, home_area(state, gamemap, fleet_id), board_at) is None:
            raise OrderRejected(N_("{unit} is based off the route to the embarkation coast, so it cannot join the "
                                   "operation before the army boards (S3.7.3)"), rule="S3.7.3",
                                unit=state.fleets[fleet_id].name)


def _friendly_coast(state: SengokuState, gamemap: GameMap, faction: str, area: str) -> bool:
    owner = state.area_owner.get(area)
    coastal = area in gamemap.areas and gamemap.areas[area].coastal
    return coastal and owner is not None and (owner == faction or state.friendly(faction, owner))


def _passengers(state: SengokuState, faction: str, army, passengers: list[str]) -> None:
    """S9.5, OP-46 (e): characters aboard besides the army's leader."""
    for char_id in passengers:
        character = state.characters.get(char_id)
        if character is None or character.clan != faction:
            raise OrderRejected(N_("{character} is not a character of your clan (S9.5)"), rule="S9.5",
                                character=quote(char_id))
        if character.status is not CharacterStatus.FREE or char_id == army.leader:
            raise OrderRejected(N_("{character} cannot sail as a passenger: not free, or already the army's "
                                   "leader (S9.5)"), rule="S9.5", character=character.name)

