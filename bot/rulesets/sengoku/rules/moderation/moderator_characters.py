"""Moderator edits of characters, the generals and commanders who lead squadrons
(S9.2, S9.3, S9.4, S12.2 Character): add, correct, remove.

Rank is the character's kind (general or commander, S12.1).  Whether a leader
is a veteran (S9.2.3: +1, a novice −1) is computed from naval events of earlier
turns, so ``veteran`` adds one such event on the turn before, or clears them.
A character who stops being free, changes clan or is removed stops leading
what they led, and the moderator is told.
"""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, escape
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import (
    Character,
    CharacterStatus,
    NavalEvent,
    SengokuState,
    UnitState,
)
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import (
    CharacterAdd,
    CharacterEdit,
    CharacterRemove,
    _check_name,
    _clan,
    _clan_name,
    _slug,
    _unknown,
)

FIELDS = ("name", "clan", "rank", "status", "captor", "wounds", "victories", "academy_naval_art", "veteran")

NO_NAME = N_("name: a character needs a name, e.g. 'Kikkawa Motoharu'")

def _character_add(state: SengokuState, gamemap: GameMap, edit: CharacterAdd) -> str:
    clan = _clan(state, edit.clan, "clan")
    name = edit.name.strip()
    if not name:
        raise OrderRejected(NO_NAME)
    _check_name(name, "character", clan.name, _characters_of(state, clan.id))
    char_id = (edit.id or "").strip() or _new_id(state, name)
    if char_id in state.characters:
        raise OrderRejected(N_("id: {id} is already {character}; give another id, or correct that character with a "
                               "commander edit"), id=char_id, character=state.characters[char_id].name)
    character = Character(id=char_id, name=name, clan=clan.id, kind=edit.rank)
    changes = {f: getattr(edit, f) for f in ("wounds", "victories", "academy_naval_art", "veteran")}
    _settle(state, character, changes)
    state.characters[char_id] = character
    return f"{_title(state, character)} added: {_facts(state, character)}."


def _character_edit(state: SengokuState, gamemap: GameMap, edit: CharacterEdit) -> str:
    character = _find(state, edit.id)
    changes = {f: getattr(edit, f) for f in FIELDS if f in edit.model_fields_set}
    if not changes:
        raise OrderRejected(N_("nothing to change for {character}: give one of {fields}"), character=character.name,
                            fields=", ".join(FIELDS))
    before = _facts(state, character)
    _settle(state, character, changes)
    if changes.keys() & {"name", "clan"}:
        _check_name(character.name, "character", _clan_name(state, character.clan),
                    _characters_of(state, character.clan, character.id))
    notes = _released(state, character)
    after = _facts(state, character)
    change = "unchanged" if before == after else f"was {before}"
    return f"{_title(state, character)}: {after} ({change})." + notes


def _character_remove(state: SengokuState, gamemap: GameMap, edit: CharacterRemove) -> str:
    character = _find(state, edit.id)
    character.status = CharacterStatus.DEAD  # so that _released lets go of everything they led
    notes = _released(state, character)
    del state.characters[character.id]
    return f"{_title(state, character)} removed from the campaign." + notes


def _characters_of(state: SengokuState, clan: str, but: str | None = None) -> dict[str, str]:
    return {c.id: c.name for c in state.characters.values() if c.clan == clan and c.id != but}


def _find(state: SengokuState, char_id: str) -> Character:
    character = state.characters.get(char_id.strip())
    if character is None:
        known = {c.id: f"{c.name}, {_clan_name(state, c.clan)}" for c in state.characters.values()}
        raise _unknown("character", char_id, known)
    return character


def _settle(state: SengokuState, character: Character, changes: dict) -> None:
    for field in ("wounds", "victories"):
        value = changes.get(field)
        if field in changes and (value is None or value < 0):
            rule = "OP-46" if field == "wounds" else "S9.3.1"
            raise OrderRejected(N_("{field}: {value}; give 0 or more ({rule_id})"), field=field, value=value,
                                rule_id=rule)
    if "name" in changes:
        if not (changes["name"] or "").strip():
            raise OrderRejected(NO_NAME)
        character.name = changes["name"].strip()
    if "clan" in changes:
        character.clan = _clan(state, changes["clan"], "clan").id
    for field, attribute in (("rank", "kind"), ("wounds", "wounds"), ("victories", "victories"),
                             ("academy_naval_art", "academy_naval_art")):
        if changes.get(field) is not None:
            setattr(character, attribute, changes[field])
    if "status" in changes or "captor" in changes:
        _status(state, character, changes)
    if changes.get("veteran") is not None:
        earlier = [e for e in character.naval_events if e.turn < state.turn]
        if changes["veteran"] and not earlier:
            character.naval_events.append(NavalEvent(turn=state.turn - 1, kind="led_battle"))
        if not changes["veteran"]:
            character.naval_events = [e for e in character.naval_events if e.turn >= state.turn]


def _status(state: SengokuState, character: Character, changes: dict) -> None:
    status = changes.get("status") or character.status
    captor = changes.get("captor", character.captor if status is CharacterStatus.CAPTURED else None)
    if status is CharacterStatus.CAPTURED:
        if not captor:
            raise OrderRejected(N_("captor: a captured character is held by a clan (S9.4); give the captor clan"))
        held_by = _clan(state, captor, "captor")
        if held_by.id == character.clan:
            raise OrderRejected(N_("captor: {clan} is {character}'s own clan; a captor is another clan"),
                                clan=held_by.name, character=character.name)
        character.captor = held_by.id
    elif captor:
        raise OrderRejected(N_("captor: only a captured character has a captor; set the status to captured too, or "
                               "leave the captor out"))
    else:
        character.captor = None
    character.status = status


def _released(state: SengokuState, character: Character) -> str:
    """A character who is not free, or not of the unit's clan, leads nothing (S9.2, OP-44 d)."""
    notes = []
    for squadron in sorted(state.squadrons.values(), key=lambda s: s.id):
        if squadron.leader == character.id and (character.status is not CharacterStatus.FREE
                                                or squadron.owner != character.clan):
            squadron.leader = None
            if squadron.state in (UnitState.ACTIVE, UnitState.MOTHBALLED):
                notes.append(f"Squadron {squadron.name} is without a leader now.")
    for army in sorted(state.armies.values(), key=lambda a: a.id):
        if army.leader == character.id and (character.status is not CharacterStatus.FREE
                                            or army.clan != character.clan):
            army.leader = None
            notes.append(f"Army {army.name} is without a leader now.")
    return "".join(f" {n}" for n in notes)


def _title(state: SengokuState, character: Character) -> str:
    return f"{character.kind.value.capitalize()} {escape(character.name)} (`{character.id}`) of " \
           f"{_clan_name(state, character.clan)}"


def _facts(state: SengokuState, character: Character) -> str:
    status = character.status.value
    if character.status is CharacterStatus.CAPTURED:
        status += f" by {_clan_name(state, character.captor)}"
    veteran = "veteran (+1, S9.2.3)" if character.is_veteran(state.turn) else "novice (−1, S9.2.2)"
    art = "naval art active" if character.art_active() else "no naval art"
    academy = ", academy-trained" if character.academy_naval_art else ""
    return (f"{character.kind.value}, {status}, {veteran}, {character.wounds} wound"
            f"{'s' if character.wounds != 1 else ''}, {character.victories} victor"
            f"{'y' if character.victories == 1 else 'ies'}{academy}, {art} (S9.3.1)")


def _new_id(state: SengokuState, name: str) -> str:
    base = _slug(name) or "character"
    char_id, n = base, 2
    while char_id in state.characters:
        char_id, n = f"{base}-{n}", n + 1
    return char_id
