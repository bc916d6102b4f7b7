"""Deadlines at work: reminders before a turn's deadline, and the turn resolved
at its deadline when the campaign says so (``Campaign.auto_resolve``).

Everything it knows lives in the store, so a restarted bot picks up where the
last one stopped, and every process of a sharded bot runs one: a reminder or
deadline notice is claimed in the store under a lease before it is posted and
marked done after (``WorkLease``: never twice while its holder lives, taken over
by another process once a dead holder's lease ends), and a resolution goes
through ``TurnLifecycle.resolve``, whose work claim resolves a turn exactly once.  A resolution
whose reports never went out (the bot stopped after committing it) is posted
by the next tick, the first one at start-up (``StoredTurns``).  Time comes
from the clock it is given; ``tick`` is one pass, so tests drive it without
sleeping.  Posting is the ``Announcer``'s business (Discord in the bot).

Steps within a turn (issue 12): each tick continues the chain of an open step whose questions are
all answered (a crash mid-chain, an answer given in another process), posts an open step's prompts
once (``StepService.announce_opened``), applies the defaults at an ``OnDeadline.DEFAULTS`` step's
deadline, and posts a turn's digest once the turn is over.  Reminders and deadline notices are per
step (their claims name the step: ``step_kind``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from bot.domain.campaign import Campaign, Faction, Phase
from bot.engine.steps import OnDeadline
from bot.services.campaigns import CampaignService, TurnOutcome
from bot.services.errors import UserError
from bot.services.leases import WorkLease
from bot.services.steps import OpenStep, StepService, TurnDigest
from bot.services.stored_turns import StoredTurns
from bot.services.turns import TurnLifecycle, deadline_of
from bot.store import StoreError, step_kind

log = logging.getLogger(__name__)

# (kind, how long before the deadline), furthest first.
REMINDERS: tuple[tuple[str, timedelta], ...] = (("24h", timedelta(hours=24)), ("1h", timedelta(hours=1)))
PASSED = "passed"  # the deadline went by and the moderators resolve by hand


class Announcer(Protocol):
    async def reminder(self, campaign: Campaign, left: timedelta, not_ready: list[Faction]) -> None: ...
    async def deadline_passed(self, campaign: Campaign, not_ready: list[Faction]) -> None: ...
    async def resolved(self, outcome: TurnOutcome) -> None: ...
    # Steps (issue 12).  An announcer made before steps may lack them: nothing is posted then.
    async def step_opened(self, opened: OpenStep) -> None: ...  # post the open step's prompts
    async def turn_digest(self, campaign: Campaign, turn: int, digest: TurnDigest) -> None: ...


class DeadlineScheduler:
    def __init__(self, service: CampaignService, announcer: Announcer, *,
                 clock: Callable[[], datetime] | None = None, interval: float = 60.0,
                 reminders: tuple[tuple[str, timedelta], ...] = REMINDERS) -> None:
        self.turns = TurnLifecycle(service)
        self.steps = StepService(service)
        self.stored = StoredTurns(service)
        self.announcer = announcer
        self.clock = clock or service.clock
        self.interval = interval
        self.reminders = reminders
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="fleetwright-deadlines")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    async def _run(self) -> None:
        while True:
            await self.tick()
            await asyncio.sleep(self.interval)

    async def tick(self) -> None:
        """One pass over every campaign; one campaign's failure does not stop the others."""
        await self._post_unposted()
        try:
            campaigns = await self.turns.repo.list_campaigns()
        except StoreError:
            log.exception("Deadline check: cannot list the campaigns")
            return
        for campaign in campaigns:
            try:
                await self._check(campaign, self.clock())
            except Exception:  # noqa: BLE001 - logged; the next tick tries again
                log.exception("Deadline check failed for campaign %s", campaign.id)

    async def _check(self, campaign: Campaign, now: datetime) -> None:
        if campaign.phase is Phase.RESOLVED:
            await self._digest_due(campaign)
            return
        if campaign.phase is Phase.PLANNING and await self._steps(campaign):
            return  # steps resolved: the campaign moved on; the next tick looks at it afresh
        deadline = deadline_of(campaign)
        if deadline is None or campaign.phase not in (Phase.PLANNING, Phase.LOCKED):
            return
        if now >= deadline:
            await self._deadline(campaign)
            return
        if campaign.phase is Phase.LOCKED:
            return  # orders are closed: nothing left for the clans to do before the deadline
        due = [self._kind(campaign, f"reminder:{kind}@{campaign.deadline}")
               for kind, before in self.reminders if now >= deadline - before]

        async def remind(campaign: Campaign, not_ready: list[Faction]) -> None:
            await self.announcer.reminder(campaign, deadline - now, not_ready)

        await self._once(campaign, due, remind)

    @staticmethod
    def _kind(campaign: Campaign, kind: str) -> str:
        return step_kind(kind, campaign.step)  # step 1's claims as they always were

    async def _deadline(self, campaign: Campaign) -> None:
        step = await self.turns.service.open_step_of(campaign)
        if not step.takes_orders and step.deadline.on_deadline is OnDeadline.DEFAULTS:
            try:
                outcomes = await self.steps.apply_defaults(campaign.id, campaign.turn, campaign.step)
            except (UserError, StoreError) as exc:  # e.g. a question without a default: the moderators answer
                log.info("Deadline of campaign %s turn %s step %s: no defaults applied here: %s", campaign.id,
                         campaign.turn, campaign.step, exc)
            else:
                await self._announce_all(outcomes)  # none: another process resolved it and posts it
                return
            now = await self.turns.service.campaign(campaign.id)
            if (now.turn, now.step, now.phase) != (campaign.turn, campaign.step, campaign.phase):
                return  # resolved meanwhile: nothing passed unanswered
        if campaign.auto_resolve and step.takes_orders:
            await self._resolve(campaign)
        else:
            await self._once(campaign, [self._kind(campaign, f"{PASSED}@{campaign.deadline}")],
                             self.announcer.deadline_passed)

    async def _steps(self, campaign: Campaign) -> bool:
        """Continue the chain of a complete open step (True: some resolved), and post the open step's
        prompts if nobody has.  An orders step (a one-step turn) has neither: one read a tick."""
        if (await self.turns.service.open_step_of(campaign)).takes_orders:
            return False
        outcomes = await self.steps.continue_chain(campaign.id)
        if outcomes:
            await self._announce_all(outcomes)
            return True
        step_opened = getattr(self.announcer, "step_opened", None)
        if step_opened is not None:
            if await self.turns.repo.unposted_resolution(campaign.id) is not None:
                # The reports of the step before first (a /turn resolve posting them, or a restart's
                # next tick): a step's question must not tell a clan their news before they do.
                return True
            opened = await self.steps.open_step(campaign.id)
            await self.steps.announce_opened(opened, step_opened)
        return False

    async def _digest_due(self, campaign: Campaign) -> None:
        """The digest of a turn of several steps whose last step a command resolved (an answer's click,
        /turn resolve): posted once its reports are out, if nobody posted it."""
        turn_digest = getattr(self.announcer, "turn_digest", None)
        turn = campaign.turn - 1
        if turn_digest is None or turn < 1 or len(await self.turns.repo.turn_steps(campaign.id, turn)) < 2:
            return
        if await self.turns.repo.unposted_resolution(campaign.id) is not None:
            return  # the reports first
        await self.steps.announce_digest(campaign.id, turn, turn_digest)

    async def _once(self, campaign: Campaign, kinds: list[str], announce) -> None:
        """Post once what ``kinds`` stand for, if this process claims any of them: after a long pause
        several reminders fall due at once and only the nearest is posted.  The claims' leases are
        renewed while posting and marked done after; a failed post gives them up for the next tick."""
        leases = [WorkLease(self.turns.service, campaign.id, campaign.turn, kind) for kind in kinds]
        claimed = [lease for lease in leases if await lease.take()]
        if not claimed:
            return
        try:
            async with contextlib.AsyncExitStack() as kept:
                for lease in claimed:
                    await kept.enter_async_context(lease.kept())
                await announce(campaign, await self._not_ready(campaign))
        except BaseException:
            for lease in claimed:
                await lease.release()
            raise
        for lease in claimed:
            await lease.finish()

    async def _not_ready(self, campaign: Campaign) -> list[Faction]:
        waiting = await self.steps.waiting_factions(campaign)  # a prompt step: who has not answered yet
        if waiting is not None:
            return [f for f in campaign.factions if f.id in waiting]
        return [r.faction for r in await self.turns.readiness(campaign.id) if not r.ready]

    async def _resolve(self, campaign: Campaign) -> None:
        try:
            outcome = await self.turns.resolve(campaign.id, campaign.turn)
        except (UserError, StoreError) as exc:
            log.info("Deadline of campaign %s turn %s: not resolved here: %s", campaign.id, campaign.turn, exc)
            return
        log.info("Deadline of campaign %s: turn %s resolved automatically", campaign.id, outcome.turn)
        await self._announce_all([outcome, *outcome.chain])

    async def _announce_all(self, outcomes: list[TurnOutcome]) -> None:
        """Post resolved steps in order, then the prompts of the step open after them (if any)."""
        for outcome in outcomes:
            await self._announce(outcome)
        if outcomes and (step_opened := getattr(self.announcer, "step_opened", None)) is not None:
            campaign = await self.turns.service.campaign(outcomes[-1].campaign.id)
            if campaign.phase is Phase.PLANNING:
                await self.steps.announce_opened(await self.steps.open_step(campaign.id), step_opened)

    async def _announce(self, outcome: TurnOutcome) -> None:
        await self.announcer.resolved(outcome)
        await self.stored.mark_posted(outcome)
        if (turn_digest := getattr(self.announcer, "turn_digest", None)) is not None:
            await self.steps.announce_digest(outcome.campaign.id, outcome.turn, turn_digest)

    async def _post_unposted(self) -> None:
        """Post the resolutions committed but never posted (a stopped bot), each once."""
        try:
            due = await self.stored.claim_unposted(self.clock())
        except StoreError:
            log.exception("Cannot look for resolutions whose reports were not posted")
            return
        for record in due:
            try:
                log.info("Campaign %s: the reports of turn %s never went out; posting them now",
                         record.campaign_id, record.turn)
                await self._announce(await self.stored.outcome_of(record))
            except Exception:  # noqa: BLE001 - logged; its claim goes stale and a later tick tries again
                log.exception("Could not post turn %s of campaign %s", record.turn, record.campaign_id)
