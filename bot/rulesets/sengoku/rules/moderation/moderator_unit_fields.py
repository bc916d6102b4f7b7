"""One check per field of a unit edit: each refuses a value its rule forbids,
naming the rule and what would be right, and else sets the field on the unit
(a copy inside the edit's new state).  What the unit as a whole must meet is
checked afterwards (moderator_units.py)."""

from __future__ import annotations

from bot.domain.text import N_, Phrase
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, UnitState
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import _clan, _unknown

# A unit's kind as a word (a Phrase: worded for the reader inside a refusal, English elsewhere).
WORDS = {"squadron": Phrase(N_("squadron")), "trade_fleet": Phrase(N_("trade fleet")),
         "heavy_detachment": Phrase(N_("heavy detachment"))}
STATUS_WORDS = {"captured": N_("captured"), "dead": N_("dead"), "free": N_("free")}  # CharacterStatus values
STATE_WORDS = {"active": N_("active"), "mothballed": N_("mothballed"), "disbanded": N_("disbanded"),
               "destroyed": N_("destroyed"), "captured": N_("captured"), "lost": N_("lost")}  # UnitState values
HELD = (UnitState.ACTIVE, UnitState.MOTHBALLED)
NEEDS_NAME = N_("name: a {kind} needs a name, e.g. 'Kobayakawa-2'")


def _owner(state, gamemap, kind, unit, value) -> None:
    unit.owner = _clan(state, value, "owner").id


def _name(state, gamemap, kind, unit, value) -> None:
    if kind == "heavy_detachment":
        raise OrderRejected(N_("name: a heavy detachment has no name of its own, only its id (S12.2)"))
    if not (value or "").strip():
        raise OrderRejected(NEEDS_NAME, kind=WORDS[kind])
    unit.name = value.strip()


def _state(state, gamemap, kind, unit, value) -> None:
    if value is None:
        raise OrderRejected(N_("state: give one of {states}"), states=", ".join(s.value for s in UnitState))
    unit.state = UnitState(value)


def _base_port(state, gamemap, kind, unit, value) -> None:
    if value is not None and value.strip() not in gamemap.ports:
        raise _unknown("port", value, {p.id: p.name for p in gamemap.ports.values()}, field="base_port")
    unit.base_port = value.strip() if value else None


def _location(state, gamemap, kind, unit, value) -> None:
    key = (value or "").strip()
    if value is not None and key not in gamemap.areas:
        raise _unknown("area", value, {a.id: a.name for a in gamemap.areas.values() if a.coastal}, field="location")
    if value is not None and not gamemap.areas[key].coastal:
        raise OrderRejected(N_("location: {area} has no coast; ships lie off a coastal province (S5.3)"),
                            area=gamemap.areas[key].name)
    unit.location = key or None


def _damage(state, gamemap, kind, unit, value) -> None:
    if value is None:
        raise OrderRejected(N_("damage: give a number (0 for none)"))
    if kind == "trade_fleet":
        if value not in (0, 1):
            raise OrderRejected(N_("damage: {value}; a trade fleet is damaged or not (S3.2.5): give 0 (sound) or 1 "
                                   "(damaged)"), value=value)
        unit.damaged = bool(value)
        return
    if not 0 <= value <= 5:
        raise OrderRejected(N_("damage: {value}; damage runs from 0 to 5, and a {kind} is destroyed on reaching 5 "
                               "(S8.4.3, OP-35)"), value=value, kind=WORDS[kind])
    unit.damage = value


def _experience(state, gamemap, kind, unit, value) -> None:
    if kind != "squadron":
        rule = "S4.10.5, S9.1.3" if kind == "heavy_detachment" else "S9.1: only war squadrons gain it"
        raise OrderRejected(N_("experience: a {kind} has no experience of its own ({rule_id})"), kind=WORDS[kind],
                            rule_id=rule)
    if value is None or not 0 <= value <= 2:
        raise OrderRejected(N_("experience: {value}; a squadron's experience runs from 0 to 2 (S9.1.2)"), value=value)
    unit.experience = value


def _attached_to(state, gamemap, kind, unit, value) -> None:
    if kind != "heavy_detachment":
        raise OrderRejected(N_("attached_to: only a heavy detachment is attached to a squadron (S4.10)"))
    if value is None:
        unit.attached_to = None
        return
    squadron = state.squadrons.get(value.strip())
    if squadron is None:
        raise _unknown("squadron", value, {s.id: s.name for s in state.squadrons.values()}, field="attached_to")
    unit.attached_to = squadron.id


def _leader(state, gamemap, kind, unit, value) -> None:
    if kind != "squadron":
        raise OrderRejected(N_("leader: only a war squadron is led by a general or commander (S9.2.1)"))
    if value is None:
        unit.leader = None
        return
    character = state.characters.get(value.strip())
    if character is None:
        raise _unknown("character", value, {c.id: c.name for c in state.characters.values()}, field="leader")
    if character.status is not CharacterStatus.FREE:
        raise OrderRejected(N_("leader: {leader} is {status}; only a free character leads a squadron (S9.2)"),
                            leader=character.name,
                            status=Phrase(STATUS_WORDS.get(character.status.value, character.status.value)))
    other = next((s for s in sorted(state.squadrons.values(), key=lambda s: s.id)
                  if s.leader == character.id and s.id != unit.id and s.state in HELD), None)
    if other is not None:
        raise OrderRejected(N_("leader: {leader} already leads {unit} (`{id}`); a character leads one squadron at a "
                               "time (OP-44 c): give that squadron another leader first"), leader=character.name,
                            unit=other.name, id=other.id)
    unit.leader = character.id


CHECKS = {"owner": _owner, "name": _name, "state": _state, "base_port": _base_port, "location": _location,
           "damage": _damage, "experience": _experience, "attached_to": _attached_to, "leader": _leader}
