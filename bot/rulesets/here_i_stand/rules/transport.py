"""Naval transport (H4; ZH L76–L95, RU L1–L17): the path validated in full before any CP is spent
(H-OP-29), then carried out; the landing itself is a land move the moderators resolve (H-OP-27),
and ``landing_lost`` applies H4.2.4 when they say the field battle was lost.

Seed over spec: ZH L81 says "5個以下地面部隊的軍團(加上軍事將領)", RU L5 "5 или меньше отрядов (плюс
полководцы)": five land units or fewer, army leaders not counted — the spec says the same (H4.2.1.2).
A transport's cost is one CP per leg (RU L7, ZH L86): k sea zones, k + 1 CP."""

from __future__ import annotations

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.events import CpSpent, LandingLost, Transported, public
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import POOL, HisState

MAX_LAND_UNITS = 5  # H4.2.1.2
MIN_CP = 2  # H4.2.1.1


def transport_cost(path: list[str]) -> int:
    return len(path) - 1


def validate_transport(state: HisState, gamemap: HisMap, formation_id: str, path: list[str]) -> None:
    """H10.3 items 1–5, in the order a player would fix them; raises OrderRejected."""
    power = state.impulse.active_power
    formation = state.formations.get(formation_id)
    if formation is None or formation.power != power:
        raise OrderRejected(N_("you have no formation {formation}"), rule="H4.2.1", formation=formation_id)
    if state.impulse.transport_in_progress:
        raise OrderRejected(N_("another naval transport of yours is under way this impulse (H4.2.2.4)"), rule="H4.2.2.4")
    if len(path) < 3 or not gamemap.is_port(path[0]) or not gamemap.is_port(path[-1]) \
            or not all(gamemap.is_sea_zone(s) for s in path[1:-1]):
        raise OrderRejected(N_("a transport's path is a port, one or more sea zones, then a port"), rule="H-OP-29")
    if formation.location != path[0]:
        raise OrderRejected(N_("the formation is not in the path's first port"), rule="H4.2.1.2")
    if formation.land_units > MAX_LAND_UNITS:
        raise OrderRejected(N_("at most {most} land units can be transported (army leaders do not count); this "
                               "formation has {units}"), rule="H4.2.1.2", most=MAX_LAND_UNITS, units=formation.land_units)
    if formation.besieged:
        raise OrderRejected(N_("a besieged formation cannot be transported (H4.2.1.6)"), rule="H4.2.1.6")
    cost = transport_cost(path)
    if state.impulse.cp_remaining < max(MIN_CP, cost):
        raise OrderRejected(N_("this transport costs {cost} CP, one per move, and the formation may not end the "
                               "impulse at sea; {left} CP left"), rule="H4.2.2.3", cost=max(MIN_CP, cost),
                            left=state.impulse.cp_remaining)
    _check_legs(state, gamemap, power, path)


def _check_legs(state: HisState, gamemap: HisMap, power: str, path: list[str]) -> None:
    for leg, (here, there) in enumerate(zip(path, path[1:]), start=1):
        if there not in gamemap.adjacent(here):
            raise OrderRejected(N_("move {leg} of the path is not to an adjacent space"), rule="H4.2.2.1", leg=leg)
        if gamemap.is_sea_zone(there) and not state.units_at(there, power):
            raise OrderRejected(N_("move {leg} of the path enters a sea zone without a naval unit of yours (H4.2.2.2)"),
                                rule="H4.2.2.2", leg=leg)
    end = path[-1]
    if state.enemy_units_at(end, power):
        raise OrderRejected(N_("the landing port holds enemy naval units (H4.2.3.2)"), rule="H4.2.3.2")
    held = state.controller_of(end)
    if held is None or not (held == power or state.allied(held, power) or state.at_war(held, power)):
        raise OrderRejected(N_("a transport lands in a port of yours, of an ally or of an enemy (H4.2.3.2)"),
                            rule="H4.2.3.2")


def transport(state: HisState, gamemap: HisMap, formation_id: str, path: list[str]) -> tuple[HisState, list]:
    """Validated in full, then carried out: CP per leg, the formation in the landing port."""
    validate_transport(state, gamemap, formation_id, path)
    cost = transport_cost(path)
    formation = state.formations[formation_id].model_copy(update={"location": path[-1]})
    state = state.spend(cost).model_copy(update={"formations": {**state.formations, formation_id: formation}})
    power = state.impulse.active_power
    return state, [CpSpent(audience=public(), power=power, action="naval_transport", cp=cost,
                           remaining=state.impulse.cp_remaining),
                   Transported(audience=public(), power=power, formation=formation_id, path=tuple(path), cp=cost)]


def landing_lost(state: HisState, formation_id: str) -> tuple[HisState, list]:
    """H4.2.4: every transported unit eliminated, every army leader captured."""
    formation = state.formations[formation_id]
    gone = formation.model_copy(update={"land_units": 0, "army_leaders": (), "location": POOL})
    event = LandingLost(audience=public(), power=formation.power, formation=formation_id, port=formation.location,
                        land_units=formation.land_units, leaders_captured=formation.army_leaders)
    return state.model_copy(update={"formations": {**state.formations, formation_id: gone}}), [event]
