"""What a landing or an evacuation carries, on which fleet, and by which route
(S3.7.2, S3.7.3, S3.8.1, V4).  Shared by order validation and resolution, so
a route or a load accepted at submission is the one sailed.
"""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import Army, LandDetachment, SengokuState
from bot.rulesets.sengoku.rules.orders.validate_routes import coast_leg, coastal_area

FLEET_CAPACITY = 50  # S3.7.2: warrior figures per fleet, cavalry counting 2


def carried_detachments(army: Army, wanted: list[str]) -> list[LandDetachment]:
    """S3.7.2: the listed detachments, or the whole army; unknown ids are refused."""
    known = {d.id for d in army.detachments}
    unknown = [d for d in wanted if d not in known]
    if unknown:
        raise OrderRejected(f"army {army.name} has no detachment {', '.join(unknown)}; its detachments are "
                            f"{', '.join(sorted(known)) or 'none'} (S3.7.2)", rule="S3.7.2")
    carried = [d for d in army.detachments if not wanted or d.id in wanted]
    if not carried:
        raise OrderRejected(f"army {army.name} has no detachments to carry (S3.7.2)", rule="S3.7.2")
    return carried


def check_weight(carried: list[LandDetachment], fleets: int, rule: str) -> None:
    weight = sum(d.transport_weight for d in carried)
    limit = FLEET_CAPACITY * fleets
    if weight > limit:
        needed = -(-weight // FLEET_CAPACITY)
        raise OrderRejected(f"the army weighs {weight} (cavalry counts 2) but {fleets} fleet(s) carry "
                            f"{limit}; use {needed} fleets ({rule})", rule=rule)


def fleet_loads(carried: list[LandDetachment], fleets: list[str]) -> dict[str, list[str]]:
    """Each detachment rides whole on one fleet (S3.7.2: detachments that do not
    fit must be split).  First fit, heaviest first; the lead fleet fills first."""
    loads: dict[str, list[str]] = {f: [] for f in fleets}
    room = {f: FLEET_CAPACITY for f in fleets}
    for det in sorted(carried, key=lambda d: (-d.transport_weight, d.id)):
        fleet = next((f for f in fleets if room[f] >= det.transport_weight), None)
        if fleet is None:
            raise OrderRejected(f"detachment {det.id} (weight {det.transport_weight}) does not fit whole on any "
                                f"fleet; a detachment that does not fit must be split first (S3.7.2)",
                                rule="S3.7.2")
        loads[fleet].append(det.id)
        room[fleet] -= det.transport_weight
    return loads


def leg(gamemap: GameMap, start: str, target: str, route: list[str], what: str) -> list[str]:
    """V4, S5.3: one leg of a landing from ``start`` to ``target`` (S3.7.3)."""
    for area, role in ((start, "start"), (target, "end")):
        if not coastal_area(gamemap, area):
            raise OrderRejected(f"{what}: {area!r} ({role}) is not a coastal province (S3.7.1, V4)", rule="V4")
    return coast_leg(gamemap, start, target, route, what)


def home_area(state: SengokuState, gamemap: GameMap, fleet_id: str) -> str | None:
    fleet = state.fleets[fleet_id]
    port = gamemap.ports.get(fleet.base_port or "")
    return port.area if port else None


def landing_route(state: SengokuState, gamemap: GameMap, order) -> tuple[list[str], int]:
    """S3.7.3: both legs, joined at the embarkation coast; returns the route and
    the index of the origin, where the army comes aboard."""
    start = home_area(state, gamemap, order.unit)
    if start is None:
        raise OrderRejected(f"{order.unit} has no base port to sail from (S2.5, V4)", rule="V4")
    embark = leg(gamemap, start, order.origin, list(order.route_to_embark), "route to the embarkation coast")
    land = leg(gamemap, order.origin, order.destination, list(order.route_to_destination),
               "route to the landing zone")
    return embark + land[1:], len(embark) - 1


def evacuation_route(state: SengokuState, gamemap: GameMap, order, start: str | None = None) -> tuple[list[str], int]:
    """S3.8: from the fleet's base (or the coast it waits off) through the army's
    province to the destination; returns the route and the index of the origin."""
    start = start or home_area(state, gamemap, order.unit)
    if start is None:
        raise OrderRejected(f"{order.unit} has no base port to sail from (S2.5, V4)", rule="V4")
    if not order.route:
        to_army = leg(gamemap, start, order.origin, [], "evacuation route")
        return to_army + leg(gamemap, order.origin, order.destination, [], "evacuation route")[1:], len(to_army) - 1
    if order.origin not in order.route:
        raise OrderRejected(f"evacuation route: it must call at {gamemap.area_name(order.origin)}, where the army "
                            f"is (S3.8.1)", rule="S3.8.1")
    route = leg(gamemap, start, order.destination, list(order.route), "evacuation route")
    return route, route.index(order.origin)


def join_index(route: list[str], area: str | None, last: int) -> int | None:
    """The step at which a unit starting at ``area`` joins (at or before ``last``)."""
    for index, step in enumerate(route[:last + 1]):
        if step == area:
            return index
    return None

