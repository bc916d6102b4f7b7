"""What the rules read of the map (U10, U13 SeaArea/Province): the typed view R1's map module
gives (``RoyalMap``: areas, provinces, ports, adjacent, counterpart, trade posts, transitions,
bordering provinces, sheets).  The rules are written against this protocol only; ``SeaGrid`` is a
plain implementation for tests and small maps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@runtime_checkable
class SeaMap(Protocol):
    def adjacent(self, area: str) -> list[str]: ...
    def counterpart(self, area: str) -> str | None: ...
    def is_transition(self, area: str) -> bool: ...
    def bordering_provinces(self, area: str) -> list[str]: ...
    def sheet_of(self, area: str) -> str: ...


def area_ids(sea: SeaMap) -> list[str]:
    return list(sea.areas)


def trade_post_ids(sea: SeaMap) -> list[str]:
    return list(sea.trade_posts)


def port_province(sea: SeaMap, port: str) -> str | None:
    """The province a port lies in (``ports`` maps port → province, or port → a record with one)."""
    found = sea.ports.get(port) if isinstance(sea.ports, Mapping) else None
    if found is None or isinstance(found, str):
        return found
    return getattr(found, "province", None)


def ports_of_area(sea: SeaMap, area: str) -> list[str]:
    """The ports of the provinces bordering ``area`` (U4: a blockaded port borders the area)."""
    bordering = set(sea.bordering_provinces(area))
    return [port for port in sea.ports if port_province(sea, port) in bordering]


def port_map(sea: SeaMap) -> dict[str, str]:
    return {port: port_province(sea, port) for port in sea.ports}


def name_of(sea: SeaMap, place: str) -> str:
    for table in ("areas", "provinces", "ports"):
        entry = getattr(sea, table, {}).get(place) if isinstance(getattr(sea, table, None), Mapping) else None
        if entry is not None:
            return entry if isinstance(entry, str) else getattr(entry, "name", place)
    return place


@dataclass(frozen=True)
class SeaGrid:
    """A small map for tests: areas by id → name, neighbours, bordering provinces, ports."""

    areas: dict[str, str]
    links: tuple[tuple[str, str], ...]
    provinces: dict[str, str] = field(default_factory=dict)
    borders: dict[str, tuple[str, ...]] = field(default_factory=dict)  # area → provinces
    ports: dict[str, str] = field(default_factory=dict)  # port → province
    transitions: dict[str, str] = field(default_factory=dict)  # area → counterpart
    trade_posts: dict[str, str] = field(default_factory=dict)  # area → name
    sheets: dict[str, str] = field(default_factory=dict)  # area → sheet (default "europe")

    def adjacent(self, area: str) -> list[str]:
        return [b if a == area else a for a, b in self.links if area in (a, b)]

    def counterpart(self, area: str) -> str | None:
        return self.transitions.get(area)

    def is_transition(self, area: str) -> bool:
        return area in self.transitions

    def bordering_provinces(self, area: str) -> list[str]:
        return list(self.borders.get(area, ()))

    def sheet_of(self, area: str) -> str:
        return self.sheets.get(area, "europe")


def grid(areas: Iterable[str], links: Iterable[tuple[str, str]], **rest) -> SeaGrid:
    return SeaGrid(areas={a: a for a in areas}, links=tuple(links), **rest)
