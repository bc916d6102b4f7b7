"""Steps of Here I Stand run as the core runs them (tests/rules/here_i_stand/chain.py), keeping each
step's events and recorded rolls, and a ReportInput of them for the report's tests."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.engine.steps import Answer, AnswerSource
from bot.report import ReportInput
from bot.services.step_model import StepDice
from tests.rules.here_i_stand.chain import STEPS
from tests.rules.here_i_stand.helpers import MAP


class StubMap:
    """What the report asks of the core's map: ``nodes`` and ``node_name`` (display names)."""

    def __init__(self, names: dict[str, str]) -> None:
        self.nodes = dict(names)

    def node_name(self, node_id: str) -> str:
        return self.nodes[node_id]


NAMED = StubMap({"Z1": "Gulf of Lyon", "Z2": "Tyrrhenian Sea", "Z3": "Barbary Coast", "P3": "Algiers",
                 "Z9": "Ionian Sea", "Z8": "Aegean Sea", "P1": "Barcelona"})


@dataclass
class Played:
    before: object
    after: object
    events: list
    rolls: list
    step: object  # the step after the last one played

    def input(self, number: int = 1, **kw) -> ReportInput:
        return ReportInput(campaign_name="Test", turn=self.after.turn, seed="s", commitment="c", gamemap=NAMED,
                           before=self.before, after=self.after, events=self.events, rolls=self.rolls, step=number,
                           **kw)


def play(state, settings, step, answers=None, dice=None, orders=(), number: int = 1) -> Played:
    """One step: standing answers, then ``answers`` (the power's or the moderators'), defaults for the rest."""
    answers = dict(answers or {})
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
    prefix = f"s{number}:" if number > 1 else ""
    scripted = ScriptedDice(script={prefix + k: v for k, v in (dice or {}).items()})
    rolled = StepDice(scripted, number) if number > 1 else scripted
    result = STEPS.resolve_step(state, MAP, settings, step, submitted, given, rolled)
    scripted.assert_all_used()
    return Played(state, result.state, result.events, list(scripted.log), STEPS.after(result.state, settings, step))
