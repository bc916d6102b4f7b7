"""The store's narrow, backend-neutral interface and the records it speaks.

Everything above ``bot/store`` talks to a ``Repository`` and never to a
database: every method is one atomic unit of work, so a PostgreSQL backend can
implement the same protocol with its own transactions.  The store is
ruleset-neutral: states, settings, order payloads, events and reports are
plain JSON values (dicts, lists, str, int, float, bool, None) that it keeps
verbatim; tuples come back as lists, and key order is preserved.
"""

from __future__ import annotations

from datetime import datetime
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, Self

from pydantic import BaseModel, ConfigDict, Field

from bot.domain.campaign import Campaign, Phase
from bot.engine.dice import SEED_SCHEME, Roll
from bot.engine.ruleset import SubmittedOrder

JsonDict = dict[str, Any]


# What a resolution of an hmac-seed turn's step other than its last reveals: its seed fixes the
# dice of the steps after it too, so it is revealed with the turn's last step (docs/decisions.md).
SEED_WITHHELD = "(revealed with the turn's last step)"


class TurnStatus(StrEnum):
    PLANNING = "planning"
    RESOLVED = "resolved"


class StateRecord(BaseModel):
    """A campaign's ruleset settings and current game state."""

    model_config = ConfigDict(frozen=True)

    settings: JsonDict
    state: JsonDict


class TurnRecord(BaseModel):
    """One opened turn: its secret, the published commitment, its status.

    ``seed`` is the turn's secret: an ``hmac-seed`` turn's seed (revealed with its report), or an
    ``rsa-vrf`` turn's private key (PEM; never revealed, never exported).  ``public_key`` (rsa-vrf
    only) is revealed with the report; ``commitment`` is its SHA-256 fingerprint."""

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    turn: int
    seed: str = Field(repr=False)  # never in a log line or an error message that shows the record
    commitment: str
    status: TurnStatus
    opened_note: str | None = None
    dice_scheme: str = SEED_SCHEME
    public_key: str | None = None

    def revealed(self) -> str:
        """What the report reveals of the turn's dice: the seed, or the public key."""
        return self.seed if self.dice_scheme == SEED_SCHEME else (self.public_key or "")


class ResolutionRecord(BaseModel):
    """Everything needed to audit and undo one resolved turn.

    ``before_state`` and ``orders`` must be what the turn was resolved from:
    ``commit_resolution`` refuses a record whose before-state or orders no
    longer match the store (something changed while the turn was resolving).
    ``report`` maps an audience key ("public", "moderators", "faction:<id>": ``Viewer.key``) to its text.
    ``created_seq`` is assigned by the store; leave it ``None`` when committing.
    """

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    turn: int
    step: int = 1  # the step of the turn it resolved (migration 0030)
    seed: str  # what the report reveals (TurnRecord.revealed): the seed, or the public key; never a private key
    before_state: JsonDict
    after_state: JsonDict
    orders: list[SubmittedOrder]
    dice: list[Roll]
    events: list[JsonDict]
    report: dict[str, str]
    created_seq: int | None = None


class StepRecord(BaseModel):
    """One opened step of a turn (migration 0030): the ruleset's ``Step`` as JSON, stored when it
    opened (a restart asks the same questions), when it opened and its deadline then."""

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    turn: int
    step: int
    spec: JsonDict
    opened_at: str
    deadline: str | None = None


class StateText(BaseModel):
    """A campaign's settings and state as stored: the JSON text itself.  What a reader's parsed copy
    is keyed by (bot/services/parsed.py): any change of either, by any process, changes its text."""

    model_config = ConfigDict(frozen=True)

    settings: str
    state: str


# A stored order with its payload as stored, the JSON text (the key of a parsed copy):
# (faction, unit, seq, payload).  A plain tuple: a thousand NamedTuples take a millisecond more.
OrderText = tuple[str, str, int, str]


@dataclass(frozen=True)
class OrderDesk:
    """What an order submission reads, in one unit of work: the campaign, its open step as stored
    (None: a turn opened before steps, or no turn open), its settings and state text, and the orders of
    that step (in submission order) as stored."""

    campaign: Campaign
    step: StepRecord | None
    texts: StateText
    orders: list[OrderText]


class StepOpening(BaseModel):
    """A step to open with a write that opens it (opening a turn, committing the step before): its
    number, spec and deadline, and the answers standing orders give at once (order slot → (faction,
    payload)), stored in the same unit of work."""

    model_config = ConfigDict(frozen=True)

    step: int
    spec: JsonDict
    opened_at: str
    deadline: str | None = None
    answers: dict[str, tuple[str, JsonDict]] = Field(default_factory=dict)


class UndoneReport(BaseModel):
    """What a corrected resolution is compared with (/turn redo): the reports the players read of
    a resolution that was undone, and its after-state (where their units were said to be)."""

    model_config = ConfigDict(frozen=True)

    report: dict[str, str]
    after_state: JsonDict


class AuditFields(BaseModel):
    """What one moderator edit says, as the audit log keeps it and a campaign export carries it."""

    at: str
    turn: int
    phase: str
    actor_id: int | None
    actor_name: str
    kind: str
    payload: JsonDict
    description: str
    reason: str | None = None
    subjects: list[str] = []


class AuditEntry(AuditFields):
    """One moderator edit as the audit log keeps it: who, when (the service's clock), at which
    turn and phase, the edit as given, what it changed in words, and why.  ``subjects`` are the
    ids the edit concerns (for filtering); ``seq`` is assigned by the store."""

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    seq: int | None = None


def step_kind(kind: str, step: int) -> str:
    """A work claim's kind for one step of a turn: step 1's as before ("resolve"), a later step's
    prefixed ("s2:resolve"), so work claims are keyed by (turn, step) without a new key column."""
    return kind if step == 1 else f"s{step}:{kind}"


class WorkClaim(BaseModel):
    """Who holds one piece of work that must be done once (migration 0021), until when, and
    whether it is done.  ``kind``: "resolve", "reminder:24h@<deadline>", "passed@<deadline>"."""

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    turn: int
    kind: str
    claimed_by: str
    lease_until: str
    done_at: str | None = None


class Repository(Protocol):
    """Campaign persistence.  Every method is atomic; failures raise StoreError
    (or, for ``commit_resolution``, whatever interrupted it, after rollback)."""

    async def close(self) -> None: ...
    async def __aenter__(self) -> Self: ...
    async def __aexit__(self, *exc_info: object) -> None: ...

    # Campaigns.  ``update_campaign`` never moves the turn counter (only
    # resolving and undoing do) nor the phase (``set_phase``, opening, resolving
    # and undoing do), and refuses (``CampaignChanged``) a copy read at another
    # ``version``: every write of the record moves it on.
    async def create_campaign(self, campaign: Campaign, settings: JsonDict,
                              state: JsonDict) -> Campaign: ...
    async def get_campaign(self, campaign_id: int) -> Campaign | None: ...
    async def campaigns_in_guild(self, guild_id: int) -> list[Campaign]: ...
    async def update_campaign(self, campaign: Campaign) -> None: ...
    async def delete_campaign(self, campaign_id: int) -> bool: ...

    # Ruleset settings and game state.  ``load_state_text``: the same as stored, the JSON text (a
    # reader's parsed copy is keyed by it, so it cannot be stale); ``order_desk``: everything an order
    # submission reads, in one unit of work (None: no such campaign).
    async def load_state(self, campaign_id: int) -> StateRecord: ...
    async def load_state_text(self, campaign_id: int) -> StateText: ...
    async def order_desk(self, campaign_id: int) -> OrderDesk | None: ...
    # ``expected``: the value the change was made to; written only if it is still stored, else
    # ``CampaignChanged`` (so two changes at once cannot lose one).
    async def save_settings(self, campaign_id: int, settings: JsonDict, *,
                            expected: JsonDict | None = None) -> None: ...
    async def save_state(self, campaign_id: int, state: JsonDict) -> None: ...

    # The moderators' audit log.  ``save_state_audited`` writes the state and the entry in one
    # transaction (both or neither); ``audit_log`` reads newest first, optionally only the
    # entries concerning ``subject`` (an id of the entry's ``subjects``).
    async def save_state_audited(self, campaign_id: int, state: JsonDict, entry: AuditEntry,
                                 campaign: Campaign | None = None, *,
                                 expected: JsonDict | None = None) -> AuditEntry: ...
    async def audit_log(self, campaign_id: int, limit: int = 50,
                        subject: str | None = None) -> list[AuditEntry]: ...
    # A moderator action that changes no game state (a setting, a channel, a turn's phase): the entry alone.
    async def add_audit_entry(self, entry: AuditEntry) -> AuditEntry: ...

    # Turns.  Opening records the seed and commitment and sets phase "planning".
    # ``step``: the turn's first step (None: an orders step, as every turn was before steps).
    async def open_turn(self, campaign_id: int, turn: int, seed: str, commitment: str,
                        note: str | None = None, deadline: str | None = None, *,
                        dice_scheme: str = SEED_SCHEME, public_key: str | None = None,
                        step: StepOpening | None = None) -> TurnRecord: ...
    async def get_turn(self, campaign_id: int, turn: int) -> TurnRecord | None: ...
    # The steps of a turn as they opened (migration 0030); a turn opened before steps has no row
    # for its step 1, which was an orders step.
    async def get_step(self, campaign_id: int, turn: int, step: int) -> StepRecord | None: ...
    async def turn_steps(self, campaign_id: int, turn: int) -> list[StepRecord]: ...
    # A question's answer (an order under ``answer:<question>``) of the open step ``(turn, step)``:
    # stored only if the campaign is there in one of ``phases`` (None: any open phase) and none was
    # given yet; None (nothing written) if one was.  Refused (StoreError) if the step is not open, or
    # (``now``: a player's clock) its deadline has passed.
    async def put_answer(self, campaign_id: int, turn: int, step: int, faction: str, slot: str,
                         payload: JsonDict, *, phases: tuple[str, ...] | None = None,
                         now: datetime | None = None) -> SubmittedOrder | None: ...

    # Orders of an open (planning) turn; one per unit, re-submitting replaces.
    # ``phases`` (allowed campaign phases) and ``now`` (the writer's clock: refused once the
    # deadline has passed) are checked in the write's own unit of work: a player's write gives both.
    # ``step``: of the turn (the campaign's open step when writing; orders of another step are refused).
    async def put_order(self, campaign_id: int, turn: int, faction: str, unit: str,
                        payload: JsonDict, *, phases: tuple[str, ...] | None = None,
                        now: datetime | None = None, step: int = 1) -> SubmittedOrder: ...
    async def delete_order(self, campaign_id: int, turn: int, unit: str, *,
                           phases: tuple[str, ...] | None = None, now: datetime | None = None,
                           step: int = 1) -> bool: ...
    async def delete_orders(self, campaign_id: int, turn: int, faction: str, *,
                            phases: tuple[str, ...] | None = None, now: datetime | None = None,
                            step: int = 1) -> int: ...
    async def list_orders(self, campaign_id: int, turn: int,
                          faction: str | None = None, *, step: int = 1) -> list[SubmittedOrder]: ...

    # Resolutions.  A committed resolution's posts are not done until ``mark_resolution_posted``;
    # ``posts_claimed_at`` (ISO time) says the committing caller is posting them right now.
    # The commit is conditional on the turn's "resolve" work claim: refused if another boot holds it
    # (it took the work over), and the claim goes with the commit.  ``posts_lease_until``: the posts' lease.
    # ``next_step``: the step that opens after ``record.step`` in the same unit (the turn goes on);
    # None: the turn is over (the campaign moves to the next turn, phase "resolved").
    async def commit_resolution(self, record: ResolutionRecord, posts_claimed_at: str | None = None,
                                claimed_by: str | None = None,
                                posts_lease_until: str | None = None,
                                next_step: StepOpening | None = None) -> ResolutionRecord: ...
    async def last_resolution(self, campaign_id: int) -> ResolutionRecord | None: ...
    async def resolution(self, campaign_id: int, turn: int, step: int = 1) -> ResolutionRecord | None: ...
    # Every resolution of ``turn``, step by step (the turn's digest).
    async def turn_resolutions(self, campaign_id: int, turn: int) -> list[ResolutionRecord]: ...
    async def undo_last_resolution(self, campaign_id: int) -> int: ...
    # Only (turn, reports by audience) of the resolution of ``turn`` (None: the last one): /turn log.
    async def resolution_reports(self, campaign_id: int, turn: int | None) -> tuple[int, dict[str, str]] | None: ...

    # The turn lifecycle (bot/services/turns.py, bot/scheduler.py).  Changing a
    # clan's orders (put/delete) removes its readiness in the same unit of work.
    async def list_campaigns(self) -> list[Campaign]: ...
    async def set_phase(self, campaign_id: int, turn: int, was: Phase, now: Phase) -> None: ...
    async def set_ready(self, campaign_id: int, turn: int, faction: str, ready_at: str | None, *,
                        now: datetime | None = None, step: int = 1) -> None: ...
    async def ready_factions(self, campaign_id: int, turn: int, *, step: int = 1) -> dict[str, str]: ...
    async def claim_reminder(self, campaign_id: int, turn: int, deadline: str, kind: str) -> bool: ...
    async def undone_resolutions(self, campaign_id: int, turn: int, step: int = 1) -> list[ResolutionRecord]: ...
    # Only the last undone resolution of ``turn``, only what the comparison needs (None: none kept).
    async def last_undone_report(self, campaign_id: int, turn: int, step: int = 1) -> UndoneReport | None: ...
    # Resolutions whose posts are neither done nor skipped nor under a lease (its ``lease_until`` not
    # passed by ``claimed_at``; a claim without a lease end: claimed since ``stale_before``), or claimed by
    # a boot of ``dead``: claimed now for ``claimed_by`` until ``lease_until``, in one unit.  Each message of the posts is
    # marked once Discord confirmed it (bot/services/posting.py).
    async def claim_unposted_resolutions(self, claimed_at: str, stale_before: str, claimed_by: str | None = None,
                                         dead: Collection[str] = (),
                                         lease_until: str | None = None) -> list[ResolutionRecord]: ...
    async def post_claimants(self) -> set[str]: ...
    async def renew_resolution_claim(self, campaign_id: int, turn: int, created_seq: int, claimed_by: str,
                                     claimed_at: str, lease_until: str | None = None) -> bool: ...
    async def mark_resolution_posted(self, campaign_id: int, turn: int, created_seq: int, posted_at: str) -> None: ...
    async def delivered_messages(self, campaign_id: int, turn: int, created_seq: int) -> set[tuple[str, int]]: ...
    async def mark_message_delivered(self, campaign_id: int, turn: int, created_seq: int, post_key: str, part: int,
                                     channel_id: int, message_id: int | None, delivered_at: str) -> None: ...
    async def unposted_resolution(self, campaign_id: int) -> tuple[ResolutionRecord, str | None] | None: ...
    async def skip_unposted(self, campaign_id: int, turn: int, created_seq: int, skipped_at: str,
                            entry: AuditEntry) -> bool: ...
    # Work one of several processes must do once (bot/services/leases.py): claimed with a lease that
    # its holder renews; taken over by another boot only once the lease has ended (at ``now``), or at
    # once from a boot of ``dead`` (known gone: a restart on the same host).
    async def claim_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str, now: str,
                         lease_until: str, dead: Collection[str] = ()) -> bool: ...
    async def renew_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str, lease_until: str) -> bool: ...
    async def finish_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str, done_at: str) -> bool: ...
    async def release_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str) -> None: ...
    async def work_claim(self, campaign_id: int, turn: int, kind: str) -> WorkClaim | None: ...
    async def get_meta(self, key: str) -> str | None: ...
    async def set_meta(self, key: str, value: str) -> None: ...

    # Whole-campaign transfer (backups, moving between guilds or backends).
    async def export_campaign(self, campaign_id: int) -> JsonDict: ...
    async def import_campaign(self, data: JsonDict, guild_id: int | None = None) -> Campaign: ...
