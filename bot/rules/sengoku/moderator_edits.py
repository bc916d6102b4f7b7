"""Moderator inputs between turns: the facts the naval rules read but never make.

The source leaves them to the land and economy modules or to the moderator:

* armies and their land detachments (S12.2 "Land references", S3.7.2: a
  cavalry figure weighs 2 at sea);
* the stormy-weather declaration of the turn (S3.9, OP-17 d: ``state.storm``);
* the diplomacy matrix (OP-48: at war, allied, neutral);
* who owns each province and port (S12.2: a port is its province's owner's);
* the land troops guarding a port (S8.8.4, OP-42 e);
* each clan's rice and development points (S12.2, S8.4.6: what a capture
  credit costs).

One model per edit, told apart by ``kind``.  ``apply_edit`` checks an edit
against the map and the state and returns a new state and a sentence for the
moderator, or raises OrderRejected saying what is wrong and what would be
right.  Pure: the state given is never changed.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import OrderRejected
from bot.rules.sengoku.model import (
    Army,
    CharacterStatus,
    Clan,
    LandDetachment,
    PortState,
    Relation,
    RelationEntry,
    SengokuState,
)

FLEET_CAPACITY = 50  # S3.7.2: figures one trade fleet carries, a cavalry figure counting 2


class _Edit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DetachmentSpec(_Edit):
    """A land detachment as the moderator enters it (S12.2 LandDetachment)."""

    id: str
    infantry: int = 0
    cavalry: int = 0


class ArmySet(_Edit):
    """Create an army or replace one (same id): its clan, province, leader and detachments."""

    kind: Literal["army_set"] = "army_set"
    id: str | None = Field(None, description="None: the clan's army of this name if there is one, "
                                             "else a new id made from the clan and the name")
    name: str
    clan: str
    area: str
    leader: str | None = None
    detachments: list[DetachmentSpec]


class ArmyRemove(_Edit):
    kind: Literal["army_remove"] = "army_remove"
    id: str


class Weather(_Edit):
    """S3.9, OP-17 (d): stormy weather declared for the turn, or not."""

    kind: Literal["weather"] = "weather"
    storm: bool


class RelationSet(_Edit):
    """OP-48: one pair of the diplomacy matrix."""

    kind: Literal["relation"] = "relation"
    a: str
    b: str
    relation: Relation


class ProvinceOwner(_Edit):
    """Who holds a province (``None``: nobody); its ports that were the old owner's follow it (S12.2)."""

    kind: Literal["province_owner"] = "province_owner"
    area: str
    clan: str | None


class PortEdit(_Edit):
    """A port's owner and land guard; a field left out stays as it is (``owner: null``: nobody)."""

    kind: Literal["port"] = "port"
    port: str
    owner: str | None = None
    land_guard: int | None = None
    land_guard_cavalry: int | None = None


class Treasury(_Edit):
    """A clan's rice (RP) and development (DP) points; a field left out stays as it is."""

    kind: Literal["treasury"] = "treasury"
    clan: str
    rice: int | None = None
    development: int | None = None


EDIT_MODELS = (ArmySet, ArmyRemove, Weather, RelationSet, ProvinceOwner, PortEdit, Treasury)
ModeratorEdit = Annotated[Union[EDIT_MODELS], Field(discriminator="kind")]
EDIT_ADAPTER: TypeAdapter = TypeAdapter(ModeratorEdit)
EDIT_KINDS = tuple(m.model_fields["kind"].default for m in EDIT_MODELS)


def parse_edit(payload: dict[str, Any]) -> BaseModel:
    """Payload → edit; pydantic's errors become one message naming each bad field."""
    if not isinstance(payload, dict) or payload.get("kind") not in EDIT_KINDS:
        kind = payload.get("kind") if isinstance(payload, dict) else None
        raise OrderRejected(f"unknown moderator edit {kind!r}; edits: {', '.join(EDIT_KINDS)}")
    try:
        return EDIT_ADAPTER.validate_python(payload)
    except ValidationError as exc:
        problems = [f"{'.'.join(str(p) for p in err['loc'][1:]) or 'edit'}: {err['msg']}" for err in exc.errors()]
        raise OrderRejected(f"{payload['kind']}: " + "; ".join(problems)) from None


def apply_edit(state: SengokuState, gamemap: GameMap, edit: BaseModel) -> tuple[SengokuState, str]:
    """(new state, what changed); raises OrderRejected and leaves ``state`` as it was."""
    handler = _HANDLERS.get(type(edit))
    if handler is None:
        raise OrderRejected(f"not a moderator edit: {type(edit).__name__}; edits: {', '.join(EDIT_KINDS)}")
    new = state.model_copy(deep=True)
    description = handler(new, gamemap, edit)
    return new, description


# Armies (S12.2 "Land references", S3.7.2)

def _army_set(state: SengokuState, gamemap: GameMap, edit: ArmySet) -> str:
    clan = _clan(state, edit.clan, "clan")
    name = edit.name.strip()
    if not name:
        raise OrderRejected("an army needs a name, e.g. 'Kōno Vanguard'")
    area = _province(gamemap, edit.area, "an army stands in a province")
    army_id = (edit.id or "").strip() or _army_id_for(state, clan.id, name)
    old = state.armies.get(army_id)
    leader = _leader(state, edit.leader.strip(), clan, army_id) if edit.leader and edit.leader.strip() else None
    detachments = _detachments(edit.detachments, old)
    army = Army(id=army_id, name=name, clan=clan.id, leader=leader, area=area, detachments=detachments,
                flags=list(old.flags) if old else [])
    state.armies[army_id] = army
    led = f", led by {state.characters[leader].name}" if leader else ", without a leader"
    head = (f"Army {name} (`{army_id}`) of {clan.name} {'replaced' if old else 'created'} in "
            f"{gamemap.areas[area].name}{led}: {_strength(army)}.")
    notes = []
    if old:
        notes.append(f"It was {old.name} of {_clan_name(state, old.clan)} in {_area_name(gamemap, old.area)}: "
                     f"{_strength(old, short=True)}.")
        kept = [d.id for d in detachments if d.non_replaceable_losses or d.castle_refill_barred]
        if kept:
            notes.append(f"Detachments {', '.join(kept)} keep their losses that castles do not make good "
                         f"(S3.8.6, S3.9).")
        if old.flags:
            notes.append(f"It keeps its state: {', '.join(f.value.replace('_', ' ') for f in old.flags)} (R12).")
    return " ".join([head, *notes])


def _army_remove(state: SengokuState, gamemap: GameMap, edit: ArmyRemove) -> str:
    army = state.armies.get(edit.id.strip())
    if army is None:
        known = {a.id: f"{a.name}, {_clan_name(state, a.clan)}" for a in state.armies.values()}
        raise _unknown("army", edit.id, known)
    del state.armies[army.id]
    text = (f"Army {army.name} (`{army.id}`) of {_clan_name(state, army.clan)} removed from "
            f"{_area_name(gamemap, army.area)} ({_strength(army, short=True)}).")
    waiting = sorted(lead for lead, entry in state.pending_landings.items()
                     if (entry.get("order") or {}).get("army") == army.id)
    if waiting:
        fleets = ", ".join(state.fleets[f].name if f in state.fleets else f for f in waiting)
        text += (f" A prepared landing led by {fleets} was waiting to carry it (OP-14): it will not sail "
                 f"and its fleets go home when it is fired.")
    return text


def _army_id_for(state: SengokuState, clan: str, name: str) -> str:
    """The clan's army of that name, else a new id from the clan and the name."""
    same = sorted(a.id for a in state.armies.values() if a.clan == clan and _fold(a.name) == _fold(name))
    if same:
        return same[0]
    base = f"{clan}-{_slug(name) or 'army'}"
    army_id, n = base, 2
    while army_id in state.armies:
        army_id, n = f"{base}-{n}", n + 1
    return army_id


def _leader(state: SengokuState, char_id: str, clan: Clan, army_id: str) -> str:
    character = state.characters.get(char_id)
    if character is None:
        free = {c.id: c.name for c in state.characters.values()
                if c.clan == clan.id and c.status is CharacterStatus.FREE}
        raise _unknown("character", char_id, free, f"free characters of {clan.name}")
    if character.clan != clan.id:
        raise OrderRejected(f"leader: {character.name} is a character of {_clan_name(state, character.clan)}, "
                            f"not of {clan.name}; an army is led by a character of its own clan, or by none")
    if character.status is not CharacterStatus.FREE:
        raise OrderRejected(f"leader: {character.name} is {character.status.value}; only a free character leads "
                            f"an army (leave the leader out for a leaderless army)")
    other = next((a for a in sorted(state.armies.values(), key=lambda a: a.id)
                  if a.leader == char_id and a.id != army_id), None)
    if other is not None:
        raise OrderRejected(f"leader: {character.name} already leads {other.name} (`{other.id}`); give that army "
                            f"another leader (or none) first")
    return char_id


def _detachments(specs: list[DetachmentSpec], old: Army | None) -> list[LandDetachment]:
    """The detachments as given; one that keeps its id keeps its castle-barred losses (S3.8.6, S3.9)."""
    if not specs:
        raise OrderRejected("an army needs at least one detachment, e.g. ashigaru with 18 infantry; "
                            "to take an army off the map, remove it")
    before = {d.id: d for d in old.detachments} if old else {}
    seen: set[str] = set()
    result = []
    for spec in specs:
        det_id = spec.id.strip()
        if not det_id:
            raise OrderRejected("every detachment needs a name (its id), e.g. 'ashigaru'")
        if det_id in seen:
            raise OrderRejected(f"detachment {det_id} is listed twice; give each detachment of the army its own "
                                f"name")
        seen.add(det_id)
        for word, count in (("infantry", spec.infantry), ("cavalry", spec.cavalry)):
            if count < 0:
                raise OrderRejected(f"detachment {det_id}: {count} {word} figures; a figure count cannot be "
                                    f"negative (give 0 or more)")
        if spec.infantry + spec.cavalry == 0:
            raise OrderRejected(f"detachment {det_id} has no figures; give it infantry or cavalry figures, "
                                f"or leave it out")
        previous = before.get(det_id)
        result.append(LandDetachment(id=det_id, infantry=spec.infantry, cavalry=spec.cavalry,
                                     non_replaceable_losses=previous.non_replaceable_losses if previous else 0,
                                     castle_refill_barred=previous.castle_refill_barred if previous else False))
    return result


def _strength(army: Army, short: bool = False) -> str:
    parts = []
    for d in army.detachments:
        counts = [f"{n} {word}" for n, word in ((d.infantry, "inf."), (d.cavalry, "cav.")) if n]
        parts.append(f"{d.id} {' + '.join(counts) or 'no figures'}")
    figures = sum(d.figures for d in army.detachments)
    if short:
        return f"{', '.join(parts) or 'no detachments'} — {figures} figures"
    weight = sum(d.transport_weight for d in army.detachments)
    fleets = -(-weight // FLEET_CAPACITY)
    return (f"{', '.join(parts) or 'no detachments'} — {figures} figures, weighing {weight} at sea (cavalry "
            f"counts 2, S3.7.2): {fleets} trade fleet{'s' if fleets != 1 else ''} to carry it whole")


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
        raise OrderRejected(f"{a.name} is named twice: a clan's relation to itself is fixed (its own units are "
                            f"friendly, OP-48); name two different clans")
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
    area = _province(gamemap, edit.area, "only provinces have owners")
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
        raise OrderRejected(f"nothing to change at {gamemap.ports[port_id].name}: give an owner, a land guard "
                            f"or its cavalry")
    holders_before = _port_holders(state)
    port = state.ports.get(port_id) or PortState(id=port_id, owner=state.area_owner.get(gamemap.ports[port_id].area))
    owner = port.owner
    if "owner" in given:
        owner = _clan(state, edit.owner, "owner").id if edit.owner is not None else None
    guard = port.land_guard if edit.land_guard is None else edit.land_guard
    cavalry = port.land_guard_cavalry if edit.land_guard_cavalry is None else edit.land_guard_cavalry
    for word, count in (("land_guard", guard), ("land_guard_cavalry", cavalry)):
        if count < 0:
            raise OrderRejected(f"{word}: {count}; a figure count cannot be negative (give 0 or more)")
    if cavalry > guard:
        raise OrderRejected(f"land_guard_cavalry: {cavalry} cavalry among {guard} guard figures; the cavalry are "
                            f"counted among the land guard's figures (OP-42 e), so give at most {guard}, or raise "
                            f"the land guard")
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
        raise OrderRejected(f"nothing to change for {clan.name}: give rice points, development points, or both")
    for word, value in (("rice", edit.rice), ("development", edit.development)):
        if value is not None and value < 0:
            raise OrderRejected(f"{word}: {value}; a clan's {word} points cannot be negative (give 0 or more)")
    rice = clan.rice if edit.rice is None else edit.rice
    development = clan.development if edit.development is None else edit.development
    parts = [_points("rice", clan.rice, rice, "RP"), _points("development", clan.development, development, "DP")]
    state.clans[clan.id] = clan.model_copy(update={"rice": rice, "development": development})
    can = min(development, rice // 3)
    enough = f"enough for {can} credit{'s' if can != 1 else ''}" if can else "not enough for one"
    return f"{clan.name}: {', '.join(parts)}. Redeeming a capture credit costs 1 DP + 3 RP (S8.4.6): {enough}."


def _points(word: str, before: int, after: int, unit: str) -> str:
    return f"{word} {after} {unit}" + (" (unchanged)" if before == after else f" (was {before})")


# Lookups and messages

def _clan(state: SengokuState, clan_id: str | None, field: str | None = None) -> Clan:
    key = (clan_id or "").strip()
    if key in state.clans:
        return state.clans[key]
    raise _unknown("clan", clan_id or "", {c.id: c.name for c in state.clans.values()}, field=field)


def _province(gamemap: GameMap, area_id: str, why: str) -> str:
    key = area_id.strip()
    provinces = {a.id: a.name for a in gamemap.areas.values() if a.kind == "province"}
    if key in gamemap.areas and key not in provinces:
        raise OrderRejected(f"{gamemap.areas[key].name} ({key}) is a sea area; {why}")
    if key not in provinces:
        raise _unknown("province", area_id, provinces)
    return key


def _unknown(what: str, value: str, known: dict[str, str], listing: str | None = None,
             field: str | None = None) -> OrderRejected:
    """'unknown <what> 'x'' with the nearest ids or names, else the list (if short)."""
    label = f"{field}: " if field else ""
    listing = listing or (what[:-1] + "ies" if what.endswith("y") else what + "s")
    folded = {_fold(name): key for key, name in known.items()}
    close = difflib.get_close_matches(_fold(value), list(known) + list(folded), n=3, cutoff=0.6)
    hits = list(dict.fromkeys(folded.get(c, c) for c in close))
    if hits:
        hint = "did you mean " + " or ".join(f"{known[k]} ({k})" for k in hits) + "?"
    elif not known:
        hint = f"there are no {listing}"
    elif len(known) <= 30:
        hint = f"{listing}: " + ", ".join(f"{name} ({key})" for key, name in sorted(known.items()))
    else:
        hint = f"give the id of one of the {len(known)} {listing}"
    return OrderRejected(f"{label}unknown {what} {value!r}; {hint}")


def _clan_name(state: SengokuState, clan_id: str | None) -> str:
    if clan_id is None:
        return "nobody"
    return state.clans[clan_id].name if clan_id in state.clans else clan_id


def _area_name(gamemap: GameMap, area: str) -> str:
    return gamemap.areas[area].name if area in gamemap.areas else area


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", _fold(text)).strip("-")


_HANDLERS = {ArmySet: _army_set, ArmyRemove: _army_remove, Weather: _weather, RelationSet: _relation,
             ProvinceOwner: _province_owner, PortEdit: _port, Treasury: _treasury}
