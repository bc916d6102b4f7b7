"""Moderator inputs between turns: the facts the naval rules read but never make.

The source leaves them to the land and economy modules or to the moderator:

* armies and their land detachments (S12.2 "Land references", S3.7.2: a
  cavalry figure weighs 2 at sea);
* the stormy-weather declaration of the turn (S3.9, OP-17 d: ``state.storm``);
* the diplomacy matrix (OP-48: at war, allied, neutral);
* who owns each province and port (S12.2: a port is its province's owner's);
* the land troops guarding a port (S8.8.4, OP-42 e);
* each clan's rice and development points (S12.2, S8.4.6: what a capture
  credit costs);
* units and characters: added, corrected (a moderator's override of what a
  resolution produced, with a reason) or removed (moderator_units.py,
  moderator_characters.py).

One model per edit, told apart by ``kind``.  ``apply_edit`` checks an edit
against the map and the state and returns a new state and a sentence for the
moderator, or raises OrderRejected saying what is wrong and what would be
right.  Pure: the state given is never changed.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.domain.gamemap import GameMap
from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import (
    PortState,
    Relation,
    RelationEntry,
    SengokuState,
)
from bot.rulesets.sengoku.rules.moderation.moderator_army import _army_remove, _army_set
from bot.rulesets.sengoku.rules.moderation.moderator_units import _unit_add, _unit_edit, _unit_remove
from bot.rulesets.sengoku.rules.moderation.moderator_characters import _character_add, _character_edit, _character_remove
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import (
    EDIT_KINDS,
    ArmyRemove,
    ArmySet,
    CharacterAdd,
    CharacterEdit,
    CharacterRemove,
    DetachmentSpec,
    PortEdit,
    ProvinceOwner,
    RelationSet,
    Treasury,
    UnitAdd,
    UnitEdit,
    UnitRemove,
    Weather,
    _clan,
    _clan_name,
    _province,
    _unknown,
    parse_edit,
)

__all__ = ["EDIT_KINDS", "ArmyRemove", "ArmySet", "CharacterAdd", "CharacterEdit", "CharacterRemove",
           "DetachmentSpec", "PortEdit", "ProvinceOwner", "RelationSet", "Treasury", "UnitAdd", "UnitEdit",
           "UnitRemove", "Weather", "apply_edit", "parse_edit"]


def apply_edit(state: SengokuState, gamemap: GameMap, edit: BaseModel) -> tuple[SengokuState, str]:
    """(new state, what changed); raises OrderRejected and leaves ``state`` as it was."""
    handler = _HANDLERS.get(type(edit))
    if handler is None:
        raise OrderRejected(f"not a moderator edit: {type(edit).__name__}; edits: {', '.join(EDIT_KINDS)}")
    new = state.model_copy(deep=True)
    description = handler(new, gamemap, edit)
    return new, description


# Weather (S3.9, OP-17 d)

def _weather(state: SengokuState, gamemap: GameMap, edit: Weather) -> str:
    unchanged = " (unchanged)" if state.storm == edit.storm else ""
    state.storm = edit.storm
    if edit.storm:
        return (f"Stormy weather is declared{unchanged} (S3.9, OP-17 d): every landing and evacuation rolls a d6 "
                f"as it starts and is caught on a 1, each detachment aboard losing d6−1 figures that castles do "
                f"not make good. It stays declared until a moderator sets fair weather.")
    return f"Fair weather{unchanged}: no storm rolls for landings and evacuations (S3.9) until storms are declared."


# Diplomacy (OP-48)

def _relation(state: SengokuState, gamemap: GameMap, edit: RelationSet) -> str:
    a = _clan(state, edit.a)
    b = _clan(state, edit.b)
    if a.id == b.id:
        raise OrderRejected(N_("{clan} is named twice: a clan's relation to itself is fixed (its own units are "
                               "friendly, OP-48); name two different clans"), clan=a.name)
    old = state.relation(a.id, b.id)
    state.relations = [r for r in state.relations if {r.a, r.b} != {a.id, b.id}]
    state.relations.append(RelationEntry(a=a.id, b=b.id, relation=edit.relation))
    change = "unchanged" if old is edit.relation else f"was {_relation_words(old)}"
    return (f"{a.name} and {b.name} are now {_relation_words(edit.relation)} ({change}; OP-48: at war = enemy, "
            f"allied = friendly).")


def _relation_words(relation: Relation) -> str:
    return {Relation.AT_WAR: "at war", Relation.ALLIED: "allied", Relation.NEUTRAL: "neutral"}[relation]


# Ownership (S12.2)

def _province_owner(state: SengokuState, gamemap: GameMap, edit: ProvinceOwner) -> str:
    area = _province(gamemap, edit.area, N_("only provinces have owners"))
    clan = _clan(state, edit.clan, "clan") if edit.clan is not None else None
    old = state.area_owner.get(area)
    holders_before = _port_holders(state)
    if clan is None:
        state.area_owner.pop(area, None)
    else:
        state.area_owner[area] = clan.id
    moved = []
    for port in sorted(gamemap.ports.values(), key=lambda p: p.id):
        if port.area != area:
            continue
        port_state = state.ports.setdefault(port.id, PortState(id=port.id, owner=old))
        if port_state.owner == old and old != (clan.id if clan else None):
            port_state.owner = clan.id if clan else None
            moved.append(port.name)
    name = gamemap.areas[area].name
    text = (f"{name} now belongs to {clan.name if clan else 'nobody'} "
            f"({'unchanged' if old == (clan.id if clan else None) else f'was {_clan_name(state, old)}'}).")
    if moved:
        text += (f" Its port {', '.join(moved)} passes with it (S12.2: a port is its province's owner's); "
                 f"set a port apart with a port edit.")
    return text + _last_port_note(state, holders_before)


def _port(state: SengokuState, gamemap: GameMap, edit: PortEdit) -> str:
    port_id = edit.port.strip()
    if port_id not in gamemap.ports:
        raise _unknown("port", edit.port, {p.id: p.name for p in gamemap.ports.values()})
    given = edit.model_fields_set - {"kind", "port"}
    if not given:
        raise OrderRejected(N_("nothing to change at {port}: give an owner, a land guard or its cavalry"),
                            port=gamemap.ports[port_id].name)
    holders_before = _port_holders(state)
    port = state.ports.get(port_id) or PortState(id=port_id, owner=state.area_owner.get(gamemap.ports[port_id].area))
    owner = port.owner
    if "owner" in given:
        owner = _clan(state, edit.owner, "owner").id if edit.owner is not None else None
    guard = port.land_guard if edit.land_guard is None else edit.land_guard
    cavalry = port.land_guard_cavalry if edit.land_guard_cavalry is None else edit.land_guard_cavalry
    for word, count in (("land_guard", guard), ("land_guard_cavalry", cavalry)):
        if count < 0:
            raise OrderRejected(N_("{field}: {count}; a figure count cannot be negative (give 0 or more)"), field=word,
                                count=count)
    if cavalry > guard:
        raise OrderRejected(N_("land_guard_cavalry: {cavalry} cavalry among {guard} guard figures; the cavalry are "
                               "counted among the land guard's figures (OP-42 e), so give at most {guard}, or raise "
                               "the land guard"), cavalry=cavalry, guard=guard)
    changes = []
    if owner != port.owner:
        changes.append(f"owner {_clan_name(state, port.owner)} → {_clan_name(state, owner)}")
    if (guard, cavalry) != (port.land_guard, port.land_guard_cavalry):
        changes.append(f"land guard {_guard(port.land_guard, port.land_guard_cavalry)} → {_guard(guard, cavalry)}")
    state.ports[port_id] = port.model_copy(update={"owner": owner, "land_guard": guard,
                                                   "land_guard_cavalry": cavalry})
    info = gamemap.ports[port_id]
    text = f"Port {info.name} ({gamemap.areas[info.area].name}): {'; '.join(changes) or 'unchanged'}."
    province_owner = state.area_owner.get(info.area)
    if owner != province_owner:
        text += f" (The province belongs to {_clan_name(state, province_owner)}.)"
    if port.destroyed:
        text += " The port is destroyed (S8.8.2)."
    if guard:
        text += " A port attack needs twofold superiority over the guard (S8.8.4)."
    return text + _last_port_note(state, holders_before)


def _guard(figures: int, cavalry: int) -> str:
    return f"{figures} figures" + (f" ({cavalry} cavalry)" if cavalry else "") if figures else "none"


def _port_holders(state: SengokuState) -> set[str]:
    return {p.owner for p in state.ports.values() if p.owner is not None and not p.destroyed}


def _last_port_note(state: SengokuState, before: set[str]) -> str:
    lost = sorted(before - _port_holders(state))
    if not lost:
        return ""
    names = ", ".join(_clan_name(state, c) for c in lost)
    return f" {names} now hold{'s' if len(lost) == 1 else ''} no standing port: S2.6 applies at the next resolution."


# Treasury (S12.2, S8.4.6)

def _treasury(state: SengokuState, gamemap: GameMap, edit: Treasury) -> str:
    clan = _clan(state, edit.clan, "clan")
    if edit.rice is None and edit.development is None:
        raise OrderRejected(N_("nothing to change for {clan}: give rice points, development points, or both"),
                            clan=clan.name)
    for word, value in (("rice", edit.rice), ("development", edit.development)):
        if value is not None and value < 0:
            raise OrderRejected(N_("rice: {value}; a clan's rice points cannot be negative (give 0 or more)")
                                if word == "rice" else
                                N_("development: {value}; a clan's development points cannot be negative (give 0 or "
                                   "more)"), value=value)
    rice = clan.rice if edit.rice is None else edit.rice
    development = clan.development if edit.development is None else edit.development
    parts = [_points("rice", clan.rice, rice, "RP"), _points("development", clan.development, development, "DP")]
    state.clans[clan.id] = clan.model_copy(update={"rice": rice, "development": development})
    can = min(development, rice // 3)
    enough = f"enough for {can} credit{'s' if can != 1 else ''}" if can else "not enough for one"
    return f"{clan.name}: {', '.join(parts)}. Redeeming a capture credit costs 1 DP + 3 RP (S8.4.6): {enough}."


def _points(word: str, before: int, after: int, unit: str) -> str:
    return f"{word} {after} {unit}" + (" (unchanged)" if before == after else f" (was {before})")


_HANDLERS = {ArmySet: _army_set, ArmyRemove: _army_remove, Weather: _weather, RelationSet: _relation,
             ProvinceOwner: _province_owner, PortEdit: _port, Treasury: _treasury,
             UnitAdd: _unit_add, UnitEdit: _unit_edit, UnitRemove: _unit_remove,
             CharacterAdd: _character_add, CharacterEdit: _character_edit, CharacterRemove: _character_remove}
