"""What the rules ask of the board (E2.2, E13, E-OP-24): the map's typed view.  The map package
(``rules/map``, E1) supplies the real one; ``TinyBoard`` is a small board for the rules' tests.

A place is a zone or a port; a port lies in exactly one zone (E2.2 interpretation); a strait is
an edge between two zones, controlled by ports (E13)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class StraitView:
    id: str
    zones: tuple[str, str]
    controlling_ports: tuple[str, ...]


@runtime_checkable
class Board(Protocol):
    def zones(self) -> list[str]: ...

    def ports(self) -> list[str]: ...

    def zone_of(self, port: str) -> str: ...

    def ports_of(self, zone: str) -> list[str]: ...

    def adjacent(self, zone: str) -> list[str]: ...

    def is_fortress(self, port: str) -> bool: ...

    def strait_between(self, a: str, b: str) -> StraitView | None: ...

    def name(self, place: str) -> str: ...


def is_zone(board: Board, place: str) -> bool:
    return place in set(board.zones())


def is_port(board: Board, place: str) -> bool:
    return place in set(board.ports())


def step_ok(board: Board, a: str, b: str) -> bool:
    """E2.2: port ↔ its zone, or zone ↔ adjacent zone: one maneuver each."""
    zones, ports = set(board.zones()), set(board.ports())
    if a in ports:
        return b in zones and board.zone_of(a) == b
    if a in zones:
        return (b in ports and board.zone_of(b) == a) or (b in zones and b in board.adjacent(a))
    return False


def distance(board: Board, a: str, b: str) -> int | None:
    """Maneuvers from ``a`` to ``b`` by E2.2's steps (None: unreachable)."""
    seen, todo = {a: 0}, deque([a])
    while todo:
        here = todo.popleft()
        if here == b:
            return seen[here]
        nxt = [board.zone_of(here)] if here in set(board.ports()) else [*board.adjacent(here), *board.ports_of(here)]
        for there in nxt:
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return None


@dataclass
class TinyBoard:
    """A board in a few lines, for tests: ``zones`` → adjacent zones, ``ports`` → their zone."""

    adjacency: dict[str, tuple[str, ...]]
    port_zone: dict[str, str]
    fortresses: frozenset[str] = frozenset()
    straits: tuple[StraitView, ...] = ()
    names: dict[str, str] = field(default_factory=dict)

    def zones(self) -> list[str]:
        return list(self.adjacency)

    def ports(self) -> list[str]:
        return list(self.port_zone)

    def zone_of(self, port: str) -> str:
        return self.port_zone[port]

    def ports_of(self, zone: str) -> list[str]:
        return [p for p, z in self.port_zone.items() if z == zone]

    def adjacent(self, zone: str) -> list[str]:
        return list(self.adjacency.get(zone, ()))

    def is_fortress(self, port: str) -> bool:
        return port in self.fortresses

    def strait_between(self, a: str, b: str) -> StraitView | None:
        return next((s for s in self.straits if set(s.zones) == {a, b}), None)

    def name(self, place: str) -> str:
        return self.names.get(place, place)


def board_of(gamemap) -> Board:
    """The board behind the core's map: the map package's ``EiaBoard`` is a ``GameMap`` that is a
    ``Board`` (its profile's map class); a tests' ``TinyBoard`` is one already."""
    if isinstance(gamemap, Board):
        return gamemap
    view = getattr(gamemap, "board", None)
    if callable(view):
        return view()
    raise TypeError(f"map {getattr(gamemap, 'id', gamemap)!r} is not an Empires in Arms board")
