"""Trade-fleet task validation (S3, S12.4)."""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import OrderRejected
from bot.i18n import N_
from bot.rulesets.sengoku.rules.model.model import SengokuState
from bot.rulesets.sengoku.rules.landing.sealift import FLEET_CAPACITY  # noqa: F401  (S3.7.2; kept importable here)
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.landing.validate_landing import check_evacuation, check_landing
from bot.rulesets.sengoku.rules.orders.validate_routes import check_route, coastal_area, enemy_port, place


def check_fleet_order(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, faction: str,
                      order) -> list[str]:
    fleet = state.fleets[order.unit]
    warnings: list[str] = []
    if fleet.damaged and not (order.kind == "tf_idle") and order.subphase == "SP1":
        raise OrderRejected(N_("{unit} is damaged, and a damaged trade fleet can only lie in port or repair "
                               "(S3.2.3)"), rule="S3.2.3", unit=fleet.name)
    if fleet.damaged and not (order.kind == "tf_idle"):  # S3.2.4: a repair in an earlier sub-phase frees it
        warnings.append(f"{fleet.name} is damaged: this {order.subphase} order stands only if it is repaired in "
                        f"an earlier sub-phase; otherwise it falls back to idle (S3.2.3, S3.2.6)")
    if order.subphase != "SP1" and order.kind in ("tf_trade", "tf_piracy") and fleet.repaired_this_turn:
        raise OrderRejected(N_("{unit} repaired this turn: in SP2 and SP3 it may take a new task, but not trade or "
                               "piracy (S3.2.4)"), rule="S3.2.4", unit=fleet.name)
    if order.subphase != "SP1" and order.kind == "tf_trade" and fleet.plundered_this_turn:
        raise OrderRejected(N_("{unit} plundered this turn and may no longer trade (S3.5.4)"), rule="S3.5.4",
                            unit=fleet.name)
    if (order.subphase != "SP1" and order.kind == "tf_piracy" and fleet.plundered_this_turn
            and not settings.plunder_then_piracy_allowed):
        raise OrderRejected(N_("{unit} plundered this turn, and this campaign forbids piracy after plunder "
                               "(S3.5.4, OP-09)"), rule="OP-09", unit=fleet.name)
    if order.subphase != "SP1" and order.kind in ("tf_trade", "tf_loc") and settings.whole_turn_tasks_only_in_sp1:
        raise OrderRejected(N_("{kind} lasts the whole turn and this campaign allows it only in SP1 (V2, OP-02)"),
                            rule="OP-02", kind=order.kind)
    check = _CHECKS.get(order.kind)
    if check:
        check(state, gamemap, settings, faction, fleet, order)
    return warnings


def _idle(state, gamemap, settings, faction, fleet, order) -> None:
    port = gamemap.ports.get(fleet.base_port or "")
    if order.repair and (port is None or not port.timber):
        raise OrderRejected(N_("{unit}'s port has no access to timber, so it cannot repair there; re-base it to a "
                               "port with timber (S3.2.2, OP-08)"), rule="S3.2.2", unit=fleet.name)


def _piracy(state, gamemap, settings, faction, fleet, order) -> None:
    if order.subphase != "SP1" and settings.whole_turn_tasks_only_in_sp1:
        raise OrderRejected(N_("piracy lasts the whole turn and this campaign allows it only in SP1 (OP-02)"),
                            rule="OP-02")
    area = enemy_port(state, gamemap, faction, order.target_port)
    check_route(state, gamemap, fleet, area, order.route, "piracy")


def _plunder(state, gamemap, settings, faction, fleet, order) -> None:
    owner = state.area_owner.get(order.target)
    if not coastal_area(gamemap, order.target) or owner is None or not state.at_war(faction, owner):
        raise OrderRejected(N_("{area} is not the coast of a clan you are at war with (S3.5, V3)"), rule="V3",
                            area=place(gamemap, order.target))
    check_route(state, gamemap, fleet, order.target, order.route, "plunder")


def _loc(state, gamemap, settings, faction, fleet, order) -> None:
    if gamemap.port_in(order.target) is not None:
        raise OrderRejected(N_("{area} has a port: lines of communication between ports exist automatically; keep "
                               "one open only to a province without a port (S3.6.1)"), rule="S3.6.1",
                            area=place(gamemap, order.target))
    check_route(state, gamemap, fleet, order.target, order.path, "line of communication")


def _landing(state, gamemap, settings, faction, fleet, order) -> None:
    check_landing(state, gamemap, faction, order)  # S3.7, V4 for both legs (validate_landing)


def _evacuation(state, gamemap, settings, faction, fleet, order) -> None:
    check_evacuation(state, gamemap, faction, order)  # S3.8 (validate_landing)


_CHECKS = {"tf_idle": _idle, "tf_piracy": _piracy, "tf_plunder": _plunder, "tf_loc": _loc,
           "tf_landing": _landing, "tf_evacuation": _evacuation}
