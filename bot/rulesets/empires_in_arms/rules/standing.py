"""Standing orders (E-OP-09): a nation's answers given in advance, applied when a step opens so
the nation is not asked.  Conditions are the core's language (bot/engine/conditions.py) over the
facts a question says the nation sees then (``Question.facts``); nothing here reads more."""

from __future__ import annotations

from bot.engine.conditions import Facts, parse_condition
from bot.engine.ruleset import OrderRejected
from bot.engine.steps import Answer, AnswerSource, Question
from bot.rulesets.empires_in_arms.rules.model import EiaState

NO, YES = "no", "yes"
FACTS = Facts(visible={
    "enemy_squadrons": "the other stack's squadrons",
    "enemy_dice": "the combat dice the other stack would roll (E8.4, E8.6, E4.2)",
    "our_squadrons": "your stack's squadrons",
    "our_dice": "the combat dice your stack would roll",
    "dice_advantage": "the other stack's dice minus yours",
}, example="dice_advantage >= 3")


def condition_holds(text: str, field: str, facts: dict) -> bool | None:
    """None: no condition, or one that cannot be read or names a fact this question lacks (ask)."""
    if not text or text == "ask":
        return None
    if text in (YES, NO):
        return text == YES
    try:
        return parse_condition(FACTS, text, field).decide(facts)
    except (OrderRejected, KeyError):
        return None


def check_condition(text: str, field: str) -> None:
    """Refuse, when given, a condition that cannot be read (OrderRejected names the problem)."""
    if text and text not in (YES, NO, "ask"):
        parse_condition(FACTS, text, field)


def standing_answer(state: EiaState, question: Question) -> Answer | None:
    orders = state.standing.get(question.faction or "")
    if orders is None:
        return None
    kind = question.id.split(":", 1)[0]
    values = [c.value for c in question.choices]
    value = None
    if kind in ("intercept", "evade", "armada"):
        text = {"intercept": orders.intercept, "evade": orders.evade, "armada": orders.armada_agree}[kind]
        holds = condition_holds(text, kind, question.facts)
        value = None if holds is None else (YES if holds else NO)
    elif kind == "cards":
        value = NO if orders.combat_cards in ("never", NO) else None
    elif kind == "nearest_port":
        value = next((p for p in orders.nearest_ports if p in values), None)
    if value is None or (values and value not in values):
        return None
    return Answer(question=question.id, value=value, source=AnswerSource.STANDING)
