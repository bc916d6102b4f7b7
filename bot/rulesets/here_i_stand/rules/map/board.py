"""``HisBoard``: the ``geography.HisMap`` the naval rules read (H2.3, H5.2.2, H6), made from the
core's ``GameMap`` of a Here I Stand map file (``model``).

Ids are the map file's; ``name`` is the space's name on the map, what every question and report
shows. The rule 2.5 pairs (H2.3.4) are never adjacent, whatever the file says: the map checks
refuse a file that lists one, and the board drops them again, as ``TinyMap`` does. Queries about an
id not on the board answer "no"/"none" (order validation asks them about ids players type).
Pure module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.domain.gamemap import GameMap
from bot.rulesets.here_i_stand.rules.geography import NOT_ADJACENT
from bot.rulesets.here_i_stand.rules.map.model import Port, SeaZone, Track

__all__ = ["HisBoard"]


@dataclass(frozen=True)
class HisBoard:
    """The board of one map: sea zones, then ports, each in id order (the map order defaults
    are taken in, H-OP-25, H-OP-34)."""

    gamemap: GameMap
    _zones: Mapping[str, SeaZone] = field(init=False, repr=False, compare=False)
    _ports: Mapping[str, Port] = field(init=False, repr=False, compare=False)
    _adjacent: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        zones = dict(sorted(self.gamemap.entries("sea_zones").items()))
        ports = dict(sorted(self.gamemap.entries("ports").items()))
        object.__setattr__(self, "_zones", zones)
        object.__setattr__(self, "_ports", ports)
        object.__setattr__(self, "_adjacent", _adjacency(zones, ports))

    # --- HisMap -------------------------------------------------------------------------

    def spaces(self) -> tuple[str, ...]:
        return (*self._zones, *self._ports)

    def is_sea_zone(self, space: str) -> bool:
        return space in self._zones

    def is_port(self, space: str) -> bool:
        return space in self._ports

    def adjacent(self, space: str) -> tuple[str, ...]:
        return self._adjacent.get(space, ())

    def name(self, space: str) -> str:
        entry = self._zones.get(space) or self._ports.get(space)
        return entry.name if entry is not None else space

    def home_of(self, port: str) -> str | None:
        entry = self._ports.get(port)
        return entry.home if entry is not None else None

    def is_fortress(self, port: str) -> bool:
        entry = self._ports.get(port)
        return bool(entry and entry.fortress)

    def is_algiers(self, port: str) -> bool:
        entry = self._ports.get(port)
        return bool(entry and entry.algiers)

    # --- beyond the rules' questions: reports, moderators' edits, the overlay -----------

    @property
    def title(self) -> str:
        """The map's own name (its file's ``name``)."""
        return self.gamemap.name

    def sea_zones(self) -> tuple[str, ...]:
        return tuple(self._zones)

    def ports(self) -> tuple[str, ...]:
        return tuple(self._ports)

    def seas_of(self, port: str) -> tuple[str, ...]:
        """The one or two sea zones a port's anchors lie in (H2.3.2), in map order."""
        return tuple(s for s in self._adjacent.get(port, ()) if s in self._zones) if port in self._ports else ()

    def is_key(self, port: str) -> bool:
        entry = self._ports.get(port)
        return bool(entry and entry.key)

    def may_be_haven(self, port: str) -> bool:
        """Whether the event "Pirate Haven" may choose the port (H6.5.3, H-OP-38)."""
        entry = self._ports.get(port)
        return bool(entry and entry.haven)

    def home_ports(self, power: str) -> tuple[str, ...]:
        """The power's home ports (H6.3.1), in map order."""
        return tuple(k for k, p in self._ports.items() if p.home == power)

    def find(self, text: str) -> str | None:
        """The space a player means: its id, or its name in any case; None when neither."""
        if text in self._zones or text in self._ports:
            return text
        wanted = text.strip().casefold()
        return next((k for k in self.spaces() if self.name(k).casefold() == wanted), None)

    def turn_track(self) -> Track | None:
        """The Turn Track's node on the map (where the overlay draws it), if the map has one."""
        return next(iter(self.gamemap.entries("tracks").values()), None)


def _adjacency(zones: Mapping[str, SeaZone], ports: Mapping[str, Port]) -> dict[str, tuple[str, ...]]:
    order = [*zones, *ports]
    near: dict[str, set[str]] = {k: set() for k in order}
    for zone_id, zone in zones.items():
        for other in zone.adjacent:
            if other in zones and frozenset({zone.name, zones[other].name}) not in NOT_ADJACENT:
                near[zone_id].add(other)
                near[other].add(zone_id)
    for port_id, port in ports.items():
        for sea in port.seas:
            if sea in zones:
                near[port_id].add(sea)
                near[sea].add(port_id)
    return {k: tuple(s for s in order if s in near[k]) for k in order}
