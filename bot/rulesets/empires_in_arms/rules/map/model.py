"""The Empires in Arms board (E2.2, E13, E16 Zone/Port/Strait, E-OP-24): the entries of
its map file, and ``EiaBoard``, the typed view the rules read.

A map file (``data/empires-in-arms/maps/*.toml``) has three sections:

- ``zones``: sea zones, nodes of kind "sea zone". ``adjacent`` lists the zones one
  maneuver away (E2.2: zone -> adjacent zone, 1 maneuver), both ways.
- ``ports``: nodes of kind "port", each in exactly one sea zone (``zone``; E2.2
  Interpretation: "a port in this zone", 13.3): port -> its zone and back is 1
  maneuver, port -> port always goes through a zone. ``fortress`` marks a fortress
  (E10 step 2: its battery rolls 4 dice, not 2; E13 straits).
- ``straits``: data (E13, E-OP-24): the two adjacent zones a strait joins, and the
  fortress ports controlling it, each a port of one of those zones. Moving from one of
  the zones to the other "passes" the strait (E-OP-24's reading).

Who controls a port or a zone is a campaign's state (E16 Port.controller,
Zone.controller), not the board's: the scenario gives the 1805 controllers.

Pure module.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import Field, field_validator

from bot.domain.gamemap import GameMap
from bot.domain.gamemap_profile import Coord, Entry, Link, NodeEntry

__all__ = ["HARBOUR", "PORT_KIND", "SEA", "ZONE_KIND", "EiaBoard", "Port", "SeaZone", "Strait"]

ZONE_KIND = "sea zone"
PORT_KIND = "port"
# Edge kinds, each one maneuver (E2.2): SEA joins adjacent zones, HARBOUR a port to its zone.
SEA = "sea"
HARBOUR = "harbour"


class SeaZone(NodeEntry):
    """E16 Zone: a sea zone of the board."""

    x: Coord  # degrees east
    y: Coord  # degrees north
    adjacent: list[str]

    def node_kind(self) -> str:
        return ZONE_KIND

    def links(self) -> Iterable[Link]:
        return (Link(other, SEA) for other in self.adjacent)


class Port(NodeEntry):
    """E16 Port: a port in exactly one sea zone; ``fortress`` for a fortress (E10, E13)."""

    x: Coord
    y: Coord
    zone: str
    fortress: bool = False

    @field_validator("zone", mode="before")
    @classmethod
    def _one_zone(cls, value: Any) -> Any:
        # A list is the likely mistake of an author thinking of a port between two seas:
        # say what the rule is rather than pydantic's "not a valid string".
        if isinstance(value, list):
            listed = ", ".join(map(repr, value)) or "none"
            raise ValueError(f"a port lies in exactly one sea zone (E2.2), but {len(value)} are listed "
                             f"({listed}): keep the one it opens onto, e.g. zone = \"<zone id>\"")
        return value

    def node_kind(self) -> str:
        return PORT_KIND

    def links(self) -> Iterable[Link]:
        return (Link(self.zone, HARBOUR),)


class Strait(Entry):
    """E13, E16 Strait: the two adjacent zones it joins and the fortress ports controlling it."""

    zones: list[str]
    controlling_ports: list[str] = Field(min_length=1)


class EiaBoard(GameMap):
    """The core map as the Empires in Arms rules read it.

    Queries about an id not on the board answer "none"/"no" rather than raise: order
    validation asks them about ids typed by players. A draft board (the checks') may
    lack entries, so every lookup is guarded."""

    # --- the sections, typed ---------------------------------------------

    @property
    def zones(self) -> dict[str, SeaZone]:
        return self.entries("zones")

    @property
    def areas(self) -> dict[str, SeaZone]:
        """The zones, under the name every ruleset's map gives the places its units stand in (the
        core's tests draw a vocabulary on them)."""
        return self.zones

    @property
    def ports(self) -> dict[str, Port]:
        return self.entries("ports")

    @property
    def straits(self) -> dict[str, Strait]:
        return self.entries("straits")

    def name_of(self, node_id: str) -> str:
        """A zone's, port's or strait's name for messages; an unknown id, quoted."""
        strait = self.straits.get(node_id)
        return strait.name if strait is not None else self.node_name(node_id)

    # --- zones and ports (E2) ---------------------------------------------

    def is_zone(self, node_id: str) -> bool:
        return node_id in self.zones

    def is_port(self, node_id: str) -> bool:
        return node_id in self.ports

    def zone_of(self, place: str) -> str | None:
        """The zone a port lies in (E2.2), a zone itself; None for an unknown id."""
        if place in self.zones:
            return place
        port = self.ports.get(place)
        return port.zone if port is not None else None

    def ports_in(self, zone: str) -> tuple[str, ...]:
        """The ports of a zone, in map order (id order): those a fleet controlling the zone
        blockades (E7 footnote) and where an entering fleet may be intercepted (E5.2)."""
        return tuple(k for k in sorted(self.ports) if self.ports[k].zone == zone)

    def adjacent(self, zone: str) -> tuple[str, ...]:
        """The zones one maneuver from ``zone`` (E2.2), in id order; () for a port or an unknown id."""
        entry = self.zones.get(zone)
        return tuple(sorted(entry.adjacent)) if entry is not None else ()

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacent(a)

    def is_fortress(self, port: str) -> bool:
        """A fortress port: its battery rolls 4 dice, not 2 (E10 step 2, E12.2)."""
        entry = self.ports.get(port)
        return bool(entry is not None and entry.fortress)

    def is_step(self, a: str, b: str) -> bool:
        """One maneuver (E2.2): a port to its zone or back, or a zone to an adjacent zone."""
        if a in self.ports:
            return self.ports[a].zone == b
        if b in self.ports:
            return self.ports[b].zone == a
        return self.is_adjacent(a, b)

    def is_route(self, steps: Iterable[str]) -> bool:
        """Non-empty, every place known, every step one maneuver (a move order's path, E17)."""
        route = list(steps)
        return bool(route) and all(s in self.zones or s in self.ports for s in route) and \
            all(self.is_step(p, q) for p, q in zip(route, route[1:]))

    def maneuvers(self, steps: Iterable[str]) -> int:
        """The maneuvers a route costs (E2.2: one per step); the route must be one (``is_route``)."""
        return max(len(list(steps)) - 1, 0)

    def distance(self, a: str, b: str) -> int | None:
        """Fewest maneuvers from place a to place b (zones or ports), ignoring who is where
        (E9.2 nearest port is a placement, not a move: E-OP-18); None if either is unknown."""
        if not (self._is_place(a) and self._is_place(b)):
            return None
        found = self.path(a, b, (SEA, HARBOUR))
        return len(found) - 1 if found is not None else None

    def route(self, a: str, b: str) -> list[str] | None:
        """A fewest-maneuvers route from a to b, both ends included, the same every time
        (breadth first, neighbours in id order); None if there is none."""
        if not (self._is_place(a) and self._is_place(b)):
            return None
        return self.path(a, b, (SEA, HARBOUR))

    def nearest_ports(self, start: str, candidates: Iterable[str]) -> tuple[str, ...]:
        """The candidate ports nearest to ``start`` in maneuvers, in map order (E9.2: the loser
        chooses among equally near ones, E-OP-18's default the first); () if none is reachable.
        Which ports are candidates (friendly ones, E-OP-18) is the caller's business."""
        by_distance: dict[int, list[str]] = {}
        for port in sorted(set(candidates)):
            d = self.distance(start, port) if port in self.ports else None
            if d is not None:
                by_distance.setdefault(d, []).append(port)
        return tuple(by_distance[min(by_distance)]) if by_distance else ()

    def _is_place(self, node_id: str) -> bool:
        return node_id in self.zones or node_id in self.ports

    # --- straits (E13) ----------------------------------------------------

    def strait_between(self, a: str, b: str) -> str | None:
        """The strait a move from zone a to zone b passes (E13, E-OP-24), or None."""
        pair = {a, b}
        return next((k for k, s in sorted(self.straits.items()) if set(s.zones) == pair and len(pair) == 2), None)

    def strait_zones(self, strait: str) -> tuple[str, ...]:
        entry = self.straits.get(strait)
        return tuple(entry.zones) if entry is not None else ()

    def controlling_ports(self, strait: str) -> tuple[str, ...]:
        """The fortress ports controlling a strait (E13.1), whose fleets intercept automatically (E13.2)."""
        entry = self.straits.get(strait)
        return tuple(entry.controlling_ports) if entry is not None else ()

    def straits_controlled_by(self, port: str) -> tuple[str, ...]:
        """E16 Port.controls_straits: the straits a port controls, in id order."""
        return tuple(k for k, s in sorted(self.straits.items()) if port in s.controlling_ports)

    def straits_on(self, steps: Iterable[str]) -> tuple[str, ...]:
        """The straits a route passes, in the order it passes them (a convoy's E11.6, a move's E13)."""
        route = list(steps)
        found = (self.strait_between(p, q) for p, q in zip(route, route[1:]))
        return tuple(s for s in found if s is not None)
