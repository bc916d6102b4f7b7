"""The phases of a movement plan (E2, E5–E7, E9, E10, E13), each an ``ask`` (the step of questions
it needs, or None: nothing to ask) and a ``settle`` (the answers applied, the next phase named).
The plan under way is ``EiaState.pending`` (records.Pending); battles go through E3's combat
package by its types.  Dice keys: ``eia:<impulse>:intercept:<zone>:<stack>``,
``…:evade:<zone>:<stack>``, ``…:patrol:<zone>:<stack>:<target>`` (a repeat adds ``#<n>``);
battles name theirs (``…:battle:<place>:r<n>:<side>``, ``…:battery:<place>:r<n>``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.domain.events import Audience, Event
from bot.domain.text import N_, Phrase
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected
from bot.engine.steps import Answer, Choice, DeadlinePolicy, OnDeadline, Question, Step, Wording
from bot.rulesets.empires_in_arms.rules import combat, shown
from bot.rulesets.empires_in_arms.rules import naval as nv
from bot.rulesets.empires_in_arms.rules.board import Board
from bot.rulesets.empires_in_arms.rules.events import (
    AutomaticInterception,
    CombatCardPlayed,
    Evaded,
    FleetMoved,
    FleetPlaced,
    InterceptionDeclined,
    InterceptionRolled,
    ManeuversSpent,
    ModeratorsNotice,
    NoPortForLoser,
    PlanNotCarried,
    PlanStopped,
    SquadronsDropped,
    SquadronsPickedUp,
    ZoneControlChanged,
    public,
)
from bot.rulesets.empires_in_arms.rules.model import DESTROYED, EiaState, Squadron, SquadronStatus
from bot.rulesets.empires_in_arms.rules.orders import MoveFleet, Patrol, parse_order
from bot.rulesets.empires_in_arms.rules.records import Pending
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
from bot.rulesets.empires_in_arms.rules.standing import NO, YES, condition_holds

MOVER = "mover"  # the evaders' entry for the moving fleet


@dataclass(frozen=True)
class Context:
    board: Board
    settings: EiaSettings
    dice: Dice
    module: Any = None  # a combat.CombatModule; None: ModeratorEnteredCombat (E-OP-13)


YES_NO = [Choice(value=NO, label=Wording(msgid=N_("No"))), Choice(value=YES, label=Wording(msgid=N_("Yes")))]


# -- helpers ---------------------------------------------------------------------------------

def _p(state: EiaState) -> Pending:
    assert state.pending is not None
    return state.pending


def _go(state: EiaState, phase: str | None, **changes) -> EiaState:
    return state.model_copy(update={"pending": _p(state).model_copy(update={"phase": phase, **changes})})


def _plan(state: EiaState) -> MoveFleet | Patrol:
    return parse_order(_p(state).plan)  # type: ignore[return-value]


def _path(state: EiaState) -> tuple[str, ...]:
    plan = _plan(state)
    return plan.path if isinstance(plan, MoveFleet) else ()


def movers(state: EiaState) -> list[Squadron]:
    p = _p(state)
    return [state.squadrons[s] for s in p.squadrons if s in state.squadrons
            and state.squadrons[s].location == p.location]


def _count(state: EiaState, base: str) -> tuple[EiaState, int]:
    """How many times this purpose has come up in the impulse, this one included (every plan's)."""
    count = state.impulse.rolled.get(base, 0) + 1
    impulse = state.impulse.model_copy(update={"rolled": {**state.impulse.rolled, base: count}})
    return state.model_copy(update={"impulse": impulse}), count


def _key(state: EiaState, base: str) -> tuple[EiaState, str]:
    """A roll's key; the same purpose rolled again in this impulse gets ``#<n>`` (dice are keyed)."""
    state, count = _count(state, base)
    return state, base if count == 1 else f"{base}#{count}"


def _impulse(state: EiaState) -> str:
    return str(state.impulse.number)


def _name(ctx: Context, state: EiaState, key: str) -> str:
    if key in state.nations:
        return state.nations[key].name
    return ctx.board.name_of(key)


def _stack_name(state: EiaState, stack: nv.Stack) -> str:
    return " + ".join(state.nations[p].name if p in state.nations else p for p in stack)


def _prompt(kind: str, label: Wording, questions: list[Question], hours: int | None) -> Step:
    on = OnDeadline.DEFAULTS
    return Step(kind=kind, label=label, actors=sorted({q.faction for q in questions if q.faction}),
                moderators=any(q.faction is None for q in questions), questions=questions,
                deadline=DeadlinePolicy(hours=hours, on_deadline=on))


def _value(answers: dict[str, Answer], qid: str, default: Any) -> Any:
    found = answers.get(qid)
    return found.value if found is not None else default


def _facts(state: EiaState, settings: EiaSettings, ours: list[Squadron], our_top: str,
           theirs: list[Squadron], their_top: str) -> dict[str, int]:
    our_dice = nv.capped_dice(state, settings, ours, our_top)
    their_dice = nv.capped_dice(state, settings, theirs, their_top)
    return {"our_squadrons": len(ours), "our_dice": our_dice, "enemy_squadrons": len(theirs),
            "enemy_dice": their_dice, "dice_advantage": their_dice - our_dice}


def _mover_stack(state: EiaState) -> nv.Stack:
    p = _p(state)
    plan = _plan(state)
    armada = state.armadas.get(plan.armada) if isinstance(plan, MoveFleet) and plan.armada else None
    return tuple(armada.powers) if armada else (state.major_of(p.nation),)


def _mover_top(state: EiaState) -> str:
    """E4.1: the active nation's squadron is on top of the moving stack."""
    return _p(state).nation


def _moved_event(state: EiaState, origin: str, destination: str, squadrons: list[Squadron]) -> FleetMoved:
    return FleetMoved(audience=public(), nation=_p(state).nation, squadrons=tuple(s.id for s in squadrons),
                      origin=origin, destination=destination)


def _place(state: EiaState, squadrons, where: str) -> EiaState:
    return state.with_squadrons(*(s.model_copy(update={"location": where}) for s in squadrons))


# -- start: the next plan of the queue --------------------------------------------------------

def settle_start(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    if not p.queue:
        return state.model_copy(update={"pending": None}), []
    plan, rest = p.queue[0], p.queue[1:]
    if plan.get("kind") == "armada_command":  # E3.1.3 / E-OP-03: the other powers are asked
        return state.model_copy(update={"pending": Pending(nation=p.nation, phase="armada", plan=plan, queue=rest)}), []
    if plan.get("kind") == "landing":  # E12.2: the batteries fire on the convoy before it lands
        state = state.model_copy(update={"pending": Pending(nation=p.nation, phase="battle", plan=plan, queue=rest,
                                                            location=plan["port"])})
        return _landing_battle(state, ctx, plan)
    try:
        order = parse_order(plan)
        chosen, at = plan_movers(state, ctx, p.nation, order)
    except OrderRejected as refused:
        return _go(state, "start", queue=rest), [_not_carried(p.nation, str(plan.get("kind")), refused)]
    # "arrive" at the start: patrols of the zone it is in first (E5.5), then the path
    fresh = Pending(nation=p.nation, phase="arrive", plan=plan,
                    squadrons=tuple(s.id for s in chosen), location=at, origin=at, queue=rest)
    return state.model_copy(update={"pending": fresh}), []


def _not_carried(nation: str, kind: str, refused: OrderRejected) -> PlanNotCarried:
    values = {k: v if isinstance(v, int) else str(v) for k, v in refused.values.items()}
    return PlanNotCarried(audience=Audience.of(nation), nation=nation, order=kind, reason=refused.msgid,
                          values=values, rule=refused.rule or "")


def plan_movers(state: EiaState, ctx: Context, nation: str, order) -> tuple[list[Squadron], str]:
    """The squadrons a plan moves, checked again at resolution (the board may have changed since)."""
    at = order.at if isinstance(order, MoveFleet) else order.zone
    power = state.major_of(nation)
    if isinstance(order, MoveFleet) and order.armada:
        armada = state.armadas.get(order.armada)
        if armada is None or armada.location != at:
            raise OrderRejected(N_("there is no armada {armada} at {place}"), rule="E3.1",
                                armada=shown.armada(state, nation, order.armada),
                                place=ctx.board.name_of(at))
        top = state.squadrons.get(armada.commander or "")
        if top is None or state.major_of(top.nation) != power:
            raise OrderRejected(N_("the armada {armada} is not under your command: take command first "
                                   "(armada_command, E3.1.3)"), rule="E4.1",
                                armada=shown.armada(state, nation, order.armada))
        fleet = [s for p in armada.powers for s in state.fleet(p, at)]
    else:
        fleet = state.fleet(power, at)
    if order.squadrons:
        named = {s.id: s for s in fleet}
        missing = [x for x in order.squadrons if x not in named]
        if missing:
            raise OrderRejected(N_("{squadron} is not a squadron of your fleet at {place}"), rule="E2.1",
                                squadron=shown.squadron(state, nation, missing[0]), place=ctx.board.name_of(at))
        fleet = [named[x] for x in order.squadrons]
    chosen = [s for s in fleet if s.status != SquadronStatus.UNDER_CONSTRUCTION and s.id not in state.impulse.placed]
    if not chosen:
        raise OrderRejected(N_("you have no squadron at {place} that can move this impulse"), rule="E2.1",
                            place=ctx.board.name_of(at))
    if isinstance(order, Patrol) and not ctx.board.is_zone(at):
        raise OrderRejected(N_("a fleet patrols a zone, not a port (E5.6)"), rule="E5.6")
    return chosen, at


# -- a landing's battery (E12.2) ------------------------------------------------------------------

def _landing_battle(state: EiaState, ctx: Context, plan: dict) -> tuple[EiaState, list[Event]]:
    """Combat's round 0 of kind landing: the convoy's items stand as the active side's "squadrons"."""
    p = _p(state)
    port = plan["port"]
    items = tuple(combat.CombatSquadron(id=i, name=state.land[i].name, nation=state.land[i].nation)
                  for i in plan["items"] if i in state.land)
    holder = state.port_control.get(port, "")
    active = combat.BattleSide(nations=(state.major_of(p.nation),), squadrons=items)
    inactive = combat.BattleSide(nations=(holder,) if holder else (), squadrons=())
    state, count = _count(state, f"battle:{port}")
    battle = combat.battle_from(state, ctx.board, nv.combat_settings(state, ctx.settings), impulse=_impulse(state),
                                kind=combat.BattleKind.LANDING, place=port, active=active, inactive=inactive,
                                number=count)
    battle = battle.model_copy(update={"names": {**battle.names, **{s.id: s.label for s in items}}})
    _, began = combat.open_battle(battle)
    return _go(state, "battle", battle=combat.BattleState(battle=battle)), began


def _landing_done(state: EiaState) -> tuple[EiaState, list[Event]]:
    from bot.rulesets.empires_in_arms.rules.convoy import landed
    p = _p(state)
    lost = tuple(i for i in p.battle.outcome.destroyed if i in state.land)
    state, events = landed(state, p.nation, p.plan["port"], tuple(p.plan["items"]), lost)
    return _go(state, "finish", battle=None, stopped=True), events


# -- armada command (E3.1.1–E3.1.3, E-OP-03) ------------------------------------------------------

def _armada_others(state: EiaState) -> list[str]:
    order = parse_order(_p(state).plan)
    found = state.armadas.get(order.armada)
    powers = found.powers if found else (state.major_of(_p(state).nation), *order.powers)
    return [q for q in state.ordered(powers) if q != state.major_of(_p(state).nation) and q in state.nations]


def ask_armada(state: EiaState, ctx: Context) -> Step | None:
    order = parse_order(_p(state).plan)
    squadron = state.squadrons.get(order.squadron)
    questions = [Question(id=f"armada:{other}", faction=other,
                          text=Wording(msgid=N_("{nation} wants its squadron {squadron} on top of the armada "
                                                "{armada}: do you agree? Without agreement the power with the "
                                                "most combat dice commands (E3.1.2)."),
                                       values={"nation": state.nations[_p(state).nation].name,
                                               "squadron": squadron.label if squadron else order.squadron,
                                               "armada": order.armada}),
                          choices=YES_NO, default=NO, default_rule="E-OP-03")
                 for other in _armada_others(state)]
    return _prompt("armada", Wording(msgid=N_("armada command")), questions,
                   ctx.settings.prompt_hours) if questions else None


def settle_armada(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    from bot.rulesets.empires_in_arms.rules.armada import take_command
    p = _p(state)
    agreed = all(_value(answers, f"armada:{other}", NO) == YES for other in _armada_others(state))
    try:
        state, events = take_command(state, ctx, p.nation, parse_order(p.plan), agreed=agreed)
    except OrderRejected as refused:
        events = [_not_carried(p.nation, "armada_command", refused)]
    return _go(state, "finish"), events


# -- enter: one step of the path ---------------------------------------------------------------

def settle_enter(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    path = _path(state)
    fleet = movers(state)
    if not fleet or p.stopped or p.position >= len(path):
        return _go(state, "finish"), []
    dest = path[p.position]
    plan = _plan(state)
    cost = nv.entry_cost(state, ctx.settings, p.location, plan.armada if isinstance(plan, MoveFleet) else None)
    problem = _cannot_enter(state, ctx, p.location, dest, cost, fleet)
    if problem:
        return _go(state, "finish", stopped=True), [PlanStopped(audience=public(), nation=p.nation, place=p.location,
                                                                reason=problem)]
    strait = ctx.board.strait_between(p.location, dest)
    if strait and not p.strait_done:
        battery = _strait_battery(state, ctx, strait)
        if battery is not None:  # E13.1: the battery fires on the passing fleet first
            return _battle_begins(state, ctx, combat.BattleKind.STRAIT, battery.place, ctx.board.zone_of(battery.place),
                                  fleet, [], battery=battery, then="strait_intercept")
    return _enter(state, ctx, dest, cost, fleet)


def _cannot_enter(state, ctx, here: str, dest: str, cost: int, fleet) -> str:
    if not ctx.board.is_step(here, dest):
        return N_("the next place of the plan is not one maneuver away (E2.2)")
    left = nv.maneuvers_left(state, ctx.settings, fleet)
    if left is not None and cost > left:
        return N_("no maneuvers left this impulse (E-OP-01)")
    ko = state.impulse.ko.get(_p(state).nation)
    if ko is not None and nv.ko_for(_p(state).maneuvers + cost, ctx.settings) > ko:
        return N_("not enough KO left for another maneuver (E1.2)")
    return ""


def _strait_battery(state: EiaState, ctx: Context, strait: str) -> combat.Battery | None:
    """E13.1: a strait controlled by an enemy fortress (a controlling port the enemy holds)."""
    nation = _p(state).nation
    for port in ctx.board.controlling_ports(strait):
        if ctx.board.is_fortress(port) and nv.enemy_port(state, port, nation):
            return combat.Battery(place=port, owner=state.port_control[port], fortress=True,
                                  dice=ctx.settings.strait_battery_dice)
    return None


def _enter(state: EiaState, ctx: Context, dest: str, cost: int, fleet) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    here = p.location
    moved = [s.model_copy(update={"location": dest, "maneuvers_spent": s.maneuvers_spent + cost}) for s in fleet]
    state = state.with_squadrons(*moved)
    zone = nv.zone_of(ctx.board, dest)
    # E7 footnote / E-OP-11: leaving a port into a zone an enemy controls is a breakout (E6.3, E9.3)
    controller = state.zone_control.get(zone)
    breakout = here if ctx.board.is_port(here) and controller and state.enemies(controller, p.nation) else None
    interceptors = tuple(nv.enemy_stacks_in_zone(state, zone, state.major_of(p.nation)))
    state = _go(state, "intercept" if interceptors else "arrive", location=dest, origin=here,
                position=p.position + 1, maneuvers=p.maneuvers + cost, strait_done=False, port_fought=False,
                no_reinterception=(), interceptors=interceptors, breakout=breakout, patrols_done={})
    return state, [_moved_event(state, here, dest, moved)]


# -- intercept (E5.2–E5.4, E-OP-08, E-OP-09) ---------------------------------------------------

def _intercept_question(state: EiaState, ctx: Context, stack: nv.Stack) -> Question:
    p = _p(state)
    zone = nv.zone_of(ctx.board, p.location)
    ours = nv.stack_squadrons(state, stack, zone)
    return Question(id=f"intercept:{nv.stack_key(stack)}", faction=stack[0],
                    text=Wording(msgid=N_("{mover}'s fleet of {count} squadrons enters {place}: does your stack in "
                                          "{zone} try to intercept it (2d6 + modifiers above 9)?"),
                                 values={"mover": state.nations[p.nation].name, "count": len(movers(state)),
                                         "place": ctx.board.name_of(p.location), "zone": ctx.board.name_of(zone)}),
                    choices=YES_NO, default=NO, default_rule="E-OP-09",
                    facts=_facts(state, ctx.settings, ours, nv.commander_nation(state, stack, zone), movers(state),
                                 _mover_top(state)))


def ask_intercept(state: EiaState, ctx: Context) -> Step | None:
    p = _p(state)
    questions = [_intercept_question(state, ctx, s) for s in p.interceptors if s not in p.no_reinterception]
    return _prompt("intercept", Wording(msgid=N_("interception at {place}"),
                                        values={"place": ctx.board.name_of(p.location)}),
                   questions, ctx.settings.prompt_hours) if questions else None


def settle_intercept(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    zone = nv.zone_of(ctx.board, p.location)
    events: list[Event] = []
    caught: list[nv.Stack] = []
    for stack in p.interceptors:
        if stack in p.no_reinterception:
            continue
        if _value(answers, f"intercept:{nv.stack_key(stack)}", NO) != YES:
            events.append(InterceptionDeclined(audience=public(), nation=stack[0], zone=zone))
            continue
        ours = nv.stack_squadrons(state, stack, zone)
        top = nv.commander_nation(state, stack, zone)
        state, key = _key(state, f"eia:{_impulse(state)}:intercept:{zone}:{nv.stack_key(stack)}")
        state, success, event = _roll(state, ctx, key, "interception", top, ours, _mover_stack(state), zone)
        events.append(event)
        if success:
            caught.append(stack)
            if ctx.settings.multi_interceptor_mode == "first_success":
                break  # E-OP-08: the first success ends the interception step
    state = _go(state, "arrive", interceptors=())
    if not caught:
        return state, events
    theirs = [s for stack in caught for s in nv.stack_squadrons(state, stack, zone)]
    top = nv.commander_nation(state, caught[0], zone)
    kind = combat.BattleKind.LOSS_OF_PORT if p.lost_port else combat.BattleKind.INTERCEPTION  # E14.1
    state, more = _battle_begins(state, ctx, kind, zone, zone, movers(state), theirs,
                                 inactive_top=top, evaders=(MOVER,), interceptors=tuple(caught))
    return state, events + more


def _roll(state, ctx, key, purpose, top, squadrons, target, zone):
    mods = nv.modifiers(state, ctx.settings, squadrons, top, zone)
    faces, total, success = nv.e7_roll(ctx.dice, key, mods, ctx.settings)
    event = InterceptionRolled(audience=public(), purpose=purpose, nation=top, squadrons=tuple(s.id for s in squadrons),
                               target=tuple(target), zone=zone, faces=faces, modifiers=mods, total=total,
                               success=success)
    return state, success, event


# -- battles: set up, evasion (E6), cards (E-OP-14), rounds (E-OP-13), consequences (E9) ----------

def _left_port(ctx: Context, p, kind) -> str | None:
    """E9.3, seed [L45]: a fleet beaten while leaving a port goes back to that port, blockaded (a breakout)
    or not: the interception on the entry from a port into its zone.  A fleet put to sea from a port the
    enemy took (E14) has no port to go back to (E-OP-25: E9.2)."""
    if p.breakout:
        return p.breakout
    leaving = (kind == combat.BattleKind.INTERCEPTION and not p.lost_port and not p.strait_done
               and ctx.board.is_port(p.origin or "")
               and not ctx.board.is_port(p.location) and ctx.board.zone_of(p.origin) == p.location)
    return p.origin if leaving else None


def _entering_port(ctx: Context, p, kind) -> str | None:
    """E9.4, seed [L45]: intercepted on entering a port (E5.2) and beaten, the fleet retreats to another."""
    entering = kind == combat.BattleKind.INTERCEPTION and not p.lost_port and ctx.board.is_port(p.location)
    return p.location if entering else None


def _battle_begins(state: EiaState, ctx: Context, kind, place: str, zone: str, active: list[Squadron],
                   inactive: list[Squadron], *, battery=None, then: str = "", inactive_top: str | None = None,
                   evaders: tuple = (), interceptors: tuple = (),
                   fives_before: int = 0) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    active_side = nv.battle_side(state, active, _mover_top(state), left_port=_left_port(ctx, p, kind),
                                 entering_port=_entering_port(ctx, p, kind), fives_before=fives_before,
                                 lost_port=p.lost_port)
    owner = (battery.owner,) if battery is not None else ()
    inactive_side = nv.battle_side(state, inactive, inactive_top or (inactive[0].nation if inactive else None),
                                   nations=owner, stacks=[tuple(s) for s in (interceptors or evaders)
                                                          if s != MOVER], place=zone or place)
    state, count = _count(state, f"battle:{place}")
    battle = combat.battle_from(state, ctx.board, nv.combat_settings(state, ctx.settings), impulse=_impulse(state),
                                kind=kind, place=place, active=active_side, inactive=inactive_side, zone=zone,
                                battery_port=battery.place if battery is not None else None, number=count)
    if battery is not None and battle.battery != battery:
        battle = battle.model_copy(update={"battery": battery})
    state = _go(state, "evade" if evaders else "cards", battle=combat.BattleState(battle=battle), battle_then=then,
                evaders=tuple(evaders), found=tuple(interceptors))
    return state, []


def _evader_squadrons(state: EiaState, who) -> tuple[list[Squadron], str, list[Squadron], str]:
    """(the evader's squadrons, its top nation, the other side's, its top nation)."""
    battle = _p(state).battle.battle
    if who == MOVER:
        ours = [state.squadrons[s.id] for s in battle.active.squadrons]
        theirs = [state.squadrons[s.id] for s in battle.inactive.squadrons]
        return ours, _mover_top(state), theirs, theirs[0].nation if theirs else _mover_top(state)
    zone = battle.zone
    ours = nv.stack_squadrons(state, tuple(who), zone)
    theirs = [state.squadrons[s.id] for s in battle.active.squadrons]
    return ours, nv.commander_nation(state, tuple(who), zone), theirs, _mover_top(state)


def _evasion_open(state: EiaState, ctx: Context) -> bool:
    """E5.6 / E6.6: a fleet in a port cannot evade (a strait's interception leaves evaders empty
    when E-OP-24's setting forbids it)."""
    return True


def _evade_decided(state: EiaState, ctx: Context, who, facts) -> str | None:
    """The mover's plan decides (E-OP-09: yes / no / a condition); None: ask."""
    if who != MOVER:
        return None
    plan = _plan(state)
    holds = condition_holds(plan.evade, "evade", facts)
    return None if holds is None else (YES if holds else NO)


def _evade_question(state: EiaState, ctx: Context, who) -> tuple[Question, str | None]:
    ours, top, theirs, their_top = _evader_squadrons(state, who)
    facts = _facts(state, ctx.settings, ours, top, theirs, their_top)
    nation = _p(state).nation if who == MOVER else who[0]
    key = MOVER if who == MOVER else nv.stack_key(tuple(who))
    question = Question(id=f"evade:{key}", faction=nation,
                        text=Wording(msgid=N_("Your fleet of {count} squadrons is intercepted in {zone} by {enemy} "
                                              "({enemy_dice} combat dice): try to evade (2d6 + modifiers above 9)?"),
                                     values={"count": len(ours), "zone": ctx.board.name_of(_p(state).battle.battle.zone),
                                             "enemy": _stack_name(state, tuple(dict.fromkeys(state.major_of(s.nation)
                                                                                             for s in theirs))),
                                             "enemy_dice": facts["enemy_dice"]}),
                        choices=YES_NO, default=NO, default_rule="E-OP-09", facts=facts)
    return question, _evade_decided(state, ctx, who, facts)


def ask_evade(state: EiaState, ctx: Context) -> Step | None:
    if not _evasion_open(state, ctx):
        return None
    asked = [q for q, decided in (_evade_question(state, ctx, w) for w in _p(state).evaders) if decided is None]
    return _prompt("evade", Wording(msgid=N_("evasion in {zone}"),
                                    values={"zone": ctx.board.name_of(_p(state).battle.battle.zone)}),
                   asked, ctx.settings.prompt_hours) if asked else None


def settle_evade(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    bstate = p.battle
    battle = bstate.battle
    events: list[Event] = []
    evaded_mover, gone_inactive, failed = False, set(), False
    for who in p.evaders if _evasion_open(state, ctx) else ():
        question, decided = _evade_question(state, ctx, who)
        if (decided or _value(answers, question.id, NO)) != YES:
            continue
        ours, top, theirs, _ = _evader_squadrons(state, who)
        stack = _mover_stack(state) if who == MOVER else tuple(who)
        state, roll_key = _key(state, f"eia:{_impulse(state)}:evade:{battle.zone}:{nv.stack_key(stack)}")
        target = tuple(dict.fromkeys(state.major_of(s.nation) for s in theirs))
        state, success, event = _roll(state, ctx, roll_key, "evasion", top, ours, target, battle.zone)
        events.append(event)
        if not success:
            failed = True  # E6.5: the other side's extra die in round 1
            continue
        if who == MOVER:
            evaded_mover = True
        else:
            gone_inactive |= {s.id for s in ours}
    p = _p(state)
    if evaded_mover:
        return _mover_evaded(state, ctx, events)
    inactive = tuple(s for s in battle.inactive.squadrons if s.id not in gone_inactive)
    if gone_inactive:
        events += [Evaded(audience=public(), nation=state.squadrons[i].nation, squadrons=(i,), place=battle.zone)
                   for i in sorted(gone_inactive)]
    if not inactive:  # E6.2: every stack found evaded; it stays and may be found again
        return _go(state, "arrive", battle=None, evaders=()), events
    if failed:  # E6.5: the side that intercepted (or patrolled) gets the die
        bonus_role = "inactive" if MOVER in p.evaders else "active"
        side = battle.side(bonus_role).model_copy(update={"evasion_failed_bonus": True})
        battle = battle.model_copy(update={bonus_role: side})
    battle = battle.model_copy(update={"inactive": battle.inactive.model_copy(update={"squadrons": inactive})})
    return _go(state, "cards", battle=bstate.model_copy(update={"battle": battle}), evaders=()), events


def _mover_evaded(state: EiaState, ctx: Context, events: list[Event]) -> tuple[EiaState, list[Event]]:
    """E6.3: a blockaded fleet breaking out goes back into its port (the plan ends); E6.4 / E-OP-11:
    an active fleet stays, is not intercepted again by those stacks until its next entry, and goes on."""
    p = _p(state)
    fleet = movers(state)
    if p.breakout:
        state = _place(state, fleet, p.breakout)
        events.append(Evaded(audience=public(), nation=p.nation, squadrons=tuple(s.id for s in fleet),
                             place=p.breakout, breakout=True))
        return _go(state, "finish", battle=None, evaders=(), location=p.breakout, stopped=True), events
    events.append(Evaded(audience=public(), nation=p.nation, squadrons=tuple(s.id for s in fleet), place=p.location))
    then = "enter" if p.strait_done else "arrive"  # a strait's interception: the entry is still to come
    return _go(state, then, battle=None, evaders=(), no_reinterception=p.no_reinterception + p.found), events


def ask_cards(state: EiaState, ctx: Context) -> Step | None:
    """E8.3 / E-OP-14: each side may play a card that says it applies to naval combat (default none)."""
    if not ctx.settings.ask_combat_cards:
        return None
    battle = _p(state).battle.battle
    if battle.kind in (combat.BattleKind.STRAIT, combat.BattleKind.LANDING):
        return None
    questions = []
    for role in ("active", "inactive"):
        side = battle.side(role)
        if not side.squadrons:
            continue
        questions.append(Question(id=f"cards:{role}", faction=side.nations[0],
                                  text=Wording(msgid=N_("Battle at {place}: do you play a combat card that says it "
                                                        "applies to naval combat (E8.3)? The moderators apply its "
                                                        "effect."), values={"place": ctx.board.name_of(battle.place)}),
                                  choices=YES_NO, default=NO, default_rule="E-OP-14"))
    return _prompt("cards", Wording(msgid=N_("combat cards at {place}"),
                                    values={"place": ctx.board.name_of(battle.place)}),
                   questions, ctx.settings.prompt_hours) if questions else None


def settle_cards(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    battle = _p(state).battle.battle
    played = {role: YES for role in ("active", "inactive") if _value(answers, f"cards:{role}", NO) == YES}
    events = [CombatCardPlayed(audience=public(), nation=battle.side(r).nations[0], place=battle.place)
              for r in played]
    _, began = combat.open_battle(battle)
    return _go(state, "battle", cards=played), events + began


def settle_battle(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    """Roll the next round; a combat module may answer it (E-OP-13); else the moderators' form."""
    bstate = _p(state).battle
    module = ctx.module or combat.ModeratorEnteredCombat()
    try:
        bstate, events = combat.advance(bstate, module, ctx.dice, nv.combat_settings(state, ctx.settings))
    except combat.CombatError as missing:  # E-OP-15: an unlisted nation's dice; the moderators set them
        return _go(state, "dice_missing", battle=bstate), [_refused(missing, "E-OP-15")]
    if bstate.over:
        return _go(state, "after_battle", battle=bstate), events
    return _go(state, "round", battle=bstate), events


def _refused(error: Exception, rule: str) -> ModeratorsNotice:
    """Combat's refusal, kept as its message id and values (a Phrase) so the log words it for the reader."""
    said = error.args[0] if error.args else str(error)
    msgid, values = (said.msgid, said.values) if isinstance(said, Phrase) else (str(said), {})
    values = {k: v if isinstance(v, int) else str(v) for k, v in values.items()}
    return ModeratorsNotice(audience=Audience.moderators(), reason=msgid, values=values, rule=rule)


def ask_round(state: EiaState, ctx: Context) -> Step:
    """E-OP-13: the moderators enter the round; no default (the step waits for them)."""
    bstate = _p(state).battle
    question = combat.round_question(bstate, _p(state).form_problem or None)
    return _prompt("round", Wording(msgid=N_("battle at {place}, round {round}"),
                                    values={"place": ctx.board.name_of(bstate.battle.place),
                                            "round": bstate.awaiting.round_no}), [question], None)


def settle_round(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    bstate = _p(state).battle
    qid = combat.form.question_id(bstate.awaiting.round_no)
    values = _value(answers, qid, {}) or {}
    try:
        result = combat.read_form(bstate, values if isinstance(values, dict) else {})
        bstate, events = combat.enter_round(bstate, result, nv.combat_settings(state, ctx.settings))
    except combat.CombatError as wrong:  # asked again, the reason told to the moderators
        return _go(state, "round", form_problem=str(wrong)), [_refused(wrong, "E-OP-13")]
    return _go(state, "after_battle" if bstate.over else "battle", battle=bstate, form_problem=""), events


def ask_dice_missing(state: EiaState, ctx: Context) -> Step:
    question = Question(id="dice_missing", faction=None,
                        text=Wording(msgid=N_("A nation in this battle has no combat dice per squadron (E8.4, "
                                              "E-OP-15): set them with {command}, then go on."),
                                     values={"command": combat.DICE_COMMAND}),
                        choices=[Choice(value="go_on", label=Wording(msgid=N_("Set: go on")))])
    return _prompt("dice_missing", Wording(msgid=N_("combat dice missing")), [question], None)


def settle_dice_missing(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    return _go(state, "battle"), []


# -- after the battle (E9, E10.5, E14.3) ----------------------------------------------------------

def settle_after_battle(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    bstate = p.battle
    outcome, battle = bstate.outcome, bstate.battle
    if battle.kind == combat.BattleKind.LANDING:
        return _landing_done(state)
    events: list[Event] = []
    state, more = _destroy(state, outcome.destroyed, battle)
    events += more
    waiting: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    for placement in outcome.placements:
        squadrons = [state.squadrons[s] for s in placement.squadrons if s in state.squadrons]
        if not squadrons:
            continue
        state, more, ask = _placed(state, ctx, battle, placement, squadrons)
        events += more
        if ask:
            waiting.append(ask)
    if outcome.winner is not None:
        state, more = _control_after(state, battle, outcome.winner)
        events += more
    state = _go(state, "nearest_port" if waiting else "after_placement", placing=tuple(waiting))
    return state, events


def _destroy(state: EiaState, ids, battle) -> tuple[EiaState, list[Event]]:
    gone = [state.squadrons[i] for i in ids if i in state.squadrons and state.squadrons[i].location != DESTROYED]
    # Told once: combat's eia_squadrons_lost already reports every one of them (a round's losses, and
    # E10.5's / E14.3's by the outcome), so the board change goes without a second report line.
    state = state.with_squadrons(*(s.model_copy(update={"location": DESTROYED}) for s in gone))
    return state, []


def _placed(state, ctx, battle, placement, squadrons):
    """E9.1–E9.4, E10.5 (E-OP-20): where a side's survivors go; a tie of nearest ports is asked."""
    p = _p(state)
    how = placement.how
    nation = squadrons[0].nation
    if how == "continue":
        if placement.zone and placement.zone != p.location:  # E10.5 / E-OP-20: out of the port into its zone
            state = _place(state, squadrons, placement.zone)
            event = FleetPlaced(audience=public(), nation=nation, squadrons=tuple(s.id for s in squadrons),
                                origin=p.location, destination=placement.zone, rule="E-OP-20")
            state = _go(state, p.phase, location=placement.zone, port_fought=True)
            return state, [event], None
        return state, [], None
    if how == "stay":
        return state, [], None
    if how == "return_to_port":
        return _put(state, squadrons, placement.port, "E9.3"), [
            FleetPlaced(audience=public(), nation=nation, squadrons=tuple(s.id for s in squadrons),
                        origin=squadrons[0].location, destination=placement.port, rule="E9.3")], None
    candidates = (nv.friendly_ports(state, ctx.board, nation, ctx.settings) if ctx.settings.nearest_port_friendly_only
                  else [q for q in sorted(ctx.board.ports) if not nv.enemy_port(state, q, nation)])  # E-OP-18
    ports = combat.nearest_ports(battle.zone, candidates, ctx.board.distance, placement)
    rule = "E9.4" if how == "other_port" else "E9.2"
    if not ports:  # E-OP-18: none — the moderators place it; it stays meanwhile
        return state, [NoPortForLoser(audience=public(), nation=nation, squadrons=tuple(s.id for s in squadrons),
                                      place=squadrons[0].location)], None
    if len(ports) == 1:
        return _put(state, squadrons, ports[0], rule), [
            FleetPlaced(audience=public(), nation=nation, squadrons=tuple(s.id for s in squadrons),
                        origin=squadrons[0].location, destination=ports[0], rule=rule)], None
    return state, [], (nation, tuple(s.id for s in squadrons), tuple(ports))


def _put(state: EiaState, squadrons, port: str, rule: str) -> EiaState:
    """Placed after a battle: there for the rest of the impulse (E9.2)."""
    state = _place(state, squadrons, port)
    impulse = state.impulse.model_copy(update={"placed": state.impulse.placed + tuple(s.id for s in squadrons)})
    return state.model_copy(update={"impulse": impulse})


def _control_after(state: EiaState, battle, winner: str) -> tuple[EiaState, list[Event]]:
    """E-OP-12 placeholder: the loser's side loses control of the battle's zone."""
    loser = battle.side("inactive" if winner == "active" else "active")
    controller = state.zone_control.get(battle.zone)
    if controller is None or not loser.nations or not any(state.allied(controller, n) for n in loser.nations[:1]):
        return state, []
    control = {z: n for z, n in state.zone_control.items() if z != battle.zone}
    return state.model_copy(update={"zone_control": control}), [ZoneControlChanged(audience=public(),
                                                                                  zone=battle.zone, nation=None)]


def ask_nearest_port(state: EiaState, ctx: Context) -> Step | None:
    questions = []
    for nation, _squadrons, ports in _p(state).placing:
        q = combat.nearest_port_question(f"nearest_port:{nation}", nation, ports, nv.names_of(state, ctx.board))
        if q is not None:
            questions.append(q)
    return _prompt("nearest_port", Wording(msgid=N_("nearest port")), questions,
                   ctx.settings.prompt_hours) if questions else None


def settle_nearest_port(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    events: list[Event] = []
    for nation, ids, ports in _p(state).placing:
        chosen = _value(answers, f"nearest_port:{nation}", ports[0])
        port = chosen if chosen in ports else ports[0]
        squadrons = [state.squadrons[i] for i in ids]
        events.append(FleetPlaced(audience=public(), nation=nation, squadrons=ids, origin=squadrons[0].location,
                                  destination=port, rule="E9.2"))
        state = _put(state, squadrons, port, "E9.2")
    return _go(state, "after_placement", placing=()), events


def settle_after_placement(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    """The plan goes on (E9.1) unless the fleet is gone, placed, or its plan says stop."""
    p = _p(state)
    battle = p.battle.battle
    fleet = movers(state)
    plan = _plan(state)
    winner = p.battle.outcome.winner
    state = _go(state, p.phase, battle=None)
    if not fleet:
        return _go(state, "finish", stopped=True), []
    if p.battle_then:
        return _go(state, p.battle_then, battle_then="", fives=_fives(p)), []
    if winner == "active" and isinstance(plan, MoveFleet) and plan.on_win == "stop":
        return _go(state, "finish", stopped=True), [PlanStopped(audience=public(), nation=p.nation, place=p.location,
                                                                reason=N_("the plan stops after a won battle"))]
    if battle.kind == combat.BattleKind.PORT and ctx.settings.intercept_on_port_exit and winner == "active":
        zone = nv.zone_of(ctx.board, p.location)
        interceptors = tuple(nv.enemy_stacks_in_zone(state, zone, state.major_of(p.nation)))
        path = _path(state)
        skip = 1 if p.position < len(path) and path[p.position] == zone else 0  # already placed there
        return _go(state, "intercept" if interceptors else "arrive", interceptors=interceptors,
                   position=p.position + skip), []
    return _go(state, "arrive"), []


def _fives(p: Pending) -> int:
    """E-OP-16: the 5s a strait's battery rolled at the fleet, carried into the interception's battle."""
    bstate = p.battle
    return sum(r.dice.fives_to_active for r in bstate.rounds) if bstate else 0


# -- arrive: a port battle (E10), drop / pick up (E2.3), patrols (E5.3, E4.5) --------------------

def settle_arrive(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    fleet = movers(state)
    if not fleet:
        return _go(state, "finish"), []
    here = p.location
    if ctx.board.is_port(here) and not p.port_fought and nv.enemy_port(state, here, p.nation):
        holder = state.port_control[here]
        defenders = [s for s in state.squadrons_at(here) if state.enemies(s.nation, p.nation)]
        fortress = ctx.board.is_fortress(here)
        battery = combat.Battery(place=here, owner=holder, fortress=fortress,
                                 dice=ctx.settings.fortress_battery_dice if fortress else ctx.settings.port_battery_dice)
        state = _go(state, p.phase, port_fought=True)
        return _battle_begins(state, ctx, combat.BattleKind.PORT, here, ctx.board.zone_of(here), fleet, defenders,
                              battery=battery, inactive_top=holder)
    events: list[Event] = []
    if not p.patrols_done:
        state, events = _merge(state, ctx, fleet)
        p = _p(state)
    plan = _plan(state)
    wanted = plan.times if isinstance(plan, Patrol) else plan.patrols.get(here, 0)
    targets = nv.enemy_stacks_in_zone(state, here, state.major_of(p.nation)) if ctx.board.is_zone(here) else []
    if targets and p.patrols_done.get(here, 0) < wanted:
        return _go(state, "patrol"), events
    return _go(state, "enter"), events


def _merge(state: EiaState, ctx: Context, fleet) -> tuple[EiaState, list[Event]]:
    """E2.3 / E-OP-02: drop squadrons here, pick up own squadrons that spent no more than the fleet."""
    p = _p(state)
    plan = _plan(state)
    if not isinstance(plan, MoveFleet):
        return _go(state, p.phase, patrols_done={p.location: 0}), []
    events: list[Event] = []
    dropped = [s for s in plan.drop.get(p.location, ()) if s in p.squadrons]
    keep = tuple(s for s in p.squadrons if s not in dropped)
    if dropped:
        events.append(SquadronsDropped(audience=public(), nation=p.nation, squadrons=tuple(dropped), place=p.location))
    spent = max((s.maneuvers_spent for s in fleet), default=0)
    taken = []
    for sid in plan.pickup.get(p.location, ()):
        sq = state.squadrons.get(sid)
        if sq is None or sq.location != p.location or sid in keep or state.major_of(sq.nation) != state.major_of(p.nation):
            continue
        if sq.status == SquadronStatus.UNDER_CONSTRUCTION or sid in state.impulse.placed:
            continue
        if ctx.settings.pickup_requires_spent_le_fleet and sq.maneuvers_spent > spent:
            continue
        taken.append(sq.model_copy(update={"maneuvers_spent": spent}))  # from now on it spends with the fleet
    if taken:
        state = state.with_squadrons(*taken)
        events.append(SquadronsPickedUp(audience=public(), nation=p.nation, squadrons=tuple(s.id for s in taken),
                                        place=p.location))
    return _go(state, p.phase, squadrons=keep + tuple(s.id for s in taken), patrols_done={p.location: 0}), events


def settle_patrol(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    """E5.3 / E4.5 / E-OP-07: one maneuver, one roll per enemy stack in the zone; a found stack may
    evade (E6.2), the found ones that do not are fought in one battle."""
    p = _p(state)
    here = p.location
    fleet = movers(state)
    problem = _no_maneuver(state, ctx, fleet)
    done = {**p.patrols_done, here: p.patrols_done.get(here, 0) + 1}
    if problem:
        plan = _plan(state)
        wanted = plan.times if isinstance(plan, Patrol) else plan.patrols.get(here, 0)
        return _go(state, "enter", patrols_done={**p.patrols_done, here: wanted}), [
            PlanStopped(audience=public(), nation=p.nation, place=here, reason=problem)]
    state = state.with_squadrons(*(s.model_copy(update={"maneuvers_spent": s.maneuvers_spent + 1}) for s in fleet))
    state = _go(state, "patrol", patrols_done=done, maneuvers=p.maneuvers + 1)
    events: list[Event] = []  # the maneuver is counted with the plan's (its KO at the end, E1.2)
    found: list[nv.Stack] = []
    mover_stack = _mover_stack(state)
    targets = nv.enemy_stacks_in_zone(state, here, state.major_of(p.nation))
    if not ctx.settings.patrol_roll_per_stack:  # E-OP-07 flipped: one roll finds every stack or none
        targets = [tuple(power for stack in targets for power in stack)]
    for target in targets:
        base = f"eia:{_impulse(state)}:patrol:{here}:{nv.stack_key(mover_stack)}:{nv.stack_key(target)}"
        state, key = _key(state, base)
        state, success, event = _roll(state, ctx, key, "patrol", _mover_top(state), movers(state), target, here)
        events.append(event)
        if success:
            found += [s for s in nv.enemy_stacks_in_zone(state, here, state.major_of(p.nation))
                      if set(s) <= set(target)]
    if not found:
        return _go(state, "arrive"), events  # E5.5: another patrol, or on
    theirs = [s for stack in found for s in nv.stack_squadrons(state, stack, here)]
    state, more = _battle_begins(state, ctx, combat.BattleKind.PATROL, here, here, movers(state), theirs,
                                 inactive_top=nv.commander_nation(state, found[0], here),
                                 evaders=tuple(found))
    return state, events + more


def _no_maneuver(state: EiaState, ctx: Context, fleet) -> str:
    left = nv.maneuvers_left(state, ctx.settings, fleet)
    if left is not None and left < 1:
        return N_("no maneuvers left this impulse (E-OP-01)")
    ko = state.impulse.ko.get(_p(state).nation)
    if ko is not None and nv.ko_for(_p(state).maneuvers + 1, ctx.settings) > ko:
        return N_("not enough KO left for another maneuver (E1.2)")
    return ""


# -- straits (E13) ------------------------------------------------------------------------------

def settle_strait_intercept(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    """E13.2: after the battery, fleets in the ports controlling the strait intercept without a roll."""
    p = _p(state)
    path = _path(state)
    strait = ctx.board.strait_between(p.location, path[p.position]) if p.position < len(path) else None
    state = _go(state, "enter", strait_done=True)
    fleet = movers(state)
    if strait is None or not fleet:
        return state, []
    events: list[Event] = []
    theirs: list[Squadron] = []
    for port in ctx.board.controlling_ports(strait):
        there = [s for s in state.squadrons_at(port) if state.enemies(s.nation, p.nation)
                 and s.status != SquadronStatus.UNDER_CONSTRUCTION]
        if there:
            theirs += there
            events.append(AutomaticInterception(audience=public(), nation=there[0].nation,
                                                squadrons=tuple(s.id for s in there), strait=strait, port=port))
    if not theirs:
        return state, events
    zone = ctx.board.zone_of(ctx.board.controlling_ports(strait)[0])
    evaders = (MOVER,) if ctx.settings.strait_evasion_allowed else ()
    state, more = _battle_begins(state, ctx, combat.BattleKind.INTERCEPTION, zone, zone, fleet, theirs,
                                 inactive_top=theirs[0].nation, evaders=evaders, fives_before=p.fives)
    return _go(state, _p(state).phase, strait_done=True), events + more


# -- finish: the plan's KO (E1.2), the next plan --------------------------------------------------

def settle_finish(state: EiaState, ctx: Context, answers) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    ko = nv.ko_for(p.maneuvers, ctx.settings)
    ledger = dict(state.impulse.ko)
    left = None
    if p.nation in ledger:
        left = max(0, ledger[p.nation] - ko)
        ledger[p.nation] = left
    impulse = state.impulse.model_copy(update={"ko": ledger, "moved": state.impulse.moved + tuple(
        s for s in p.squadrons if s not in state.impulse.moved)})
    state = state.model_copy(update={"impulse": impulse})
    events: list[Event] = []
    if p.maneuvers:
        events.append(ManeuversSpent(audience=public(), nation=p.nation, squadrons=p.squadrons, maneuvers=p.maneuvers,
                                     ko=ko, ko_left=left))
    following = Pending(nation=p.nation, phase="start", queue=p.queue, resume=p.resume,
                        then_orders=p.then_orders) if p.queue else None
    if following is None and p.resume:  # E14's chain done: the active nation's plans now
        following = Pending(nation=state.impulse.active, phase="start", queue=p.resume)
    if following is None and p.then_orders:  # E14's chain done before the orders: they are next
        following = Pending(nation=state.impulse.active, phase="orders")
    return state.model_copy(update={"pending": following}), events


def abandon(state: EiaState, refused: OrderRejected) -> tuple[EiaState, list[Event]]:
    p = _p(state)
    return _go(state, "finish", stopped=True), [_not_carried(p.nation, str(p.plan.get("kind", "")), refused)]


def _nothing(state: EiaState, ctx: Context) -> None:
    return None


@dataclass(frozen=True)
class Phase:
    ask: Callable[[EiaState, Context], Step | None]
    settle: Callable[..., tuple[EiaState, list[Event]]]


PHASES: dict[str, Phase] = {
    "start": Phase(_nothing, settle_start),
    "armada": Phase(ask_armada, settle_armada),
    "enter": Phase(_nothing, settle_enter),
    "intercept": Phase(ask_intercept, settle_intercept),
    "evade": Phase(ask_evade, settle_evade),
    "cards": Phase(ask_cards, settle_cards),
    "battle": Phase(_nothing, settle_battle),
    "round": Phase(ask_round, settle_round),
    "dice_missing": Phase(ask_dice_missing, settle_dice_missing),
    "after_battle": Phase(_nothing, settle_after_battle),
    "nearest_port": Phase(ask_nearest_port, settle_nearest_port),
    "after_placement": Phase(_nothing, settle_after_placement),
    "arrive": Phase(_nothing, settle_arrive),
    "patrol": Phase(_nothing, settle_patrol),
    "strait_intercept": Phase(_nothing, settle_strait_intercept),
    "finish": Phase(_nothing, settle_finish),
}


def ask(state: EiaState, ctx: Context) -> Step | None:
    return PHASES[_p(state).phase].ask(state, ctx)


def settle(state: EiaState, ctx: Context, answers: dict[str, Answer]) -> tuple[EiaState, list[Event]]:
    return PHASES[_p(state).phase].settle(state, ctx, answers)
