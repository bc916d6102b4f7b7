"""What the naval rules ask of the map (H2.3, H5.2.2, H6): the ``HisMap`` protocol, and ``TinyMap``,
a small map made from plain lists that implements it (tests; the real board's map comes later and
only has to answer the same questions).

Static facts only: who controls a port, unrest and sieges change in play and are the state's
(``model.PortState``).  The rule 2.5 exceptions (H2.3.4, ZH L14) are never adjacent, whatever a map
file's borders say: ``TinyMap`` drops them, and a real map must too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

# H2.3.4 [ZH:L14]: "these sea zones are not adjacent (see 2.5)", both directions.
NOT_ADJACENT = frozenset({frozenset({"Ionian Sea", "Tyrrhenian Sea"}), frozenset({"Barbary Coast", "Atlantic Ocean"}),
                          frozenset({"Black Sea", "Aegean Sea"})})


@runtime_checkable
class HisMap(Protocol):
    def spaces(self) -> tuple[str, ...]:
        """Every sea zone and port, in map order (the order defaults are taken in: H-OP-25, H-OP-34)."""

    def is_sea_zone(self, space: str) -> bool: ...

    def is_port(self, space: str) -> bool: ...

    def adjacent(self, space: str) -> tuple[str, ...]:
        """Spaces a naval unit may move to from ``space`` (H2.3.2–H2.3.4), in map order."""

    def name(self, space: str) -> str:
        """The space's name as the rules text says it (H2.5.5's Atlantic zones are named)."""

    def home_of(self, port: str) -> str | None:
        """The power whose home port it is (H6.3.1), if any."""

    def is_fortress(self, port: str) -> bool:
        """A fortress, not merely a fortified space or a key (H5.2.2, H-OP-31)."""

    def is_algiers(self, port: str) -> bool: ...


@dataclass(frozen=True)
class TinyMap:
    """``sea_zones`` and ``ports`` (port → its one or two sea zones, its anchors) in map order;
    ``borders``: pairs of sea zones; ``names``: space → name (default: its id)."""

    sea_zones: tuple[str, ...]
    ports: Mapping[str, tuple[str, ...]]
    borders: tuple[tuple[str, str], ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)
    homes: Mapping[str, str] = field(default_factory=dict)
    fortresses: frozenset[str] = frozenset()
    algiers: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for port, zones in self.ports.items():
            if not 1 <= len(zones) <= 2 or not set(zones) <= set(self.sea_zones):
                raise ValueError(f"port {port}: one or two anchors in known sea zones (H2.3.2), not {zones}")

    def spaces(self) -> tuple[str, ...]:
        return (*self.sea_zones, *self.ports)

    def is_sea_zone(self, space: str) -> bool:
        return space in self.sea_zones

    def is_port(self, space: str) -> bool:
        return space in self.ports

    def name(self, space: str) -> str:
        return self.names.get(space, space)

    def adjacent(self, space: str) -> tuple[str, ...]:
        if self.is_port(space):
            return tuple(self.ports[space])
        near = {b for a, b in self.borders if a == space} | {a for a, b in self.borders if b == space}
        near = {z for z in near if frozenset({self.name(space), self.name(z)}) not in NOT_ADJACENT}
        near |= {p for p, zones in self.ports.items() if space in zones}
        return tuple(s for s in self.spaces() if s in near)

    def home_of(self, port: str) -> str | None:
        return self.homes.get(port)

    def is_fortress(self, port: str) -> bool:
        return port in self.fortresses

    def is_algiers(self, port: str) -> bool:
        return port in self.algiers


def ports_near(gamemap: HisMap, zone: str) -> list[str]:
    return [s for s in gamemap.adjacent(zone) if gamemap.is_port(s)]


def zones_near(gamemap: HisMap, space: str) -> list[str]:
    return [s for s in gamemap.adjacent(space) if gamemap.is_sea_zone(s)]


def tiny_map(sea_zones: Iterable[str], ports: Mapping[str, Iterable[str]], borders: Iterable[tuple[str, str]] = (),
             **facts) -> TinyMap:
    return TinyMap(tuple(sea_zones), {p: tuple(z) for p, z in ports.items()}, tuple(borders), **facts)
