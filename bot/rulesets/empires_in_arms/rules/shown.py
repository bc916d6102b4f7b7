"""How a refusal names what a nation typed: its own squadrons and armadas by name (users read names,
never ids); anything else as typed, so a refusal tells no more than a missing thing would."""

from __future__ import annotations

from bot.domain.text import quote
from bot.rulesets.empires_in_arms.rules.model import EiaState


def squadron(state: EiaState, nation: str, squadron_id: str) -> str:
    found = state.squadrons.get(squadron_id)
    mine = found is not None and state.major_of(found.nation) == state.major_of(nation)
    return found.label if mine else quote(squadron_id)  # typed: quoted, escaped (no markdown, no mention)


def armada(state: EiaState, nation: str, armada_id: str) -> str:
    found = state.armadas.get(armada_id)
    mine = found is not None and state.major_of(nation) in found.powers
    return (found.name or found.id) if mine else quote(armada_id)


def place(board, place_id: str) -> str:
    """A zone, port or strait by name; a place not on the board as typed (quoted, escaped)."""
    known = board.is_zone(place_id) or board.is_port(place_id) or place_id in getattr(board, "straits", {})
    return board.name_of(place_id) if known else quote(place_id)
