"""The board as the rules read it: the map package's ``EiaBoard`` (E2.2, E13, E-OP-24), and the
few questions about it that mix board and state (E5.2's "its zone", E9.2's friendly ports)."""

from __future__ import annotations

from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard

Board = EiaBoard


def is_zone(board: Board, place: str) -> bool:
    return board.is_zone(place)


def is_port(board: Board, place: str) -> bool:
    return board.is_port(place)


def zone_here(board: Board, place: str) -> str:
    """The zone a place is or lies in (E5.2: entering a port is entering its zone's reach)."""
    return board.zone_of(place) or place


def board_of(gamemap) -> Board:
    """The board behind the core's map: ``EiaBoard`` is the profile's map class."""
    if isinstance(gamemap, EiaBoard):
        return gamemap
    raise TypeError(f"map {getattr(gamemap, 'id', gamemap)!r} is not an Empires in Arms board")
