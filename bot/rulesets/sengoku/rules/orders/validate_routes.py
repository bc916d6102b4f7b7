"""Route and target checks shared by orders (V3, V4, S5.3)."""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.text import quote
from bot.engine.ruleset import OrderRejected
from bot.i18n import N_
from bot.rulesets.sengoku.rules.model.model import SengokuState


def coastal_area(gamemap: GameMap, area: str) -> bool:
    return area in gamemap.areas and gamemap.areas[area].coastal


def start_area(state: SengokuState, gamemap: GameMap, unit) -> str | None:
    """V4: a route starts at the base-port province, or at a cruiser's station."""
    # Only a squadron has a station; getattr's default on a trade fleet costs pydantic a raised and
    # caught AttributeError, thousands of times a turn (issue 18).
    station = unit.station if "station" in type(unit).model_fields else None
    if station:
        return station
    if unit.base_port and unit.base_port in gamemap.ports:
        return gamemap.ports[unit.base_port].area
    return None



def place(gamemap: GameMap, area: str | None) -> str:
    """An area by its name on the map; what was typed, quoted, if it is none."""
    return gamemap.areas[area].name if area in gamemap.areas else quote(area or "")


def check_route(state: SengokuState, gamemap: GameMap, unit, target: str, route: list[str], what: str) -> list[str]:
    """Return the full route from the unit's base or station; raise naming the first bad step."""
    if not coastal_area(gamemap, target):
        if target not in gamemap.areas:
            raise OrderRejected(N_("{what}: target {target} is unknown; give a coastal province (S5.3, V4)"),
                                rule="V4", what=what, target=place(gamemap, target))
        raise OrderRejected(N_("{what}: target {target} is not coastal; give a coastal province (S5.3, V4)"),
                            rule="V4", what=what, target=place(gamemap, target))
    start = start_area(state, gamemap, unit)
    if start is None:
        raise OrderRejected(N_("{unit} has no base port to sail from; base it first (S2.5, V4)"), rule="V4",
                            unit=unit.name)
    if route and route[0] != start:
        raise OrderRejected(N_("{what}: the route must start at {start}, where {unit} is based or on station, not "
                               "at {first} (V4)"), rule="V4", what=what, start=gamemap.area_name(start),
                            unit=unit.name, first=gamemap.area_name(route[0]))
    return coast_leg(gamemap, start, target, route, what)


def coast_leg(gamemap: GameMap, start: str, target: str, route: list[str], what: str) -> list[str]:
    """V4, S5.3: a route from ``start`` to ``target``, one coastal province per
    step; an empty route means the shortest coastal path."""
    if not route:
        path = gamemap.coast_path(start, target)
        if path is None:
            raise OrderRejected(N_("{what}: no coastal route from {start} to {target} (S5.3)"), rule="S5.3",
                                what=what, start=gamemap.area_name(start), target=gamemap.area_name(target))
        return path
    if route[0] != start:
        raise OrderRejected(N_("{what}: the route must start at {start}, not at {first} (V4)"), rule="V4",
                            what=what, start=gamemap.area_name(start), first=gamemap.area_name(route[0]))
    for a, b in zip(route, route[1:]):
        if not gamemap.are_coast_adjacent(a, b):
            raise OrderRejected(N_("{what}: {a} and {b} are not neighbours along the coast; a route moves one "
                                   "province per step (S5.3)"), rule="S5.3", what=what, a=gamemap.area_name(a),
                                b=gamemap.area_name(b))
    if route[-1] != target:
        raise OrderRejected(N_("{what}: the route ends at {last}, not at the target {target} (V4)"), rule="V4",
                            what=what, last=gamemap.area_name(route[-1]), target=gamemap.area_name(target))
    return list(route)


def enemy_port(state: SengokuState, gamemap: GameMap, faction: str, port_id: str) -> str:
    """V3: the port must belong to a clan at war with the orderer; returns its area."""
    port = gamemap.ports.get(port_id)
    if port is None:
        raise OrderRejected(N_("there is no port {port} on this map"), rule="V3", port=quote(port_id))
    owner = state.ports[port_id].owner
    if owner is None or not state.at_war(faction, owner):
        raise OrderRejected(N_("port {port} is not held by a clan you are at war with (V3, OP-48)"), rule="V3",
                            port=port.name)
    if state.ports[port_id].destroyed:
        raise OrderRejected(N_("port {port} is already destroyed (S4.8)"), rule="S4.8", port=port.name)
    return port.area
