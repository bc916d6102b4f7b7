"""The game map, ruleset-neutral: nodes, edges and sheets, and graph queries.

A node has a kind the ruleset defines ("province", "sea zone", "port" …), a
name, a sheet and optionally a position; its ``entry`` is the ruleset's own
validated record of it. An edge joins two nodes both ways and has a kind,
flags and optionally a cost and a delay (a crossing between two sheets). A
map is drawn on one or more sheets, each with its own art.

What a map file may contain is the ruleset's ``MapProfile``
(``bot.domain.gamemap_profile``); ``parse_map`` reads a decoded file with
one. A ruleset that wants its own typed view (today's ``gamemap.areas``)
gives its profile a ``map_class``, a subclass of ``GameMap``; the core only
uses what is here. Finding the profile for a file (its ``ruleset`` key) is
``bot.mapfiles``' job, through the plug-ins.

``parse_map`` reports every problem it finds at once, one line each, in the
form ``<source>: <section>.<id>: <problem>`` so a map author can fix a file in
one pass. The checks live next to this module (``gamemap_check``,
``gamemap_art``) and in the ruleset's profile.

Graph queries take filters, as godip's ``Graph.Path(src, dst, filter)``: an
edge filter and a node filter are each None (anything), a kind, a collection
of kinds, or a predicate. Adjacency is built once per map and shortest paths
are cached per map (order validation asks for the same routes many times).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, SerializeAsAny, ValidationError

from bot.domain.gamemap_art import MAIN_SHEET, MapArt, Sheet, check_art, parse_sheets
from bot.domain.gamemap_check import (
    Report,
    check_edges,
    check_ids,
    check_links,
    check_nodes,
    check_top_level,
    schema_problems,
    section_table,
)
from bot.domain.gamemap_profile import PLACE, EdgeEntry, Entry, MapProfile, NodeEntry

__all__ = ["Edge", "EdgeFilter", "GameMap", "MapArt", "MapError", "Node", "NodeFilter", "Sheet", "parse_map"]

_PATH_CACHE_MAX = 4096


class MapError(ValueError):
    """A map that cannot be used; ``problems`` holds one line per problem."""

    def __init__(self, problems: Iterable[str] | str) -> None:
        # A str is accepted so that pickling (which re-calls cls(message))
        # round-trips.
        lines = problems.splitlines() if isinstance(problems, str) else list(problems)
        self.problems: list[str] = lines
        super().__init__("\n".join(lines))


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Node(_Frozen):
    id: str
    kind: str
    name: str
    local_name: str | None = None
    sheet: str
    x: float | None = None
    y: float | None = None
    look: str = "place"  # how it is drawn (gamemap_profile.LOOKS)
    flags: frozenset[str] = frozenset()
    section: str  # the map file's table it came from
    # The ruleset's own record of the node (every field of its entry). Left out of
    # dumps: GameMap.sections holds the same entries.
    entry: SerializeAsAny[Entry] = Field(exclude=True)


class Edge(_Frozen):
    """Both ways between ``a`` and ``b``."""

    a: str
    b: str
    kind: str
    flags: frozenset[str] = frozenset()
    cost: int | None = None  # None: one step
    delay: int | None = None  # turns the crossing takes, where the ruleset counts them
    id: str | None = None  # the edge's own entry, when it has one
    look: str | None = None  # how it is drawn (gamemap_profile.EDGE_LOOKS); None: not drawn

    def other(self, node_id: str) -> str:
        return self.b if node_id == self.a else self.a

    @property
    def steps(self) -> int:
        return 1 if self.cost is None else self.cost


EdgeFilter = str | Collection[str] | Callable[[Edge], bool] | None
NodeFilter = str | Collection[str] | Callable[[Node], bool] | None


def _accepts(spec: Any, item: Node | Edge) -> bool:
    if spec is None:
        return True
    if isinstance(spec, str):
        return item.kind == spec
    if callable(spec):
        return bool(spec(item))
    return item.kind in spec


def _cache_key(spec: Any) -> Any:
    # sets and lists are not hashable: a frozenset of their kinds is the same filter
    if spec is None or isinstance(spec, str) or callable(spec):
        return spec
    return frozenset(spec)


class GameMap(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    ruleset: str
    sheets: dict[str, Sheet] = {}
    nodes: dict[str, Node] = {}  # in the profile's section order, each section by id
    edges: tuple[Edge, ...] = ()
    sections: dict[str, dict[str, SerializeAsAny[Entry]]] = {}  # every entry of the file, by section

    _adjacent: dict[str, tuple[tuple[str, Edge], ...]] | None = PrivateAttr(None)
    _paths: dict[tuple, list[str] | None] = PrivateAttr(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        # The fields only: pydantic would compare the private caches too, and a
        # map that answered a query would differ from a fresh copy of itself.
        if not isinstance(other, GameMap):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # as before: its fields are dicts

    # --- nodes and sheets ---------------------------------------------------

    def entries(self, section: str) -> dict[str, Any]:
        """The entries of one section of the file ({} for a section the map has none of)."""
        return self.sections.get(section, {})

    def node(self, node_id: str) -> Node:
        try:
            return self.nodes[node_id]
        except KeyError:
            raise KeyError(f"unknown node {node_id!r}") from None

    def node_name(self, node_id: str) -> str:
        """The node's name for messages; an id not on the map, quoted."""
        return self.nodes[node_id].name if node_id in self.nodes else repr(node_id)

    def nodes_on(self, sheet: str, look: str | Collection[str] | None = None) -> list[Node]:
        """The sheet's nodes (of a look, or of one of several), in the map's order."""
        looks = {look} if isinstance(look, str) else look
        return [n for n in self.nodes.values() if n.sheet == sheet and (looks is None or n.look in looks)]

    def lines(self, look: str, sheet: str | None = None) -> list[tuple[str, str]]:
        """Every (a, b) joined by an edge drawn with ``look``, a < b, in order; on one sheet when given."""
        pairs = {(min(e.a, e.b), max(e.a, e.b)) for e in self.edges if e.look == look}
        return sorted((a, b) for a, b in pairs
                      if sheet is None or self.nodes[a].sheet == self.nodes[b].sheet == sheet)

    @property
    def default_sheet(self) -> str:
        return next(iter(self.sheets), MAIN_SHEET)

    @property
    def art(self) -> MapArt | None:
        """The art of the map's first sheet (a one-sheet map's only one)."""
        sheet = self.sheets.get(self.default_sheet)
        return sheet.art if sheet else None

    def with_art_image(self, sheet_id: str, image: str) -> GameMap:
        """The same map with one sheet's art image at another path (the loader's full path)."""
        sheet = self.sheets[sheet_id]
        assert sheet.art is not None
        art = sheet.art.model_copy(update={"image": image})
        sheets = {**self.sheets, sheet_id: sheet.model_copy(update={"art": art})}
        return self.model_copy(update={"sheets": sheets})

    def file_data(self) -> dict[str, Any]:
        """The map as a decoded map file (what ``parse_map`` reads back to an equal map)."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "id": self.id, "name": self.name}
        for section, table in self.sections.items():
            out[section] = {k: e.model_dump(mode="json", exclude_none=True) for k, e in table.items()}
        sheets = list(self.sheets.values())
        if len(sheets) == 1 and sheets[0].id == MAIN_SHEET:
            if sheets[0].art is not None:
                out["art"] = sheets[0].art.model_dump(mode="json")
        else:
            out["sheets"] = {s.id: s.model_dump(mode="json", exclude={"id"}, exclude_none=True) for s in sheets}
        return out

    # --- graph queries ------------------------------------------------------
    # Unknown ids answer "none"/"no" rather than raise: order validation asks
    # about ids typed by players.

    def edges_at(self, node_id: str, edge_filter: EdgeFilter = None) -> tuple[Edge, ...]:
        return tuple(e for _, e in self._adjacency().get(node_id, ()) if _accepts(edge_filter, e))

    def neighbours(self, node_id: str, edge_filter: EdgeFilter = None,
                   node_filter: NodeFilter = None) -> tuple[str, ...]:
        """Neighbours over the accepted edges, in id order, each once."""
        out: list[str] = []
        for other, edge in self._adjacency().get(node_id, ()):
            if (not out or out[-1] != other) and _accepts(edge_filter, edge) \
                    and _accepts(node_filter, self.nodes[other]):
                out.append(other)
        return tuple(out)

    def edge_between(self, a: str, b: str, edge_filter: EdgeFilter = None) -> Edge | None:
        return next((e for other, e in self._adjacency().get(a, ()) if other == b and _accepts(edge_filter, e)),
                    None)

    def path(self, a: str, b: str, edge_filter: EdgeFilter = None, node_filter: NodeFilter = None) -> list[str] | None:
        """Fewest steps from a to b, both ends included, or None.

        Breadth first, neighbours in id order, so equal-length routes always
        resolve the same way. Every node of the path, ends included, must pass
        ``node_filter``. Cached per map and filter.
        """
        key = (a, b, _cache_key(edge_filter), _cache_key(node_filter))
        paths = self.__pydantic_private__["_paths"]  # not self._paths: pydantic's __getattr__ is slow (issue 18)
        if key not in paths:
            if len(paths) >= _PATH_CACHE_MAX:
                paths.clear()
            paths[key] = self._bfs(a, b, edge_filter, node_filter)
        found = paths[key]
        return list(found) if found is not None else None

    def reachable(self, start: str, within: int, edge_filter: EdgeFilter = None, node_filter: NodeFilter = None,
                  *, by_cost: bool = False) -> dict[str, int]:
        """Every node reachable from ``start`` within ``within`` steps (or edge
        costs, ``by_cost``), with its distance; ``start`` itself at 0."""
        if start not in self.nodes or not _accepts(node_filter, self.nodes[start]):
            return {}
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            dist, here = heapq.heappop(heap)
            if dist > best[here]:
                continue
            for other, edge in self._adjacency().get(here, ()):
                step = edge.steps if by_cost else 1
                nxt = dist + step
                if nxt <= within and nxt < best.get(other, within + 1) and _accepts(edge_filter, edge) \
                        and _accepts(node_filter, self.nodes[other]):
                    best[other] = nxt
                    heapq.heappush(heap, (nxt, other))
        return dict(sorted(best.items(), key=lambda kv: (kv[1], kv[0])))

    def is_path(self, steps: Iterable[str], edge_filter: EdgeFilter = None, node_filter: NodeFilter = None) -> bool:
        """Non-empty, every node known and accepted, every step an accepted edge."""
        route = list(steps)
        if not route or not all(s in self.nodes and _accepts(node_filter, self.nodes[s]) for s in route):
            return False
        return all(self.edge_between(p, q, edge_filter) is not None for p, q in zip(route, route[1:]))

    def _bfs(self, a: str, b: str, edge_filter: EdgeFilter, node_filter: NodeFilter) -> list[str] | None:
        if a not in self.nodes or b not in self.nodes:
            return None
        if not (_accepts(node_filter, self.nodes[a]) and _accepts(node_filter, self.nodes[b])):
            return None
        came_from: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return _unwind(came_from, b)
            for nxt in self.neighbours(here, edge_filter, node_filter):
                if nxt not in came_from:
                    came_from[nxt] = here
                    queue.append(nxt)
        return None

    def _adjacency(self) -> dict[str, tuple[tuple[str, Edge], ...]]:
        adjacent = self.__pydantic_private__["_adjacent"]  # as in ``path``
        if adjacent is not None:
            return adjacent
        if self._adjacent is None:
            found: dict[str, list[tuple[str, Edge]]] = {}
            for edge in self.edges:
                found.setdefault(edge.a, []).append((edge.b, edge))
                found.setdefault(edge.b, []).append((edge.a, edge))
            self._adjacent = {n: tuple(sorted(pairs, key=lambda p: (p[0], p[1].kind, p[1].id or "")))
                              for n, pairs in found.items()}
        return self._adjacent


def _unwind(came_from: Mapping[str, str | None], end: str) -> list[str]:
    path: list[str] = []
    node: str | None = end
    while node is not None:
        path.append(node)
        node = came_from[node]
    return path[::-1]


# --------------------------------------------------------------------------
# Parsing (the checks are in gamemap_check, gamemap_art and the profile)
# --------------------------------------------------------------------------


def parse_map(raw: Mapping[str, Any], source: str, profile: MapProfile) -> GameMap:
    """Validate a decoded map file against ``profile`` and build its map, or raise MapError."""
    if not isinstance(raw, Mapping):
        raise MapError([f"{source}: top level: expected a table, got {type(raw).__name__}"])
    rep = Report(source, {}, profile.nouns())
    tables = {s.name: section_table(raw, s.name, rep) for s in profile.sections}
    rep.known.update({name: set(table) for name, table in tables.items()})
    check_top_level(raw, [*tables, "art", "sheets"], rep, profile)
    check_ids(tables, rep)
    entries = {name: _parse_entries(profile, name, table, rep) for name, table in tables.items()}
    sheets = parse_sheets(raw, raw.get("name"), rep)
    check_nodes(profile, entries, set(sheets), rep)
    nodes, edges = _graph(profile, entries, sheets, rep)
    cls = profile.map_class or GameMap
    # Unvalidated on purpose: the checks must run even when the header or
    # some entries are broken, so that every problem is reported at once.
    draft = cls.model_construct(id=raw.get("id"), name=raw.get("name"), ruleset=profile.ruleset, sheets=sheets,
                                nodes=nodes, edges=edges, sections=entries)
    for section in profile.sections:
        if section.link_fields:
            check_links(draft, section, rep)
    check_edges(profile, draft, rep)
    for check in profile.checks:
        check(draft, rep)
    _check_sheet_art(profile, draft, rep)
    if rep.problems:
        raise MapError(rep.problems)
    return cls(id=raw["id"], name=raw["name"], ruleset=profile.ruleset, sheets=sheets, nodes=nodes, edges=edges,
               sections=entries)


def _parse_entries(profile: MapProfile, section: str, table: Mapping[str, Any], rep: Report) -> dict[str, Any]:
    model = profile.section(section).model
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


def _graph(profile: MapProfile, entries: Mapping[str, Mapping[str, Entry]], sheets: Mapping[str, Sheet],
           rep: Report) -> tuple[dict[str, Node], tuple[Edge, ...]]:
    """The nodes (section order, each section by id) and the edges, each once."""
    only = next(iter(sheets), MAIN_SHEET)
    nodes: dict[str, Node] = {}
    edges: dict[tuple, Edge] = {}
    for section in profile.sections:
        for entry_id, entry in sorted(entries[section.name].items()):
            if isinstance(entry, NodeEntry):
                kind = entry.node_kind()
                nodes.setdefault(entry_id, Node(id=entry_id, kind=kind, name=entry.name, local_name=entry.local_name,
                                                sheet=entry.sheet or only, x=entry.x, y=entry.y,
                                                look=profile.looks.get(kind, PLACE), flags=entry.node_flags(),
                                                section=section.name, entry=entry))
                for link in entry.links():
                    _add_link(edges, entry_id, link, profile, f"{section.name}.{entry_id}", rep)
            elif isinstance(entry, EdgeEntry):
                edge = Edge(a=entry.a, b=entry.b, kind=entry.kind, flags=frozenset(entry.flags), cost=entry.cost,
                            delay=entry.delay, id=entry_id, look=profile.edge_looks.get(entry.kind))
                edges[("entry", entry_id)] = edge
    known = set(nodes)
    kept = tuple(e for e in edges.values() if e.a in known and e.b in known)
    return nodes, kept


def _add_link(edges: dict[tuple, Edge], here: str, link: Any, profile: MapProfile, where: str, rep: Report) -> None:
    if link.kind not in profile.edge_kinds:
        rep.add(where, f"makes a {link.kind!r} edge, not an edge kind of {profile.ruleset!r} maps")
        return
    a, b = sorted((here, link.other))
    edges.setdefault((a, b, link.kind), Edge(a=a, b=b, kind=link.kind, flags=link.flags, cost=link.cost,
                                             delay=link.delay, look=profile.edge_looks.get(link.kind)))


def _check_sheet_art(profile: MapProfile, gm: GameMap, rep: Report) -> None:
    nouns = [s.noun for s in profile.sections if s.is_nodes]
    for sheet in gm.sheets.values():
        ids = [n.id for n in gm.nodes_on(sheet.id)]
        check_art(sheet, ids, nouns, rep, several=len(gm.sheets) > 1)
