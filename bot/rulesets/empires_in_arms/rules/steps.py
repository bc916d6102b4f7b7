"""An impulse as a chain of steps (issue 12; E-OP-09): the active nation's orders (an orders step),
then each decision its plans and the standing orders do not cover, each a step of its own.

The state carries the plan under way (``EiaState.pending``, its ``phase``) and the step it asks
next (``EiaState.next_step``), which ``resolve_step`` computes — it alone has the map — and
``after`` returns (bot/engine/steps.py: ``after`` is not given the map).  A phase with nothing to
ask is settled at once, so a move nobody can react to resolves in one step.
"""

from __future__ import annotations

from bot.domain.events import Event
from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder
from bot.engine.steps import ORDERS, Answer, Question, Step, Wording
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.orders import KINDS
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings


def orders_step_of(state: EiaState) -> Step:
    """The active nation's orders (E-OP-09); every nation may give standing orders in it."""
    nation = state.nations[state.impulse.active]
    return Step(kind=ORDERS, label=Wording(msgid=N_("impulse {impulse} · {nation}"),
                                           values={"impulse": state.impulse.number, "nation": nation.name}),
                actors=list(state.nations), order_kinds=list(KINDS))


def combat_event_types() -> tuple[type[Event], ...]:
    """The combat module's event kinds (E3), declared with the rules'."""
    return ()


class EiaSteps:
    """Empires in Arms' ``TurnSteps`` (bot/engine/steps.py)."""

    def first(self, state: EiaState, settings: EiaSettings) -> Step:
        return state.next_step if state.pending is not None and state.next_step else orders_step_of(state)

    def after(self, state: EiaState, settings: EiaSettings, resolved: Step) -> Step | None:
        return state.next_step

    def standing_answer(self, state: EiaState, step: Step, question: Question) -> Answer | None:
        return None

    def resolve_step(self, state: EiaState, gamemap, settings: EiaSettings, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        return Resolution(state=state, events=[])
