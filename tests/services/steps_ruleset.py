"""A tiny test ruleset with steps (issue 12), registered in tests only: Sengoku's rules with a
``steps`` attribute whose turn is the orders step, then a "captains' choices" step of two questions
(one to Mōri, one to Ōtomo: stay or sail, default stay by rule "T-1", 24 hours, defaults at the
deadline).  Its resolution rolls one die per answer, so the step's dice keys can be checked."""

from __future__ import annotations

from bot.engine.ruleset import Resolution
from bot.engine.steps import (
    ORDERS,
    Answer,
    AnswerSource,
    Choice,
    DeadlinePolicy,
    OnDeadline,
    Question,
    Step,
    Wording,
    orders_step,
)
from bot.plugins import get_ruleset

CHOICES = [Choice(value="stay", label=Wording(msgid="stay in port")),
           Choice(value="sail", label=Wording(msgid="sail at once"))]


def choices_step() -> Step:
    questions = [Question(id=f"q-{clan}", faction=clan, text=Wording(msgid="does the fleet sail?"), choices=CHOICES,
                          default="stay", default_rule="T-1") for clan in ("mori", "otomo")]
    return Step(kind="choices", label=Wording(msgid="captains' choices"), actors=["mori", "otomo"],
                questions=questions, deadline=DeadlinePolicy(hours=24, on_deadline=OnDeadline.DEFAULTS))


class TwoQuestionSteps:
    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset
        self.standing: dict[str, str] = {}  # question id → a standing order's answer
        self.resolved: list[tuple[str, list[Answer]]] = []  # (step kind, answers) of each resolution
        self.loop = False  # every step is followed by another prompt step (a ruleset's bug)
        self.three = False  # the choices are asked twice: a third step ("second thoughts")
        self.secret = False  # the captains' choices are a secret step (Step.secret): Kōno must not learn of them

    def first(self, state, settings) -> Step:
        return orders_step()

    def after(self, state, settings, resolved: Step) -> Step | None:
        if self.loop:
            return Step(kind="again", label=Wording(msgid="again"))  # no questions: complete at once
        if resolved.kind == "choices" and self.three:
            return choices_step().model_copy(update={"kind": "again", "label": Wording(msgid="second thoughts")})
        if resolved.kind != ORDERS:
            return None
        return choices_step().model_copy(update={"secret": True}) if self.secret else choices_step()

    def standing_answer(self, state, step: Step, question: Question) -> Answer | None:
        value = self.standing.get(question.id)
        return None if value is None else Answer(question=question.id, value=value, source=AnswerSource.STANDING)

    def resolve_step(self, state, gamemap, settings, step, orders, answers, dice) -> Resolution:
        self.resolved.append((step.kind, answers))
        if step.takes_orders:
            return self.ruleset.resolve(state, gamemap, settings, orders, dice)
        for answer in sorted(answers, key=lambda a: a.question):
            dice.roll(f"sail:{answer.question}", "1d6")
        return Resolution(state=state, events=[])


def install(monkeypatch) -> TwoQuestionSteps:
    """Give Sengoku's rules (the one cached instance every service gets) the test steps, for one test."""
    ruleset = get_ruleset("sengoku")
    steps = TwoQuestionSteps(ruleset)
    monkeypatch.setattr(ruleset, "steps", steps, raising=False)
    return steps
