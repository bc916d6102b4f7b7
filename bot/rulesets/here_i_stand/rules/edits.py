"""Moderators' edits: the facts the naval rules read but only a moderator supplies (cards, the land
game, diplomacy: H0.3), each a payload with a ``kind``.  ``apply_edit`` returns the new state and
what changed, or refuses saying what is wrong and what would be right, changing nothing; the state
after every edit is checked as a scenario's is (scenario.state_problems).

war / peace and alliance (H9 Power), port control, unrest, siege and Pirate Haven (H6.5.3, H-OP-38),
Barbary Pirates (H6.5.1, H-OP-38), leader ratings and placement (H-OP-11, H-OP-26), the CP of the
impulse (H-OP-18), hand sizes (H5.2.5 (b), H-OP-35: only the count), the counter mix (H-OP-37),
a unit's orientation, place and controller (H0.1, H-OP-01), and standing orders (H10.6) whose
conditions are read when they are entered (standing.FACTS), so a mistyped one is refused at once."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_, escape
from bot.engine.conditions import parse_condition
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules import piracy
from bot.rulesets.here_i_stand.rules.combat import ALLIES_FIRST, OWN_FIRST
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import (
    POOL,
    HisState,
    NavalLeader,
    NavalUnit,
    PortState,
    Power,
    PowerKind,
    UnitType,
    track_turn,
)
from bot.rulesets.here_i_stand.rules.records import StandingOrders
from bot.rulesets.here_i_stand.rules.scenario import state_problems
from bot.rulesets.here_i_stand.rules.standing import FACTS

Id = Annotated[str, Field(min_length=1, max_length=64)]
_Edit = ConfigDict(frozen=True, extra="forbid")


class _Base(BaseModel):
    model_config = _Edit
    reason: str | None = Field(None, max_length=500)  # kept in the audit log


class PowerAdd(_Base):
    kind: Literal["power_add"] = "power_add"
    id: Id
    name: str = Field(min_length=1, max_length=64)
    colour: str = Field("", pattern=r"^(#[0-9a-fA-F]{6})?$")
    power_kind: PowerKind = PowerKind.MAJOR


class War(_Base):
    """Two powers at war (``at_war: true``) or at peace."""

    kind: Literal["war"] = "war"
    a: Id
    b: Id
    at_war: bool = True


class Alliance(_Base):
    kind: Literal["alliance"] = "alliance"
    a: Id
    b: Id
    allied: bool = True


class PowerSet(_Base):
    """Hand size (H-OP-35: the count only), piracy VP, Janissaries this turn, the counter mix (H-OP-37)."""

    kind: Literal["power"] = "power"
    power: Id
    hand_size: int | None = Field(None, ge=0, le=30)
    piracy_vp: int | None = Field(None, ge=0, le=10)
    janissaries_used: bool | None = None
    squadrons: int | None = Field(None, ge=0, le=50)
    corsairs: int | None = Field(None, ge=0, le=50)


class Cp(_Base):
    """H-OP-18: the CP of the card a power plays: its impulse's now if it is taking it, else its next one's."""

    kind: Literal["cp"] = "cp"
    power: Id
    cp: int = Field(ge=0, le=12)


class PortSet(_Base):
    kind: Literal["port"] = "port"
    port: Id
    controller: Id | None = None
    unrest: bool | None = None
    besieged: bool | None = None
    pirate_haven: bool | None = None  # H6.5.3: the event Pirate Haven chose it (H-OP-38)
    enemy_land_units: bool | None = None  # H6.3.1


class BarbaryPirates(_Base):
    kind: Literal["barbary_pirates"] = "barbary_pirates"
    happened: bool = True  # H6.5.1 (H-OP-38)


class LeaderSet(_Base):
    """H-OP-11 ratings, moderator-supplied; ``location`` places a leader (H-OP-26's placement by the moderators)."""

    kind: Literal["leader"] = "leader"
    leader: Id
    battle_rating: int | None = Field(None, ge=0, le=6)
    piracy_rating: int | None = Field(None, ge=0, le=6)
    location: Id | None = None
    no_atlantic: bool | None = None


class LeaderAdd(_Base):
    kind: Literal["leader_add"] = "leader_add"
    id: Id
    name: str = Field(min_length=1, max_length=64)
    power: Id
    location: Id
    battle_rating: int = Field(0, ge=0, le=6)
    piracy_rating: int = Field(0, ge=0, le=6)
    no_atlantic: bool = False


class UnitSet(_Base):
    """A unit's orientation (H0.1), place (``pool``, ``turn_track:<turn>`` or a space) or controller (H-OP-01)."""

    kind: Literal["unit"] = "unit"
    unit: Id
    orientation: Literal["vertical", "normal"] | None = None
    location: Id | None = None
    controller: Id | None = None


class UnitAdd(_Base):
    kind: Literal["unit_add"] = "unit_add"
    id: Id
    type: UnitType
    owner: Id
    controller: Id | None = None
    location: Id
    name: str = Field("", max_length=64)


class Standing(_Base):
    """H10.6: a power's standing answers; a field left out keeps what it had, "" clears it."""

    kind: Literal["standing"] = "standing"
    power: Id
    intercept: str | None = Field(None, max_length=200)
    avoid: str | None = Field(None, max_length=200)
    avoid_to: tuple[Id, ...] | None = Field(None, max_length=8)
    foul_weather: str | None = Field(None, max_length=200)
    retreat_to: tuple[Id, ...] | None = Field(None, max_length=8)
    casualties: str | None = None
    piracy_rewards: tuple[str, ...] | None = Field(None, max_length=3)


Edit = Annotated[Union[PowerAdd, War, Alliance, PowerSet, Cp, PortSet, BarbaryPirates, LeaderSet, LeaderAdd,
                       UnitSet, UnitAdd, Standing], Field(discriminator="kind")]
EDIT_KINDS = ("power_add", "war", "alliance", "power", "cp", "port", "barbary_pirates", "leader", "leader_add",
              "unit", "unit_add", "standing")
_ADAPTER: TypeAdapter = TypeAdapter(Edit)


def parse_edit(payload: dict[str, Any]) -> BaseModel:
    kind = payload.get("kind") if isinstance(payload, dict) else None
    if kind not in EDIT_KINDS:
        raise OrderRejected(N_("unknown moderator edit {kind}; the edits are {kinds}"), kind=repr(kind),
                            kinds=", ".join(EDIT_KINDS))
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as bad:
        error = bad.errors()[0]
        raise OrderRejected(N_("the {kind} edit's field {field} is not right: {problem}"), kind=kind,
                            field=".".join(str(p) for p in error["loc"][1:]) or kind, problem=error["msg"]) from None


# -- checks that name what would be right ----------------------------------------------------------

def _power(state: HisState, pid: str) -> Power:
    if pid not in state.powers:
        raise OrderRejected(N_("{power} is not a power of this campaign; the powers are {known}"), power=pid,
                            known=", ".join(p.name for p in state.powers.values()))
    return state.powers[pid]


def _unit(state: HisState, uid: str) -> NavalUnit:
    if uid not in state.units:
        raise OrderRejected(N_("{unit} is not a naval unit of this campaign"), unit=uid)
    return state.units[uid]


def _leader(state: HisState, lid: str) -> NavalLeader:
    if lid not in state.leaders:
        raise OrderRejected(N_("{leader} is not a naval leader of this campaign; the leaders are {known}"),
                            leader=lid, known=", ".join(x.name for x in state.leaders.values()) or "none")
    return state.leaders[lid]


def _port(gamemap: HisMap, port: str) -> None:
    if not gamemap.is_port(port):
        raise OrderRejected(N_("{space} is not a port of this map"), space=port)


def _space(gamemap: HisMap, where: str, field: str) -> None:
    if where not in gamemap.spaces():
        raise OrderRejected(N_("{field}: {space} is not a space of this map"), field=field, space=where)


# -- the edits -------------------------------------------------------------------------------------

def _power_add(state: HisState, gamemap: HisMap, e: PowerAdd) -> tuple[HisState, str]:
    if e.id in state.powers:
        raise OrderRejected(N_("{power} is a power already; change it with the power edit"), power=e.id)
    return state.with_power(Power(id=e.id, name=e.name, kind=e.power_kind, colour=e.colour)), f"added the power {escape(e.name)}"


def _pair(state: HisState, e) -> tuple[Power, Power]:
    a, b = _power(state, e.a), _power(state, e.b)
    if a.id == b.id:
        raise OrderRejected(N_("name two different powers"))
    return a, b


def _war(state: HisState, gamemap: HisMap, e: War) -> tuple[HisState, str]:
    a, b = _pair(state, e)
    if e.at_war and state.allied(a.id, b.id):
        raise OrderRejected(N_("{a} and {b} are allied; end the alliance first"), a=a.name, b=b.name)
    for one, other in ((a, b), (b, a)):
        wars = one.at_war_with | {other.id} if e.at_war else one.at_war_with - {other.id}
        state = state.with_power(state.powers[one.id].model_copy(update={"at_war_with": frozenset(wars)}))
    return state, f"{escape(a.name)} and {escape(b.name)} are {'at war' if e.at_war else 'at peace'}"


def _alliance(state: HisState, gamemap: HisMap, e: Alliance) -> tuple[HisState, str]:
    a, b = _pair(state, e)
    if e.allied and state.at_war(a.id, b.id):
        raise OrderRejected(N_("{a} and {b} are at war; make peace first"), a=a.name, b=b.name)
    for one, other in ((a, b), (b, a)):
        allies = one.allied_with | {other.id} if e.allied else one.allied_with - {other.id}
        state = state.with_power(state.powers[one.id].model_copy(update={"allied_with": frozenset(allies)}))
    return state, f"{escape(a.name)} and {escape(b.name)} are {'allied' if e.allied else 'no longer allied'}"


def _power_set(state: HisState, gamemap: HisMap, e: PowerSet) -> tuple[HisState, str]:
    power = _power(state, e.power)
    if e.piracy_vp is not None and e.power != "ottoman":
        raise OrderRejected(N_("only the Ottomans score piracy VP (H5.1.4)"), rule="H5.1.4")
    if e.corsairs is not None and e.power != "ottoman":
        raise OrderRejected(N_("only the Ottomans have corsairs (H0.1)"), rule="H0.1")
    changes = {k: v for k in ("hand_size", "piracy_vp", "janissaries_used") if (v := getattr(e, k)) is not None}
    counters = dict(power.counters)
    for kind, value in ((UnitType.SQUADRON, e.squadrons), (UnitType.CORSAIR, e.corsairs)):
        if value is not None:
            counters[kind] = value
    state = state.with_power(power.model_copy(update={**changes, "counters": counters}))
    said = ", ".join(f"{k} {v}" for k, v in {**changes, "squadrons": e.squadrons, "corsairs": e.corsairs}.items()
                     if v is not None)
    return state, f"{escape(power.name)}: {said or 'nothing changed'}"


def _cp(state: HisState, gamemap: HisMap, e: Cp) -> tuple[HisState, str]:
    power = _power(state, e.power)
    if power.kind != PowerKind.MAJOR:
        raise OrderRejected(N_("{power} is a minor power and takes no impulse"), power=power.name)
    if state.impulse.active_power == e.power:
        return (state.model_copy(update={"impulse": state.impulse.model_copy(update={"cp_remaining": e.cp})}),
                f"{power.name} has {e.cp} CP left in impulse {state.impulse.number}")
    return (state.model_copy(update={"cp_next": {**state.cp_next, e.power: e.cp}}),
            f"{power.name} will have {e.cp} CP in its next impulse")


def _port_set(state: HisState, gamemap: HisMap, e: PortSet) -> tuple[HisState, str]:
    _port(gamemap, e.port)
    held = state.ports.get(e.port)
    if held is None and e.controller is None:
        raise OrderRejected(N_("{space} has no controller yet; give one (controller:…)"), space=gamemap.name(e.port))
    if e.controller is not None:
        _power(state, e.controller)
    changes = {k: v for k in ("controller", "unrest", "besieged", "pirate_haven", "enemy_land_units")
               if (v := getattr(e, k)) is not None}
    if changes.get("pirate_haven") and (changes.get("controller") or held.controller) != "ottoman":
        raise OrderRejected(N_("a Pirate Haven is an Ottoman-controlled port (H6.5.3)"), rule="H6.5.3")
    after = (held or PortState(controller=e.controller)).model_copy(update=changes)
    said = ", ".join(f"{k} {v}" for k, v in changes.items())
    return state.model_copy(update={"ports": {**state.ports, e.port: after}}), f"{gamemap.name(e.port)}: {said}"


def _barbary(state: HisState, gamemap: HisMap, e: BarbaryPirates) -> tuple[HisState, str]:
    return (state.model_copy(update={"barbary_pirates": e.happened}),
            "Barbary Pirates has happened" if e.happened else "Barbary Pirates has not happened")


def _leader_set(state: HisState, gamemap: HisMap, e: LeaderSet) -> tuple[HisState, str]:
    leader = _leader(state, e.leader)
    if e.location is not None:
        _place(gamemap, e.location, "location")
    changes = {k: v for k in ("battle_rating", "piracy_rating", "location", "no_atlantic")
               if (v := getattr(e, k)) is not None}
    return state.with_leaders(leader.model_copy(update=changes)), f"{escape(leader.name)}: " + _said(state, gamemap,
                                                                                                 changes)


def _said(state: HisState, gamemap: HisMap, changes: dict[str, Any]) -> str:
    """What an edit changed, as moderators read it: places and powers by name, never their ids."""
    def shown(key: str, value: Any) -> str:
        if key == "location":
            turn = track_turn(value)
            return f"Turn Track (turn {turn})" if turn is not None else "the pool" if value == POOL else \
                gamemap.name(value)
        if key == "controller":
            return escape(state.powers[value].name)
        return str(value)
    return ", ".join(f"{k} {shown(k, v)}" for k, v in changes.items())


def _place(gamemap: HisMap, where: str, field: str) -> None:
    if where == "pool" or where.startswith("turn_track:") and where.removeprefix("turn_track:").isdigit():
        return
    _space(gamemap, where, field)


def _leader_add(state: HisState, gamemap: HisMap, e: LeaderAdd) -> tuple[HisState, str]:
    if e.id in state.leaders:
        raise OrderRejected(N_("{leader} is a naval leader already; change it with the leader edit"), leader=e.id)
    _power(state, e.power)
    _place(gamemap, e.location, "location")
    leader = NavalLeader(**e.model_dump(exclude={"kind", "reason"}))
    return state.with_leaders(leader), f"added the naval leader {escape(e.name)}"


def _unit_set(state: HisState, gamemap: HisMap, e: UnitSet) -> tuple[HisState, str]:
    unit = _unit(state, e.unit)
    changes: dict[str, Any] = {}
    if e.orientation is not None:
        changes["vertical"] = e.orientation == "vertical"
    if e.location is not None:
        _place(gamemap, e.location, "location")
        changes["location"] = e.location
    if e.controller is not None:
        changes["controller"] = _power(state, e.controller).id
    return state.with_units(unit.model_copy(update=changes)), f"{escape(state.unit_name(unit))}: " + _said(
        state, gamemap, changes)


def _unit_add(state: HisState, gamemap: HisMap, e: UnitAdd) -> tuple[HisState, str]:
    if e.id in state.units:
        raise OrderRejected(N_("{unit} is a naval unit already; change it with the unit edit"), unit=e.id)
    _power(state, e.owner)
    _place(gamemap, e.location, "location")
    unit = NavalUnit(id=e.id, type=e.type, owner=e.owner, controller=e.controller or e.owner, location=e.location,
                     name=e.name)
    return state.with_units(unit), f"added {escape(state.unit_name(unit))}"


def _standing(state: HisState, gamemap: HisMap, e: Standing) -> tuple[HisState, str]:
    """H10.6: conditions read now (a condition that cannot be read is refused, not stored); places
    must be spaces of the map; casualties and piracy rewards among their choices."""
    power = _power(state, e.power)
    for field in ("intercept", "avoid", "foul_weather"):
        text = getattr(e, field)
        if text:
            parse_condition(FACTS, text, field)
    for field in ("avoid_to", "retreat_to"):
        for where in getattr(e, field) or ():
            _space(gamemap, where, field)
    if e.casualties and e.casualties not in (OWN_FIRST, ALLIES_FIRST):
        raise OrderRejected(N_("casualties: {value} is not a choice; give {choices}"), value=e.casualties,
                            choices=f"{OWN_FIRST} or {ALLIES_FIRST}")
    wrong = [r for r in e.piracy_rewards or () if r not in (piracy.SQUADRON, piracy.CARD, piracy.VP)]
    if wrong:
        raise OrderRejected(N_("piracy_rewards: {value} is not a reward; give squadron, card and vp in your order "
                               "(H-OP-34)"), rule="H-OP-34", value=", ".join(wrong))
    given = {k: v for k, v in e.model_dump(exclude={"kind", "reason", "power"}).items() if v is not None}
    before = state.standing.get(e.power, StandingOrders())
    after = before.model_copy(update={k: tuple(v) if isinstance(v, list) else v for k, v in given.items()})
    return (state.model_copy(update={"standing": {**state.standing, e.power: after}}),
            f"{power.name}'s standing orders: " + (", ".join(sorted(given)) or "unchanged"))


_APPLY = {"power_add": _power_add, "war": _war, "alliance": _alliance, "power": _power_set, "cp": _cp,
          "port": _port_set, "barbary_pirates": _barbary, "leader": _leader_set, "leader_add": _leader_add,
          "unit": _unit_set, "unit_add": _unit_add, "standing": _standing}


def apply_edit(state: HisState, gamemap: HisMap, edit: BaseModel) -> tuple[HisState, str]:
    after, note = _APPLY[edit.kind](state, gamemap, edit)
    problems = state_problems(after, gamemap)
    if problems:
        raise OrderRejected(N_("that edit would leave the campaign wrong: {problems}"), problems="; ".join(problems))
    return after, note


def edit_subjects(before: HisState, after: HisState, edit: BaseModel) -> list[str]:
    """The powers, units and leaders the edit concerns, and the power of each."""
    found: list[str] = []
    for field in ("id", "a", "b", "power", "owner", "controller", "unit", "leader"):
        value = getattr(edit, field, None)
        if isinstance(value, str):
            found.append(value)
    for table in (after.units, after.leaders, before.units, before.leaders):
        for ident in list(found):
            thing = table.get(ident)
            if thing is not None:
                found.append(getattr(thing, "controller", None) or getattr(thing, "power", ""))
    if edit.kind == "port":
        held = before.ports.get(edit.port)
        found += [x for x in (held.controller if held else None, getattr(edit, "controller", None)) if x]
    return list(dict.fromkeys(x for x in found if x))
