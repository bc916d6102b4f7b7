"""Static game map: areas, ports, islands, straits and lines of communication.

Pure module: it parses an already-decoded mapping (see ``bot.mapfiles`` for
reading files) and answers graph questions. The words are ruleset-neutral
("area", not "province") because the same model is meant to carry sea-zone
maps of other rulesets later; the Sengoku reading of each entity is S12.2.

``parse_map`` reports every problem it finds at once, one line each, in the
form ``<source>: <section>.<id>: <problem>`` so a map author can fix a file in
one pass.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

__all__ = [
    "Area",
    "GameMap",
    "Island",
    "Loc",
    "MapError",
    "Port",
    "Strait",
    "parse_map",
]


class MapError(ValueError):
    """A map that cannot be used; ``problems`` holds one line per problem."""

    def __init__(self, problems: Iterable[str] | str) -> None:
        # A str is accepted so that pickling (which re-calls cls(message))
        # round-trips.
        lines = problems.splitlines() if isinstance(problems, str) else list(problems)
        self.problems: list[str] = lines
        super().__init__("\n".join(lines))


class _Entry(BaseModel):
    # extra="forbid" turns a typo'd key in a map file into a named error
    # instead of a silently ignored setting.
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str


class Area(_Entry):
    """A land area (S12.2 Province) or a sea area (sea zone of other rulesets)."""

    kind: Literal["province", "sea"]
    coastal: bool
    # TOML has no null, so "not on an island" must be expressible by omission.
    island: str | None = None
    x: float
    y: float
    coast: list[str]  # coastal movement neighbours, one step each (S5.3)
    land: list[str]
    sea: list[str] = []


class Port(_Entry):
    area: str
    timber: bool  # timber access, needed for repair (S3.2, S12.2)
    warehouses: bool = True
    shipyard: bool = True
    x: float
    y: float


class Island(_Entry):
    size: Literal["large", "small"]
    areas: list[str]


class Strait(_Entry):
    """S6, OP-30: ``small_island`` is the island side of this strait.

    The roles are relative: at Kanmon, Kyushu is the island side of a strait
    with Honshu although both are large islands.
    """

    large_island: str
    small_island: str
    island_side: list[str]
    opposite: str
    crossing: bool  # a land crossing exists (land rules, OP-30 b)
    x: float
    y: float


class Loc(_Entry):
    """Line of communication from a port along a coastal path (OP-20).

    To a port it exists on its own; to a portless area it must be kept open
    by a fleet (S3.6.1).
    """

    from_port: str
    to_port: str | None = None
    to_area: str | None = None
    path: list[str]

    @property
    def is_port_to_port(self) -> bool:
        return self.to_port is not None


class GameMap(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    areas: dict[str, Area]
    ports: dict[str, Port] = {}
    islands: dict[str, Island] = {}
    straits: dict[str, Strait] = {}
    locs: dict[str, Loc] = {}

    _port_by_area: dict[str, Port] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any, /) -> None:
        for port_id in sorted(self.ports):
            port = self.ports[port_id]
            self._port_by_area.setdefault(port.area, port)

    # area() and port() insist on a known id. The queries below answer
    # "none"/"no" for an unknown id instead, because they are what order
    # validation asks about ids typed by players.

    def area(self, area_id: str) -> Area:
        try:
            return self.areas[area_id]
        except KeyError:
            raise KeyError(f"unknown area {area_id!r}") from None

    def port(self, port_id: str) -> Port:
        try:
            return self.ports[port_id]
        except KeyError:
            raise KeyError(f"unknown port {port_id!r}") from None

    def port_in(self, area_id: str) -> Port | None:
        return self._port_by_area.get(area_id)

    def coast_neighbours(self, area_id: str) -> tuple[str, ...]:
        area = self.areas.get(area_id)
        return tuple(sorted(area.coast)) if area else ()

    def are_coast_adjacent(self, a: str, b: str) -> bool:
        return b in self.coast_neighbours(a)

    def coast_path(self, a: str, b: str) -> list[str] | None:
        """Shortest coastal route from a to b, both ends included.

        BFS expanding neighbours in id order, so equal-length routes always
        resolve the same way (S5.3 moves are compared step by step).
        """
        if not (self._is_coastal(a) and self._is_coastal(b)):
            return None
        came_from: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return _unwind(came_from, b)
            for nxt in self.coast_neighbours(here):
                if nxt not in came_from:
                    came_from[nxt] = here
                    queue.append(nxt)
        return None

    def is_valid_coast_route(self, route: Iterable[str]) -> bool:
        steps = list(route)
        if not steps or not all(self._is_coastal(s) for s in steps):
            return False
        return all(self.are_coast_adjacent(p, q) for p, q in zip(steps, steps[1:]))

    def locs_through(self, area_id: str) -> tuple[Loc, ...]:
        return tuple(self.locs[k] for k in sorted(self.locs) if area_id in self.locs[k].path)

    def straits_touching(self, area_id: str) -> tuple[Strait, ...]:
        return tuple(
            strait
            for _, strait in sorted(self.straits.items())
            if area_id in strait.island_side or area_id == strait.opposite
        )

    def island_of(self, area_id: str) -> Island | None:
        area = self.areas.get(area_id)
        return self.islands.get(area.island) if area and area.island else None

    def _is_coastal(self, area_id: str) -> bool:
        area = self.areas.get(area_id)
        return area is not None and area.coastal


def _unwind(came_from: Mapping[str, str | None], end: str) -> list[str]:
    path: list[str] = []
    node: str | None = end
    while node is not None:
        path.append(node)
        node = came_from[node]
    return path[::-1]


# --------------------------------------------------------------------------
# Parsing and validation
# --------------------------------------------------------------------------

_SECTIONS: dict[str, type[_Entry]] = {
    "areas": Area,
    "ports": Port,
    "islands": Island,
    "straits": Strait,
    "locs": Loc,
}
_NOUN = {"areas": "area", "ports": "port", "islands": "island"}
_ID_RE = re.compile(r"[a-z][a-z0-9_]*")
_KNOWN_SHOWN = 8


class _Report:
    """Collects problem lines; ``known`` holds every id written in the file,
    valid entry or not, so one broken entry does not cascade into "unknown
    id" noise everywhere it is referenced."""

    def __init__(self, source: str, known: dict[str, set[str]]) -> None:
        self.source = source
        self.known = known
        self.problems: list[str] = []

    def add(self, entry: str, problem: str) -> None:
        self.problems.append(f"{self.source}: {entry}: {problem}")

    def ref(self, entry: str, field: str, value: str, section: str) -> bool:
        if value in self.known[section]:
            return True
        names = sorted(self.known[section])
        shown = ", ".join(names[:_KNOWN_SHOWN]) + (", …" if len(names) > _KNOWN_SHOWN else "")
        self.add(entry, f"{field} {value!r} is not a known {_NOUN[section]} (known: {shown or 'none'})")
        return False


def parse_map(raw: Mapping[str, Any], source: str) -> GameMap:
    """Validate a decoded map file and build the GameMap, or raise MapError."""
    if not isinstance(raw, Mapping):
        raise MapError([f"{source}: top level: expected a table, got {type(raw).__name__}"])
    rep = _Report(source, {})
    sections = {name: _section_table(raw, name, rep) for name in _SECTIONS}
    rep.known.update({name: set(table) for name, table in sections.items()})
    _check_top_level(raw, rep)
    _check_ids(sections, rep)
    parsed = {name: _parse_entries(name, table, rep) for name, table in sections.items()}
    # Unvalidated on purpose: the checks must run even when the header or
    # some entries are broken, so that every problem is reported at once.
    draft = GameMap.model_construct(id=raw.get("id"), name=raw.get("name"), **parsed)
    for check in _CHECKS:
        check(draft, rep)
    if rep.problems:
        raise MapError(rep.problems)
    return GameMap(id=raw["id"], name=raw["name"], **parsed)


def _section_table(raw: Mapping[str, Any], name: str, rep: _Report) -> dict[str, Any]:
    table = raw.get(name, {})
    if not isinstance(table, Mapping):
        rep.add(name, f"expected a table of entries, got {type(table).__name__}")
        return {}
    return dict(table)


def _check_top_level(raw: Mapping[str, Any], rep: _Report) -> None:
    for key in ("id", "name"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            rep.add("top level", f"missing or empty key {key!r}")
    for key in sorted(set(raw) - {"id", "name", *_SECTIONS}):
        rep.add("top level", f"unknown key {key!r}")
    if not rep.known["areas"]:
        rep.add("top level", "the map has no areas")


def _check_ids(sections: Mapping[str, Mapping[str, Any]], rep: _Report) -> None:
    owner: dict[str, str] = {}
    for section, table in sections.items():
        for key in table:
            entry = f"{section}.{key}"
            if not (isinstance(key, str) and _ID_RE.fullmatch(key)):
                rep.add(entry, f"id {key!r} must be lower-case ASCII letters, digits and '_', starting with a letter")
            if key in owner:
                rep.add(entry, f"id {key!r} is already used by {owner[key]}.{key}")
            else:
                owner[key] = section


def _parse_entries(section: str, table: Mapping[str, Any], rep: _Report) -> dict[str, Any]:
    model = _SECTIONS[section]
    out: dict[str, Any] = {}
    for key, body in table.items():
        entry = f"{section}.{key}"
        if not isinstance(body, Mapping):
            rep.add(entry, f"expected a table, got {type(body).__name__}")
            continue
        if "id" in body and body["id"] != key:
            rep.add(entry, f"id {body['id']!r} does not match the table key {key!r}")
            continue
        try:
            out[key] = model.model_validate({**body, "id": key})
        except ValidationError as exc:
            for problem in _schema_problems(exc):
                rep.add(entry, problem)
    return out


def _schema_problems(exc: ValidationError) -> list[str]:
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            problems.append(f"unknown key {where!r}")
        elif err["type"] == "missing":
            problems.append(f"missing key {where!r}")
        else:
            problems.append(f"key {where!r}: {err['msg']}")
    return problems


# --- areas -----------------------------------------------------------------


def _check_areas(gm: GameMap, rep: _Report) -> None:
    for area in gm.areas.values():
        entry = f"areas.{area.id}"
        if area.island is not None:
            rep.ref(entry, "island", area.island, "islands")
        if area.kind == "sea":
            _check_sea_area(area, rep)
        elif area.coast and not area.coastal:
            rep.add(entry, f"is not coastal but has coast neighbours: {', '.join(area.coast)}")
        for relation in ("coast", "land", "sea"):
            _check_relation(gm, area, relation, rep)


def _check_sea_area(area: Area, rep: _Report) -> None:
    entry = f"areas.{area.id}"
    if area.coastal:
        rep.add(entry, "a sea area cannot be coastal")
    if area.island is not None:
        rep.add(entry, "a sea area cannot be on an island")
    if area.land:
        rep.add(entry, "a sea area cannot have land neighbours")
    if area.coast:
        rep.add(entry, "a sea area cannot have coast neighbours (use 'sea')")


def _check_relation(gm: GameMap, area: Area, relation: str, rep: _Report) -> None:
    entry = f"areas.{area.id}"
    seen: set[str] = set()
    for other_id in getattr(area, relation):
        if other_id in seen:
            rep.add(entry, f"{relation} lists {other_id!r} twice")
            continue
        seen.add(other_id)
        if other_id == area.id:
            rep.add(entry, f"{relation} lists itself")
            continue
        if not rep.ref(entry, relation, other_id, "areas"):
            continue
        other = gm.areas.get(other_id)
        if other is None:
            continue  # the other entry is broken; its own problems say why
        if area.id not in getattr(other, relation):
            rep.add(entry, f"{relation} lists {other_id!r} but areas.{other_id}.{relation} does not list {area.id!r}")
        _check_pair_kinds(area, other, relation, rep)


def _check_pair_kinds(area: Area, other: Area, relation: str, rep: _Report) -> None:
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


def _check_ports(gm: GameMap, rep: _Report) -> None:
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


def _check_islands(gm: GameMap, rep: _Report) -> None:
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


def _check_straits(gm: GameMap, rep: _Report) -> None:
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


def _check_strait_faces(gm: GameMap, rep: _Report, entry: str, side: str, opposite: str) -> None:
    # A strait is a sea step between its two sides; a LoC "passes through"
    # it (S6.2) when its path makes that step.
    if side == opposite:
        rep.add(entry, f"island_side {side!r} is also the opposite area")
    elif side in gm.areas and opposite in gm.areas and not gm.are_coast_adjacent(side, opposite):
        rep.add(entry, f"island_side {side!r} and opposite {opposite!r} are not coast-adjacent")


def _island_ref(gm: GameMap, rep: _Report, entry: str, field: str, island_id: str) -> Island | None:
    rep.ref(entry, field, island_id, "islands")
    return gm.islands.get(island_id)


def _check_on_island(rep: _Report, entry: str, side: tuple[str, str], island: tuple[str, Island | None]) -> None:
    (field, area_id), (island_field, isl) = side, island
    if rep.ref(entry, field, area_id, "areas") and isl is not None and area_id not in isl.areas:
        rep.add(entry, f"{field} {area_id!r} is not on {island_field} {isl.id!r}")


# --- lines of communication ------------------------------------------------


def _check_locs(gm: GameMap, rep: _Report) -> None:
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


def _loc_start(gm: GameMap, rep: _Report, entry: str, loc: Loc) -> str | None:
    if not rep.ref(entry, "from_port", loc.from_port, "ports"):
        return None
    return _port_area(gm, rep, loc.from_port)


def _loc_end(gm: GameMap, rep: _Report, entry: str, loc: Loc) -> str | None:
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


def _port_area(gm: GameMap, rep: _Report, port_id: str) -> str | None:
    # None when the port's own area is unknown: ports.* already says so.
    port = gm.ports.get(port_id)
    return port.area if port and port.area in rep.known["areas"] else None


def _check_loc_path(gm: GameMap, rep: _Report, entry: str, path: list[str]) -> None:
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


_CHECKS: tuple[Callable[[GameMap, _Report], None], ...] = (
    _check_areas,
    _check_ports,
    _check_islands,
    _check_straits,
    _check_locs,
)
