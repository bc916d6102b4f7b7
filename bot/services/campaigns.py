"""Use cases shared by the command line and the Discord cogs.

Every method either does all it says or raises UserError (or StoreError)
with a message for people, having changed nothing.  Slow pure work
(resolution, rendering) runs off the event loop.  The questions that change
nothing (orders as they read, units, holdings, roster, audit log, export) are
the base class ``CampaignReads`` in ``campaign_reads.py``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from pydantic import ValidationError

from bot.domain.campaign import Campaign, Faction, Phase
from bot.engine.dice import SeededDice
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.engine.seed import commitment
from bot.report import ReportInput, Reports
from bot.report.presenters import presenter
from bot.rules import get_ruleset
from bot.scenarios import ScenarioFileError, load_shipped_scenario
from bot.services.audit import COMMAND_LINE, Moderator, audit_entry
from bot.services.boot import THIS_BOOT
from bot.services.campaign_reads import (
    CampaignReads,
    OrderLine,  # noqa: F401  (re-exported: cogs import it from here)
    describe_order,
)
from bot.services.deadline import parse_deadline
from bot.services.errors import UserError
from bot.services.settings import apply_setting
from bot.store import Repository, ResolutionRecord, TurnRecord

log = logging.getLogger(__name__)

OPEN_PHASES = (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION)  # a turn with a seed, not yet resolved


@dataclass
class OrderReceipt:
    order: SubmittedOrder
    description: str
    warnings: list[str]
    replaced: str | None


@dataclass
class TurnOutcome:
    campaign: Campaign
    turn: int
    seed: str
    reports: Reports
    data: ReportInput  # what the maps are drawn from: CampaignService.render_maps(outcome.data, ...)
    created_seq: int | None = None  # the stored resolution's; keys whether its posts went out
    recovered: bool = False  # posted by another run than the one that resolved it: some may be out already


def utc_stamp(when: datetime) -> str:
    """A time as the store keeps it (ISO 8601 UTC, whole seconds), so stamps compare as text."""
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class CampaignService(CampaignReads):
    """The use cases that change a campaign; the questions about one are ``CampaignReads``."""

    def __init__(self, repo: Repository, *, clock: Callable[[], datetime] = _utcnow,
                 seed_factory: Callable[[], str] = lambda: secrets.token_hex(32)) -> None:
        self.repo = repo
        self.clock = clock
        self.seed_factory = seed_factory
        self.boot_id = THIS_BOOT  # names this process in the posting claims it takes (bot/services/boot.py)
        self._resolving: dict[int, int] = {}  # campaign id → resolutions under way (moderator edits refused)
        self._state_locks: dict[int, asyncio.Lock] = {}

    # Campaigns

    async def create_campaign(self, scenario_id: str, name: str | None = None,
                              guild_id: int | None = None) -> Campaign:
        try:
            scenario = load_shipped_scenario(scenario_id)
        except ScenarioFileError as exc:
            raise UserError(str(exc)) from None
        ruleset = get_ruleset(scenario.file.ruleset)
        factions = [Faction(id=fid, name=fname, colour=colour)
                    for fid, fname, colour in ruleset.factions(scenario.state)]
        campaign = Campaign(name=name or scenario.file.name, guild_id=guild_id, ruleset=ruleset.id,
                            map_id=scenario.file.map, scenario=scenario.file.id,
                            turn=scenario.state.turn, factions=factions)
        return await self.repo.create_campaign(campaign, scenario.settings.model_dump(mode="json"),
                                               scenario.state.model_dump(mode="json"))

    async def link_faction(self, campaign_id: int, faction_id: str, role_id: int | None,
                           channel_id: int | None) -> Faction:
        campaign = await self.campaign(campaign_id)
        faction = campaign.faction(faction_id)
        if faction is None:
            known = ", ".join(f.id for f in campaign.factions)
            raise UserError(f"campaign {campaign.name} has no faction {faction_id!r}; factions: {known}")
        faction.role_id, faction.channel_id = role_id, channel_id
        await self.repo.update_campaign(campaign)
        return faction

    async def set_channels(self, campaign_id: int, *, report_channel_id: int | None = None,
                           moderator_role_id: int | None = None) -> Campaign:
        campaign = await self.campaign(campaign_id)
        if report_channel_id is not None:
            campaign.report_channel_id = report_channel_id
        if moderator_role_id is not None:
            campaign.moderator_role_id = moderator_role_id
        await self.repo.update_campaign(campaign)
        return campaign

    async def set_setting(self, campaign_id: int, path: str, value: str) -> tuple[Any, Any, str]:
        campaign = await self.campaign(campaign_id)
        record = await self.repo.load_state(campaign_id)
        model = get_ruleset(campaign.ruleset).settings_model
        updated, old, new, note = apply_setting(model, record.settings, path, value)
        await self.repo.save_settings(campaign_id, updated)
        return old, new, note

    # Turns

    async def open_turn(self, campaign_id: int, deadline: str | None = None,
                        seed: str | None = None) -> TurnRecord:
        campaign = await self.campaign(campaign_id)
        if campaign.phase in OPEN_PHASES:
            raise UserError(f"turn {campaign.turn} is already open for orders; resolve it first")
        when = parse_deadline(deadline, self.clock()) if deadline else None
        secret = seed or self.seed_factory()
        # One transaction: a turn never stands open with its deadline unwritten.
        return await self.repo.open_turn(campaign_id, campaign.turn, secret, commitment(secret),
                                         deadline=when.isoformat(timespec="minutes") if when else None)

    async def _planning(self, campaign_id: int, moderator: bool = True) -> Campaign:
        campaign = await self.campaign(campaign_id)
        if campaign.phase is Phase.CORRECTION and not moderator:
            raise UserError(f"turn {campaign.turn} of {campaign.name} was resolved and undone for a correction; "
                            f"its seed is public now, so only the moderators may change its orders")
        if campaign.phase is Phase.LOCKED and not moderator:
            raise UserError(f"turn {campaign.turn} of {campaign.name} is locked: the moderators have closed it "
                            f"for orders (they may reopen it with /turn reopen)")
        if campaign.phase not in OPEN_PHASES:
            raise UserError(f"no turn of {campaign.name} is open for orders; a moderator opens one with /turn open")
        return campaign

    async def submit_order(self, campaign_id: int, faction: str, payload: dict[str, Any], *,
                           moderator: bool = False) -> OrderReceipt:
        campaign = await self._planning(campaign_id, moderator)
        ruleset, state, settings, gamemap = await self._loaded(campaign)
        others = await self.repo.list_orders(campaign_id, campaign.turn)
        try:
            order = ruleset.parse_order(payload)
            warnings = ruleset.validate_order(state, gamemap, settings, faction, order, others)
        except OrderRejected as exc:
            raise UserError(f"Refused: {exc}") from None
        slot = ruleset.order_slot(order)
        # Only this clan's own order is "replaced" in the reply: a unit a moderator moved to this clan
        # mid-turn may still hold its old owner's order, which this clan must not read.
        previous = next((o for o in others if o.unit == slot and o.faction == faction), None)
        stored = await self.repo.put_order(campaign_id, campaign.turn, faction, slot,
                                           order.model_dump(mode="json"), phases=_writable(moderator))
        show = presenter(campaign.ruleset)
        replaced = describe_order(show, ruleset.parse_order(previous.payload), state, gamemap) if previous else None
        return OrderReceipt(stored, describe_order(show, order, state, gamemap), warnings, replaced)

    async def clear_order(self, campaign_id: int, faction: str, slot: str, *, moderator: bool = False) -> bool:
        campaign = await self._planning(campaign_id, moderator)
        mine = {o.unit for o in await self.repo.list_orders(campaign_id, campaign.turn, faction)}
        if slot not in mine:
            raise UserError(f"your clan has no order for {slot} this turn")
        return await self.repo.delete_order(campaign_id, campaign.turn, slot, phases=_writable(moderator))

    async def clear_orders(self, campaign_id: int, faction: str, *, moderator: bool = False) -> int:
        """Withdraw all of ``faction``'s orders for the open turn; how many there were."""
        campaign = await self._planning(campaign_id, moderator)
        count = await self.repo.delete_orders(campaign_id, campaign.turn, faction, phases=_writable(moderator))
        if not count:
            raise UserError(f"your clan has no orders for turn {campaign.turn} to withdraw")
        return count

    async def resolve_turn(self, campaign_id: int, turn: int | None = None) -> TurnOutcome:
        """Resolve the open turn (``turn``: only if it is still that one, checked under the lock);
        moderator edits are refused until it is done."""
        self._resolving[campaign_id] = self._resolving.get(campaign_id, 0) + 1
        try:
            async with self._state_lock(campaign_id):
                if turn is not None and (await self.campaign(campaign_id)).turn != turn:
                    raise UserError(f"turn {turn} has already been resolved")
                return await self._resolve_turn(campaign_id)
        finally:
            self._resolving[campaign_id] -= 1
            if not self._resolving[campaign_id]:
                del self._resolving[campaign_id]

    def _state_lock(self, campaign_id: int) -> asyncio.Lock:
        return self._state_locks.setdefault(campaign_id, asyncio.Lock())

    async def _resolve_turn(self, campaign_id: int) -> TurnOutcome:
        campaign = await self._planning(campaign_id)
        turn = await self.repo.get_turn(campaign_id, campaign.turn)
        orders = await self.repo.list_orders(campaign_id, campaign.turn)
        data, dice = await self._compute(campaign, orders, turn.seed, turn.commitment)
        # Reports and the record are pure CPU work (a quarter of a second for 1,000 units): off the loop.
        reports, record = await asyncio.to_thread(_resolution_record, campaign, turn, orders, data, dice)
        # The caller posts the reports next: claimed now, so the scheduler leaves them to it
        # unless it stops before they are out (bot/services/stored_turns.py).
        stored = await self.repo.commit_resolution(record, posts_claimed_at=utc_stamp(self.clock()),
                                                   claimed_by=self.boot_id)
        resolved = await self.campaign(campaign_id)  # the store cleared the deadline with the commit
        return TurnOutcome(resolved, campaign.turn, turn.seed, reports, data, stored.created_seq)

    async def render_maps(self, ruleset_id: str, data: ReportInput,
                          audiences: list[str]) -> dict[str, bytes]:
        """One PNG per audience: "public", "moderators" or a faction id.  Each
        map shows only what that audience's report reveals (the presenter decides)."""
        from bot.render import MAX_CONCURRENT_RENDERS  # matplotlib loads only when maps are drawn
        show = presenter(ruleset_id)
        # As many at once as the renderer has slots, no more: a render's timeout counts its wait
        # for a slot, so queueing a 17-clan campaign's maps all at once timed the last ones out.
        pngs: list[bytes] = []
        for start in range(0, len(audiences), MAX_CONCURRENT_RENDERS):
            batch = audiences[start:start + MAX_CONCURRENT_RENDERS]
            pngs += await asyncio.gather(*(show.render(data, audience) for audience in batch))
        return dict(zip(audiences, pngs))

    async def preview_turn(self, campaign_id: int) -> Reports:
        """What the orders given so far would do, on dice of a throwaway seed —
        never the turn's own seed, which stays secret until the resolution, so a
        preview cannot be used to fish for good rolls.  Nothing is stored."""
        campaign = await self._planning(campaign_id)
        orders = await self.repo.list_orders(campaign_id, campaign.turn)
        throwaway = f"preview:{self.seed_factory()}"  # never equal to a turn's seed
        data, _ = await self._compute(campaign, orders, throwaway, "(preview: not the turn's seed)")
        return presenter(campaign.ruleset).build_reports(data)

    async def _compute(self, campaign: Campaign, orders: list[SubmittedOrder], seed: str,
                       published: str) -> tuple[ReportInput, SeededDice]:
        ruleset, state, settings, gamemap = await self._loaded(campaign)
        dice = SeededDice(seed)
        result = await asyncio.to_thread(ruleset.resolve, state, gamemap, settings, orders, dice)
        data = ReportInput(campaign_name=campaign.name, turn=campaign.turn, seed=seed, commitment=published,
                           gamemap=gamemap, before=state, after=result.state, events=result.events,
                           rolls=list(dice.log))
        return data, dice

    async def undo_last(self, campaign_id: int) -> int:
        """Restore the state before the last resolution.  Its seed is public by
        now, so the reopened turn is in correction: only moderators may change
        orders, and resolving again rolls the same dice for untouched orders."""
        await self.campaign(campaign_id)
        return await self.repo.undo_last_resolution(campaign_id)  # the store sets the correction phase

    # Moderator inputs between turns

    async def moderator_edit(self, campaign_id: int, payload: dict[str, Any],
                             by: Moderator = COMMAND_LINE,
                             campaign_change: Callable[[Campaign], None] | None = None) -> str:
        """Apply a moderator's input (armies, weather, diplomacy, ownership, port guards,
        treasury, units, characters: the ruleset's ``parse_edit``) to the state; return what
        changed.  Any phase will do, but not while a turn is being resolved.  The state and
        the audit entry (who, when, the edit, what it changed, its reason) are written
        together: a refused or failed edit leaves neither.  ``campaign_change`` amends the
        campaign record in the same transaction (a clan added to the rules joins the campaign)."""
        campaign = await self.campaign(campaign_id)
        if self._resolving.get(campaign_id):
            raise UserError(f"turn {campaign.turn} of {campaign.name} is being resolved right now; make the edit "
                            f"once its reports are out")
        async with self._state_lock(campaign_id):
            campaign = await self.campaign(campaign_id)
            ruleset, state, _, gamemap = await self._loaded(campaign)
            try:
                edit = ruleset.parse_edit(payload)
                new_state, description = ruleset.apply_edit(state, gamemap, edit)
            except OrderRejected as exc:
                raise UserError(f"Refused: {exc}") from None
            subjects = ruleset.edit_subjects(state, new_state, edit)
            entry = audit_entry(campaign, by, self.clock(), payload, description, subjects)
            changed = None
            if campaign_change is not None:
                changed = campaign.model_copy(deep=True)
                campaign_change(changed)
            await self.repo.save_state_audited(campaign_id, new_state.model_dump(mode="json"), entry, changed)
        log.info("Moderator edit of campaign %s, turn %s by %s: %s → %s", campaign_id, campaign.turn, by.name,
                 edit.model_dump(mode="json", exclude_unset=True), description)
        if campaign.phase in OPEN_PHASES:
            description += (f" Turn {campaign.turn} is open: this applies from its resolution, where the orders "
                            f"already given are checked again against it (S12.4).")
        else:
            description += f" It applies from the resolution of turn {campaign.turn}."
        if campaign.phase is Phase.RESOLVED:
            description += (f" Undoing the resolution of turn {campaign.turn - 1} would restore the state before "
                            f"it and discard this edit.")
        return description

    async def import_(self, data: dict[str, Any], guild_id: int | None = None) -> Campaign:
        campaign = await self.repo.import_campaign(data, guild_id)
        try:
            ruleset = get_ruleset(campaign.ruleset)
            record = await self.repo.load_state(campaign.id)
            ruleset.state_model.model_validate(record.state)
            ruleset.settings_model.model_validate(record.settings)
        except (KeyError, ValidationError) as exc:
            await self.repo.delete_campaign(campaign.id)
            raise UserError(f"the export does not hold a valid campaign: {exc}") from None
        return campaign



def _resolution_record(campaign: Campaign, turn: TurnRecord, orders: list[SubmittedOrder], data: ReportInput,
                       dice: SeededDice) -> tuple[Reports, ResolutionRecord]:
    """The reports and what the store keeps of a resolution: pure CPU work, run in a worker thread."""
    reports = presenter(campaign.ruleset).build_reports(data)
    return reports, ResolutionRecord(
        campaign_id=campaign.id, turn=campaign.turn, seed=turn.seed,
        before_state=data.before.model_dump(mode="json"), after_state=data.after.model_dump(mode="json"),
        orders=orders, dice=list(dice.log), events=[e.model_dump(mode="json") for e in data.events],
        report={"public": reports.public, "moderators": reports.moderators,
                **{f"faction:{k}": v for k, v in reports.factions.items()}})


def _writable(moderator: bool) -> tuple[str, ...] | None:
    """The phases an order write may land in, checked again by the store in the write's own
    transaction: a player's only while planning is open; a moderator's in any open phase."""
    return None if moderator else (Phase.PLANNING.value,)
