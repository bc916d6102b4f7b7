"""An impulse as a chain of steps (issue 12; E-OP-09): the active nation's orders (an orders step),
then each decision its plans and the standing orders do not cover, each a step of its own.

The state carries the plan under way (``EiaState.pending``, its ``phase``) and the step it asks
next (``EiaState.next_step``), which ``resolve_step`` computes — it alone has the map — and
``after`` returns (bot/engine/steps.py: ``after`` is not given the map).  A phase with nothing to
ask is settled at once, so a move nobody can react to resolves in one step.

A plan (``move_fleet`` or ``patrol``): start → enter (E2.2; a strait E13 first) → intercept (E5.2,
E-OP-08) → evade (E6) → [cards (E-OP-14)] → battle → round (the moderators' form, E-OP-13) … →
after_battle (E9) → arrive (E10 an enemy port; patrols E5.3, E4.5) → enter … → finish (KO, E1.2).
When the last plan is done the impulse ends and the next nation's opens (the next turn).
"""

from __future__ import annotations

from bot.domain.events import Audience, Event
from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected, Resolution, SubmittedOrder
from bot.engine.steps import ORDERS, Answer, AnswerSource, Question, Step, Wording
from bot.rulesets.empires_in_arms.rules import phases
from bot.rulesets.empires_in_arms.rules.board import board_of
from bot.rulesets.empires_in_arms.rules.combat import events as combat_events
from bot.rulesets.empires_in_arms.rules.events import AnswerApplied, ImpulseEnded, public
from bot.rulesets.empires_in_arms.rules.impulse import open_orders
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.orders import KINDS
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
from bot.rulesets.empires_in_arms.rules.standing import standing_answer

CHAIN_LIMIT = 500  # phases settled in one resolution: more is a bug here, not a long plan


def orders_step_of(state: EiaState) -> Step:
    """The active nation's orders (E-OP-09); every nation may give standing orders in it."""
    nation = state.nations[state.impulse.active]
    return Step(kind=ORDERS, label=Wording(msgid=N_("impulse {impulse} · {nation}"),
                                           values={"impulse": state.impulse.number, "nation": nation.name}),
                actors=list(state.nations), order_kinds=list(KINDS))


def combat_event_types() -> tuple[type[Event], ...]:
    """The combat module's event kinds (E3), declared with the rules'."""
    return combat_events.EVENT_TYPES


class EiaSteps:
    """Empires in Arms' ``TurnSteps`` (bot/engine/steps.py)."""

    def __init__(self, module=None) -> None:
        self.module = module  # the combat module (E-OP-13); None: the moderators enter every round

    def first(self, state: EiaState, settings: EiaSettings) -> Step:
        return state.next_step if state.pending is not None and state.next_step else orders_step_of(state)

    def after(self, state: EiaState, settings: EiaSettings, resolved: Step) -> Step | None:
        return state.next_step

    def standing_answer(self, state: EiaState, step: Step, question: Question) -> Answer | None:
        return standing_answer(state, question)

    def resolve_step(self, state: EiaState, gamemap, settings: EiaSettings, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        board = board_of(gamemap)
        events: list[Event] = [self_event for raw in state.carried_events for self_event in [parse_carried(raw)]]
        state = state.model_copy(update={"carried_events": ()})
        events += [_applied(step, a) for a in answers if a.source in (AnswerSource.STANDING, AnswerSource.DEFAULT)]
        context = phases.Context(board=board, settings=settings, dice=dice, module=self.module)
        if step.kind == ORDERS:
            state, more = open_orders(state, context, orders)
        else:
            if state.pending is None or state.pending.phase != step.kind:
                raise ValueError(f"step {step.kind} does not match the plan under way")  # a core bug
            state, more = phases.settle(state, context, {a.question: a for a in answers})
        events += more
        state, more = advance(state, context)
        return Resolution(state=state, events=events + more)


def parse_carried(raw: dict) -> Event:
    """An event a moderator's edit caused (E14's losses), reported with the next resolution."""
    from bot.rulesets.empires_in_arms.rules.events import event_kinds, parse_event
    return parse_event(raw, event_kinds(combat_event_types()))


def _applied(step: Step, answer: Answer) -> AnswerApplied:
    """E-OP-09: a standing order applied goes to its nation; a default to the nation and the
    moderators' log, with its rule."""
    question = step.question(answer.question)
    audience = Audience.moderators() if question is None or question.faction is None else Audience.of(question.faction)
    value = answer.value if isinstance(answer.value, str) else ",".join(f"{k}={v}" for k, v in sorted(answer.value.items()))
    return AnswerApplied(audience=audience, question=answer.question, value=value, source=answer.source.value,
                         rule=answer.rule)


def advance(state: EiaState, context: phases.Context) -> tuple[EiaState, list[Event]]:
    """Settle every phase with nothing to ask, until one asks (its step is next) or the impulse is
    over (the next nation's impulse opens with the next turn)."""
    events: list[Event] = []
    for _ in range(CHAIN_LIMIT):
        if state.pending is None:
            state, more = end_impulse(state)
            return state.model_copy(update={"next_step": None}), events + more
        if state.pending.phase == "orders":  # E14's chain done before the active nation's orders
            state = state.model_copy(update={"pending": None})
            return state.model_copy(update={"next_step": orders_step_of(state)}), events
        step = phases.ask(state, context)
        if step is not None and step.questions:
            return state.model_copy(update={"next_step": step}), events
        try:
            state, more = phases.settle(state, context, {})
        except OrderRejected as refused:  # a plan that cannot go on: told, and the next one
            state, more = phases.abandon(state, refused)
        events += more
    raise RuntimeError("an impulse's phases did not come to an end")


def end_impulse(state: EiaState) -> tuple[EiaState, list[Event]]:
    """E1: the impulse is over; the next nation in the impulse order is active, maneuvers spent and
    convoys run start again (the KO ledger is the moderators' and the main rules')."""
    order = state.impulse_order or (state.impulse.active,)
    current = state.impulse.active
    following = order[(order.index(current) + 1) % len(order)] if current in order else order[0]
    impulse = state.impulse.model_copy(update={"number": state.impulse.number + 1, "active": following,
                                               "convoy_used": (), "moved": (), "placed": (), "rolled": {}})
    squadrons = {k: s.model_copy(update={"maneuvers_spent": 0}) if s.maneuvers_spent else s
                 for k, s in state.squadrons.items()}
    event = ImpulseEnded(audience=public(), nation=current, impulse=state.impulse.number, next_nation=following)
    return state.model_copy(update={"impulse": impulse, "squadrons": squadrons}), [event]
