"""The steps of a turn as the services keep them (issue 12, docs/decisions.md "steps within a turn"):
a stored step's spec, the answers stored as orders, a step's label, its dice and what opens next.

Pure helpers shared by ``CampaignService`` (which resolves the open step) and ``StepService``
(bot/services/steps.py: answers, defaults, the chain of steps resolved at once): no store, no clock
of their own.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.engine.dice import DiceError, Roll
from bot.engine.ruleset import SubmittedOrder
from bot.engine.steps import ANSWER_SLOT, Answer, AnswerSource, Step, TurnSteps, Wording, answer_slot, orders_step
from bot.i18n import CORE_DOMAIN, N_
from bot.localized import Text
from bot.store import StepOpening, StepRecord, StoreError

ANSWER = "answer"  # an answer's payload kind (its order slot: answer:<question id>)
CHAIN_LIMIT = 50  # steps resolved at once in a row: more is a ruleset's bug (an endless chain)


def stored_step(record: StepRecord | None, number: int) -> Step:
    """The step as it opened.  A turn opened before steps has no row for its step 1: an orders step,
    which every turn was then."""
    if record is None:
        if number == 1:
            return orders_step()
        raise StoreError(f"step {number} of this turn was never stored; the database is damaged")
    try:
        return Step.model_validate(record.spec)
    except ValidationError as exc:
        raise StoreError(f"step {number} of turn {record.turn} cannot be read; the moderators can see the log",
                         detail=f"stored step {record.step} of turn {record.turn}: {exc}") from exc


def answer_payload(answer: Answer) -> dict[str, Any]:
    return {"kind": ANSWER, "question": answer.question, "value": answer.value, "source": answer.source.value,
            "rule": answer.rule}


def is_answer(order: SubmittedOrder) -> bool:
    return order.unit.startswith(ANSWER_SLOT) and order.payload.get("kind") == ANSWER


def split_answers(orders: list[SubmittedOrder]) -> tuple[list[SubmittedOrder], list[Answer]]:
    """A step's stored orders as the rules read them: the free orders, and the answers."""
    plain = [o for o in orders if not is_answer(o)]
    answers = [Answer(question=o.payload["question"], value=o.payload["value"], source=o.payload["source"],
                      rule=o.payload.get("rule", "")) for o in orders if is_answer(o)]
    return plain, answers


def unanswered(step: Step, orders: list[SubmittedOrder]) -> list[str]:
    """The ids of the step's questions without an answer, in the step's order."""
    given = {o.unit for o in orders if is_answer(o)}
    return [q.id for q in step.questions if answer_slot(q.id) not in given]


def complete(step: Step, orders: list[SubmittedOrder]) -> bool:
    """A prompt step with every question answered resolves at once; an orders step never does by itself."""
    return not step.takes_orders and not unanswered(step, orders)


def opening(steps: TurnSteps, state: BaseModel, step: Step, number: int, now: datetime,
            deadline: str | None = None) -> StepOpening:
    """What opening ``step`` stores: its spec, its deadline (``deadline`` if given, else its policy's
    hours from ``now``) and the answers standing orders give at once (source STANDING)."""
    checked_step(step, number)
    if deadline is None and step.deadline.hours is not None:
        deadline = (now + timedelta(hours=step.deadline.hours)).isoformat(timespec="minutes")
    answers = {}
    for question in step.questions:
        answer = steps.standing_answer(state, step, question)
        if answer is not None:
            answer = answer.model_copy(update={"question": question.id, "source": AnswerSource.STANDING})
            answers[answer_slot(question.id)] = (question.faction or "", answer_payload(answer))
    return StepOpening(step=number, spec=step.model_dump(mode="json"), opened_at=now.isoformat(timespec="seconds"),
                       deadline=deadline, answers=answers)


def checked_step(step: Step, number: int) -> None:
    """A ruleset's step as the core can ask it, or a ValueError (a ruleset's bug: the resolution that
    would open it is not committed).  Two questions under one id would share one answer slot (the
    second clan's click refused, or answering the first's question); a default that is not one of the
    question's choices would be stored at the deadline as an answer nobody could give."""
    seen: set[str] = set()
    for question in step.questions:
        if question.id in seen:
            raise ValueError(f"step {number} ({step.kind}) asks two questions under the id {question.id!r}")
        seen.add(question.id)
        values = {c.value for c in question.choices}
        if question.choices and question.default is not None and question.default not in values:
            raise ValueError(f"step {number} ({step.kind}): the default {question.default!r} of question "
                             f"{question.id!r} is none of its choices {sorted(values)}")


def domain_of(wording: Wording, ruleset_id: str) -> str:
    """The catalogue a step's words are in: the core's for its own orders step, else the ruleset's."""
    return CORE_DOMAIN if wording == orders_step().label else ruleset_id


def worded(wording: Wording, ruleset_id: str) -> Text:
    return Text(wording.msgid, domain=domain_of(wording, ruleset_id), **wording.values)


def step_label(turn: int, number: int, step: Step, ruleset_id: str) -> Text:
    """What players read: "Turn 3 · captives' choices"; the orders step that opens a turn: "Turn 3"."""
    if number == 1 and step.takes_orders:
        return Text(N_("Turn {turn}"), turn=turn)
    return Text(N_("Turn {turn} · {step}"), turn=turn, step=worded(step.label, ruleset_id))


def label_for(turn: int, number: int, step: Step, ruleset_id: str, faction: str | None) -> Text:
    """``step_label`` as ``faction`` may read it (None: the moderators): a secret step is only "Turn 3"
    to anyone it does not ask (``Step.secret``), so a refusal or /step show tells them nothing more."""
    if step.secret and faction is not None and faction not in step.actors:
        return Text(N_("Turn {turn}"), turn=turn)
    return step_label(turn, number, step, ruleset_id)


class StepDice:
    """The dice of step ``number`` > 1 of a turn: the turn's own source, every purpose key prefixed
    ``s<number>:``, so each step's dice are fixed by the key committed when the turn opened, before
    anyone answers, and ``/dice verify`` reads the step in the key.  Step 1 rolls unprefixed: a
    one-step turn's dice are those it always had."""

    def __init__(self, inner: Any, number: int) -> None:
        self.inner = inner
        self.prefix = f"s{number}:"

    def roll(self, key: str, expr: str) -> Roll:
        return self.inner.roll(f"{self.prefix}{key}", expr)

    @property
    def log(self) -> list[Roll]:
        return self.inner.log


STEP_PREFIX = re.compile(r"s[0-9]+:")  # what StepDice puts before a later step's keys


class FirstStepDice:
    """Step 1's dice: the turn's own, keys unchanged (a one-step turn rolls as it always did), but never
    a key that reads as a later step's ("s2:…"): its roll would be that step's, and its proof, shown with
    step 1's report, would tell the players step 2's dice before they answer it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def roll(self, key: str, expr: str) -> Roll:
        if STEP_PREFIX.match(key):
            raise DiceError(f"dice key {key!r} of a turn's first step starts as a later step's keys do (s<k>:); "
                            "the ruleset must name its rolls otherwise")
        return self.inner.roll(key, expr)

    @property
    def log(self) -> list[Roll]:
        return self.inner.log


def step_dice(inner: Any, number: int) -> Any:
    return FirstStepDice(inner) if number == 1 else StepDice(inner, number)
