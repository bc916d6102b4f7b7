"""Impulses across powers (ISSUE14, docs/decisions.md): one Fleetwright turn is one segment of the
action phase's impulses.  When a power's impulse is over (its CP spent, or it passed), the next
power in Impulse Order (H-OP-18, ``settings.impulse_order``) takes its impulse, with the CP the
moderators entered for it (``HisState.cp_next``) or ``settings.impulse_cp``.  The Fleetwright turn
ends when every power has passed in a row (the action phase is over: the next HIS turn begins) or
after ``settings.impulses_per_turn`` impulses (0: no cap).  A power that passes spends nothing.

At the start of a HIS turn (H6.3.3) lost naval units are back in the pool, Janissaries may be played
again, and the naval leaders on the Turn Track re-enter (H3.3.10 (c), H-OP-26): each one's power is
asked where (a port it controls, its home ports first; default the first of them), as the first
step of the next Fleetwright turn; a leader whose power controls no port waits for the moderators.
"""

from __future__ import annotations

from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder
from bot.engine.steps import Answer, AnswerSource, Choice, DeadlinePolicy, OnDeadline, Question, Step, Wording
from bot.rulesets.here_i_stand.rules import building
from bot.rulesets.here_i_stand.rules.board import board
from bot.rulesets.here_i_stand.rules.events import public
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.sequence_events import (
    ActionPhaseEnded,
    ImpulseOpened,
    ImpulsePassed,
    LeaderReturned,
    LeaderWaits,
)
from bot.rulesets.here_i_stand.rules.standing import standing_answer
from bot.rulesets.here_i_stand.rules.steps import PASS, HisSteps, action_step, applied
from bot.rulesets.here_i_stand.rules.model import HisState, Impulse, NavalLeader, PowerKind, track_turn
from bot.rulesets.here_i_stand.rules.settings import HisSettings


class ImpulseSequence:
    """The plug-in's ``TurnSteps``: one impulse's chain is ``HisSteps``'; when it says the impulse is
    over (nothing pending, no next step), the next power's impulse opens (``end_impulse``)."""

    def __init__(self, impulse: HisSteps | None = None) -> None:
        self.impulse = impulse or HisSteps()

    def first(self, state: HisState, settings: HisSettings) -> Step:
        return state.next_step or action_step(state)

    def after(self, state: HisState, settings: HisSettings, resolved: Step) -> Step | None:
        return None if state.segment_over else state.next_step

    def standing_answer(self, state: HisState, step: Step, question: Question) -> Answer | None:
        return standing_answer(state, question)

    def resolve_step(self, state: HisState, gamemap, settings: HisSettings, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        gamemap = board(gamemap)
        state = _opening(state)
        if step.kind == REENTRY:
            told = [applied(step, a) for a in answers if a.source in (AnswerSource.STANDING, AnswerSource.DEFAULT)]
            state, events = settle_reentry(state, gamemap, settings, step, {a.question: a for a in answers})
            return Resolution(state=state, events=told + events)
        result = self.impulse.resolve_step(state, gamemap, settings, step, orders, answers, dice)
        state, events = result.state, list(result.events)
        if state.pending is None and state.next_step is None:  # the impulse is over
            state, more = end_impulse(state, gamemap, settings)
            events += more
        return Resolution(state=state, events=events)


def _opening(state: HisState) -> HisState:
    """The first step of a Fleetwright turn counts its impulses afresh (``impulses_per_turn``)."""
    if not state.segment_over:
        return state
    return state.model_copy(update={"segment_over": False, "impulse": state.impulse.model_copy(update={"opened": 1})})

REENTRY = "leader_reentry"
MAX_CHOICES = 25  # Discord's select menu


def impulse_order(state: HisState, settings: HisSettings) -> list[str]:
    """The major powers of the state in Impulse Order (H-OP-18); powers the setting omits follow, by id."""
    majors = [p for p, v in state.powers.items() if v.kind == PowerKind.MAJOR]
    return [p for p in settings.impulse_order if p in majors] + sorted(p for p in majors if p not in settings.impulse_order)


def end_impulse(state: HisState, gamemap: HisMap, settings: HisSettings) -> tuple[HisState, list]:
    """The active power's impulse is over: the next power's opens, or the segment / action phase ends."""
    impulse, events = state.impulse, []
    passes = 0 if impulse.acted else impulse.passes + 1
    if not impulse.acted:
        events.append(ImpulsePassed(audience=public(), power=impulse.active_power, impulse=impulse.number))
    order = impulse_order(state, settings)
    if passes >= len(order):
        state, more = new_turn(state, gamemap, settings)
        return state, events + more
    after = order[(order.index(impulse.active_power) + 1) % len(order)] if impulse.active_power in order else order[0]
    cp = state.cp_next.get(after, settings.impulse_cp)
    opened = Impulse(number=impulse.number + 1, active_power=after, cp_remaining=cp, passes=passes,
                     opened=impulse.opened + 1)
    capped = bool(settings.impulses_per_turn) and impulse.opened >= settings.impulses_per_turn
    state = state.model_copy(update={"impulse": opened, "cp_next": _without(state.cp_next, after),
                                     "pending": None, "segment_over": capped})
    state = state.model_copy(update={"next_step": None if capped else action_step(state)})
    events.append(ImpulseOpened(audience=public(), power=after, impulse=opened.number, cp=cp))
    return state, events


def _without(table: dict[str, int], key: str) -> dict[str, int]:
    return {k: v for k, v in table.items() if k != key}


def new_turn(state: HisState, gamemap: HisMap, settings: HisSettings) -> tuple[HisState, list]:
    """H6.3.3 and H-OP-26: the action phase of ``state.turn`` is over; the next turn's first impulse
    is the first power's in Impulse Order, opened when the next Fleetwright turn does."""
    events: list = [ActionPhaseEnded(audience=public(), turn=state.turn)]
    state, more = building.start_of_turn(state, state.turn + 1)
    events += more
    first = impulse_order(state, settings)[0]
    cp = state.cp_next.get(first, settings.impulse_cp)
    state = state.model_copy(update={"impulse": Impulse(number=1, active_power=first, cp_remaining=cp),
                                     "cp_next": _without(state.cp_next, first), "pending": None,
                                     "segment_over": True})
    step, waiting = reentry_step(state, gamemap, settings)
    events += [LeaderWaits(audience=public(), power=x.power, leader=x.id) for x in waiting]
    return state.model_copy(update={"next_step": step}), events


# -- H-OP-26: leaders back from the Turn Track ------------------------------------------------------

def returning(state: HisState) -> list[NavalLeader]:
    """Leaders whose Turn Track box is this turn's or an earlier one, in the state's order."""
    return [x for x in state.leaders.values() if (track_turn(x.location) or state.turn + 1) <= state.turn]


def entry_ports(state: HisState, gamemap: HisMap, power: str) -> list[str]:
    """Ports ``power`` controls, its home ports first, each group in map order."""
    held = [s for s in gamemap.spaces() if gamemap.is_port(s) and state.controller_of(s) == power]
    return ([s for s in held if gamemap.home_of(s) == power] + [s for s in held if gamemap.home_of(s) != power])


def reentry_step(state: HisState, gamemap: HisMap, settings: HisSettings) -> tuple[Step | None, list[NavalLeader]]:
    questions, waiting = [], []
    for leader in returning(state):
        ports = entry_ports(state, gamemap, leader.power)[:MAX_CHOICES]
        if not ports:
            waiting.append(leader)
            continue
        questions.append(Question(
            id=f"reenter:{leader.id}", faction=leader.power,
            text=Wording(msgid=N_("{leader} is back from the Turn Track: in which port does the leader enter?"),
                         values={"leader": leader.name}),
            choices=[Choice(value=p, label=Wording(msgid=N_("In {space}"), values={"space": gamemap.name(p)}))
                     for p in ports],
            default=ports[0], default_rule="H-OP-26"))
    if not questions:
        return None, waiting
    step = Step(kind=REENTRY, label=Wording(msgid=N_("turn {turn} · naval leaders re-enter"), values={"turn": state.turn}),
                actors=sorted({q.faction for q in questions if q.faction}), questions=questions,
                deadline=DeadlinePolicy(hours=settings.prompt_hours, on_deadline=OnDeadline.DEFAULTS))
    return step, waiting


def settle_reentry(state: HisState, gamemap: HisMap, settings: HisSettings, step: Step,
                   answers: dict[str, Answer]) -> tuple[HisState, list]:
    """Each returning leader placed where its power said (a port still its own), else the default."""
    events: list = []
    for question in step.questions:
        leader = state.leaders.get(question.id.split(":", 1)[1])
        if leader is None or track_turn(leader.location) is None:
            continue  # placed by the moderators meanwhile
        ports = entry_ports(state, gamemap, leader.power)
        found = answers.get(question.id)
        wanted = found.value if found is not None else question.default
        where = wanted if wanted in ports else (ports[0] if ports else None)
        if where is None:
            events.append(LeaderWaits(audience=public(), power=leader.power, leader=leader.id))
            continue
        state = state.with_leaders(leader.model_copy(update={"location": where}))
        events.append(LeaderReturned(audience=public(), power=leader.power, leader=leader.id, to=where))
    return state.model_copy(update={"next_step": action_step(state)}), events
