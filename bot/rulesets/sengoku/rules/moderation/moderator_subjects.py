"""What a moderator edit concerns, for filtering the audit log by clan or unit."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.rulesets.sengoku.rules.model.model import SengokuState


def edit_subjects(before: SengokuState, after: SengokuState, edit: BaseModel) -> list[str]:
    """The ids the edit names (clans, units, characters, armies, ports, areas) that exist before or after
    it, with the clan that owns each unit, character and army: "mori" finds an edit of a Mōri squadron."""
    named = set(_strings(edit.model_dump(mode="json", exclude={"kind", "reason"}))) | _new_ids(before, after)
    found: set[str] = set()
    for state in (before, after):
        for table in (state.squadrons, state.fleets, state.heavy):
            for unit_id in named & set(table):
                found |= {unit_id, table[unit_id].owner}
        for char_id in named & set(state.characters):
            found |= {char_id, state.characters[char_id].clan}
        for army_id in named & set(state.armies):
            found |= {army_id, state.armies[army_id].clan}
        found |= named & (set(state.clans) | set(state.ports) | set(state.area_owner))
    return sorted(found)


def _new_ids(before: SengokuState, after: SengokuState) -> set[str]:
    """Ids an edit made up (a unit, character or army added without an id)."""
    tables = ("squadrons", "fleets", "heavy", "characters", "armies")
    return {key for t in tables for key in set(getattr(after, t)) ^ set(getattr(before, t))}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value.strip()]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []
