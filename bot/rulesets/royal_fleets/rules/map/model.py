"""The royal fleets map (U10, U13): the entries of its map files, and ``RoyalMap``,
the typed view the rules read.

A map file (``data/royal-fleets/maps/*.toml``) has four sections:

- ``areas``: sea areas, nodes of kind "sea area" (U13 SeaArea). ``adjacent`` lists
  the sea areas one move away (1 MP each, U2.2), always on the same sheet: the two
  sheets (Europe, New World) are joined only through transition areas (U10.1),
  whose ``counterpart`` is the analogous area on the other sheet; the pair is a
  "crossing" edge with a delay of one turn (a fleet entering one appears in the
  other next turn).
- ``provinces``: coastal provinces, nodes of kind "province"; ``seas`` lists the
  sea areas they border (U1.3 deployment, U9 embarkation and landing).
- ``ports``: nodes of kind "port" (U3.1 hiring and repair, U4 blockade), each in a
  province and opening onto one sea area that province borders.
- ``trade_posts``: data (U10.4): the sea area with the East India Company logo, the
  trade route's name and its initial controller (U10.5).

Pure module.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from bot.domain.gamemap import GameMap
from bot.domain.gamemap_profile import INLAND, Coord, Entry, Link, NodeEntry

__all__ = ["COAST", "CROSSING", "EUROPE", "NEW_WORLD", "PORT_EDGE", "SEA", "Port", "Province", "RoyalMap",
           "SeaArea", "TradePost"]

EUROPE = "europe"  # sheet ids (U13 SeaArea.map ∈ {Europe, NewWorld})
NEW_WORLD = "new_world"

# Edge kinds. SEA is a move (1 MP, U2.2); CROSSING joins a transition area to its
# counterpart (U10.1, next turn); COAST a province to a sea area it borders; PORT_EDGE
# a port to its province.
SEA = "sea"
CROSSING = "crossing"
COAST = "coast"
PORT_EDGE = "port"
CROSSING_DELAY = 1  # U10.1: "next turn"


class SeaArea(NodeEntry):
    """U13 SeaArea: a sea area of one sheet."""

    x: Coord  # degrees east (schematic for the far areas, see the map file)
    y: Coord  # degrees north
    adjacent: list[str]
    transition: bool = False  # the steering-wheel icon (U10.1)
    counterpart: str | None = None  # the analogous area of the other sheet, for a transition area

    def node_kind(self) -> str:
        return "sea area"

    def links(self) -> Iterable[Link]:
        yield from (Link(other, SEA) for other in self.adjacent)
        if self.transition and self.counterpart:
            yield Link(self.counterpart, CROSSING, delay=CROSSING_DELAY)


class Province(NodeEntry):
    """U13 Province, as far as the map holds it: where it is and the seas it borders.
    Who owns it, fortresses and sieges are a campaign's state, not the map's."""

    x: Coord
    y: Coord
    seas: list[str] = Field(min_length=1)  # U13 Province.bordering_areas

    def node_kind(self) -> str:
        return "province"

    def node_flags(self) -> frozenset[str]:
        # Drawn smaller than the sea areas: fleets stand at sea, not on land.
        return frozenset({INLAND})

    def links(self) -> Iterable[Link]:
        return (Link(sea, COAST) for sea in self.seas)


class Port(NodeEntry):
    """A port (U13 Province.has_port): in ``province``, opening onto ``sea``, which a
    fleet in that sea area may blockade (U4, U-OP-10: the port borders the fleet's area)."""

    x: Coord
    y: Coord
    province: str
    sea: str

    def node_kind(self) -> str:
        return "port"

    def links(self) -> Iterable[Link]:
        return (Link(self.province, PORT_EDGE),)


class TradePost(Entry):
    """U10.4: a trade route between Europe and overseas; ``controller`` is the faction
    controlling it when a campaign starts (U10.5), a faction id of the scenario."""

    sea: str
    controller: str | None = None


class RoyalMap(GameMap):
    """The core map as the royal fleets rules read it.

    Queries about an id not on the map answer "none"/"no" rather than raise:
    order validation asks them about ids typed by players. A draft map (the
    checks') may lack entries, so every lookup is guarded."""

    # --- the sections, typed ---------------------------------------------

    @property
    def areas(self) -> dict[str, SeaArea]:
        return self.entries("areas")

    @property
    def provinces(self) -> dict[str, Province]:
        return self.entries("provinces")

    @property
    def ports(self) -> dict[str, Port]:
        return self.entries("ports")

    @property
    def trade_posts(self) -> dict[str, TradePost]:
        """Every trade post by its id (U10.4)."""
        return self.entries("trade_posts")

    def area(self, area_id: str) -> SeaArea:
        try:
            return self.areas[area_id]
        except KeyError:
            raise KeyError(f"unknown sea area {area_id!r}") from None

    # --- sea areas --------------------------------------------------------

    def is_area(self, node_id: str) -> bool:
        return node_id in self.areas

    def adjacent(self, area_id: str) -> tuple[str, ...]:
        """The sea areas one move (1 MP, U2.2) from ``area_id``, in id order; never the counterpart."""
        area = self.areas.get(area_id)
        return tuple(sorted(area.adjacent)) if area else ()

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacent(a)

    def is_transition(self, area_id: str) -> bool:
        """Whether the area carries the steering wheel (U10.1)."""
        area = self.areas.get(area_id)
        return bool(area and area.transition)

    def counterpart(self, area_id: str) -> str | None:
        """The analogous area on the other sheet, where a fleet entering this transition
        area appears next turn (U10.1); None for any other area."""
        area = self.areas.get(area_id)
        return area.counterpart if area and area.transition else None

    def transitions(self) -> tuple[str, ...]:
        return tuple(k for k in sorted(self.areas) if self.areas[k].transition)

    def sheet_of(self, node_id: str) -> str | None:
        """The sheet (EUROPE, NEW_WORLD) a sea area, province or port is drawn on."""
        node = self.nodes.get(node_id)
        if node is not None:
            return node.sheet
        entry = self.areas.get(node_id) or self.provinces.get(node_id) or self.ports.get(node_id)
        return entry.sheet if entry is not None else None

    def areas_on(self, sheet: str) -> tuple[str, ...]:
        return tuple(k for k in sorted(self.areas) if self.sheet_of(k) == sheet)

    def sea_path(self, a: str, b: str) -> list[str] | None:
        """Fewest moves from sea area a to b over adjacent areas (both ends included), or
        None: never through a transition (that takes a turn, U10.1), so on one sheet only."""
        if a not in self.areas or b not in self.areas:
            return None
        return self.path(a, b, SEA)

    def is_route(self, steps: Iterable[str]) -> bool:
        """Every step from one sea area to an adjacent one (a move order's path, U2.2)."""
        route = list(steps)
        return bool(route) and all(s in self.areas for s in route) and \
            all(self.is_adjacent(p, q) for p, q in zip(route, route[1:]))

    # --- provinces and ports ----------------------------------------------

    def bordering_provinces(self, area_id: str) -> tuple[str, ...]:
        """The provinces bordering a sea area (U1.3, U9), in id order."""
        return tuple(k for k in sorted(self.provinces) if area_id in self.provinces[k].seas)

    def bordering_areas(self, province_id: str) -> tuple[str, ...]:
        """The sea areas a province borders (U9 embarkation and landing), in id order."""
        province = self.provinces.get(province_id)
        return tuple(sorted(province.seas)) if province else ()

    def ports_on(self, area_id: str) -> tuple[str, ...]:
        """The ports opening onto a sea area: those a fleet there may blockade (U4)."""
        return tuple(k for k in sorted(self.ports) if self.ports[k].sea == area_id)

    def ports_of(self, province_id: str) -> tuple[str, ...]:
        return tuple(k for k in sorted(self.ports) if self.ports[k].province == province_id)

    def port_province(self, port_id: str) -> str | None:
        port = self.ports.get(port_id)
        return port.province if port else None

    # --- trade posts ------------------------------------------------------

    def trade_post_at(self, area_id: str) -> TradePost | None:
        """The trade post of a sea area (the East India Company logo, U10.4), if it has one."""
        return next((t for _, t in sorted(self.trade_posts.items()) if t.sea == area_id), None)

    def is_trade_post(self, area_id: str) -> bool:
        return self.trade_post_at(area_id) is not None

    def initial_control(self) -> dict[str, str]:
        """Trade post id -> the faction controlling it at the start (U10.5)."""
        return {k: t.controller for k, t in sorted(self.trade_posts.items()) if t.controller}
