"""Moderator edits of units: add, correct and remove squadrons, trade fleets and
heavy detachments (S12.2 entities).

A correction (``unit_edit``) is how a moderator overrides what a resolution
produced — restore a sunk unit, undo a capture, change damage, experience or
location — so it needs a reason, which the audit log keeps.  Each field is
checked against the rule that governs it (damage S8.4.3 / S3.2.5, experience
S9.1, basing S2.1–S2.5, heavy detachments S4.10, leaders S9.2 and OP-44 c),
and a refusal says what would be right.  The checks apply to the unit as the
edit leaves it, and only to facts the edit touches: a unit based abroad by
agreement (S2.4) can still have its damage corrected.
"""

from __future__ import annotations

from typing import Any

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase, escape
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import (
    HeavyDetachment,
    SengokuState,
    Squadron,
    TradeFleet,
    UnitState,
)
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import (
    UnitAdd,
    UnitEdit,
    UnitRemove,
    _area_name,
    _check_name,
    _clan,
    _clan_name,
    _slug,
    _unknown,
)
from bot.rulesets.sengoku.rules.moderation.moderator_unit_fields import CHECKS, HELD, NEEDS_NAME, STATE_WORDS, WORDS

TABLES = {"squadron": "squadrons", "trade_fleet": "fleets", "heavy_detachment": "heavy"}
MODELS = {"squadron": Squadron, "trade_fleet": TradeFleet, "heavy_detachment": HeavyDetachment}
EDITABLE = ("owner", "name", "state", "base_port", "location", "damage", "experience", "attached_to", "leader")


def find_unit(state: SengokuState, unit_id: str) -> tuple[str, Any]:
    """(kind, unit) for an id; refuses an unknown one with the nearest ids and names."""
    key = unit_id.strip()
    for kind, table in TABLES.items():
        if key in getattr(state, table):
            return kind, getattr(state, table)[key]
    raise _unknown("unit", unit_id, unit_names(state))


def unit_names(state: SengokuState) -> dict[str, str]:
    names = {}
    for kind, table in TABLES.items():
        for unit in getattr(state, table).values():
            names[unit.id] = f"{getattr(unit, 'name', unit.id)}, {_clan_name(state, unit.owner)} {WORDS[kind]}"
    return names


def _unit_add(state: SengokuState, gamemap: GameMap, edit: UnitAdd) -> str:
    owner = _clan(state, edit.owner, "owner")
    name = (edit.name or "").strip()
    if edit.unit_kind != "heavy_detachment" and not name:
        raise OrderRejected(NEEDS_NAME, kind=WORDS[edit.unit_kind])
    if name:
        _check_name(name, "unit", owner.name, _named_units(state, owner.id))
    unit_id = (edit.id or "").strip() or _new_id(state, (edit.attached_to or owner.id).strip(), name or "hd")
    if any(unit_id in getattr(state, t) for t in TABLES.values()):
        raise OrderRejected(N_("id: {id} is already the id of {unit}; give another id, or correct that unit with a "
                               "unit edit"), id=unit_id, unit=unit_names(state)[unit_id])
    fresh = {"id": unit_id, "owner": owner.id}
    if edit.unit_kind != "heavy_detachment":
        fresh["name"] = name
    unit = MODELS[edit.unit_kind].model_validate(fresh)
    changes = {f: getattr(edit, f) for f in EDITABLE if f in edit.model_fields_set and f not in ("owner", "name")}
    changes.setdefault("state", UnitState.ACTIVE)
    notes = _settle(state, gamemap, edit.unit_kind, unit, changes)
    getattr(state, TABLES[edit.unit_kind])[unit_id] = unit
    return f"{_title(state, edit.unit_kind, unit)} added: {_facts(state, gamemap, edit.unit_kind, unit)}." + notes


def _unit_edit(state: SengokuState, gamemap: GameMap, edit: UnitEdit) -> str:
    kind, unit = find_unit(state, edit.id)
    if not edit.reason.strip():
        raise OrderRejected(N_("reason: a unit correction needs a reason (e.g. 'battle of Iyo replayed: the loss roll "
                               "was misread'); it is kept in the audit log with the edit"))
    changes = {f: getattr(edit, f) for f in EDITABLE if f in edit.model_fields_set}
    if not changes:
        raise OrderRejected(f"nothing to change for {_title(state, kind, unit)}: give one of "
                            f"{', '.join(EDITABLE)}")
    before = unit.model_copy(deep=True)
    notes = _settle(state, gamemap, kind, unit, changes)
    if kind != "heavy_detachment" and changes.keys() & {"name", "owner"}:
        _check_name(unit.name, "unit", _clan_name(state, unit.owner), _named_units(state, unit.owner, unit.id))
    diff = [f"{field.replace('_', ' ')} {_shown(state, gamemap, field, getattr(before, field, None))} → "
            f"{_shown(state, gamemap, field, getattr(unit, field, None))}"
            for field in (*EDITABLE, "damaged") if getattr(before, field, None) != getattr(unit, field, None)]
    return f"{_title(state, kind, unit)}: {'; '.join(diff) or 'unchanged'}." + notes


def _named_units(state: SengokuState, clan: str, but: str | None = None) -> dict[str, str]:
    """The clan's squadrons and trade fleets in any state (id → name), but ``but``: moderators find them by name."""
    return {u.id: u.name for table in (state.squadrons, state.fleets) for u in table.values()
            if u.owner == clan and u.id != but}


def _unit_remove(state: SengokuState, gamemap: GameMap, edit: UnitRemove) -> str:
    kind, unit = find_unit(state, edit.id)
    del getattr(state, TABLES[kind])[unit.id]
    notes = ""
    for hd in sorted(state.heavy.values(), key=lambda h: h.id):
        if hd.attached_to == unit.id:
            hd.attached_to = None
            notes += f" Heavy detachment {hd.id} is detached and stays based at {_port(gamemap, hd.base_port)}."
    return f"{_title(state, kind, unit)} removed from the campaign ({_facts(state, gamemap, kind, unit)})." + notes


def _settle(state: SengokuState, gamemap: GameMap, kind: str, unit: Any, changes: dict[str, Any]) -> str:
    """Apply ``changes`` to ``unit`` (in ``state``) field by field, each checked; return notes for the moderator."""
    was = unit.model_copy(deep=True)
    for field, value in changes.items():
        CHECKS[field](state, gamemap, kind, unit, value)
    if kind != "heavy_detachment" and unit.location is None and unit.base_port in gamemap.ports \
            and unit.state is UnitState.ACTIVE:
        unit.location = gamemap.ports[unit.base_port].area
    _check_whole(state, gamemap, kind, unit, set(changes))
    return _consequences(state, gamemap, kind, was, unit)


def _check_whole(state: SengokuState, gamemap: GameMap, kind: str, unit: Any, touched: set[str]) -> None:
    """The rules the unit as a whole must meet, for the facts the edit touches."""
    owner = _clan_name(state, unit.owner)
    if kind != "trade_fleet" and unit.damage >= 5 and unit.state in HELD:
        raise OrderRejected(N_("damage: 5 means the {kind} is destroyed (S8.4.3, OP-35); give 0–4, or set its state "
                               "to destroyed"), kind=WORDS[kind])
    if kind == "heavy_detachment" and unit.attached_to and touched & {"attached_to", "owner", "state"}:
        squadron = state.squadrons[unit.attached_to]
        if squadron.owner != unit.owner or squadron.state not in HELD:
            raise OrderRejected(N_("attached_to: {unit} is {clan}'s and {state}; a heavy detachment joins an active "
                                   "squadron of its own clan ({owner}) (S4.10)"), unit=squadron.name,
                                clan=_clan_name(state, squadron.owner),
                                state=Phrase(STATE_WORDS.get(squadron.state.value, squadron.state.value)),
                                owner=owner)
        unit.base_port = squadron.base_port  # it shares its squadron's base (S4.10.6)
    if kind == "squadron" and unit.leader and touched & {"leader", "owner"}:
        character = state.characters[unit.leader]
        if character.clan != unit.owner:
            raise OrderRejected(N_("leader: {leader} is a character of {other}, not of {owner}; give a leader of "
                                   "{owner}, or none (S9.2)"), leader=character.name,
                                other=_clan_name(state, character.clan), owner=owner)
    if unit.state is UnitState.ACTIVE and touched & {"state", "base_port", "owner"}:
        _check_basing(state, gamemap, kind, unit, owner)
    if unit.state is UnitState.MOTHBALLED and touched & {"state", "location", "owner"}:
        coast = unit.location
        if coast is None or state.area_owner.get(coast) != unit.owner or not gamemap.areas[coast].coastal:
            raise OrderRejected(N_("location: a mothballed unit lies on the coast of a province of its owner (S2.5); "
                                   "give a coastal province of {owner}"), owner=owner)


def _check_basing(state: SengokuState, gamemap: GameMap, kind: str, unit: Any, owner: str) -> None:
    if kind == "heavy_detachment" and unit.attached_to:
        return
    if unit.base_port is None:
        raise OrderRejected(N_("base_port: an active {kind} needs a base port; a unit without one must be disbanded "
                               "or mothballed on its owner's coast (S2.5)"), kind=WORDS[kind])
    port = state.ports.get(unit.base_port)
    name = _port(gamemap, unit.base_port)
    if port is not None and port.destroyed:
        raise OrderRejected(N_("base_port: {port} is destroyed (S8.8.2); choose another base (S2.1)"), port=name)
    holder = port.owner if port else state.area_owner.get(gamemap.ports[unit.base_port].area)
    if holder != unit.owner:
        own = sorted(p.name for p in gamemap.ports.values() if state.port_owner(p.id) == unit.owner)
        raise OrderRejected(N_("base_port: {port} is {holder}'s, not {owner}'s; a unit is based at its own clan's port "
                               "(S2.1; abroad only by an agreement, S2.4). {owner}'s ports: {ports}; or give the port "
                               "to {owner} first with a port edit"), port=name, holder=_clan_name(state, holder),
                            owner=owner, ports=", ".join(own) or Phrase(N_("none")))


def _consequences(state: SengokuState, gamemap: GameMap, kind: str, was: Any, unit: Any) -> str:
    """What follows from the edit for the unit's squadron, heavy detachments, leader and credits."""
    notes = []
    if kind == "squadron":
        moved_off = unit.location != was.location and unit.station and unit.location != unit.station
        if unit.state not in HELD or moved_off:
            if unit.station or unit.standing:
                notes.append(f"Its standing cruise off {_area_name(gamemap, unit.station or '?')} ends (S4.3.4).")
            unit.station, unit.standing = None, None
        if unit.state not in HELD and unit.leader:
            notes.append(f"{state.characters[unit.leader].name} no longer leads it.")
            unit.leader = None
        for hd in sorted(state.hds_of(unit.id), key=lambda h: h.id):
            if unit.state not in HELD:
                hd.attached_to = None
                notes.append(f"Heavy detachment {hd.id} is detached and stays at {_port(gamemap, hd.base_port)}.")
            else:
                hd.owner, hd.base_port = unit.owner, unit.base_port  # an attached HD goes where its squadron goes
    if kind == "heavy_detachment" and unit.attached_to and unit.state not in HELD:
        notes.append(f"It is detached from {state.squadrons[unit.attached_to].name}.")
        unit.attached_to = None
    if was.state is UnitState.CAPTURED and unit.state in HELD:
        for credit in state.credits:
            if credit.id.endswith(f":{unit.id}") and not credit.void:
                credit.void = True
                notes.append(f"{_clan_name(state, credit.holder)}'s capture credit {credit.id} for it is void "
                             f"now (S8.4.6).")
    return "".join(f" {n}" for n in notes)


def _title(state: SengokuState, kind: str, unit: Any) -> str:
    word = WORDS[kind].capitalize()
    name = getattr(unit, "name", None)
    return f"{word} {escape(name)} (`{unit.id}`) of {_clan_name(state, unit.owner)}" if name else \
        f"{word} `{unit.id}` of {_clan_name(state, unit.owner)}"


def _facts(state: SengokuState, gamemap: GameMap, kind: str, unit: Any) -> str:
    parts = [unit.state.value, f"based at {_port(gamemap, unit.base_port)}"]
    if getattr(unit, "location", None):
        parts.append(f"in {_area_name(gamemap, unit.location)}")
    if kind == "trade_fleet":
        parts.append("damaged" if unit.damaged else "sound")
    else:
        parts.append(f"damage {unit.damage}")
    if kind == "squadron":
        parts.append(f"XP {unit.experience}")
        if unit.leader:
            parts.append(f"led by {state.characters[unit.leader].name}")
    if kind == "heavy_detachment" and unit.attached_to:
        parts.append(f"attached to {state.squadrons[unit.attached_to].name}")
    return ", ".join(parts)


def _shown(state: SengokuState, gamemap: GameMap, field: str, value: Any) -> str:
    if value is None:
        return "none"
    if field == "owner":
        return _clan_name(state, value)
    if field == "base_port":
        return _port(gamemap, value)
    if field == "location":
        return _area_name(gamemap, value)
    if field == "leader":
        return state.characters[value].name if value in state.characters else value
    if field == "attached_to":
        return state.squadrons[value].name if value in state.squadrons else value
    raw = getattr(value, "value", value)
    return str(raw).lower() if isinstance(raw, bool) else escape(str(raw))  # a name, as typed


def _port(gamemap: GameMap, port_id: str | None) -> str:
    return gamemap.ports[port_id].name if port_id in gamemap.ports else (port_id or "no port")


def _new_id(state: SengokuState, prefix: str, name: str) -> str:
    """``<clan>-<name>``; a heavy detachment's: ``<its squadron>-hd``."""
    base = f"{_slug(prefix)}-{_slug(name) or 'unit'}"
    taken = {u for t in TABLES.values() for u in getattr(state, t)}
    unit_id, n = base, 2
    while unit_id in taken:
        unit_id, n = f"{base}-{n}", n + 1
    return unit_id
