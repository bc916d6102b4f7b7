"""Steps within a turn (issue 12): the open step and its questions, answers, defaults at the
deadline, and the chain of steps that resolve at once because every question is answered.

``StepService`` is what the Discord prompts, ``/step`` and the deadline scheduler call.  It holds a
``CampaignService`` (whose ``resolve_turn`` resolves the open step under the turn's work claim,
exactly once across processes) and keeps everything else in the store: an answer is an order under
``answer:<question id>`` of its ``(turn, step)``, stored once (a second click is refused, also when
two arrive together: ``Repository.put_answer``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.domain.campaign import Campaign, Phase
from bot.engine.steps import Answer, AnswerSource, Question, Step, answer_slot
from bot.i18n import N_
from bot.localized import Joined, Text
from bot.services.audit import Moderator
from bot.services.campaigns import OPEN_PHASES, CampaignService, TurnOutcome
from bot.services.errors import UserError
from bot.services.leases import WorkLease
from bot.services.step_model import (
    CHAIN_LIMIT,
    answer_payload,
    complete,
    is_answer,
    split_answers,
    step_label,
    stored_step,
    unanswered,
    worded,
)
from bot.store import StoreError, TurnStatus, step_kind

log = logging.getLogger(__name__)

PROMPTS = "prompts"  # the work claim of posting a step's prompts (step_kind: "s2:prompts@<opened at>")
DIGEST = "digest"  # the work claim of posting a turn's digest
CHAIN_STOPPED = "chain-stopped"  # done: the turn's chain of steps ran away (CHAIN_LIMIT) and is left to moderators
BOT = Moderator(None, "Fleetwright")  # the audit log's actor of what the bot did by itself
STRANGER = N_("this question is not for your clan")  # an unknown question reads the same to a player


@dataclass
class OpenStep:
    """The campaign's open step: what it asks and what is answered so far."""

    campaign: Campaign
    turn: int
    number: int
    step: Step
    deadline: str | None
    answers: dict[str, Answer]  # question id → its answer so far
    label: Text  # "Turn 3 · captives' choices"
    opened_at: str | None = None  # when it opened (a step opened again after an undo is another opening)

    def unanswered(self) -> list[Question]:
        return [q for q in self.step.questions if q.id not in self.answers]

    def asked(self, faction: str | None) -> list[Question]:
        """The questions ``faction`` answers (None: the moderators')."""
        return [q for q in self.step.questions if q.faction == faction]


@dataclass
class AnswerReceipt:
    answer: Answer
    outcomes: list[TurnOutcome]  # the steps this answer completed, resolved in order: the caller posts each
    opened: OpenStep | None  # the step open now, if one opened: the caller posts its prompts


@dataclass
class StepDigest:
    label: Text
    answered: int  # by the clans or the moderators
    standing: int
    defaults: list[tuple[str, str]] = field(default_factory=list)  # (question id, rule) of each default applied
    secret: bool = False  # a secret step (Step.secret): the moderators' digest only


@dataclass
class TurnDigest:
    """One line per step of a turn (posted at the turn's end): who answered how many, defaults applied."""

    campaign: Campaign
    turn: int
    steps: list[StepDigest]

    def text(self) -> Text:
        lines = [Text(N_("{step}: {answered} answered, {standing} by standing orders, {defaults} by default{rules}"),
                      step=s.label, answered=s.answered, standing=s.standing, defaults=len(s.defaults),
                      rules=f" ({', '.join(sorted({rule for _, rule in s.defaults if rule}))})"
                      if any(rule for _, rule in s.defaults) else "")
                 for s in self.steps]
        return Joined([Text(N_("Turn {turn} in steps:"), turn=self.turn), *lines], "\n")

    def public_text(self) -> Text:
        """The digest for the report channel: the steps the turn went through, nothing more.  How many were
        answered, by standing orders, by default, says what the clans' own reports keep private (a
        default applied to a clan's question) and how many were asked (e.g. how many characters
        were captured, also in a battle only some clans saw); the moderators read those in their log."""
        return Joined([Text(N_("Turn {turn} in steps:"), turn=self.turn),
                       *[s.label for s in self.steps if not s.secret]], "\n")


class StepService:
    def __init__(self, service: CampaignService) -> None:
        self.service = service
        self.repo = service.repo

    # What is open

    async def open_step(self, campaign_id: int) -> OpenStep:
        campaign = await self.service.campaign(campaign_id)
        if campaign.phase not in OPEN_PHASES:
            raise UserError(N_("no turn of {campaign} is open for orders; a moderator opens one with /turn open"),
                            campaign=campaign.name)
        return await self._open(campaign)

    async def _open(self, campaign: Campaign) -> OpenStep:
        record = await self.repo.get_step(campaign.id, campaign.turn, campaign.step)
        step = stored_step(record, campaign.step)
        orders = await self.repo.list_orders(campaign.id, campaign.turn, step=campaign.step)
        _, answers = split_answers(orders)
        return OpenStep(campaign, campaign.turn, campaign.step, step, campaign.deadline,
                        {a.question: a for a in answers}, step_label(campaign.turn, campaign.step, step, campaign.ruleset),
                        opened_at=record.opened_at if record else None)

    # Answers

    async def answer(self, campaign_id: int, turn: int, step: int, question_id: str, value: Any, *,
                     faction: str | None, by: Moderator | None = None) -> AnswerReceipt:
        """``faction``'s answer to a question of step ``step`` of ``turn`` (``faction`` None: a
        moderator's, ``by``, to any question; both given: a moderator answering as that clan, /mod
        act-as).  Refused, changing nothing, if that step is no longer open, the question is another
        clan's, it was answered already or the value is not one of its answers."""
        moderator = by is not None
        if faction is None and not moderator:
            raise ValueError("a moderator's answer names the moderator (by=)")
        campaign = await self._at(campaign_id, turn, step)
        await self.service._planning(campaign_id, moderator)  # locked, in correction, past the deadline
        opened = await self._open(campaign)
        question = opened.step.question(question_id)
        if question is None or (faction is not None and question.faction != faction):
            if faction is None:
                known = ", ".join(q.id for q in opened.step.questions) or "-"
                raise UserError(N_("{step} has no question {question}; its questions: {known}"), step=opened.label,
                                question=repr(question_id), known=known)
            raise UserError(STRANGER)
        earlier = opened.answers.get(question.id)
        if earlier is not None and not moderator:
            raise self._answered(campaign, question, earlier)
        answer = Answer(question=question.id, value=checked_value(question, value, campaign.ruleset),
                        source=AnswerSource.MODERATOR if moderator else AnswerSource.FACTION)
        slot, owner = answer_slot(question.id), question.faction or ""
        if earlier is not None:  # a moderator's correction of the answer given, while the step is open
            await self.repo.put_order(campaign_id, turn, owner, slot, answer_payload(answer), step=step)
        elif await self.repo.put_answer(campaign_id, turn, step, owner, slot, answer_payload(answer),
                                        **self.service._guard(moderator)) is None:
            now = await self._open(await self.service.campaign(campaign_id))  # another click came first
            raise self._answered(campaign, question, now.answers.get(question.id, answer))
        if moderator:
            was = f" (was {earlier.value}, {earlier.source.value})" if earlier is not None else ""
            await self.service.record_action(campaign_id, by, "step_answer", {"question": question.id,
                                             "value": answer.value, "step": step},
                                             f"Answered {question.id} of turn {turn}, step {step}: {answer.value}{was}",
                                             [question.faction] if question.faction else [])
        outcomes = await self._chain_after(campaign_id, question.id)
        return AnswerReceipt(answer, outcomes, await self._opened_after(campaign, outcomes))

    async def _chain_after(self, campaign_id: int, question_id: str) -> list[TurnOutcome]:
        """The chain an answer set going.  The answer is stored by now: a resolution that fails (a
        ruleset's ``after`` or ``resolve_step`` raising, the store failing) must not read to the one who
        answered as a refusal of it; it is logged, and the scheduler's next tick tries the chain again."""
        try:
            return await self.continue_chain(campaign_id)
        except UserError:
            raise
        except Exception:  # noqa: BLE001 - logged; the answer stands and the next tick resolves
            log.exception("Campaign %s: the answer to %s is stored, but resolving its step failed; the scheduler "
                          "tries again every tick", campaign_id, question_id)
            return []

    async def _at(self, campaign_id: int, turn: int, step: int) -> Campaign:
        """The campaign, if ``(turn, step)`` is its open step; else the prompt is stale."""
        campaign = await self.service.campaign(campaign_id)
        if (campaign.turn, campaign.step) != (turn, step) or campaign.phase not in OPEN_PHASES:
            raise UserError(N_("this question of {step} is closed: the step was resolved"),
                            step=await self._label_of(campaign, turn, step))
        return campaign

    async def label_of(self, campaign: Campaign, turn: int, step: int) -> Text:
        """How a reader names step ``step`` of ``turn`` ("Turn 3 · captives' choices"), open or not."""
        return await self._label_of(campaign, turn, step)

    async def _label_of(self, campaign: Campaign, turn: int, step: int) -> Text:
        try:
            spec = stored_step(await self.repo.get_step(campaign.id, turn, step), step)
        except StoreError:
            return Text(N_("Turn {turn}"), turn=turn)
        return step_label(turn, step, spec, campaign.ruleset)

    @staticmethod
    def _answered(campaign: Campaign, question: Question, answer: Answer) -> UserError:
        return UserError(N_("you already answered: {answer}"), answer=answer_wording(question, answer,
                                                                                     campaign.ruleset))

    async def _opened_after(self, before: Campaign, outcomes: list[TurnOutcome]) -> OpenStep | None:
        """The step open now, if resolving opened one (not when the turn ended)."""
        if not outcomes:
            return None
        campaign = await self.service.campaign(before.id)
        if campaign.phase is not Phase.PLANNING or campaign.turn != before.turn:
            return None
        return await self._open(campaign)

    # Defaults and the chain

    async def apply_defaults(self, campaign_id: int, turn: int, step: int) -> list[TurnOutcome]:
        """Every unanswered question of the step gets the default its rule names (source DEFAULT), and the
        step resolves: the deadline of an OnDeadline.DEFAULTS step, or a moderator who does not wait."""
        campaign = await self._at(campaign_id, turn, step)
        opened = await self._open(campaign)
        if opened.step.takes_orders:
            raise UserError(N_("{step} takes orders, which have no defaults; it is resolved with /turn resolve"),
                            step=opened.label)
        missing = opened.unanswered()
        if bare := [worded(q.text, campaign.ruleset) for q in missing if q.default is None]:  # words, not ids
            raise UserError(N_("{step}: these questions have no default, so a moderator answers them (/step show): "
                               "{questions}"), step=opened.label, questions=Joined(bare, "; "))
        for question in missing:
            default = Answer(question=question.id, value=question.default, source=AnswerSource.DEFAULT,
                             rule=question.default_rule)
            # None: answered meanwhile (a late click, another process applying the same defaults)
            await self.repo.put_answer(campaign_id, turn, step, question.faction or "", answer_slot(question.id),
                                       answer_payload(default))
        log.info("Campaign %s, turn %s, step %s: defaults applied to %s", campaign_id, turn, step,
                 ", ".join(q.id for q in missing) or "nothing")
        return await self.continue_chain(campaign_id)

    async def continue_chain(self, campaign_id: int) -> list[TurnOutcome]:
        """Resolve the open step while it is complete (every question answered), each next one as it
        opens: after an answer, at the deadline's defaults, after a crash mid-chain (every tick).
        Each resolution is claimed and committed exactly once (``resolve_turn``); one resolved
        meanwhile by another process ends this chain here, as it goes on there."""
        outcomes: list[TurnOutcome] = []
        for _ in range(CHAIN_LIMIT):
            campaign = await self.service.campaign(campaign_id)
            if campaign.phase is not Phase.PLANNING:
                return outcomes
            if not outcomes and await self._stopped(campaign):
                return outcomes
            step = await self.service.open_step_of(campaign)
            if step.takes_orders:  # resolved by the moderators or its deadline, never by itself
                return outcomes
            if not complete(step, await self.repo.list_orders(campaign_id, campaign.turn, step=campaign.step)):
                return outcomes
            try:
                outcomes.append(await self.service.resolve_turn(campaign_id, campaign.turn, campaign.step))
            except UserError as exc:  # resolved (or being resolved) by another process
                log.info("Campaign %s: the chain of steps goes on elsewhere: %s", campaign_id, exc)
                return outcomes
        await self._stop(await self.service.campaign(campaign_id))
        return outcomes

    async def _stopped(self, campaign: Campaign) -> bool:
        claim = await self.repo.work_claim(campaign.id, campaign.turn, CHAIN_STOPPED)
        return claim is not None and claim.done_at is not None

    async def _stop(self, campaign: Campaign) -> None:
        """A ruleset looping (more than CHAIN_LIMIT steps in a row resolved at once): nothing of this
        turn resolves by itself any more, in any process (a claim marked done); the moderators resolve
        it step by step with /turn resolve, told by the log and their audit log."""
        log.error("Campaign %s: more than %s steps of turn %s in a row resolved at once; the ruleset %s is looping. "
                  "The chain stops at step %s; the moderators resolve it step by step", campaign.id, CHAIN_LIMIT,
                  campaign.turn, campaign.ruleset, campaign.step)
        lease = WorkLease(self.service, campaign.id, campaign.turn, CHAIN_STOPPED)
        if await lease.take():
            await lease.finish()
            await self.service.record_action(
                campaign.id, BOT, "step_chain_stopped", {"turn": campaign.turn, "step": campaign.step},
                f"More than {CHAIN_LIMIT} steps of turn {campaign.turn} resolved at once in a row, which the rules "
                f"of {campaign.ruleset} should never do; the bot stopped resolving them by itself at step "
                f"{campaign.step}. Resolve the turn's steps with /turn resolve, and report the ruleset's bug.")

    async def announce_opened(self, opened: OpenStep, post: Callable[[OpenStep], Awaitable[None]]) -> bool:
        """Post the open step's prompts once across processes and restarts (``post``: the announcer's
        ``step_opened``): under the step's "prompts" work claim, marked done once posted; False if
        they were posted (or are being posted) already.  A step without questions has none."""
        if not opened.step.questions:
            return False
        # Keyed by the opening: a step undone away and opened again (perhaps asking other questions)
        # is posted again; the same opening never twice.
        kind = step_kind(f"{PROMPTS}@{opened.opened_at or ''}", opened.number)
        claim = await self.repo.work_claim(opened.campaign.id, opened.turn, kind)
        if claim is not None and claim.done_at is not None:  # posted: a read, not a write, every tick after
            return False
        lease = WorkLease(self.service, opened.campaign.id, opened.turn, kind)
        if not await lease.take():
            return False
        try:
            async with lease.kept():
                await post(opened)
        except BaseException:
            await lease.release()  # the next tick posts them
            raise
        await lease.finish()
        return True

    async def waiting_factions(self, campaign: Campaign) -> list[str] | None:
        """The clans with a question of the open step still unanswered (None: an orders step, where
        readiness says who is waiting)."""
        opened = await self._open(campaign)
        if opened.step.takes_orders:
            return None
        return sorted({q.faction for q in opened.unanswered() if q.faction})

    # The turn's digest

    async def announce_digest(self, campaign_id: int, turn: int,
                              post: Callable[[Campaign, int, TurnDigest], Awaitable[None]]) -> bool:
        """Post the digest of ``turn`` once it is over (``post``: the announcer's ``turn_digest``), once
        across processes and restarts (its "digest" work claim); False if there is none to post (a turn
        of one step, a turn not over) or it was posted already."""
        if len(await self.repo.turn_steps(campaign_id, turn)) < 2:  # a one-step turn: no digest
            return False
        opened = await self.repo.get_turn(campaign_id, turn)
        if opened is None or opened.status != TurnStatus.RESOLVED:
            return False
        lease = WorkLease(self.service, campaign_id, turn, DIGEST)
        claim = await self.repo.work_claim(campaign_id, turn, DIGEST)
        if claim is not None and claim.done_at is not None:
            return False
        digest = await self.digest(campaign_id, turn)
        if digest is None or not await lease.take():
            return False
        try:
            async with lease.kept():
                await post(digest.campaign, turn, digest)
        except BaseException:
            await lease.release()
            raise
        await lease.finish()
        return True

    async def digest(self, campaign_id: int, turn: int) -> TurnDigest | None:
        """One line per step of ``turn``; None for a turn of one step (its report says everything)."""
        campaign = await self.service.campaign(campaign_id)
        records = await self.repo.turn_resolutions(campaign_id, turn)
        if len(records) < 2:
            return None
        steps = {r.step: r for r in await self.repo.turn_steps(campaign_id, turn)}
        lines = []
        for record in records:
            spec = stored_step(steps.get(record.step), record.step)
            _, answers = split_answers([o for o in record.orders if is_answer(o)])
            lines.append(StepDigest(
                step_label(turn, record.step, spec, campaign.ruleset),
                answered=sum(a.source in (AnswerSource.FACTION, AnswerSource.MODERATOR) for a in answers),
                standing=sum(a.source is AnswerSource.STANDING for a in answers),
                defaults=[(a.question, a.rule) for a in answers if a.source is AnswerSource.DEFAULT],
                secret=spec.secret))
        return TurnDigest(campaign, turn, lines)


def checked_value(question: Question, value: Any, ruleset_id: str) -> str | dict[str, Any]:
    """``value`` as the question takes it, or a UserError saying what it takes."""
    if question.choices:
        known = {c.value for c in question.choices}
        if not isinstance(value, str) or value not in known:
            choices = Joined([Text(N_("{label} ({value})"), label=worded(c.label, ruleset_id), value=c.value)
                              for c in question.choices], ", ")
            raise UserError(N_("{value} is not an answer to this question; answer one of: {choices}"),
                            value=repr(value), choices=choices)
        return value
    return checked_form(question, value if isinstance(value, dict) else {}, ruleset_id)


FORM_TEXT = 400  # a form's text field at most, in characters (the Discord form's own limit, cogs/step.py)
FORM_NUMBER = 12  # ... a whole number's, in characters: a crafted submission is not bounded by the form
WHOLE = re.compile(r"[+-]?[0-9]+")  # int() alone also reads "1_000" and other scripts' digits


def checked_form(question: Question, value: dict[str, Any], ruleset_id: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in question.form:
        raw = value.get(f.id)
        label = worded(f.label, ruleset_id)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if f.required:
                raise UserError(N_("{field} is missing; give it a value"), field=label)
            continue
        typed, limit = str(raw).strip(), FORM_TEXT if f.kind == "text" else FORM_NUMBER
        if len(typed) > limit:
            raise UserError(N_("{field} is too long: {length} characters; give at most {limit}"), field=label,
                            length=len(typed), limit=limit)
        if f.kind == "text":
            out[f.id] = typed
            continue
        if not WHOLE.fullmatch(typed):
            raise UserError(N_("{field}: {value} is not a whole number"), field=label, value=repr(raw))
        number = int(typed)
        low, high = f.minimum, f.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise UserError(N_("{field}: {value} is out of range; give a number from {low} to {high}"), field=label,
                            value=number, low="-" if low is None else low, high="-" if high is None else high)
        out[f.id] = number
    return out


def answer_wording(question: Question, answer: Answer, ruleset_id: str) -> Any:
    """An answer as its reader reads it: the choice's label, or the form's values."""
    choice = next((c for c in question.choices if c.value == answer.value), None)
    if choice is not None:
        return worded(choice.label, ruleset_id)
    if isinstance(answer.value, dict):
        return ", ".join(f"{k} {v}" for k, v in answer.value.items())
    return str(answer.value)

