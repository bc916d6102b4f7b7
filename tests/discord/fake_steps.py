"""A stand-in for ``bot.services.steps.StepService`` (issue 12's API) in the Discord tests: one open
step held in memory, refusing as the service does (stale, another clan's question, answered already,
not a choice: the service's own checks and words).  The Discord side is tested against it; tests/discord/test_steps_real.py runs the real one."""

from __future__ import annotations

from typing import Any

from bot.domain.campaign import Campaign
from bot.engine.steps import Answer, AnswerSource, Choice, DeadlinePolicy, FormField, OnDeadline, Question, Step, Wording
from bot.i18n import N_
from bot.localized import Text
from bot.services.errors import UserError
from bot.services.steps import AnswerReceipt, OpenStep, checked_value

DEADLINE = "2026-03-02T12:00:00+00:00"


def w(text: str) -> Wording:
    return Wording(msgid=text)


CAPTIVE_CHOICES = [Choice(value="suicide", label=w("Commit suicide")),
                   Choice(value="remain_captive", label=w("Remain a captive"))]


def captives_step() -> Step:
    """Mōri's and Ōtomo's captives (OP-46c), Kōno's seven-way choice (a select menu), the moderators' form."""
    return Step(kind="captives", label=w("captives' choices"), actors=["mori", "otomo", "kono"], moderators=True,
                deadline=DeadlinePolicy(hours=24, on_deadline=OnDeadline.DEFAULTS), questions=[
                    Question(id="captive:murakami", faction="mori", text=w("Murakami Takeyoshi is a captive."),
                             choices=CAPTIVE_CHOICES, default="remain_captive", default_rule="OP-46c"),
                    Question(id="captive:tachibana", faction="otomo", text=w("Tachibana Dosetsu is a captive."),
                             choices=CAPTIVE_CHOICES, default="remain_captive", default_rule="OP-46c"),
                    Question(id="harbour", faction="kono", text=w("Which harbour shelters the fleet?"),
                             choices=[Choice(value=f"h{i}", label=w(f"Harbour {i}")) for i in range(1, 8)],
                             default="h1", default_rule="OP-46c"),
                    Question(id="combat", faction=None, text=w("The combat round's result"),
                             form=[FormField(id="losses", label=w("Losses"), minimum=0, maximum=5),
                                   FormField(id="note", label=w("Note"), kind="text", required=False)],
                             default={"losses": 0}, default_rule="E-OP-13"),
                ])


def second_step() -> Step:
    return Step(kind="ransom", label=w("ransom"), actors=["mori"], questions=[
        Question(id="ransom", faction="mori", text=w("Pay the ransom?"),
                 choices=[Choice(value="yes", label=w("Pay")), Choice(value="no", label=w("Refuse"))])])


class FakeSteps:
    def __init__(self, campaign: Campaign, step: Step | None = None, *, turn: int = 3, number: int = 2,
                 then: Step | None = None) -> None:
        self.campaign = campaign
        self.open = OpenStep(campaign, turn, number, step or captives_step(), DEADLINE, {},
                             Text("Turn {turn} · {step}", turn=turn, step="captives' choices"))
        self.then = then
        self.calls: list[tuple] = []

    async def open_step(self, campaign_id: int) -> OpenStep:
        if self.open is None:
            raise UserError(N_("no turn of {campaign} is open for orders; a moderator opens one with /turn open"),
                            campaign=self.campaign.name)
        return self.open

    async def answer(self, campaign_id: int, turn: int, step: int, question_id: str, value: Any, *,
                     faction: str | None, by: Any = None) -> AnswerReceipt:
        self.calls.append(("answer", turn, step, question_id, value, faction, by))
        opened = self.open
        if opened is None or (opened.turn, opened.number) != (turn, step):
            raise UserError(N_("this question of {step} is closed: the step was resolved"),
                            step=Text(N_("Turn {turn}"), turn=turn))
        question = opened.step.question(question_id)
        if question is None or (faction is not None and question.faction != faction):
            raise UserError(N_("this question is not for your clan"))
        if question_id in opened.answers and by is None:
            given = next(c.label.msgid for c in question.choices if c.value == opened.answers[question_id].value)
            raise UserError(N_("you already answered: {answer}"), answer=given)
        answer = Answer(question=question_id, value=checked_value(question, value, self.campaign.ruleset),
                        source=AnswerSource.FACTION if by is None else AnswerSource.MODERATOR)
        opened.answers[question_id] = answer
        if len(opened.answers) < len(opened.step.questions) or self.then is None:
            return AnswerReceipt(answer, [], None)
        self.open = OpenStep(self.campaign, turn, step + 1, self.then, None, {}, Text("Turn {turn} · ransom", turn=turn))
        return AnswerReceipt(answer, [], self.open)

    async def apply_defaults(self, campaign_id: int, turn: int, step: int) -> list[Any]:
        self.calls.append(("defaults", turn, step))
        for question in self.open.step.questions:
            if question.id not in self.open.answers:
                self.open.answers[question.id] = Answer(question=question.id, value=question.default,
                                                        source=AnswerSource.DEFAULT, rule=question.default_rule)
        return []

    async def continue_chain(self, campaign_id: int) -> list[Any]:
        return []

    async def announce_digest(self, campaign_id: int, turn: int, post) -> bool:
        return False  # no turn of the stand-in ends
