"""Standing reactions (H10.6): a power's answers given in advance, applied when a step opens so the
power is not asked.  Conditions are the core's language (bot/engine/conditions.py) over the facts a
question says the power sees at that moment (``Question.facts``); a preference list answers with its
first entry that is a legal choice.  Nothing here reads what the power could not see."""

from __future__ import annotations

from bot.engine.conditions import Facts, parse_condition
from bot.engine.ruleset import OrderRejected
from bot.engine.steps import Answer, AnswerSource, Question
from bot.rulesets.here_i_stand.rules.model import HisState

NO, YES = "no", "yes"
FACTS = Facts(visible={
    "moving_units": "the mover's naval units in the space concerned",
    "moving_squadrons": "their squadrons",
    "moving_corsairs": "their corsairs",
    "stack_units": "your naval units that would react",
    "leader_rating": "the best battle rating among your naval leaders with them",
}, example="moving_units <= 2")


def condition_holds(text: str, field: str, facts: dict) -> bool | None:
    """None: no condition, one that cannot be read, or one naming a fact this question lacks (ask)."""
    if not text:
        return None
    try:
        return parse_condition(FACTS, text, field).decide(facts)
    except (OrderRejected, KeyError):
        return None


def standing_answer(state: HisState, question: Question) -> Answer | None:
    orders = state.standing.get(question.faction or "")
    if orders is None:
        return None
    kind = question.id.split(":", 1)[0]
    values = [c.value for c in question.choices]
    value = None
    if kind in ("foul_weather", "intercept"):
        holds = condition_holds(getattr(orders, kind), kind, question.facts)
        value = None if holds is None else (YES if holds else NO)
    elif kind == "avoid":
        holds = condition_holds(orders.avoid, kind, question.facts)
        if holds is False:
            value = NO
        elif holds:
            value = next((s for s in orders.avoid_to if s in values), None)
    elif kind == "retreat":
        value = next((s for s in orders.retreat_to if s in values), None)
    elif kind == "casualties":
        value = orders.casualties if orders.casualties in values else None
    elif kind == "piracy":
        value = next((v for wanted in orders.piracy_rewards for v in values if v.split(":", 1)[0] == wanted), None)
    return None if value is None else Answer(question=question.id, value=value, source=AnswerSource.STANDING)
