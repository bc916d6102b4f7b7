"""What a landing or an evacuation carries, on which fleet, and by which route
(S3.7.2, S3.7.3, S3.8.1, V4).  Shared by order validation and resolution, so
a route or a load accepted at submission is the one sailed.
"""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import Army, LandDetachment, SengokuState
from bot.rulesets.sengoku.rules.orders.validate_routes import coast_leg, coastal_area

FLEET_CAPACITY = 50  # S3.7.2: warrior figures per fleet, cavalry counting 2
NO_BASE = N_("{unit} has no base port to sail from (S2.5, V4)")
EMBARK_ROUTE = Phrase(N_("route to the embarkation coast"))
EVACUATION_ROUTE = Phrase(N_("evacuation route"))


def carried_detachments(army: Army, wanted: list[str]) -> list[LandDetachment]:
    """S3.7.2: the listed detachments, or the whole army; unknown ids are refused."""
    known = {d.id for d in army.detachments}
    unknown = [d for d in wanted if d not in known]
    if unknown:
        raise OrderRejected(N_("army {army} has no detachment {unknown}; its detachments are {known} (S3.7.2)"),
                            rule="S3.7.2", army=army.name, unknown=", ".join(unknown),
                            known=", ".join(sorted(known)) or Phrase(N_("none")))
    carried = [d for d in army.detachments if not wanted or d.id in wanted]
    if not carried:
        raise OrderRejected(N_("army {army} has no detachments to carry (S3.7.2)"), rule="S3.7.2", army=army.name)
    return carried


def check_weight(carried: list[LandDetachment], fleets: int, rule: str) -> None:
    weight = sum(d.transport_weight for d in carried)
    limit = FLEET_CAPACITY * fleets
    if weight > limit:
        needed = -(-weight // FLEET_CAPACITY)
        raise OrderRejected(N_("the army weighs {weight} (cavalry counts 2) but {fleets} fleet(s) carry {limit}; use "
                               "{needed} fleets ({rule_id})"), rule=rule, rule_id=rule, weight=weight, fleets=fleets, limit=limit,
                            needed=needed)


def fleet_loads(carried: list[LandDetachment], fleets: list[str]) -> dict[str, list[str]]:
    """Each detachment rides whole on one fleet (S3.7.2: detachments that do not
    fit must be split).  First fit, heaviest first; the lead fleet fills first."""
    loads: dict[str, list[str]] = {f: [] for f in fleets}
    room = {f: FLEET_CAPACITY for f in fleets}
    for det in sorted(carried, key=lambda d: (-d.transport_weight, d.id)):
        fleet = next((f for f in fleets if room[f] >= det.transport_weight), None)
        if fleet is None:
            raise OrderRejected(N_("detachment {detachment} (weight {weight}) does not fit whole on any fleet; a "
                                   "detachment that does not fit must be split first (S3.7.2)"), rule="S3.7.2",
                                detachment=det.id, weight=det.transport_weight)
        loads[fleet].append(det.id)
        room[fleet] -= det.transport_weight
    return loads


def leg(gamemap: GameMap, start: str, target: str, route: list[str], what: str) -> list[str]:
    """V4, S5.3: one leg of a landing from ``start`` to ``target`` (S3.7.3)."""
    for area, role in ((start, Phrase(N_("start"))), (target, Phrase(N_("end")))):
        if not coastal_area(gamemap, area):
            raise OrderRejected(N_("{what}: {area} ({role}) is not a coastal province (S3.7.1, V4)"), rule="V4",
                                what=what, area=repr(area), role=role)
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
        raise OrderRejected(NO_BASE, rule="V4", unit=order.unit)
    embark = leg(gamemap, start, order.origin, list(order.route_to_embark), EMBARK_ROUTE)
    land = leg(gamemap, order.origin, order.destination, list(order.route_to_destination),
               Phrase(N_("route to the landing zone")))
    return embark + land[1:], len(embark) - 1


def evacuation_route(state: SengokuState, gamemap: GameMap, order, start: str | None = None) -> tuple[list[str], int]:
    """S3.8: from the fleet's base (or the coast it waits off) through the army's
    province to the destination; returns the route and the index of the origin."""
    start = start or home_area(state, gamemap, order.unit)
    if start is None:
        raise OrderRejected(NO_BASE, rule="V4", unit=order.unit)
    if not order.route:
        to_army = leg(gamemap, start, order.origin, [], EVACUATION_ROUTE)
        return to_army + leg(gamemap, order.origin, order.destination, [], EVACUATION_ROUTE)[1:], len(to_army) - 1
    if order.origin not in order.route:
        raise OrderRejected(N_("evacuation route: it must call at {area}, where the army is (S3.8.1)"),
                            rule="S3.8.1", area=gamemap.area_name(order.origin))
    route = leg(gamemap, start, order.destination, list(order.route), EVACUATION_ROUTE)
    return route, route.index(order.origin)


def join_index(route: list[str], area: str | None, last: int) -> int | None:
    """The step at which a unit starting at ``area`` joins (at or before ``last``)."""
    for index, step in enumerate(route[:last + 1]):
        if step == area:
            return index
    return None

