"""The turn lifecycle around ``CampaignService``: deadlines and auto-resolution,
locking and reopening, clans marking their orders ready, resolving exactly
once, and resolving again after a correction with what changed (redo).

Stateless: it holds the service (whose per-campaign lock serialises
resolutions in one process) and keeps everything else in the store.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime

from bot.domain.campaign import Campaign, Faction, Phase, deadline_passed
from bot.engine.ruleset import SubmittedOrder, UnitView, slot_unit
from bot.i18n import N_
from bot.localized import phase_name
from bot.services.campaigns import OPEN_PHASES, CampaignService, TurnOutcome, deadline_passed_error
from bot.services.deadline import parse_deadline
from bot.services.errors import UserError
from bot.services.steps import StepService
from bot.services.turn_diff import TurnDiff, compare
from bot.store import StoreError

CLEAR_WORDS = ("clear", "none", "off")


@dataclass
class ClanReadiness:
    faction: Faction
    ready: bool
    ordered: int  # units with an order
    units: int


@dataclass
class Correction:
    """A turn resolved again after undo, and what changed against the report the players read."""

    outcome: TurnOutcome
    diff: TurnDiff


class TurnLifecycle:
    def __init__(self, service: CampaignService) -> None:
        self.service = service
        self.repo = service.repo

    async def set_deadline(self, campaign_id: int, when: str | None = None,
                           auto_resolve: bool | None = None) -> Campaign:
        """Set (``"in 24h"``, ``"2026-12-01 20:00"``), clear (``"clear"``) or keep (None) the deadline
        of the open turn, and switch auto-resolution on or off (None: keep)."""
        now = self.service.clock()

        def change(campaign: Campaign) -> None:
            if when is not None:
                if campaign.phase not in (Phase.PLANNING, Phase.LOCKED):
                    raise UserError(N_("turn {turn} of {campaign} is not open for orders, so it has no deadline to "
                                       "change; give one when opening it: /turn open deadline:\"in 48h\""),
                                    turn=campaign.turn, campaign=campaign.name)
                cleared = when.strip().casefold() in CLEAR_WORDS
                deadline = None if cleared else parse_deadline(when, now)
                campaign.deadline = deadline.isoformat(timespec="minutes") if deadline else None
            if auto_resolve is not None:
                if auto_resolve and campaign.report_channel_id is None:
                    raise UserError(N_("{campaign} has no report channel, so a turn resolved at its deadline "
                                       "could not be posted; set it with /campaign channel first"),
                                    campaign=campaign.name)
                campaign.auto_resolve = auto_resolve

        return await self.service.amend_campaign(campaign_id, change)

    async def lock(self, campaign_id: int) -> Campaign:
        """Close planning early: players may no longer change orders; moderators may."""
        campaign = await self.service.campaign(campaign_id)
        if campaign.phase is not Phase.PLANNING:
            raise UserError(N_("only a turn open for orders can be locked; turn {turn} of {campaign} is {phase}"),
                            turn=campaign.turn, campaign=campaign.name, phase=phase_name(campaign.phase))
        return await self._move_phase(campaign, Phase.LOCKED)

    async def reopen(self, campaign_id: int) -> Campaign:
        """A locked turn goes back to planning.  A turn undone for a correction cannot: its dice are known."""
        campaign = await self.service.campaign(campaign_id)
        if campaign.phase is Phase.CORRECTION:
            raise UserError(N_("turn {turn} of {campaign} was resolved and undone: its dice are known, so players "
                               "may not change orders again. Correct what needs correcting as a moderator, then "
                               "/turn redo"), turn=campaign.turn, campaign=campaign.name)
        if campaign.phase is not Phase.LOCKED:
            raise UserError(N_("only a locked turn can be reopened; turn {turn} of {campaign} is {phase}"),
                            turn=campaign.turn, campaign=campaign.name, phase=phase_name(campaign.phase))
        return await self._move_phase(campaign, Phase.PLANNING)

    async def _move_phase(self, campaign: Campaign, now: Phase) -> Campaign:
        """From the phase the campaign was read in (refused by the store if it changed meanwhile)."""
        await self.repo.set_phase(campaign.id, campaign.turn, campaign.phase, now)
        campaign.phase = now
        campaign.version += 1  # as the store's: the copy stays current
        return campaign

    async def mark_ready(self, campaign_id: int, faction: str, ready: bool = True) -> Campaign:
        """A clan says its orders are complete (or takes it back).  Changing an order afterwards
        takes the mark away (the store does it), so "ready" always means the orders as they stand."""
        campaign = await self.service.campaign(campaign_id)
        if campaign.phase is not Phase.PLANNING:
            raise UserError(N_("turn {turn} of {campaign} is {phase}, not open for orders, so there is nothing to "
                               "mark ready"), turn=campaign.turn, campaign=campaign.name, phase=phase_name(campaign.phase))
        now = self.service.clock()
        if deadline_passed(campaign.deadline, now):
            raise deadline_passed_error(campaign)
        stamp = now.isoformat(timespec="seconds") if ready else None
        await self.repo.set_ready(campaign_id, campaign.turn, faction, stamp, now=now, step=campaign.step)
        return campaign

    async def readiness(self, campaign_id: int) -> list[ClanReadiness]:
        campaign = await self.service.campaign(campaign_id)
        ready = await self.repo.ready_factions(campaign_id, campaign.turn, step=campaign.step)
        units = await self.service.units(campaign_id, None)
        orders = await self.service.orders(campaign_id, None)
        result = []
        for f in campaign.factions:
            own = [u for u in units if u.owner == f.id]
            done, _ = units_ordered(own, [o for o in orders if o.faction == f.id])
            result.append(ClanReadiness(f, f.id in ready, done, len(own)))
        return result

    async def resolve(self, campaign_id: int, turn: int | None = None) -> TurnOutcome:
        """Resolve the open step of the open turn (``turn``: only if it is still that one), and the steps
        that then resolve at once (``TurnOutcome.chain``).  Of two requests at once
        (a moderator and the deadline, or two bot processes) exactly one resolves; the other is
        told the turn is already resolved.  The service's lock serialises them in one process, the
        store's commit refuses a turn no longer in planning across processes."""
        campaign = await self.service.campaign(campaign_id)
        expected = campaign.turn if turn is None else turn
        # The step as read now is the one asked for: of two requests at once, the second must be
        # refused once the first resolved it, never go on to resolve the step that opened after it.
        step = campaign.step if expected == campaign.turn else None
        try:
            outcome = await self.service.resolve_turn(campaign_id, expected, step)
        except StoreError:
            now = await self.service.campaign(campaign_id)
            if now.turn > expected:  # another process committed it first
                raise UserError(N_("turn {turn} of {campaign} has already been resolved"), turn=expected,
                                campaign=now.name) from None
            if now.turn == campaign.turn and now.step > campaign.step:  # … or the step it was at
                raise UserError(N_("step {step} of turn {turn} has already been resolved"), turn=expected,
                                step=campaign.step) from None
            raise
        return await self.follow(outcome)

    async def follow(self, outcome: TurnOutcome) -> TurnOutcome:
        """The steps that resolve at once after ``outcome`` (every question answered by standing
        orders), on ``outcome.chain``, and the step open then, on ``outcome.opened`` (issue 12)."""
        steps = StepService(self.service)
        outcome.chain = await steps.continue_chain(outcome.campaign.id)
        last = outcome.chain[-1] if outcome.chain else outcome
        if not last.turn_ended:
            try:
                outcome.opened = await steps.open_step(outcome.campaign.id)
            except UserError:
                outcome.opened = None
        return outcome

    async def redo(self, campaign_id: int) -> Correction:
        """After /turn undo and a correction: resolve again with the same seed, and compare with
        the resolution that was undone (what the players last read)."""
        campaign = await self.service.campaign(campaign_id)
        if campaign.phase is not Phase.CORRECTION:
            values = {"turn": campaign.turn, "campaign": campaign.name, "phase": phase_name(campaign.phase)}
            if campaign.phase in OPEN_PHASES:
                raise UserError(N_("/turn redo resolves a turn again after /turn undo; turn {turn} of {campaign} is "
                                   "{phase} (use /turn resolve)"), **values)
            raise UserError(N_("/turn redo resolves a turn again after /turn undo; turn {turn} of {campaign} is "
                               "{phase}"), **values)
        # what the players last read of the step undone
        undone = await self.repo.last_undone_report(campaign_id, campaign.turn, campaign.step)
        outcome = await self.resolve(campaign_id, campaign.turn)
        if undone is None:  # undone before this version kept undone resolutions
            return Correction(outcome, TurnDiff.unknown())
        # Parsing the state and diffing every report is CPU work: off the event loop.
        return Correction(outcome, await asyncio.to_thread(compare, campaign.ruleset, undone, outcome))


def units_ordered(units: list[UnitView], orders: list[SubmittedOrder]) -> tuple[int, list[str]]:
    """How many of ``units`` have an order, and the names of those without: the one count of
    /game status and /orders ready.  Clan-wide orders (a policy, a redeemed credit) are no unit's."""
    ordered = {slot_unit(o.unit) for o in orders} - {None}  # by slot: a clan whose id is a unit's is no unit
    missing = [u.name for u in units if u.id not in ordered]
    return len(units) - len(missing), missing


def deadline_of(campaign: Campaign) -> datetime | None:
    return datetime.fromisoformat(campaign.deadline) if campaign.deadline else None
