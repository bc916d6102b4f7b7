"""The naval move (H2; ZH L3–L48): the declaration checked (H2.5, H10.1), the moves carried out and
placed (H2.6.2), who may intercept (H2.6.4) or avoid battle (H2.6.5) and how each attempt rolls,
rotation (H2.6.6) and the combats that follow (H2.6.7).  ``steps.py`` asks the questions between them.

Seed over spec: none of the procedure differs.  ZH L33 is garbled (H-OP-10); both readings are
enforced, the first by a setting."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.events import (
    AvoidRolled,
    CpSpent,
    InterceptionRolled,
    InterceptionSkipped,
    NavalMoved,
    Rotated,
    public,
)
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import HisState, NavalUnit, UnitType
from bot.rulesets.here_i_stand.rules.records import Group
from bot.rulesets.here_i_stand.rules.settings import HisSettings, LoserBan

MOVE_CP = 1  # H2.1.1
SUCCESS = 9  # H0.1: 9 or more


class MoveGroup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    units: list[str] = Field(default_factory=list)
    leaders: list[str] = Field(default_factory=list)
    to: str


class FightFirst(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    space: str
    opponent: str | None = None


class NavalMoveOrder(BaseModel):
    """H10.1: ``NAVAL_MOVE`` — groups, each to one adjacent space (H2.6.1); ``combat_order``: the
    combats the mover wants first, in order (H2.6.7.2–3, H-OP-17); the rest follow by default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str = "naval_move"
    groups: list[MoveGroup]
    combat_order: list[FightFirst] = Field(default_factory=list)


# -- H2.5, H10.1: the declaration ---------------------------------------------------------------

def validate_move(state: HisState, gamemap: HisMap, settings: HisSettings, order: NavalMoveOrder) -> list[Group]:
    """The declared groups with their origins; raises OrderRejected naming the first problem."""
    power = state.impulse.active_power
    if state.impulse.cp_remaining < MOVE_CP:
        raise OrderRejected(N_("a naval move costs 1 CP; none is left this impulse"), rule="H2.1.1")
    if not order.groups:
        raise OrderRejected(N_("name at least one group of naval units and where it goes"), rule="H2.6.1")
    groups, seen = [], set()
    for group in order.groups:
        groups.append(_group(state, gamemap, settings, power, group, seen))
    return _leaders_follow(state, power, groups)


def _refuse_unit(state: HisState, gamemap: HisMap, power: str, unit, twice: bool) -> None:
    """H2.1.2: a unit named that is not the caller's to move, said as players read the board (its
    type and space, never its id); an unknown one is only "not one of yours", as if it were missing."""
    if unit is None or unit.location not in gamemap.spaces():
        raise OrderRejected(N_("that is not a naval unit of yours; pick a space where yours stand"), rule="H2.1.2")
    values = {"space": gamemap.name(unit.location), "power": state.powers[unit.controller].name}
    if twice:
        raise OrderRejected(N_("the same naval unit in {space} is named twice; name each once"), rule="H2.1.2",
                            **values)
    raise OrderRejected(N_("a squadron of {power} in {space} is not yours to move") if unit.type == UnitType.SQUADRON
                        else N_("a corsair of {power} in {space} is not yours to move"), rule="H2.1.2", **values)


def _group(state: HisState, gamemap: HisMap, settings: HisSettings, power: str, group: MoveGroup,
           seen: set[str]) -> Group:
    units = []
    for uid in group.units:
        unit = state.units.get(uid)
        if unit is None or unit.controller != power or uid in seen:
            _refuse_unit(state, gamemap, power, unit, uid in seen)
        seen.add(uid)
        units.append(unit)
    leaders = []
    for lid in group.leaders:
        leader = state.leaders.get(lid)
        if leader is None or leader.power != power or lid in seen:
            raise OrderRejected(N_("{leader} is not a naval leader of yours, or is named twice"), rule="H2.6.1",
                                leader=lid)
        seen.add(lid)
        leaders.append(leader)
    if not units and not settings.leader_may_move_alone:
        raise OrderRejected(N_("a naval leader moves only with naval units of yours (H-OP-05)"), rule="H-OP-05")
    origins = {x.location for x in [*units, *leaders]}
    if len(origins) != 1:
        raise OrderRejected(N_("a group's units and leaders start in one space; split them into groups"),
                            rule="H2.6.1")
    origin = origins.pop()
    _check_destination(state, gamemap, settings, power, origin, group.to, units, leaders)
    return Group(units=tuple(u.id for u in units), leaders=tuple(x.id for x in leaders), origin=origin,
                 destination=group.to)


def _check_destination(state, gamemap, settings, power, origin, to, units, leaders) -> None:
    if to not in gamemap.adjacent(origin):
        raise OrderRejected(N_("naval units move only to an adjacent space (H2.3)"), rule="H2.5.1")
    if gamemap.is_port(to) and not own_port(state, power, to) and not state.enemy_units_at(to, power):
        raise OrderRejected(N_("another power's port can be entered only to attack enemy naval units there "
                               "(H2.5.2)"), rule="H2.5.2")
    if atlantic_barred(gamemap, settings, to, units, leaders):
        raise OrderRejected(N_("Genoese and Venetian naval units and Andrea Doria never enter the Atlantic "
                               "(H2.5.5)"), rule="H2.5.5")
    if any(u.lost_combat_in_impulse == state.impulse.number for u in units):
        raise OrderRejected(N_("units that lost a naval combat earlier this impulse may not naval-move (H2.5.4)"),
                            rule="H2.5.4")


def own_port(state: HisState, power: str, port: str) -> bool:
    """H-OP-03: the mover's port, or a port of a minor whose units it controls."""
    holder = state.controller_of(port)
    if holder == power:
        return True
    held = state.powers.get(holder or "")
    return bool(held and held.kind == "minor" and any(u.owner == holder and u.controller == power
                                                      for u in state.units.values()))


def atlantic_barred(gamemap: HisMap, settings: HisSettings, to: str, units, leaders) -> bool:
    if gamemap.name(to) not in settings.atlantic_zones:
        return False
    return any(u.owner in settings.no_atlantic_owners for u in units) or any(x.no_atlantic for x in leaders)


def _leaders_follow(state: HisState, power: str, groups: list[Group]) -> list[Group]:
    """H2.5.3 (c) with H-OP-04: a leader whose space the move empties of its power's naval units goes
    along; the order need not name it: it joins the largest group leaving (a tie: the first listed)."""
    moving = {u for g in groups for u in g.units} | {x for g in groups for x in g.leaders}
    groups = list(groups)
    for leader in state.leaders.values():
        if leader.power != power or leader.id in moving:
            continue
        here = state.units_at(leader.location, power)
        if here and all(u.id in moving for u in here):
            leaving = [i for i, g in enumerate(groups) if g.origin == leader.location]
            best = max(leaving, key=lambda i: (len(groups[i].units), -i))
            groups[best] = groups[best].model_copy(update={"leaders": (*groups[best].leaders, leader.id)})
    return groups


# -- H2.6.2: carrying the moves out --------------------------------------------------------------

def execute_move(state: HisState, gamemap: HisMap, groups: list[Group]) -> tuple[HisState, list]:
    """All moves at once (H2.6.2): in a port normal; in a sea zone with the mover's units that stay,
    as they lie; otherwise vertical (H-OP-08: only the mover's own count as friendly)."""
    power = state.impulse.active_power
    moving = {u for g in groups for u in g.units}
    state = state.spend(MOVE_CP)
    events: list = [CpSpent(audience=public(), power=power, action="naval_move", cp=MOVE_CP,
                            remaining=state.impulse.cp_remaining)]
    placed: list[NavalUnit] = []
    after = state
    for group in groups:
        staying = [u for u in state.units_at(group.destination, power) if u.id not in moving]
        vertical = False if gamemap.is_port(group.destination) else (staying[0].vertical if staying else True)
        placed += [state.units[u].model_copy(update={"location": group.destination, "vertical": vertical})
                   for u in group.units]
        after = after.with_leaders(*(state.leaders[x].model_copy(update={"location": group.destination})
                                     for x in group.leaders))
        events.append(NavalMoved(audience=public(), power=power, units=group.units, leaders=group.leaders,
                                 origin=group.origin, destination=group.destination, vertical=vertical))
    return after.with_units(*placed), events


def undo_move(state: HisState, groups: tuple[Group, ...]) -> HisState:
    """Foul Weather as the moderators entered it (H-OP-09): every group back where it started, normal."""
    units = [state.units[u].model_copy(update={"location": g.origin, "vertical": False}) for g in groups for u in g.units]
    leaders = [state.leaders[x].model_copy(update={"location": g.origin}) for g in groups for x in g.leaders]
    return state.with_units(*units).with_leaders(*leaders)


# -- H2.6.4: interception ------------------------------------------------------------------------

class Attempt(BaseModel):
    """A stack that may intercept: ``power``'s units in ``origin`` into ``destination``."""

    model_config = ConfigDict(frozen=True)

    power: str
    origin: str
    destination: str
    units: tuple[str, ...]
    leaders: tuple[str, ...]
    rating: int  # H-OP-11: the highest battle rating moving with it

    @property
    def id(self) -> str:
        return f"intercept:{self.power}:{self.origin}:{self.destination}"

    def part(self, state: HisState, squadrons: int, corsairs: int, with_leaders: bool = False) -> Attempt:
        """Some of the stack (H2.6.4.2 [ZH L29]: "one or more naval units … the owner chooses"): so
        many squadrons and corsairs, its own nationality's first.  Its leaders go along if the owner
        says so [ZH:L17: a naval leader may accompany any naval units leaving its space], and their
        rating counts only then; they stay with the units left behind otherwise (H2.5.3 (a)).  All
        of the stack: the leaders must go (ZH L18)."""
        units = sorted((state.units[u] for u in self.units), key=lambda u: u.owner != self.power)
        chosen = [u.id for u in units if u.type == UnitType.SQUADRON][:squadrons] + \
            [u.id for u in units if u.type == UnitType.CORSAIR][:corsairs]
        if len(chosen) == len(self.units):
            return self
        kept = {"units": tuple(u for u in self.units if u in chosen)}
        return self.model_copy(update=kept if with_leaders else {**kept, "leaders": (), "rating": 0})

    def parts(self, state: HisState) -> list[tuple[int, int]]:
        """(squadrons, corsairs) of every smaller selection, largest first."""
        kinds = [state.units[u].type for u in self.units]
        most = (kinds.count(UnitType.SQUADRON), kinds.count(UnitType.CORSAIR))
        found = [(s, c) for s in range(most[0] + 1) for c in range(most[1] + 1) if 0 < s + c < sum(most)]
        return sorted(found, key=lambda sc: (-(sc[0] + sc[1]), -sc[0]))


def ranked(powers, settings: HisSettings) -> list[str]:
    """Impulse Order (H2.6.4.3, H2.6.5.2, H-OP-18); powers it does not name come last, by id."""
    order = list(settings.impulse_order)
    return sorted(set(powers), key=lambda p: (order.index(p) if p in order else len(order), p))


def vertical_destinations(state: HisState, gamemap: HisMap, groups) -> list[str]:
    power = state.impulse.active_power
    found = []
    for group in groups:
        if group.destination not in found and gamemap.is_sea_zone(group.destination) and \
                any(u.vertical for u in state.units_at(group.destination, power)):
            found.append(group.destination)
    return found


def interception_attempts(state: HisState, gamemap: HisMap, settings: HisSettings, groups) -> list[Attempt]:
    """H2.6.4.1–5 with H-OP-10 and H-OP-12: every enemy stack adjacent to a vertical destination,
    in Impulse Order, a power's larger stacks first (H-OP-13)."""
    mover = state.impulse.active_power
    found = []
    for destination in vertical_destinations(state, gamemap, groups):
        for space in gamemap.adjacent(destination):
            for power in state.powers_at(space):
                if not state.at_war(power, mover):
                    continue
                if settings.intercept_into_own_units_forbidden and state.units_at(destination, power):
                    continue  # H-OP-10 (R1)
                units = state.units_at(space, power)
                leaders = state.leaders_at(space, power)
                if atlantic_barred(gamemap, settings, destination, units, leaders) or _banned(state, settings, units):
                    continue  # H-OP-12
                found.append(Attempt(power=power, origin=space, destination=destination,
                                     units=tuple(u.id for u in units), leaders=tuple(x.id for x in leaders),
                                     rating=max((x.battle_rating for x in leaders), default=0)))
    order = ranked([a.power for a in found], settings)
    return sorted(found, key=lambda a: (order.index(a.power), -len(a.units)))


def _banned(state: HisState, settings: HisSettings, units) -> bool:
    """H-OP-06: with the wider scope, a loser's units neither intercept nor avoid."""
    return settings.loser_ban_scope == LoserBan.ALL_NAVAL_MOVEMENT and \
        any(u.lost_combat_in_impulse == state.impulse.number for u in units)


def intercept(state: HisState, attempts: list[Attempt], chosen: dict[str, Attempt], dice: Dice,
              intercepted: dict[str, str]) -> tuple[HisState, list, dict[str, str]]:
    """H2.6.4.6–8: the chosen attempts (id → the units that try) in order; once a power is in, no
    other power tries into that destination; a success places the stack there, vertical, with its leaders."""
    events: list = []
    intercepted = dict(intercepted)
    for candidate in attempts:
        attempt = chosen.get(candidate.id)
        if attempt is None:
            continue
        first = intercepted.get(attempt.destination)
        if first is not None and first != attempt.power:
            events.append(InterceptionSkipped(audience=public(), power=attempt.power,
                                              destination=attempt.destination, by=first))
            continue
        attempt, gone_to = _still_there(state, attempt)
        if attempt is None:
            events.append(InterceptionSkipped(audience=public(), power=candidate.power,
                                              destination=candidate.destination, by=candidate.power,
                                              origin=candidate.origin, already_in=gone_to))
            continue
        roll = dice.roll(f"{attempt.id}", "2d6")
        success = roll.total + attempt.rating >= SUCCESS
        events.append(InterceptionRolled(audience=public(), power=attempt.power, units=attempt.units,
                                         origin=attempt.origin, destination=attempt.destination, faces=roll.faces,
                                         rating=attempt.rating, total=roll.total + attempt.rating, success=success))
        if success:
            intercepted[attempt.destination] = attempt.power
            state = state.with_units(*(state.units[u].model_copy(update={"location": attempt.destination,
                                                                         "vertical": True}) for u in attempt.units))
            state = state.with_leaders(*(state.leaders[x].model_copy(update={"location": attempt.destination})
                                         for x in attempt.leaders))
    return state, events, intercepted


def _still_there(state: HisState, attempt: Attempt) -> tuple[Attempt | None, str]:
    """A stack that has intercepted into one destination has left its space [ZH:L29–L30: each
    attempt is made by units of a stack adjacent to the destination]: only its units still there
    may try another destination; none left, no attempt (and where they went)."""
    units = tuple(u for u in attempt.units if state.units[u].location == attempt.origin)
    if units == attempt.units:
        return attempt, ""
    if not units:
        return None, next(state.units[u].location for u in attempt.units)
    leaders = tuple(x for x in attempt.leaders if state.leaders[x].location == attempt.origin)
    rating = max((state.leaders[x].battle_rating for x in leaders), default=0)
    return attempt.model_copy(update={"units": units, "leaders": leaders, "rating": rating}), ""


# -- H2.6.5: avoid battle ------------------------------------------------------------------------

class Avoidance(BaseModel):
    model_config = ConfigDict(frozen=True)

    power: str
    zone: str
    units: tuple[str, ...]
    leaders: tuple[str, ...]
    rating: int
    destinations: tuple[str, ...]  # legal, in map order

    @property
    def id(self) -> str:
        return f"avoid:{self.power}:{self.zone}"


def avoidances(state: HisState, gamemap: HisMap, settings: HisSettings, groups,
               intercepted: dict[str, str]) -> list[Avoidance]:
    """H2.6.5.1–3 with H-OP-14: powers whose units lie normal in a sea zone the mover entered
    vertical in step 2, no interception there; in Impulse Order."""
    mover = state.impulse.active_power
    found = []
    for zone in dict.fromkeys(g.destination for g in groups):
        if not gamemap.is_sea_zone(zone) or zone in intercepted:
            continue
        enemies = state.enemy_units_at(zone, mover)
        own = state.units_at(zone, mover)
        if not enemies or any(u.vertical for u in enemies) or not own or not all(u.vertical for u in own):
            continue
        for power in ranked({u.controller for u in enemies}, settings):
            units = state.units_at(zone, power)
            if _banned(state, settings, units):
                continue
            leaders = state.leaders_at(zone, power)
            options = tuple(s for s in gamemap.adjacent(zone) if _avoid_ok(state, gamemap, settings, power, s))
            if options:
                found.append(Avoidance(power=power, zone=zone, units=tuple(u.id for u in units),
                                       leaders=tuple(x.id for x in leaders),
                                       rating=max((x.battle_rating for x in leaders), default=0),
                                       destinations=options))
    return found


def _avoid_ok(state: HisState, gamemap: HisMap, settings: HisSettings, power: str, space: str) -> bool:
    if gamemap.is_port(space):
        if state.controller_of(space) != power:
            return False
        return not (settings.avoid_into_port_with_enemy_forbidden and state.enemy_units_at(space, power))
    return not state.enemy_units_at(space, power)


def avoid(state: HisState, found: Avoidance, destination: str, dice: Dice) -> tuple[HisState, list]:
    """H2.6.5.4–5: all the power's units and leaders there together; 9 or more and they are gone."""
    roll = dice.roll(found.id, "2d6")
    success = roll.total + found.rating >= SUCCESS
    event = AvoidRolled(audience=public(), power=found.power, units=found.units, zone=found.zone,
                        destination=destination, faces=roll.faces, rating=found.rating,
                        total=roll.total + found.rating, success=success)
    if success:
        state = state.with_units(*(state.units[u].model_copy(update={"location": destination}) for u in found.units))
        state = state.with_leaders(*(state.leaders[x].model_copy(update={"location": destination})
                                     for x in found.leaders))
    return state, [event]


# -- H2.6.6 and H2.6.7 ---------------------------------------------------------------------------

def rotate(state: HisState) -> tuple[HisState, list]:
    turned = [u.model_copy(update={"vertical": False}) for u in state.units.values() if u.vertical]
    return state.with_units(*turned), ([Rotated(audience=public(), units=tuple(u.id for u in turned))] if turned else [])


def combat_queue(state: HisState, settings: HisSettings, groups,
                 first: tuple[tuple[str, str | None], ...] = ()) -> tuple[tuple[str, str], ...]:
    """H2.6.7: the combats the mover named first (``first``: space, opponent or None for all there),
    then H-OP-17's default: spaces in the order the move listed them, opponents in Impulse Order;
    allied enemies fight separately."""
    mover = state.impulse.active_power
    queue = []
    for space in dict.fromkeys(g.destination for g in groups):
        if not state.units_at(space, mover):
            continue
        for power in ranked({u.controller for u in state.enemy_units_at(space, mover)}, settings):
            queue.append((space, power))
    wanted = [fight for space, opponent in first for fight in queue
              if fight[0] == space and opponent in (None, fight[1])]
    return tuple(dict.fromkeys([*wanted, *queue]))
