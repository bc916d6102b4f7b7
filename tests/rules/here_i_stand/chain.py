"""Runs a Here I Stand step the way the core does (issue 12, ISSUE12.md point 3): standing answers
first, then the answers the test gives (as the power's or the moderators'), the named default for
the rest; scripted dice that fail on one roll too many or too few; the state through JSON between
steps, as the store keeps it."""

from __future__ import annotations

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.engine.steps import Answer, AnswerSource
from bot.rulesets.here_i_stand.rules.model import HisState
from bot.rulesets.here_i_stand.rules.steps import HisSteps

from .helpers import MAP

STEPS = HisSteps()


class Ran:
    def __init__(self, state, events, step, answers):
        self.state, self.events, self.next, self.answers = state, events, step, answers

    def of(self, kind):
        return [e for e in self.events if isinstance(e, kind)]


def run(state: HisState, settings, step, answers=None, dice=None, orders=()) -> Ran:
    answers = dict(answers or {})
    unknown = set(answers) - {q.id for q in step.questions}
    assert not unknown, f"not asked in step {step.kind}: {sorted(unknown)}; asked: {[q.id for q in step.questions]}"
    given = []
    for question in step.questions:
        found = STEPS.standing_answer(state, step, question)
        if found is None and question.id in answers:
            source = AnswerSource.MODERATOR if question.faction is None else AnswerSource.FACTION
            found = Answer(question=question.id, value=answers[question.id], source=source)
        if found is None:
            found = Answer(question=question.id, value=question.default, source=AnswerSource.DEFAULT,
                           rule=question.default_rule)
        given.append(found)
    submitted = [SubmittedOrder(faction=f, unit="action", seq=i, payload=p) for i, (f, p) in enumerate(orders)]
    rolled = ScriptedDice(script=dict(dice or {}))
    result = STEPS.resolve_step(state, MAP, settings, step, submitted, given, rolled)
    rolled.assert_all_used()
    after = HisState.model_validate_json(result.state.model_dump_json())  # as the store keeps it
    assert after == result.state
    return Ran(after, result.events, STEPS.after(after, settings, step), {a.question: a for a in given})
