"""Order validation V1–V5 (S12.4): one clear message per failure, naming the rule.

``validate`` raises OrderRejected for an invalid order and returns warnings
for fields that do not apply (R18: accepted and ignored).
"""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.text import Phrase, quote
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.i18n import N_
from bot.rulesets.sengoku.rules.orders import orders as o
from bot.rulesets.sengoku.rules.orders.basing import capacity_problem, planned_bases
from bot.rulesets.sengoku.rules.battle.battle_rounds import check_withdraw_policy
from bot.rulesets.sengoku.rules.trade.blockade import rebase_problem
from bot.rulesets.sengoku.rules.orders.clan_orders import check_clan_order
from bot.rulesets.sengoku.rules.model.model import SengokuState, UnitState
from bot.rulesets.sengoku.rules.orders.policy import parse_policy
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.validation.validate_fleet import check_fleet_order
from bot.rulesets.sengoku.rules.orders.validate_routes import check_route, coastal_area, enemy_port, place


def validate(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, faction: str,
             order, others: list[SubmittedOrder] | None) -> list[str]:
    """``others=None`` at resolution: capacity is then settled by basing (R4)."""
    if order.kind in o.CLAN_KINDS:  # V1 for clan orders: the unit is a clan or a capture credit
        return check_clan_order(state, gamemap, settings, faction, order, others)
    unit = _check_unit(state, faction, order)  # V1
    if order.kind in o.BASING_KINDS:
        return _check_basing(state, gamemap, settings, faction, order, unit, others)
    if others is not None:  # S2.1: a task is judged at the base this turn's BASE order gives the unit
        state = planned_bases(state, gamemap, faction, others)
    if order.kind in o.FLEET_KINDS:
        if order.unit not in state.fleets:
            raise OrderRejected(N_("{unit} is a war squadron; {kind} is a trade-fleet task (S3.1)"), rule="S3.1",
                                unit=_name(unit), kind=order.kind)
        return check_fleet_order(state, gamemap, settings, faction, order) or []
    if order.unit not in state.squadrons:
        raise OrderRejected(N_("{unit} is a trade fleet; {kind} is a war-squadron mission (S4.1)"), rule="S4.1",
                            unit=_name(unit), kind=order.kind)
    return _check_squadron(state, gamemap, settings, faction, order)


def _check_unit(state: SengokuState, faction: str, order):
    unit = state.squadrons.get(order.unit) or state.fleets.get(order.unit) or state.heavy.get(order.unit)
    if unit is None or unit.owner != faction:
        # One message for both: telling "another clan's" from "none" would confirm a guessed id and count
        # the heavy detachments (<squadron>-hd1, -hd2) of an enemy squadron (S5.6, OP-26).
        raise OrderRejected(N_("your clan has no unit {unit}; /fleet list shows your units (V1)"), rule="V1",
                            unit=repr(order.unit))
    if unit.state is UnitState.MOTHBALLED and order.kind != "disband":
        raise OrderRejected(N_("{unit} is mothballed; it can only be disbanded (S2.5, V1)"), rule="V1",
                            unit=_name(unit))
    if unit.state is not UnitState.ACTIVE and unit.state is not UnitState.MOTHBALLED:
        raise OrderRejected(N_("{unit} is {state} and takes no orders (V1)"), rule="V1", unit=_name(unit),
                            state=Phrase(STATE_WORDS.get(unit.state.value, unit.state.value)))
    return unit


# A unit's or a character's state as a word in a refusal (model.UnitState, CharacterStatus values).
STATE_WORDS = {"disbanded": N_("disbanded"), "destroyed": N_("destroyed"), "captured": N_("captured"),
               "lost": N_("lost"), "active": N_("active"), "mothballed": N_("mothballed")}
STATUS_WORDS = {"captured": N_("captured"), "dead": N_("dead"), "free": N_("free")}


def _name(unit) -> str:
    """A unit as its player calls it (a heavy detachment has no name: what it is and whose squadron it joins)."""
    return getattr(unit, "name", None) or "a heavy detachment"


def _check_basing(state, gamemap, settings, faction, order, unit, others) -> list[str]:
    if order.kind == "disband":
        return []
    if order.kind == "mothball":
        if state.area_owner.get(order.area) != faction or not coastal_area(gamemap, order.area):
            raise OrderRejected(N_("{area} is not a coastal province of your clan; a unit can only be mothballed on "
                                   "its owner's coast (S2.5)"), rule="S2.5", area=place(gamemap, order.area))
        return []
    port = gamemap.ports.get(order.port)
    if port is None:
        raise OrderRejected(N_("there is no port {port} on this map (S2.1)"), rule="S2.1", port=quote(order.port))
    if state.ports[order.port].destroyed:
        raise OrderRejected(N_("port {port} is destroyed; choose another base (S2.1)"), rule="S2.1", port=port.name)
    if state.ports[order.port].owner != faction and state.basing_agreement(faction, order.port) is None:
        raise OrderRejected(_no_agreement(state, port.name, state.ports[order.port].owner), rule="S2.4")
    if (blocked := rebase_problem(state, gamemap, settings, unit, order.port)) is not None:
        raise OrderRejected(blocked, rule="S2.2")  # OP-06: the position at the start of planning
    if others is None:
        return []
    # Only the orderer's own orders count: a refusal that depended on another clan's orders would reveal them.
    bases = [sub.payload for sub in others if sub.faction == faction and sub.payload.get("kind") == "base"]
    pending = {b.get("unit") for b in bases if b.get("port") == order.port and b.get("unit") != order.unit}
    leaving = {b.get("unit") for b in bases if b.get("port") != order.port}
    probe = state.model_copy(deep=True)
    for unit_id in pending:
        for table in (probe.squadrons, probe.fleets, probe.heavy):
            if unit_id in table:
                table[unit_id].base_port = order.port
    problem = capacity_problem(probe, settings, order.port, order.unit in state.fleets, port.name,
                               leaving | {order.unit})
    if problem and unit.base_port != order.port:
        raise OrderRejected(problem, rule="S2.3")
    return []


def _no_agreement(state: SengokuState, port_name: str, host: str | None) -> Phrase:
    if host is None:
        return Phrase(N_("port {port} belongs to no clan, so no clan can agree to host your ships there (S2.4)"),
                      port=port_name)
    name = state.clans[host].name if host in state.clans else host
    return Phrase(N_("port {port} is {clan}'s; a clan's ships are based there only under a basing agreement with "
                     "{clan} for this turn (turn {turn}), made in the Diplomacy Phase and recorded by a moderator "
                     "(S2.4)"), port=port_name, clan=name, turn=state.turn)


def _check_squadron(state, gamemap, settings, faction, order) -> list[str]:
    warnings: list[str] = []
    sq = state.squadrons[order.unit]
    clans = {clan.id: clan.name for clan in state.clans.values()}
    _check_policies(order, clans)
    warnings += check_withdraw_policy(settings, order, clans)  # OP-33
    _check_leader(state, faction, order)
    if order.manoeuvre is not None:
        leader = state.characters.get(order.leader or sq.leader or "")
        if leader is None or not leader.art_active():
            raise OrderRejected(N_("a manoeuvre needs a leader whose naval art is active: 3 victories, or academy "
                                   "training and 1 victory (S9.3)"), rule="S9.3")
    if order.if_forced_by_ordinary == "refuse" and not state.hds_of(order.unit):
        warnings.append("if_forced_by_ordinary applies only to a reinforced squadron; ignored (R18)")
    if order.kind == "sq_repair":
        _check_repair(state, gamemap, settings, sq)
    elif order.kind == "sq_cruise":
        check_route(state, gamemap, sq, order.target, order.route, "cruise")
    elif order.kind == "sq_ravage":
        _check_ravage(state, gamemap, faction, sq, order)
    elif order.kind in ("sq_piracy", "sq_attack_port"):
        if order.kind == "sq_piracy" and order.subphase != "SP1":
            raise OrderRejected(N_("squadron piracy can be carried out only at the start of the Military "
                                   "Campaigns Phase (SP1) (S4.7.2)"), rule="S4.7.2")
        area = enemy_port(state, gamemap, faction, order.target_port)
        check_route(state, gamemap, sq, area, order.route, order.kind)
    elif order.kind == "sq_locsweep":
        check_route(state, gamemap, sq, order.route[-1] if order.route else "", order.route, "LoC sweep")
    elif order.kind == "sq_escort":
        _check_escort(state, faction, order)
        if order.want_battle != "default":
            warnings.append("an escort's want_battle applies only to an enemy escort met head-on (S5.8, OP-28); "
                            "against any other squadron it is ignored (R18)")
    return warnings


def _check_policies(order, clans: dict[str, str]) -> None:
    if order.want_battle != "default":
        parse_policy(order.want_battle, "want_battle", clans=clans)  # V5, OP-26
    parse_policy(order.when_enemy_wants, "when_enemy_wants", yes="accept", no="avoid", clans=clans)


def _check_leader(state: SengokuState, faction: str, order) -> None:
    if order.leader is None:
        return
    character = state.characters.get(order.leader)
    if character is None or character.clan != faction:
        raise OrderRejected(N_("{leader} is not a character of your clan (S9.2)"), rule="S9.2",
                            leader=quote(order.leader))
    if character.status != "free":
        raise OrderRejected(N_("{leader} is {status} and cannot lead (S9.2)"), rule="S9.2", leader=character.name,
                            status=Phrase(STATUS_WORDS.get(character.status.value, character.status.value)))
    for other in state.squadrons.values():
        if other.leader == order.leader and other.id != order.unit and other.state is UnitState.ACTIVE:
            raise OrderRejected(N_("{leader} already leads {unit}; one leader per squadron and one squadron per "
                                   "leader (OP-44 c)"), rule="OP-44", leader=character.name, unit=other.name)


def _check_repair(state, gamemap, settings, sq) -> None:
    if sq.damage == 0:
        raise OrderRejected(N_("{unit} has no damage to repair (OP-18)"), rule="OP-18", unit=sq.name)
    port = gamemap.ports.get(sq.base_port or "")
    if settings.sq_repair_requires_timber and (port is None or not port.timber):
        raise OrderRejected(N_("{unit}'s base port has no access to timber, so it cannot repair (OP-18, S3.2.2)"),
                            rule="OP-18", unit=sq.name)


def _check_ravage(state, gamemap, faction, sq, order) -> None:
    owner = state.area_owner.get(order.target)
    if not coastal_area(gamemap, order.target) or owner is None or not state.at_war(faction, owner):
        raise OrderRejected(N_("{area} is not the coast of a province of a clan you are at war with (S4.6, V3)"),
                            rule="V3", area=place(gamemap, order.target))
    if order.coast_action == "plunder" and not state.hds_of(order.unit):
        raise OrderRejected(N_("{unit} is an ordinary squadron: only a reinforced squadron plunders; ordinary ones "
                               "ravage (S4.6.1, OP-22)"), rule="S4.6.1", unit=sq.name)
    check_route(state, gamemap, sq, order.target, order.route, "ravage")


def _check_escort(state, faction, order) -> None:
    fleet = state.fleets.get(order.operation)
    if fleet is None or fleet.owner != faction:
        raise OrderRejected(N_("{unit} is not a trade fleet of your clan; an escort covers your own landing or "
                               "evacuation (S4.5)"), rule="S4.5", unit=quote(order.operation))
