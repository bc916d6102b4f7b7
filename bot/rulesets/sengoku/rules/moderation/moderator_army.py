"""Moderator edits of armies: create, replace, remove (S12.2 land references, S3.7.2)."""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import (
    Army,
    CharacterStatus,
    Clan,
    LandDetachment,
    SengokuState,
)
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import (
    ArmyRemove,
    ArmySet,
    DetachmentSpec,
    _area_name,
    _check_name,
    _clan,
    _clan_name,
    _fold,
    _province,
    _slug,
    _unknown,
)
from bot.rulesets.sengoku.rules.landing.sealift import FLEET_CAPACITY


ARMY_NAME_LIMIT = 80

# A figure count below 0, by the figures' kind (an English sentence each, for the catalogues).
NEGATIVE = {"infantry": N_("detachment {detachment}: {count} infantry figures; a figure count cannot be negative "
                           "(give 0 or more)"),
            "cavalry": N_("detachment {detachment}: {count} cavalry figures; a figure count cannot be negative "
                          "(give 0 or more)")}
STATUS_WORDS = {"captured": N_("captured"), "dead": N_("dead"), "free": N_("free")}  # CharacterStatus values

def _army_set(state: SengokuState, gamemap: GameMap, edit: ArmySet) -> str:
    clan = _clan(state, edit.clan, "clan")
    name = edit.name.strip()
    if not name:
        raise OrderRejected(N_("an army needs a name, e.g. 'Kōno Vanguard'"))
    area = _province(gamemap, edit.area, N_("an army stands in a province"))
    army_id = (edit.id or "").strip() or _army_id_for(state, clan.id, name)
    _check_name(name, "army", clan.name, {a.id: a.name for a in state.armies.values()
                                          if a.clan == clan.id and a.id != army_id}, limit=ARMY_NAME_LIMIT)
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
        raise _unknown("character", char_id, free, Phrase(N_("free characters of {clan}"), clan=clan.name))
    if character.clan != clan.id:
        raise OrderRejected(N_("leader: {leader} is a character of {other}, not of {clan}; an army is led by a "
                               "character of its own clan, or by none"), leader=character.name,
                            other=_clan_name(state, character.clan), clan=clan.name)
    if character.status is not CharacterStatus.FREE:
        raise OrderRejected(N_("leader: {leader} is {status}; only a free character leads an army (leave the leader "
                               "out for a leaderless army)"), leader=character.name,
                            status=Phrase(STATUS_WORDS.get(character.status.value, character.status.value)))
    other = next((a for a in sorted(state.armies.values(), key=lambda a: a.id)
                  if a.leader == char_id and a.id != army_id), None)
    if other is not None:
        raise OrderRejected(N_("leader: {leader} already leads {army} (`{id}`); give that army another leader (or "
                               "none) first"), leader=character.name, army=other.name, id=other.id)
    return char_id


def _detachments(specs: list[DetachmentSpec], old: Army | None) -> list[LandDetachment]:
    """The detachments as given; one that keeps its id keeps its castle-barred losses (S3.8.6, S3.9)."""
    if not specs:
        raise OrderRejected(N_("an army needs at least one detachment, e.g. ashigaru with 18 infantry; to take an "
                               "army off the map, remove it"))
    before = {d.id: d for d in old.detachments} if old else {}
    seen: set[str] = set()
    result = []
    for spec in specs:
        det_id = spec.id.strip()
        if not det_id:
            raise OrderRejected(N_("every detachment needs a name (its id), e.g. 'ashigaru'"))
        if det_id in seen:
            raise OrderRejected(N_("detachment {detachment} is listed twice; give each detachment of the army its own "
                                   "name"), detachment=det_id)
        seen.add(det_id)
        for word, count in (("infantry", spec.infantry), ("cavalry", spec.cavalry)):
            if count < 0:
                raise OrderRejected(NEGATIVE[word], detachment=det_id, count=count)
        if spec.infantry + spec.cavalry == 0:
            raise OrderRejected(N_("detachment {detachment} has no figures; give it infantry or cavalry figures, or "
                                   "leave it out"), detachment=det_id)
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

