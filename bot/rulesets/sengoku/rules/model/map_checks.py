"""Sengoku's own checks of a map file (S12.2), after the core's (ids, kinds,
sheets, symmetric neighbour lists): what "coastal", "sea area", a port, an
island, a strait and a line of communication must be. Each adds its
problems to the report and goes on, so an author sees every problem at once.
Pure module; the draft map may hold broken entries, so every lookup is guarded.
"""

from __future__ import annotations

from bot.domain.gamemap_check import Report
from bot.rulesets.sengoku.rules.model.map_model import Area, Island, Loc, SengokuMap


# --- areas -----------------------------------------------------------------


def check_areas(gm: SengokuMap, rep: Report) -> None:
    for area in gm.areas.values():
        entry = f"areas.{area.id}"
        if area.island is not None:
            rep.ref(entry, "island", area.island, "islands")
        if area.kind == "sea":
            _check_sea_area(area, rep)
        elif area.coast and not area.coastal:
            rep.add(entry, f"is not coastal but has coast neighbours: {', '.join(area.coast)}")
        for relation in ("coast", "land", "sea"):
            for other_id in dict.fromkeys(getattr(area, relation)):
                other = gm.areas.get(other_id)
                if other is not None and other_id != area.id:
                    _check_pair_kinds(area, other, relation, rep)


def _check_sea_area(area: Area, rep: Report) -> None:
    entry = f"areas.{area.id}"
    if area.coastal:
        rep.add(entry, "a sea area cannot be coastal")
    if area.island is not None:
        rep.add(entry, "a sea area cannot be on an island")
    if area.land:
        rep.add(entry, "a sea area cannot have land neighbours")
    if area.coast:
        rep.add(entry, "a sea area cannot have coast neighbours (use 'sea')")


def _check_pair_kinds(area: Area, other: Area, relation: str, rep: Report) -> None:
    entry = f"areas.{area.id}"
    if relation == "coast" and not other.coastal:
        rep.add(entry, f"coast lists {other.id!r}, which is not coastal")
    elif relation == "land" and other.kind == "sea":
        rep.add(entry, f"land lists {other.id!r}, which is a sea area")
    elif relation == "sea" and area.kind == "province" and other.kind == "province":
        rep.add(entry, f"sea lists {other.id!r}, but sea adjacency needs a sea area on one side")
    elif relation == "sea" and area.kind == "province" and not area.coastal:
        rep.add(entry, f"sea lists {other.id!r}, but {area.id!r} is not coastal")


# --- ports -----------------------------------------------------------------


def check_ports(gm: SengokuMap, rep: Report) -> None:
    first_in: dict[str, str] = {}
    for port_id in sorted(gm.ports):
        port = gm.ports[port_id]
        entry = f"ports.{port_id}"
        if not rep.ref(entry, "area", port.area, "areas"):
            continue
        area = gm.areas.get(port.area)
        if area is not None and not area.coastal:
            rep.add(entry, f"area {port.area!r} is not coastal")
        if port.area in first_in:
            rep.add(entry, f"area {port.area!r} already has port {first_in[port.area]!r} (at most one port per area)")
        else:
            first_in[port.area] = port_id


# --- islands and straits ---------------------------------------------------


def check_islands(gm: SengokuMap, rep: Report) -> None:
    for island in gm.islands.values():
        entry = f"islands.{island.id}"
        if not island.areas:
            rep.add(entry, "has no areas")
        for area_id in island.areas:
            if not rep.ref(entry, "areas", area_id, "areas"):
                continue
            area = gm.areas.get(area_id)
            if area is not None and area.island != island.id:
                rep.add(entry, f"lists area {area_id!r}, but areas.{area_id}.island is {area.island!r}")
    for area in gm.areas.values():
        island = gm.islands.get(area.island) if area.island else None
        if island is not None and area.id not in island.areas:
            rep.add(f"areas.{area.id}", f"island {area.island!r} does not list it in islands.{island.id}.areas")


def check_straits(gm: SengokuMap, rep: Report) -> None:
    for strait in gm.straits.values():
        entry = f"straits.{strait.id}"
        large = _island_ref(gm, rep, entry, "large_island", strait.large_island)
        small = _island_ref(gm, rep, entry, "small_island", strait.small_island)
        if strait.large_island == strait.small_island:
            rep.add(entry, "large_island and small_island are the same island")
        elif large is not None and small is not None and large.size == "small" and small.size == "large":
            rep.add(entry, "large_island and small_island look swapped (sizes are small and large)")
        if not strait.island_side:
            rep.add(entry, "island_side is empty")
        for side in strait.island_side:
            _check_on_island(rep, entry, ("island_side", side), ("small_island", small))
            _check_strait_faces(gm, rep, entry, side, strait.opposite)
        _check_on_island(rep, entry, ("opposite", strait.opposite), ("large_island", large))


def _check_strait_faces(gm: SengokuMap, rep: Report, entry: str, side: str, opposite: str) -> None:
    # A strait is a sea step between its two sides; a LoC "passes through"
    # it (S6.2) when its path makes that step.
    if side == opposite:
        rep.add(entry, f"island_side {side!r} is also the opposite area")
    elif side in gm.areas and opposite in gm.areas and not gm.are_coast_adjacent(side, opposite):
        rep.add(entry, f"island_side {side!r} and opposite {opposite!r} are not coast-adjacent")


def _island_ref(gm: SengokuMap, rep: Report, entry: str, field: str, island_id: str) -> Island | None:
    rep.ref(entry, field, island_id, "islands")
    return gm.islands.get(island_id)


def _check_on_island(rep: Report, entry: str, side: tuple[str, str], island: tuple[str, Island | None]) -> None:
    (field, area_id), (island_field, isl) = side, island
    if rep.ref(entry, field, area_id, "areas") and isl is not None and area_id not in isl.areas:
        rep.add(entry, f"{field} {area_id!r} is not on {island_field} {isl.id!r}")


# --- lines of communication ------------------------------------------------


def check_locs(gm: SengokuMap, rep: Report) -> None:
    for loc in gm.locs.values():
        entry = f"locs.{loc.id}"
        start = _loc_start(gm, rep, entry, loc)
        end = _loc_end(gm, rep, entry, loc)
        if not loc.path:
            rep.add(entry, "path is empty")
            continue
        _check_loc_path(gm, rep, entry, loc.path)
        if start is not None and loc.path[0] != start:
            rep.add(entry, f"path starts at {loc.path[0]!r}, not at {start!r} where from_port {loc.from_port!r} is")
        if end is not None and loc.path[-1] != end:
            rep.add(entry, f"path ends at {loc.path[-1]!r}, not at the target area {end!r}")


def _loc_start(gm: SengokuMap, rep: Report, entry: str, loc: Loc) -> str | None:
    if not rep.ref(entry, "from_port", loc.from_port, "ports"):
        return None
    return _port_area(gm, rep, loc.from_port)


def _loc_end(gm: SengokuMap, rep: Report, entry: str, loc: Loc) -> str | None:
    if (loc.to_port is None) == (loc.to_area is None):
        got = "both" if loc.to_port is not None else "neither"
        rep.add(entry, f"needs exactly one of to_port and to_area (got {got})")
        return None
    if loc.to_port is not None:
        if loc.to_port == loc.from_port:
            rep.add(entry, "from_port and to_port are the same port")
        if not rep.ref(entry, "to_port", loc.to_port, "ports"):
            return None
        return _port_area(gm, rep, loc.to_port)
    assert loc.to_area is not None
    if not rep.ref(entry, "to_area", loc.to_area, "areas"):
        return None
    if (port := gm.port_in(loc.to_area)) is not None:
        rep.add(
            entry,
            f"to_area {loc.to_area!r} has port {port.id!r}; use to_port "
            "(port-to-port lines exist on their own, S3.6.1)",
        )
    return loc.to_area


def _port_area(gm: SengokuMap, rep: Report, port_id: str) -> str | None:
    # None when the port's own area is unknown: ports.* already says so.
    port = gm.ports.get(port_id)
    return port.area if port and port.area in rep.known["areas"] else None


def _check_loc_path(gm: SengokuMap, rep: Report, entry: str, path: list[str]) -> None:
    usable = True
    for step in path:
        if not rep.ref(entry, "path", step, "areas"):
            usable = False
        elif step in gm.areas and not gm.areas[step].coastal:
            rep.add(entry, f"path area {step!r} is not coastal")
            usable = False
    if not usable:
        return
    for a, b in zip(path, path[1:]):
        if a in gm.areas and not gm.are_coast_adjacent(a, b):
            rep.add(entry, f"path step {a!r} -> {b!r} is not a coast adjacency")


CHECKS = (check_areas, check_ports, check_islands, check_straits, check_locs)
