"""The Here I Stand board (H2.3, H5.2.2, H6, H-OP-02, H-OP-07, H-OP-31, H-OP-38): the entries of
its map file, and ``HisGameMap``, the core map with their typed view.

A map file (``data/here-i-stand/maps/*.toml``) has three sections:

- ``sea_zones``: nodes of kind "sea zone". ``adjacent`` lists the sea zones it shares a border
  with (H2.3.3), both ways; the rule 2.5 pairs (H2.3.4) are never listed (a check says so).
- ``ports``: nodes of kind "port", a land space with an anchor symbol; ``seas`` are the one or two
  sea zones its anchors lie in (H2.3.2). ``home`` is the power whose home port it is (H6.3.1),
  ``fortress`` and ``key`` its printed kind (H5.2.2, H-OP-31: only fortresses roll against
  pirates), ``algiers`` marks Algiers (H6.5.2), ``haven`` a port the event "Pirate Haven" may
  choose (H6.5.3, H-OP-38; which one it chose is the state's, ``PortState.pirate_haven``).
- ``tracks``: the Turn Track (H3.3.10, H6.3.3), a node off the sea lanes: no edge, no naval move
  reaches it; ``turns`` is its number of boxes.

Who controls a port, its unrest and sieges change in play: they are the state's
(``model.PortState``), not the map's. Pure module.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from bot.domain.gamemap import GameMap
from bot.domain.gamemap_profile import INLAND, Coord, Link, NodeEntry

__all__ = ["ANCHOR", "BORDER", "PORT", "SEA_ZONE", "TURN_TRACK", "HisGameMap", "Port", "SeaZone", "Track"]

# Node kinds, the words of the rules (H0.2).
SEA_ZONE = "sea zone"
PORT = "port"
TURN_TRACK = "turn track"

# Edge kinds: two sea zones sharing a border (H2.3.3); a port's anchor in a sea zone (H2.3.2).
BORDER = "border"
ANCHOR = "anchor"


class SeaZone(NodeEntry):
    """A sea zone: its name's place (degrees east, north) and the zones it borders."""

    x: Coord
    y: Coord
    adjacent: list[str] = []

    def node_kind(self) -> str:
        return SEA_ZONE

    def links(self) -> Iterable[Link]:
        return (Link(other, BORDER) for other in self.adjacent)


class Port(NodeEntry):
    """A port (H2.3.2): a land space with one or two anchors."""

    x: Coord
    y: Coord
    seas: list[str] = Field(min_length=1)  # the check says "one or two" in the rules' words
    home: str | None = None  # a power id (H6.3.1)
    fortress: bool = False
    key: bool = False
    algiers: bool = False
    haven: bool = False

    def node_kind(self) -> str:
        return PORT

    def links(self) -> Iterable[Link]:
        return (Link(sea, ANCHOR) for sea in self.seas)


class Track(NodeEntry):
    """The Turn Track: where lost units and eliminated leaders wait for their turn (H3.3.10)."""

    x: Coord
    y: Coord
    turns: int = Field(9, ge=1, le=20)

    def node_kind(self) -> str:
        return TURN_TRACK

    def node_flags(self) -> frozenset[str]:
        # Drawn as a small grey place, not a port: the overlay stands what waits there beside it.
        return frozenset({INLAND})


class HisGameMap(GameMap):
    """The core map with the board's sections typed. A draft map (the checks') may hold
    broken entries, so every lookup is guarded."""

    @property
    def sea_zones(self) -> dict[str, SeaZone]:
        return self.entries("sea_zones")

    @property
    def ports(self) -> dict[str, Port]:
        return self.entries("ports")

    @property
    def areas(self) -> dict[str, SeaZone | Port]:
        """Every space naval units stand in and move through, sea zones then ports, by id: the
        core's views name a ruleset's places through ``areas`` and ``ports`` (campaign_reads,
        the autocomplete of a place), and a space of this board is either."""
        return {**self.sea_zones, **self.ports}

    @property
    def tracks(self) -> dict[str, Track]:
        return self.entries("tracks")

    def turn_track(self) -> Track | None:
        """The map's Turn Track, if it draws one."""
        return next(iter(self.tracks.values()), None)
