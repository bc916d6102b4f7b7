"""Trade-fleet task validation (S3, S12.4)."""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import OrderRejected
from bot.rules.sengoku.model import SengokuState
from bot.rules.sengoku.settings import SengokuSettings
from bot.rules.sengoku.validate_routes import check_route, coastal_area, enemy_port

FLEET_CAPACITY = 50  # S3.7.2: warrior figures per fleet, cavalry counting 2


def check_fleet_order(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, faction: str,
                      order) -> None:
    fleet = state.fleets[order.unit]
    if fleet.damaged and not (order.kind == "tf_idle"):
        raise OrderRejected(f"{fleet.name} is damaged, and a damaged trade fleet can only lie in port or "
                            f"repair (S3.2.3)", rule="S3.2.3")
    if order.subphase != "SP1" and order.kind in ("tf_trade", "tf_piracy") and fleet.repaired_this_turn:
        raise OrderRejected(f"{fleet.name} repaired this turn: in SP2 and SP3 it may take a new task, but not "
                            f"trade or piracy (S3.2.4)", rule="S3.2.4")
    if order.subphase != "SP1" and order.kind == "tf_trade" and fleet.plundered_this_turn:
        raise OrderRejected(f"{fleet.name} plundered this turn and may no longer trade (S3.5.4)", rule="S3.5.4")
    check = _CHECKS.get(order.kind)
    if check:
        check(state, gamemap, settings, faction, fleet, order)


def _idle(state, gamemap, settings, faction, fleet, order) -> None:
    port = gamemap.ports.get(fleet.base_port or "")
    if order.repair and (port is None or not port.timber):
        raise OrderRejected(f"{fleet.name}'s port has no access to timber, so it cannot repair there; re-base "
                            f"it to a port with timber (S3.2.2, OP-08)", rule="S3.2.2")


def _piracy(state, gamemap, settings, faction, fleet, order) -> None:
    if order.subphase != "SP1" and settings.whole_turn_tasks_only_in_sp1:
        raise OrderRejected("piracy lasts the whole turn and this campaign allows it only in SP1 (OP-02)",
                            rule="OP-02")
    area = enemy_port(state, gamemap, faction, order.target_port)
    check_route(state, gamemap, fleet, area, order.route, "piracy")


def _plunder(state, gamemap, settings, faction, fleet, order) -> None:
    owner = state.area_owner.get(order.target)
    if not coastal_area(gamemap, order.target) or owner is None or not state.at_war(faction, owner):
        raise OrderRejected(f"{order.target} is not the coast of a clan you are at war with (S3.5, V3)",
                            rule="V3")
    check_route(state, gamemap, fleet, order.target, order.route, "plunder")


def _loc(state, gamemap, settings, faction, fleet, order) -> None:
    if gamemap.port_in(order.target) is not None:
        raise OrderRejected(f"{order.target} has a port: lines of communication between ports exist "
                            f"automatically; keep one open only to a province without a port (S3.6.1)",
                            rule="S3.6.1")
    check_route(state, gamemap, fleet, order.target, order.path, "line of communication")


def _landing(state, gamemap, settings, faction, fleet, order) -> None:
    army = state.armies.get(order.army)
    if army is None or army.clan != faction:
        raise OrderRejected(f"{order.army!r} is not an army of your clan (S3.7)", rule="S3.7")
    fleets = [fleet] + [state.fleets[f] for f in order.fleets if f in state.fleets]
    for other in fleets:
        if other.owner != faction or other.damaged:
            raise OrderRejected(f"{other.name} cannot carry troops: it is damaged or not yours (S3.2.3)",
                                rule="S3.2.3")
    carried = [d for d in army.detachments if not order.detachments or d.id in order.detachments]
    weight = sum(d.transport_weight for d in carried)
    limit = FLEET_CAPACITY * len(fleets)
    if weight > limit:
        needed = -(-weight // FLEET_CAPACITY)
        raise OrderRejected(f"the army weighs {weight} (cavalry counts 2) but {len(fleets)} fleet(s) carry "
                            f"{limit}; use {needed} fleets (S3.7.2)", rule="S3.7.2")
    if army.leader and order.detachments and not carried:
        raise OrderRejected("the army's leader must be in the transported part (S3.7.2)", rule="S3.7.2")
    if army.area != order.origin:
        raise OrderRejected(f"army {army.name} is in {army.area}, not in {order.origin} (S3.7.3)", rule="S3.7.3")
    if not coastal_area(gamemap, order.destination):
        raise OrderRejected(f"landing zone {order.destination!r} is not a coastal province (S3.7.1)",
                            rule="S3.7.1")


def _evacuation(state, gamemap, settings, faction, fleet, order) -> None:
    owner = state.area_owner.get(order.destination)
    if owner is None or not (owner == faction or state.friendly(faction, owner)):
        raise OrderRejected(f"{order.destination} is not a friendly province; evacuation goes to a friendly "
                            f"province (S3.8.1)", rule="S3.8.1")
    army = state.armies.get(order.army)
    if army is None or army.clan != faction:
        raise OrderRejected(f"{order.army!r} is not an army of your clan (S3.8)", rule="S3.8")
    limit = FLEET_CAPACITY * (1 + len(order.fleets))
    weight = sum(d.transport_weight for d in army.detachments)
    if weight > limit:
        raise OrderRejected(f"the army weighs {weight} (cavalry counts 2); the fleets carry {limit} (S3.8.1)",
                            rule="S3.8.1")


_CHECKS = {"tf_idle": _idle, "tf_piracy": _piracy, "tf_plunder": _plunder, "tf_loc": _loc,
           "tf_landing": _landing, "tf_evacuation": _evacuation}
