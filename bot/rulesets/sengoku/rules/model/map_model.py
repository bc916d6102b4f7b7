"""Sengoku's maps (S12.2): the entries of a Sengoku map file, and the map the rules read.

The core map is nodes, edges and sheets (``bot.domain.gamemap``). A Sengoku
map file has five sections, whose entries are declared here (the ruleset's
``MapProfile`` lists them):

- ``areas``: provinces and named sea areas, nodes of kind "province" or
  "sea"; their ``coast``/``land``/``sea`` neighbour lists are edges of those
  kinds (``coast`` is the coastal movement graph of S5.3);
- ``ports``: nodes of kind "port", at most one per coastal area, joined to
  it by a "port" edge (S12.2 Port);
- ``straits``: nodes of kind "strait" (S6, OP-30), drawn at their place;
- ``islands`` and ``locs`` (lines of communication, OP-20): data.

The profile itself is ``map_profile.PROFILE``; its checks are ``map_checks``.

``SengokuMap`` is the map class the profile builds: the core map plus the
names the rules have always used (``areas``, ``ports``, ``coast_path``,
``island_of`` …), so the rules read a map as before. Pure module.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import PrivateAttr

from bot.domain.gamemap import GameMap
from bot.domain.gamemap_profile import INLAND, Coord, Entry, Link, NodeEntry

__all__ = ["Area", "Island", "Loc", "Port", "SengokuMap", "Strait"]


class Area(NodeEntry):
    """A land area (S12.2 Province) or a named sea area."""

    kind: Literal["province", "sea"]
    coastal: bool
    # TOML has no null, so "not on an island" must be expressible by omission.
    island: str | None = None
    x: Coord
    y: Coord
    coast: list[str]  # coastal movement neighbours, one step each (S5.3)
    land: list[str]
    sea: list[str] = []

    def node_kind(self) -> str:
        return self.kind

    def node_flags(self) -> frozenset[str]:
        return frozenset({INLAND}) if self.kind == "province" and not self.coastal else frozenset()

    def links(self) -> Iterable[Link]:
        for relation in ("coast", "land", "sea"):
            yield from (Link(other, relation) for other in getattr(self, relation))


class Port(NodeEntry):
    area: str
    timber: bool  # timber access, needed for repair (S3.2, S12.2)
    warehouses: bool = True
    shipyard: bool = True
    x: Coord
    y: Coord

    def node_kind(self) -> str:
        return "port"

    def links(self) -> Iterable[Link]:
        return (Link(self.area, "port"),)


class Island(Entry):
    size: Literal["large", "small"]
    areas: list[str]


class Strait(NodeEntry):
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

    def node_kind(self) -> str:
        return "strait"


class Loc(Entry):
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


COAST = "coast"  # the edge filter of S5.3 movement: a module constant, so coast paths are cached per map


class SengokuMap(GameMap):
    """The core map as the Sengoku rules read it (today's names, S12.2)."""

    _port_by_area: dict[str, Port] | None = PrivateAttr(None)
    _ports_by_area: dict[str, list[Port]] | None = PrivateAttr(None)

    # The sections, typed. A draft map (parse_map's checks) may lack one.

    @property
    def areas(self) -> dict[str, Area]:
        return self.entries("areas")

    @property
    def ports(self) -> dict[str, Port]:
        return self.entries("ports")

    @property
    def islands(self) -> dict[str, Island]:
        return self.entries("islands")

    @property
    def straits(self) -> dict[str, Strait]:
        return self.entries("straits")

    @property
    def locs(self) -> dict[str, Loc]:
        return self.entries("locs")

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
        # The private dict read directly: a private attribute goes through pydantic's __getattr__,
        # and a turn asks this thousands of times (issue 18).
        by_area = self.__pydantic_private__["_port_by_area"]
        if by_area is None:
            # The first port by id: a valid map has at most one per area.
            by_area = self._port_by_area = {}
            for port_id in sorted(self.ports):
                by_area.setdefault(self.ports[port_id].area, self.ports[port_id])
        return by_area.get(area_id)

    def ports_in(self, area_id: str) -> list[Port]:
        """Every port of the area, in the map's order (a draft map may have more than one)."""
        by_area = self.__pydantic_private__["_ports_by_area"]
        if by_area is None:
            by_area = self._ports_by_area = {}
            for port in self.ports.values():
                by_area.setdefault(port.area, []).append(port)
        return list(by_area.get(area_id, ()))

    def coast_neighbours(self, area_id: str) -> tuple[str, ...]:
        # The area's own list (the same as its coast edges on a valid map): the
        # checks ask a draft map, whose broken entries have no node.
        area = self.areas.get(area_id)
        return tuple(sorted(area.coast)) if area else ()

    def are_coast_adjacent(self, a: str, b: str) -> bool:
        return b in self.coast_neighbours(a)

    def coast_path(self, a: str, b: str) -> list[str] | None:
        """Shortest coastal route from a to b, both ends included.

        Breadth first in id order, so equal-length routes always resolve the
        same way (S5.3 moves are compared step by step).
        """
        if not (self._is_coastal(a) and self._is_coastal(b)):
            return None
        return self.path(a, b, COAST)

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
