"""Use cases shared by the command line and the Discord cogs.

Every method either does all it says or raises UserError (or StoreError)
with a message for people, having changed nothing.  Slow pure work
(resolution, rendering) runs off the event loop.  The questions that change
nothing (orders as they read, units, holdings, roster, audit log, export) are
the base class ``CampaignReads`` in ``campaign_reads.py``.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from datetime import datetime, timedelta, timezone
from typing import Any

from bot.domain.campaign import DEADLINE_REFUSAL, Campaign, Faction, Phase, deadline_passed, deadline_values
from bot.domain.text import Phrase, clean, clean_payload, markup_in, quote
from bot.domain.viewer import Viewer
from bot.engine.dice import KEY_SCHEME, SEED_SCHEME
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.engine.steps import Answer, AnswerSource, Step, answer_slot, steps_of
from bot.i18n import N_
from bot.localized import Text, composed
from bot.report import ReportInput, Reports
from bot.report.presenters import presenter
from bot.plugins import get_ruleset
from bot.scenarios import ScenarioFileError, load_shipped_scenario
from bot.services.audit import COMMAND_LINE, Moderator, audit_entry
from bot.services.boot import THIS_BOOT
from bot.services.campaign_reads import (
    CampaignReads,
    OrderLine,  # noqa: F401  (re-exported: cogs import it from here)
    describe_order,
    every_unit,
    no_campaign,
    stored_order_text,
)
from bot.services.deadline import parse_deadline
from bot.services.dice_keys import TurnKey, new_turn_key, turn_key
from bot.services.errors import UserError
from bot.services.leases import DEFAULT_LEASE, RESOLVE, WorkLease, utc_stamp
from bot.services.parsed import ParsedCache
from bot.services.settings import apply_setting
from bot.services.sheet_maps import SheetMap
from bot.services.step_model import (
    answer_payload,
    is_answer,
    opening,
    label_for,
    step_label,
    stored_step,
)
from bot.services.transfer_checks import import_problems, rekey_open_turns
from bot.services import turn_work
from bot.services.turn_work import StepWork, Worked
from bot import workers
from bot.store import (
    CampaignChanged,
    Repository,
    StepOpening,
    TurnRecord,
    TurnStatus,
    step_kind,
)
from bot.store.transfer import inconsistencies, parse_shape

log = logging.getLogger(__name__)

# A step's resolution in a worker (its rules, reports and record): 0.64 s at 1,000 units, so a
# task still running after this long is stuck, and killed (bot/workers.py).
RESOLVE_TIMEOUT_S = 300.0
OPEN_PHASES = (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION)  # a turn with a seed, not yet resolved
AMEND_ATTEMPTS = 5  # a campaign edit re-applied over edits made at the same moment, then refused


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
    seed: str  # what the report reveals, in a line: the seed (hmac-seed turns) or the public key's SHA-256
    reports: Reports
    data: ReportInput  # what the maps are drawn from: CampaignService.render_maps(outcome.data, ...)
    created_seq: int | None = None  # the stored resolution's; keys whether its posts went out
    recovered: bool = False  # posted by another run than the one that resolved it: some may be out already
    step: int = 1  # the step of the turn it resolved (issue 12)
    step_label: Text | None = None  # "Turn 3 · captives' choices" (bot/services/step_model.py step_label)
    secret: bool = False  # a secret step's (Step.secret): its public report is empty and nothing public is posted
    # Set by TurnLifecycle.resolve / StepService: the steps that then resolved at once (their posts claimed
    # for the caller, who posts them after this one), and the step open now if one opened (its prompts).
    chain: list[TurnOutcome] = field(default_factory=list)
    opened: Any = None  # bot.services.steps.OpenStep
    turn_ended: bool = False  # this resolution ended its turn (the caller posts the turn's digest)


def revealed_label(data: ReportInput) -> str:
    """What a turn's report revealed, short enough for a moderator's one-line reply."""
    if data.dice_scheme == SEED_SCHEME:
        return data.seed
    return f"public key, SHA-256 {data.commitment}"


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class CampaignService(CampaignReads):
    """The use cases that change a campaign; the questions about one are ``CampaignReads``."""

    def __init__(self, repo: Repository, *, clock: Callable[[], datetime] = _utcnow,
                 seed_factory: Callable[[], str] | None = None, lease: timedelta = DEFAULT_LEASE) -> None:
        """``seed_factory`` (tests, benchmarks): each turn's key pair is derived from the seed it
        gives, so the dice are reproducible; by default OpenSSL makes each pair from OS randomness.
        ``lease``: how long a claim on work (a resolution, a post, a reminder) stands unrenewed
        before another process may take the work over (bot/services/leases.py)."""
        self.repo = repo
        self.clock = clock
        self.seed_factory = seed_factory
        self.lease = lease
        self.boot_id = THIS_BOOT  # names this process in the claims it takes (bot/services/boot.py)
        # In this process: resolutions under way (edits refused) and one resolution or edit at a time.
        # Across processes the store's "resolve" work claim does both (resolve_turn, moderator_edit).
        self._resolving: dict[int, int] = {}
        self._state_locks: dict[int, asyncio.Lock] = {}
        self.parsed = ParsedCache()  # read-only parsed copies, keyed by the stored text (never stale)

    # Campaigns

    async def create_campaign(self, scenario_id: str, name: str | None = None,
                              guild_id: int | None = None) -> Campaign:
        try:
            scenario = load_shipped_scenario(scenario_id)
        except ScenarioFileError as exc:
            raise UserError(str(exc)) from None
        plain_name(name or "", N_("a campaign"))
        ruleset = get_ruleset(scenario.file.ruleset)
        factions = [Faction(id=fid, name=fname, colour=colour)
                    for fid, fname, colour in ruleset.factions(scenario.state)]
        campaign = Campaign(name=clean(name or "") or scenario.file.name, guild_id=guild_id, ruleset=ruleset.id,
                            map_id=scenario.file.map, scenario=scenario.file.id,
                            turn=scenario.state.turn, factions=factions)
        return await self.repo.create_campaign(campaign, scenario.settings.model_dump(mode="json"),
                                               scenario.state.model_dump(mode="json"))

    async def link_faction(self, campaign_id: int, faction_id: str, role_id: int | None,
                           channel_id: int | None) -> Faction:
        def link(campaign: Campaign) -> None:
            faction = campaign.faction(faction_id)
            if faction is None:
                known = ", ".join(f.name for f in campaign.factions)
                raise UserError(N_("{campaign} has no clan {clan}; its clans: {known}"), campaign=campaign.name,
                                clan=quote(faction_id), known=known)
            faction.role_id, faction.channel_id = role_id, channel_id

        campaign = await self.amend_campaign(campaign_id, link)
        return campaign.faction(faction_id)

    async def set_channels(self, campaign_id: int, *, report_channel_id: int | None = None,
                           moderator_role_id: int | None = None,
                           moderator_channel_id: int | None = None) -> Campaign:
        def set_them(campaign: Campaign) -> None:
            if report_channel_id is not None:
                campaign.report_channel_id = report_channel_id
            if moderator_channel_id is not None:
                campaign.moderator_channel_id = moderator_channel_id
            if moderator_role_id is not None:
                campaign.moderator_role_id = moderator_role_id

        return await self.amend_campaign(campaign_id, set_them)

    async def amend_campaign(self, campaign_id: int, change: Callable[[Campaign], None]) -> Campaign:
        """Read the campaign, ``change`` it (which may refuse with UserError) and write it over the
        version read.  A write made meanwhile (another /faction link, /turn deadline, a lock) makes
        the store refuse ours rather than lose theirs: read again and apply the change again."""
        for _ in range(AMEND_ATTEMPTS):
            campaign = await self.campaign(campaign_id)
            change(campaign)
            try:
                await self.repo.update_campaign(campaign)
                return campaign
            except CampaignChanged:
                log.info("Campaign %s changed during an edit; applying the edit again", campaign_id)
        raise UserError(N_("{campaign} kept changing while this change was being made (other edits at the "
                           "same moment); nothing was changed by this one, so please try again"), campaign=campaign.name)

    async def set_setting(self, campaign_id: int, path: str, value: str) -> tuple[Any, Any, str]:
        campaign = await self.campaign(campaign_id)
        model = get_ruleset(campaign.ruleset).settings_model
        for _ in range(AMEND_ATTEMPTS):
            record = await self.repo.load_state(campaign_id)
            updated, old, new, note = apply_setting(model, record.settings, path, value)
            try:  # over the settings read: another setting set meanwhile is kept, this one applied again
                await self.repo.save_settings(campaign_id, updated, expected=record.settings)
                return old, new, note
            except CampaignChanged:
                log.info("Settings of campaign %s changed during a change; applying it again", campaign_id)
        raise UserError(N_("the settings of {campaign} kept changing while this one was being set; nothing "
                           "was changed, so please try again"), campaign=campaign.name)

    # Turns

    async def open_turn(self, campaign_id: int, deadline: str | None = None,
                        seed: str | None = None) -> TurnRecord:
        campaign = await self.campaign(campaign_id)
        if campaign.phase in OPEN_PHASES:
            raise UserError(N_("turn {turn} is already open for orders; resolve it first"), turn=campaign.turn)
        when = parse_deadline(deadline, self.clock()) if deadline else None
        first = await self._first_step(campaign, when.isoformat(timespec="minutes") if when else None)
        key = await asyncio.to_thread(self.new_key, seed)  # a fifth of a second of CPU: off the loop
        # One transaction: a turn never stands open with its deadline (or its first step) unwritten.
        return await self.repo.open_turn(campaign_id, campaign.turn, key.private_pem, key.fingerprint,
                                         deadline=first.deadline, dice_scheme=KEY_SCHEME,
                                         public_key=key.public_pem, step=first)

    async def _first_step(self, campaign: Campaign, deadline: str | None) -> StepOpening:
        """The step the turn opens with, as the ruleset says (issue 12), with its standing answers."""
        ruleset, state, settings, _ = await self._loaded(campaign)
        steps = steps_of(ruleset)
        return opening(steps, state, steps.first(state, settings), 1, self.clock(), deadline)

    async def open_step_of(self, campaign: Campaign) -> Step:
        """The campaign's open step as it was stored when it opened."""
        return stored_step(await self.repo.get_step(campaign.id, campaign.turn, campaign.step), campaign.step)

    def new_key(self, seed: str | None = None) -> TurnKey:
        """A turn's dice key pair (docs/decisions.md, signed dice): from ``seed`` or the service's
        seed factory if either is given (reproducible), otherwise from OS randomness."""
        seed = seed or (self.seed_factory() if self.seed_factory else None)
        return turn_key(seed) if seed else new_turn_key()

    async def _planning(self, campaign_id: int, moderator: bool = True) -> Campaign:
        campaign = await self.campaign(campaign_id)
        self._open_for_orders(campaign, moderator)
        return campaign

    def _open_for_orders(self, campaign: Campaign, moderator: bool) -> None:
        """Refused unless the campaign's turn takes orders now (a player's: planning, before the deadline)."""
        if campaign.phase is Phase.CORRECTION and not moderator:
            raise UserError(N_("turn {turn} of {campaign} was resolved and undone for a correction; its dice "
                               "are known now, so only the moderators may change its orders"),
                            turn=campaign.turn, campaign=campaign.name)
        if campaign.phase is Phase.LOCKED and not moderator:
            raise UserError(N_("turn {turn} of {campaign} is locked: the moderators have closed it for orders "
                               "(they may reopen it with /turn reopen)"), turn=campaign.turn, campaign=campaign.name)
        if campaign.phase not in OPEN_PHASES:
            raise UserError(N_("no turn of {campaign} is open for orders; a moderator opens one with /turn open"),
                            campaign=campaign.name)
        if not moderator and deadline_passed(campaign.deadline, self.clock()):
            raise deadline_passed_error(campaign)

    def _guard(self, moderator: bool) -> dict[str, Any]:
        """What the store checks again in an order write's own transaction: the phases it may land
        in and, for a player, the clock (refused once the deadline has passed, so one player
        re-sending orders cannot keep a deadline's resolution from committing)."""
        return {"phases": _writable(moderator), "now": None if moderator else self.clock()}

    async def _taking_orders(self, campaign: Campaign, faction: str | None = None, kind: Any = None,
                             moderator: bool = True) -> None:
        """Free orders go to an orders step only; a prompt step takes its questions' answers (issue 12).
        An orders step may name the order kinds it accepts and the factions that act in it (an impulse
        is one power's): the rest are refused before anything is read, a moderator's too for the kinds."""
        self._step_takes(campaign, await self.open_step_of(campaign), faction, kind, moderator)

    def _step_takes(self, campaign: Campaign, step: Step, faction: str | None, kind: Any, moderator: bool) -> None:
        label = label_for(campaign.turn, campaign.step, step, campaign.ruleset, None if moderator else faction)
        if not step.takes_orders:
            raise UserError(N_("{step} of {campaign} takes no orders, only the answers to its questions "
                               "(/step show)"), step=label, campaign=campaign.name)
        if step.actors and faction is not None and faction not in step.actors and not moderator:
            raise UserError(N_("{step} of {campaign} is not your clan's to order in; /step show says what is "
                               "open"), step=label, campaign=campaign.name)
        if step.order_kinds and kind is not None and kind not in step.order_kinds:
            raise UserError(N_("{step} of {campaign} takes only these orders: {kinds}"), step=label,
                            campaign=campaign.name, kinds=", ".join(step.order_kinds))

    async def submit_order(self, campaign_id: int, faction: str, payload: dict[str, Any], *,
                           moderator: bool = False) -> OrderReceipt:
        # Everything it reads in one unit of work (issue 18: each query is a hop to the database's
        # thread), parsed once per stored text (bot/services/parsed.py); the write checks again.
        desk = await self.repo.order_desk(campaign_id)
        if desk is None:
            raise no_campaign(campaign_id)
        campaign = desk.campaign
        self._open_for_orders(campaign, moderator)
        self._step_takes(campaign, stored_step(desk.step, campaign.step), faction,
                         payload.get("kind") if isinstance(payload, dict) else None, moderator)
        parsed = self._parsed_copy(campaign, desk.texts)
        ruleset, gamemap = get_ruleset(campaign.ruleset), self._map(campaign)
        state, settings = parsed.state, parsed.settings  # shared copies: read, never changed
        others = self.parsed.orders(campaign_id, desk.orders)
        payload = clean_payload(payload)  # names typed by players reach public reports: store them clean
        try:
            order = ruleset.parse_order(payload)
            warnings = ruleset.validate_order(state, gamemap, settings, faction, order, others)
        except OrderRejected as exc:
            raise refused(exc, campaign.ruleset) from None
        slot = ruleset.order_slot(order)
        # Only this clan's own order is "replaced" in the reply: a unit a moderator moved to this clan
        # mid-turn may still hold its old owner's order, which this clan must not read.
        previous = next((o for o in others if o.unit == slot and o.faction == faction), None)
        stored = await self.repo.put_order(campaign_id, campaign.turn, faction, slot,
                                           order.model_dump(mode="json"), step=campaign.step,
                                           **self._guard(moderator))
        show = presenter(campaign.ruleset)
        replaced = (stored_order_text(show, ruleset, previous, state, gamemap, every_unit(ruleset, parsed))
                    if previous else None)
        return OrderReceipt(stored, describe_order(show, order, state, gamemap), warnings, replaced)

    async def clear_order(self, campaign_id: int, faction: str, slot: str, *, moderator: bool = False) -> bool:
        campaign = await self._planning(campaign_id, moderator)
        mine = {o.unit for o in await self.repo.list_orders(campaign_id, campaign.turn, faction, step=campaign.step)
                if not is_answer(o)}  # an answer is not withdrawn (issue 12)
        if slot not in mine:
            raise UserError(N_("your clan has no order for {slot} this turn"), slot=quote(slot))
        return await self.repo.delete_order(campaign_id, campaign.turn, slot, step=campaign.step,
                                            **self._guard(moderator))

    async def clear_orders(self, campaign_id: int, faction: str, *, moderator: bool = False) -> int:
        """Withdraw all of ``faction``'s orders for the open turn; how many there were."""
        campaign = await self._planning(campaign_id, moderator)
        await self._taking_orders(campaign)  # a prompt step's answers stay given
        count = await self.repo.delete_orders(campaign_id, campaign.turn, faction, step=campaign.step,
                                              **self._guard(moderator))
        if not count:
            raise UserError(N_("your clan has no orders for turn {turn} to withdraw"), turn=campaign.turn)
        return count

    async def resolve_turn(self, campaign_id: int, turn: int | None = None, step: int | None = None) -> TurnOutcome:
        """Resolve the open step of the open turn (``turn``, ``step``: only if it is still that one,
        checked under the lock); moderator edits are refused until it is done."""
        self._resolving[campaign_id] = self._resolving.get(campaign_id, 0) + 1
        try:
            async with self._state_lock(campaign_id):
                campaign = await self.campaign(campaign_id)
                if turn is not None and campaign.turn != turn:
                    raise UserError(N_("turn {turn} has already been resolved"), turn=turn)
                if step is not None and campaign.step != step:
                    raise UserError(N_("step {step} of turn {turn} has already been resolved"), turn=turn or
                                    campaign.turn, step=step)
                return await self._resolve_claimed(campaign)
        finally:
            self._resolving[campaign_id] -= 1
            if not self._resolving[campaign_id]:
                del self._resolving[campaign_id]

    def _state_lock(self, campaign_id: int) -> asyncio.Lock:
        return self._state_locks.setdefault(campaign_id, asyncio.Lock())

    async def _resolve_claimed(self, campaign: Campaign) -> TurnOutcome:
        """Resolve under the turn's "resolve" work claim, taken BEFORE anything is computed: of
        several bot processes (a deadline due in each, a moderator's /turn resolve) one computes and
        commits, the others are told at once.  The claim goes with the commit (the store's
        conditional commit); a failure gives it up for the next try."""
        lease = WorkLease(self, campaign.id, campaign.turn, step_kind(RESOLVE, campaign.step))
        if not await lease.take():
            raise await self._claimed_elsewhere(lease, campaign)
        try:
            async with lease.kept():
                now = await self.campaign(campaign.id)
                if (now.turn, now.step) != (campaign.turn, campaign.step):  # committed before we claimed
                    raise UserError(N_("turn {turn} has already been resolved"), turn=campaign.turn)
                log.info("Campaign %s: resolving turn %s (boot %s)", campaign.id, campaign.turn, self.boot_id)
                return await self._resolve_turn(campaign.id, lease)
        except BaseException:
            await lease.release()  # nothing committed: the next request or deadline tick may try again
            raise

    async def _claimed_elsewhere(self, lease: WorkLease, campaign: Campaign) -> UserError:
        """The refusal of a resolution another boot has claimed.  That process may have stopped (a lost
        host): nothing resolves the turn by itself then unless its deadline resolves it, so the
        moderator is told from when a new /turn resolve takes it over (the claim's lease end)."""
        until = await lease.held_elsewhere()
        if until is None:
            return UserError(N_("turn {turn} of {campaign} is being resolved by another bot process right now; its "
                                "reports follow once it is done"), turn=campaign.turn, campaign=campaign.name)
        return UserError(N_("turn {turn} of {campaign} is being resolved by another bot process right now; its "
                            "reports follow once it is done (should that process have stopped, /turn resolve "
                            "takes it over from {since} UTC)"), turn=campaign.turn, campaign=campaign.name,
                         since=until[:16].replace("T", " "))

    async def resolving_elsewhere(self, campaign: Campaign) -> bool:
        """Whether another live boot holds the claim on resolving the campaign's turn."""
        lease = WorkLease(self, campaign.id, campaign.turn, step_kind(RESOLVE, campaign.step))
        return await lease.held_elsewhere() is not None

    async def _resolve_turn(self, campaign_id: int, lease: WorkLease) -> TurnOutcome:
        campaign = await self._planning(campaign_id)
        turn = await self.repo.get_turn(campaign_id, campaign.turn)
        step = await self.open_step_of(campaign)
        orders = await self.repo.list_orders(campaign_id, campaign.turn, step=campaign.step)
        # The reports and the record (a quarter of a second for 1,000 units) are worked with the step.
        data, worked, stored, after = await self._compute(campaign, orders, turn, step)
        reports, record = worked.reports, worked.record
        if lease.lost:  # held past its lease, taken over: the other process commits (the store checks too)
            raise UserError(N_("turn {turn} of {campaign} was taken over by another bot process, which resolves it; "
                               "its reports follow once it is done"), turn=campaign.turn, campaign=campaign.name)
        # The caller posts the reports next: claimed now, under a lease, so the scheduler leaves them
        # to it unless it stops before they are out (bot/services/stored_turns.py).
        now = self.clock()
        stored = await self.repo.commit_resolution(record, posts_claimed_at=utc_stamp(now), claimed_by=self.boot_id,
                                                   posts_lease_until=utc_stamp(now + self.lease), next_step=after)
        resolved = await self.campaign(campaign_id)  # the store cleared the deadline with the commit
        return TurnOutcome(resolved, campaign.turn, revealed_label(data), reports, data, stored.created_seq,
                           step=campaign.step, step_label=step_label(campaign.turn, campaign.step, step,
                                                                      campaign.ruleset), turn_ended=after is None,
                           secret=step.secret)

    async def render_maps(self, ruleset_id: str, data: ReportInput,
                          audiences: list[Viewer], *, sheet: str | None = None) -> dict[Viewer, bytes]:
        """One PNG per audience (the public, the moderators or a clan: a ``Viewer``, never a bare
        id, which may be "public").  Each map shows only what that audience's report reveals
        (the presenter decides).  ``sheet``: which of the map's sheets (its first when not given;
        ``render_sheet_maps`` draws them all)."""
        if workers.running():
            return await _drawn_by_workers(ruleset_id, data, audiences, sheet)
        from bot.render import MAX_CONCURRENT_RENDERS, render_in_worker  # matplotlib loads only when maps are drawn
        show = presenter(ruleset_id)
        # As many at once as the renderer has slots, no more: a render's timeout counts its wait
        # for a slot, so queueing a 17-clan campaign's maps all at once timed the last ones out.
        pngs: list[bytes] = []
        for start in range(0, len(audiences), MAX_CONCURRENT_RENDERS):
            batch = audiences[start:start + MAX_CONCURRENT_RENDERS]
            # The presenter's whole render in the worker: its overlay (~26 ms each at 1,000 units) too.
            pngs += await asyncio.gather(*(render_in_worker(partial(show.render, data, audience, sheet))
                                           for audience in batch))
        return dict(zip(audiences, pngs))

    async def render_sheet_maps(self, ruleset_id: str, data: ReportInput,
                                audiences: list[Viewer]) -> dict[Viewer, list[SheetMap]]:
        """Every sheet of the map for each audience, in the map's sheet order (bot/services/sheet_maps.py):
        a map of one sheet gives its one picture (sheet None), as ``render_maps`` draws it."""
        sheets = list(data.gamemap.sheets)
        if len(sheets) < 2:
            drawn = await self.render_maps(ruleset_id, data, audiences)
            return {audience: [SheetMap(None, png)] for audience, png in drawn.items()}
        by_sheet = {sheet: await self.render_maps(ruleset_id, data, audiences, sheet=sheet) for sheet in sheets}
        return {audience: [SheetMap(sheet, by_sheet[sheet][audience]) for sheet in sheets
                           if audience in by_sheet[sheet]] for audience in audiences}

    async def preview_turn(self, campaign_id: int) -> Reports:
        """What the orders given so far would do, on dice of a throwaway key pair —
        never the turn's own key, which stays secret, so a preview cannot be used
        to fish for good rolls.  Nothing is stored."""
        campaign = await self._planning(campaign_id)
        step = await self.open_step_of(campaign)
        orders = with_defaults(step, await self.repo.list_orders(campaign_id, campaign.turn, step=campaign.step))
        throwaway = await asyncio.to_thread(new_turn_key)  # OS randomness even under a seed factory
        preview = TurnRecord(campaign_id=campaign_id, turn=campaign.turn, seed=throwaway.private_pem,
                             commitment="(preview: not the turn's dice key)", status=TurnStatus.PLANNING,
                             dice_scheme=KEY_SCHEME, public_key=throwaway.public_pem)
        data, _, _, _ = await self._compute(campaign, orders, preview, step, False)  # no record: nothing is stored
        return presenter(campaign.ruleset).build_reports(data)

    async def _compute(self, campaign: Campaign, orders: list[SubmittedOrder], turn: TurnRecord, step: Step,
                       record: bool = True) -> tuple[ReportInput, Worked, dict[str, Any], StepOpening | None]:
        """The resolution of the open step: its data, the worked step (the dice's log, with ``record`` its
        reports and record too), the stored state it was computed from, as stored, and the step that opens
        after it (None: the turn is over).  The rules, reports and record run in a worker process
        (bot/workers.py): the loop only loads."""
        ruleset, state, settings, gamemap, stored = await self._loaded_with_record(campaign)
        work = StepWork(campaign=campaign, turn=turn, step=step, orders=orders, state=state, settings=settings,
                        gamemap=gamemap, stored=stored.state, now=self.clock(), record=record)
        lean = await workers.run_in_worker(turn_work.resolve_step_lean, work, timeout=RESOLVE_TIMEOUT_S)
        worked = turn_work.with_sent(lean, work)
        return worked.data, worked, stored.state, worked.after

    async def undo_last(self, campaign_id: int) -> int:
        """Restore the state before the last resolution.  Its seed is public by
        now, so the reopened turn is in correction: only moderators may change
        orders, and resolving again rolls the same dice for untouched orders."""
        campaign = await self.campaign(campaign_id)
        last = await self.repo.last_resolution(campaign_id)
        if last is None:  # the store's own refusal names the id
            raise UserError(N_("nothing to undo: {campaign} has no resolved turn"), campaign=campaign.name)
        opened = await self.repo.get_turn(campaign_id, last.turn)
        if opened is not None and opened.dice_scheme == KEY_SCHEME and not opened.seed:
            # Imported: the private key stayed in the store it came from, so the same dice cannot be
            # rolled again, and new ones would not be the dice its commitment promised.
            raise UserError(N_("turn {turn} of {campaign} was resolved before the campaign was imported; its dice key "
                               "did not come with the export, so it cannot be resolved again. Correct the state with "
                               "a moderator edit instead"), turn=opened.turn, campaign=campaign.name)
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
        payload = clean_payload(payload)  # names and reasons typed by moderators reach posts: store them clean
        if self._resolving.get(campaign_id) or await self.resolving_elsewhere(campaign):
            raise UserError(N_("turn {turn} of {campaign} is being resolved right now; make the edit once its "
                               "reports are out"), turn=campaign.turn, campaign=campaign.name)
        async with self._state_lock(campaign_id):
            for attempt in range(AMEND_ATTEMPTS):
                try:
                    campaign, edit, description = await self._edit_once(campaign_id, payload, by, campaign_change)
                    break
                except CampaignChanged:  # a /faction link or the like came between: apply the edit again
                    if attempt == AMEND_ATTEMPTS - 1:
                        raise UserError(N_("{campaign} kept changing while this edit was being made; nothing "
                                           "was changed, so please try again"), campaign=campaign.name) from None
        log.info("Moderator edit of campaign %s, turn %s by %s: %s → %s", campaign_id, campaign.turn, by.name,
                 edit.model_dump(mode="json", exclude_unset=True), description)
        if campaign.phase in OPEN_PHASES:
            rule = getattr(get_ruleset(campaign.ruleset), "fallback_rule", "")
            description += (f" Turn {campaign.turn} is open: this applies from its resolution, where the orders "
                            f"already given are checked again against it{f' ({rule})' if rule else ''}.")
        else:
            description += f" It applies from the resolution of turn {campaign.turn}."
        if campaign.phase is Phase.RESOLVED:
            description += (f" Undoing the resolution of turn {campaign.turn - 1} would restore the state before "
                            f"it and discard this edit.")
        return description

    async def _edit_once(self, campaign_id: int, payload: dict[str, Any], by: Moderator,
                         campaign_change: Callable[[Campaign], None] | None) -> tuple[Campaign, Any, str]:
        campaign = await self.campaign(campaign_id)
        ruleset, state, _, gamemap, record = await self._loaded_with_record(campaign)
        try:
            edit = ruleset.parse_edit(payload)
            new_state, description = ruleset.apply_edit(state, gamemap, edit)
        except OrderRejected as exc:
            raise refused(exc, campaign.ruleset) from None
        subjects = ruleset.edit_subjects(state, new_state, edit)
        entry = audit_entry(campaign, by, self.clock(), payload, description, subjects)
        changed = None
        if campaign_change is not None:
            changed = campaign.model_copy(deep=True)
            campaign_change(changed)
        await self.repo.save_state_audited(campaign_id, new_state.model_dump(mode="json"), entry, changed,
                                           expected=record.state)
        return campaign, edit, description

    async def record_action(self, campaign_id: int, by: Moderator, kind: str, payload: dict[str, Any],
                            description: str, subjects: list[str] | None = None) -> None:
        """Note a moderator action that changes no game state (settings, channels, a turn's phase, an
        order given for a clan) in the audit log; ``moderator_edit`` notes its own, with the state."""
        campaign = await self.campaign(campaign_id)
        entry = audit_entry(campaign, by, self.clock(), {**payload, "kind": kind}, description, subjects or [])
        await self.repo.add_audit_entry(entry)

    async def import_(self, data: dict[str, Any], guild_id: int | None = None) -> Campaign:
        """Store an exported campaign under a new id, or refuse with every problem found, writing
        nothing.  Each unresolved turn gets a fresh dice key pair (its ``opened_note`` says so): no
        export carries an unresolved turn's secret (docs/decisions.md, import)."""
        data = copy.deepcopy(data)
        doc = parse_shape(data)
        await asyncio.to_thread(rekey_open_turns, data, doc, self.new_key)
        doc = parse_shape(data)
        problems = inconsistencies(doc) + import_problems(doc, self.clock())
        if problems:
            raise UserError(N_("the export does not hold a valid campaign, nothing was imported:\n{problems}"),
                            problems="\n".join(f"- {p}" for p in problems))
        return await self.repo.import_campaign(_current_slots(data), guild_id)


REFUSED = N_("Refused: {refusal}")
DEADLINE_PASSED = DEADLINE_REFUSAL  # one text: the store refuses with the same words (bot/domain/campaign.py)


async def _drawn_by_workers(ruleset_id: str, data: ReportInput, audiences: list[Viewer],
                            sheet: str | None) -> dict[Viewer, bytes]:
    """``render_maps`` in the worker processes: the turn's data pickled once (off the loop) for every
    map; each map is a task of its own with its own timeout (RenderTimeout as a render slot's), and
    as many are in flight as there are workers, each worker taking the next map when it is done."""
    from bot.render import RENDER_TIMEOUT_S, RenderTimeout

    blob = await asyncio.to_thread(turn_work.pickled, data)
    token = uuid.uuid4().hex
    pngs: list[bytes] = [b""] * len(audiences)
    todo = iter(range(len(audiences)))  # shared by the lanes: each takes the next map

    async def lane() -> None:
        for i in todo:
            try:
                pngs[i] = await workers.run_in_worker(turn_work.draw_map, ruleset_id, token, blob, audiences[i],
                                                      sheet, timeout=RENDER_TIMEOUT_S)
            except workers.WorkerTimeout as exc:
                raise RenderTimeout(f"map render took longer than {RENDER_TIMEOUT_S:g} s" if exc.started else
                                    f"no free render slot within {RENDER_TIMEOUT_S:g} s") from None

    lanes = [asyncio.ensure_future(lane()) for _ in range(min(workers.workers(), len(audiences)))]
    try:
        await asyncio.gather(*lanes)
    except BaseException:
        for other in lanes:  # one map failed: the others are not drawn for nobody
            other.cancel()
        await asyncio.gather(*lanes, return_exceptions=True)
        raise
    return dict(zip(audiences, pngs))


def refused(exc: OrderRejected, ruleset: str) -> UserError:
    """A rule's refusal of an order or an edit, worded from the ruleset's catalogue for the reader."""
    return UserError(REFUSED, refusal=composed(Phrase(exc.msgid, **exc.values), ruleset))


def deadline_passed_error(campaign: Campaign) -> UserError:
    """A player's order after the deadline (the same words as ``deadline_refusal``, for the reader)."""
    return UserError(DEADLINE_PASSED, **deadline_values(campaign.name, campaign.turn, campaign.deadline))


def plain_name(name: str, what: str) -> None:
    """Refuse a campaign's or a clan's name that Discord would format: these names are in nearly every reply."""
    mark = markup_in(name)
    if mark is not None:
        raise UserError(N_("name: {name} has {mark}, which Discord reads as formatting or a mention; give {what} a "
                           "name of letters, digits, spaces and plain punctuation (. , ' - ( ) &)"),
                        name=quote(name), mark=repr(mark), what=Text(what))


def with_defaults(step: Step, orders: list[SubmittedOrder]) -> list[SubmittedOrder]:
    """A prompt step's answers so far, and for a preview the defaults of the questions not answered
    yet (as the deadline would apply them); nothing is stored."""
    given = {o.unit for o in orders}
    missing = [q for q in step.questions if answer_slot(q.id) not in given and q.default is not None]
    return orders + [SubmittedOrder(faction=q.faction or "", unit=answer_slot(q.id), seq=0, payload=answer_payload(
        Answer(question=q.id, value=q.default, source=AnswerSource.DEFAULT, rule=q.default_rule))) for q in missing]


def _current_slots(data: Any) -> Any:
    """The export with each order under the slot its ruleset names now: an export made before slots
    were namespaced (migration 0008) keeps a clan's policy under the bare clan id, where a unit of
    the same id would share it.  Anything unreadable is left as it is, for the store's checks."""
    try:
        ruleset = get_ruleset(data["campaign"]["ruleset"])
        out = dict(data, orders=[_reslotted(ruleset, o) for o in data["orders"]])
        if "resolutions" in data:
            out["resolutions"] = [dict(r, orders=[_reslotted(ruleset, o) for o in r["orders"]])
                                  for r in data["resolutions"]]
        return out
    except (KeyError, TypeError):
        return data


def _reslotted(ruleset, order: Any) -> Any:
    try:
        return dict(order, unit=ruleset.order_slot(ruleset.parse_order(order["payload"])))
    except (OrderRejected, ValueError, KeyError, TypeError):
        return order


def _writable(moderator: bool) -> tuple[str, ...] | None:
    """The phases an order write may land in, checked again by the store in the write's own
    transaction: a player's only while planning is open; a moderator's in any open phase."""
    return None if moderator else (Phase.PLANNING.value,)
