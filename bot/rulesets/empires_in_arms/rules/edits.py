"""Moderator edits (MOD): the facts the rules read but only a moderator supplies — war and peace,
alliances, zone and port control (E-OP-12), squadron status (E-OP-17), the KO ledger (E-OP-01),
armadas, standing orders, and the loss of a port by land action (E14, E-OP-25: it opens a step).
Each is refused with what is wrong and what would be right, and never changes the state it is given."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_, escape
from bot.engine.ruleset import OrderRejected
from bot.rulesets.empires_in_arms.rules import phases
from bot.rulesets.empires_in_arms.rules.board import Board, is_port, is_zone
from bot.rulesets.empires_in_arms.rules.loss_of_port import lose_port
from bot.rulesets.empires_in_arms.rules.model import (
    DESTROYED,
    Armada,
    EiaState,
    Nation,
    NationKind,
    Squadron,
    SquadronStatus,
)
from bot.rulesets.empires_in_arms.rules.records import StandingOrders
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings


class _Edit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    reason: str = ""


class NationAdd(_Edit):
    kind: Literal["nation_add"] = "nation_add"
    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    colour: str = "#808080"
    nation_kind: NationKind = NationKind.MAJOR
    nationality: str = ""
    major_ally: str | None = None


class RelationSet(_Edit):
    kind: Literal["relation"] = "relation"
    a: str
    b: str
    relation: Literal["war", "peace", "alliance"]


class ZoneControlSet(_Edit):
    kind: Literal["zone_control"] = "zone_control"
    zone: str
    nation: str | None = None  # None: nobody


class PortControlSet(_Edit):
    """A port's controller changed quietly (a correction).  A port lost to land action is ``lose_port``."""

    kind: Literal["port_control"] = "port_control"
    port: str
    nation: str


class SquadronAdd(_Edit):
    kind: Literal["squadron_add"] = "squadron_add"
    id: str = Field(min_length=1, max_length=40)
    nation: str
    location: str
    name: str = ""
    status: SquadronStatus = SquadronStatus.READY


class SquadronSet(_Edit):
    kind: Literal["squadron"] = "squadron"
    id: str
    status: SquadronStatus | None = None
    location: str | None = None
    maneuvers_spent: int | None = Field(default=None, ge=0)
    remove: bool = False


class KoSet(_Edit):
    kind: Literal["ko"] = "ko"
    nation: str
    ko: int | None = Field(default=None, ge=0)  # None: not limited


class ArmadaSet(_Edit):
    kind: Literal["armada"] = "armada"
    id: str = Field(min_length=1, max_length=40)
    location: str | None = None
    powers: tuple[str, ...] = ()
    commander: str | None = None
    dissolve: bool = False


class StandingSet(_Edit):
    kind: Literal["standing"] = "standing"
    nation: str
    intercept: str = ""
    evade: str = ""
    armada_agree: str = ""
    combat_cards: str = ""
    nearest_ports: tuple[str, ...] = ()


class LosePort(_Edit):
    """E14 (E-OP-25): a moderator confirms a port passed to ``nation`` by land action; the
    squadrons under construction there are destroyed and the rest put to sea (a step)."""

    kind: Literal["lose_port"] = "lose_port"
    port: str
    nation: str


Edit = Annotated[NationAdd | RelationSet | ZoneControlSet | PortControlSet | SquadronAdd | SquadronSet | KoSet
                 | ArmadaSet | StandingSet | LosePort, Field(discriminator="kind")]
EDIT_KINDS = ("nation_add", "relation", "zone_control", "port_control", "squadron_add", "squadron", "ko", "armada",
              "standing", "lose_port")
_ADAPTER: TypeAdapter = TypeAdapter(Edit)


def parse_edit(payload: dict[str, Any]) -> BaseModel:
    if not isinstance(payload, dict) or payload.get("kind") not in EDIT_KINDS:
        raise OrderRejected(N_("Unknown moderator edit {kind}; the edits are: {kinds}."),
                            kind=repr(payload.get("kind") if isinstance(payload, dict) else None),
                            kinds=", ".join(EDIT_KINDS))
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise OrderRejected(N_("The {kind} edit's field {field} is wrong: {problem}."), kind=payload["kind"],
                            field=".".join(str(p) for p in error["loc"][1:]) or "edit", problem=error["msg"]) from None


def _nation(state: EiaState, nation: str | None) -> None:
    if nation is not None and nation not in state.nations:
        raise OrderRejected(N_("{nation} is not a nation of this campaign (known: {known})."), nation=nation,
                            known=", ".join(sorted(state.nations)))


def _named(s: EiaState, nation: str | None) -> str:
    """A nation in an edit's note, by name (the note is the moderators' reply: names, never ids)."""
    found = s.nations.get(nation or "")
    return escape(found.name) if found is not None else "nobody"


def _place(board: Board, place: str) -> None:
    if not (is_zone(board, place) or is_port(board, place)):
        raise OrderRejected(N_("{place} is neither a zone nor a port of this map."), place=place)


def _squadron(state: EiaState, sid: str) -> Squadron:
    found = state.squadrons.get(sid)
    if found is None or found.location == DESTROYED:
        raise OrderRejected(N_("There is no squadron {squadron} in play."), squadron=sid)
    return found


def apply_edit(state: EiaState, board: Board, edit: BaseModel) -> tuple[EiaState, str]:
    return _APPLY[edit.kind](state, board, edit)


def _nation_add(s: EiaState, board, e: NationAdd):
    if e.id in s.nations:
        raise OrderRejected(N_("There is already a nation {nation}."), nation=e.id)
    _nation(s, e.major_ally)
    nation = Nation(id=e.id, name=e.name, colour=e.colour, kind=e.nation_kind, nationality=e.nationality,
                    major_ally=e.major_ally)
    order = s.impulse_order if e.id in s.impulse_order else (*s.impulse_order, e.id)
    return s.model_copy(update={"nations": {**s.nations, e.id: nation}, "impulse_order": order}), f"added {escape(e.name)}"


def _relation(s: EiaState, board, e: RelationSet):
    _nation(s, e.a), _nation(s, e.b)
    if e.a == e.b:
        raise OrderRejected(N_("Name two different nations."))
    nations = dict(s.nations)
    for x, y in ((e.a, e.b), (e.b, e.a)):
        n = nations[x]
        war = (n.at_war_with | {y}) if e.relation == "war" else (n.at_war_with - {y})
        ally = (n.allied_with | {y}) if e.relation == "alliance" else (n.allied_with - {y})
        nations[x] = n.model_copy(update={"at_war_with": war, "allied_with": ally})
    return s.model_copy(update={"nations": nations}), f"{_named(s, e.a)} and {_named(s, e.b)}: {e.relation}"


def _zone_control(s: EiaState, board, e: ZoneControlSet):
    if not is_zone(board, e.zone):
        raise OrderRejected(N_("{place} is not a zone of this map."), place=e.zone)
    _nation(s, e.nation)
    control = {z: n for z, n in s.zone_control.items() if z != e.zone}
    if e.nation:
        control[e.zone] = e.nation
    return s.model_copy(update={"zone_control": control}), f"{board.name_of(e.zone)}: controlled by {_named(s, e.nation)}"


def _port_control(s: EiaState, board, e: PortControlSet):
    if not is_port(board, e.port):
        raise OrderRejected(N_("{place} is not a port of this map."), place=e.port)
    _nation(s, e.nation)
    return s.model_copy(update={"port_control": {**s.port_control, e.port: e.nation}}), f"{board.name_of(e.port)}: {_named(s, e.nation)}"


def _squadron_add(s: EiaState, board, e: SquadronAdd):
    if e.id in s.squadrons:
        raise OrderRejected(N_("There is already a squadron {squadron}."), squadron=e.id)
    _nation(s, e.nation), _place(board, e.location)
    sq = Squadron(id=e.id, name=e.name, nation=e.nation, location=e.location, status=e.status)
    return s.with_squadrons(sq), f"added squadron {escape(sq.label)} at {board.name_of(e.location)}"


def _squadron_set(s: EiaState, board, e: SquadronSet):
    sq = _squadron(s, e.id)
    if e.remove:
        squadrons = {k: v for k, v in s.squadrons.items() if k != e.id}
        return s.model_copy(update={"squadrons": squadrons}), f"removed squadron {escape(sq.label)}"
    if e.location is not None:
        _place(board, e.location)
    changes = {k: v for k, v in (("status", e.status), ("location", e.location),
                                 ("maneuvers_spent", e.maneuvers_spent)) if v is not None}
    return s.with_squadrons(sq.model_copy(update=changes)), f"squadron {escape(sq.label)}: " + ", ".join(
        f"{k} {board.name_of(v) if k == 'location' else getattr(v, 'value', v)}" for k, v in changes.items())


def _ko(s: EiaState, board, e: KoSet):
    _nation(s, e.nation)
    ko = {n: v for n, v in s.impulse.ko.items() if n != e.nation}
    if e.ko is not None:
        ko[e.nation] = e.ko
    impulse = s.impulse.model_copy(update={"ko": ko})
    return s.model_copy(update={"impulse": impulse}), f"{_named(s, e.nation)}: KO {e.ko if e.ko is not None else 'not limited'}"


def _armada(s: EiaState, board, e: ArmadaSet):
    if e.dissolve:
        if e.id not in s.armadas:
            raise OrderRejected(N_("There is no armada {armada}."), armada=e.id)
        return s.model_copy(update={"armadas": {k: v for k, v in s.armadas.items() if k != e.id}}), f"dissolved {escape(e.id)}"
    current = s.armadas.get(e.id)
    location = e.location or (current.location if current else None)
    powers = e.powers or (current.powers if current else ())
    if location is None or len(set(powers)) < 2:
        raise OrderRejected(N_("An armada needs a place and the fleets of at least two major powers (E3.1.1)."))
    _place(board, location)
    for p in powers:
        _nation(s, p)
    if any(not s.allied(a, b) for a in powers for b in powers if a < b):
        raise OrderRejected(N_("An armada's powers must be allied (E3.1.1)."))
    commander = e.commander if e.commander is not None else (current.commander if current else None)
    if commander is not None and _squadron(s, commander).location != location:
        raise OrderRejected(N_("The commander {squadron} is not at the armada's place."), squadron=commander)
    armada = Armada(id=e.id, location=location, powers=tuple(powers), commander=commander)
    return s.model_copy(update={"armadas": {**s.armadas, e.id: armada}}), f"armada {escape(e.id)} at {board.name_of(location)}"


def _standing(s: EiaState, board, e: StandingSet):
    _nation(s, e.nation)
    orders = StandingOrders(**e.model_dump(exclude={"kind", "nation", "reason"}))
    return s.model_copy(update={"standing": {**s.standing, e.nation: orders}}), f"{_named(s, e.nation)}: standing orders set"


def _lose_port(s: EiaState, board, e: LosePort):
    if not is_port(board, e.port):
        raise OrderRejected(N_("{place} is not a port of this map."), place=e.port)
    _nation(s, e.nation)
    if s.pending is not None:
        raise OrderRejected(N_("A plan is under way (its steps are open): confirm the loss of the port when this "
                               "impulse's steps are done (E14, E-OP-25)."))
    if s.port_control.get(e.port) == e.nation:
        raise OrderRejected(N_("{place} is already {nation}'s."), place=board.name_of(e.port), nation=e.nation)
    state, note, events = lose_port(s, board, e.port, e.nation)
    carried = s.carried_events + tuple(ev.model_dump(mode="json") for ev in events)
    state = state.model_copy(update={"carried_events": carried})
    if state.pending is not None:  # the blockaders' interception opens next (E14.1)
        context = phases.Context(board=board, settings=EiaSettings(), dice=None)
        state = state.model_copy(update={"next_step": phases.ask(state, context)})
    return state, note


_APPLY = {"nation_add": _nation_add, "relation": _relation, "zone_control": _zone_control,
          "port_control": _port_control, "squadron_add": _squadron_add, "squadron": _squadron_set, "ko": _ko,
          "armada": _armada, "standing": _standing, "lose_port": _lose_port}


def edit_subjects(before: EiaState, after: EiaState, edit: BaseModel) -> list[str]:
    ids = [getattr(edit, name) for name in ("id", "a", "b", "nation", "zone", "port")
           if isinstance(getattr(edit, name, None), str)]
    sq = after.squadrons.get(getattr(edit, "id", "")) or before.squadrons.get(getattr(edit, "id", ""))
    if sq is not None:
        ids.append(sq.nation)
    return list(dict.fromkeys(ids))
