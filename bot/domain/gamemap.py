"""Static game map: areas, ports, islands, straits and lines of communication.

Pure module: it parses an already-decoded mapping (see ``bot.mapfiles`` for
reading files) and answers graph questions. The words are ruleset-neutral
("area", not "province") because the same model is meant to carry sea-zone
maps of other rulesets later; the Sengoku reading of each entity is S12.2.

``parse_map`` reports every problem it finds at once, one line each, in the
form ``<source>: <section>.<id>: <problem>`` so a map author can fix a file in
one pass. The checks live next to this module: ``gamemap_check`` (the problem
report, the file's structure, areas and ports) and ``gamemap_check_links``
(islands, straits and lines of communication).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from bot.domain.gamemap_art import MapArt, check_art, parse_art
from bot.domain.gamemap_check import (
    Coord,
    Report,
    check_areas,
    check_ids,
    check_ports,
    check_top_level,
    schema_problems,
    section_table,
)
from bot.domain.gamemap_check_links import check_islands, check_locs, check_straits

__all__ = [
    "Area",
    "GameMap",
    "Island",
    "Loc",
    "MapArt",
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
    local_name: str | None = None  # in the local script (e.g. 長門), drawn under ``name`` where a font has it
    coastal: bool
    # TOML has no null, so "not on an island" must be expressible by omission.
    island: str | None = None
    x: Coord
    y: Coord
    coast: list[str]  # coastal movement neighbours, one step each (S5.3)
    land: list[str]
    sea: list[str] = []


class Port(_Entry):
    area: str
    timber: bool  # timber access, needed for repair (S3.2, S12.2)
    warehouses: bool = True
    shipyard: bool = True
    x: Coord
    y: Coord


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
    x: Coord
    y: Coord


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
    art: MapArt | None = None  # background image and node points on it (gamemap_art)

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

    def area_name(self, area_id: str) -> str:
        """The area's name for messages; an id not on the map, quoted."""
        return self.areas[area_id].name if area_id in self.areas else repr(area_id)

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
# Parsing (the checks are in gamemap_check and gamemap_check_links)
# --------------------------------------------------------------------------

_SECTIONS: dict[str, type[_Entry]] = {
    "areas": Area,
    "ports": Port,
    "islands": Island,
    "straits": Strait,
    "locs": Loc,
}


def parse_map(raw: Mapping[str, Any], source: str) -> GameMap:
    """Validate a decoded map file and build the GameMap, or raise MapError."""
    if not isinstance(raw, Mapping):
        raise MapError([f"{source}: top level: expected a table, got {type(raw).__name__}"])
    rep = Report(source, {})
    sections = {name: section_table(raw, name, rep) for name in _SECTIONS}
    rep.known.update({name: set(table) for name, table in sections.items()})
    check_top_level(raw, [*_SECTIONS, "art"], rep)
    check_ids(sections, rep)
    parsed = {name: _parse_entries(name, table, rep) for name, table in sections.items()}
    # Unvalidated on purpose: the checks must run even when the header or
    # some entries are broken, so that every problem is reported at once.
    draft = GameMap.model_construct(id=raw.get("id"), name=raw.get("name"), **parsed)
    for check in _CHECKS:
        check(draft, rep)
    art = parse_art(raw.get("art"), rep)
    check_art(draft, art, rep)
    if rep.problems:
        raise MapError(rep.problems)
    return GameMap(id=raw["id"], name=raw["name"], art=art, **parsed)


def _parse_entries(section: str, table: Mapping[str, Any], rep: Report) -> dict[str, Any]:
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
            for problem in schema_problems(exc):
                rep.add(entry, problem)
    return out


_CHECKS: tuple[Callable[[GameMap, Report], None], ...] = (
    check_areas,
    check_ports,
    check_islands,
    check_straits,
    check_locs,
)
