"""A resolution's posts, message by message (migration 0005): which messages make
them up, which of them Discord has confirmed, who is posting them, what is still
missing, and a moderator giving up the rest.

Each message is marked in the store right after Discord confirms it, so a bot
stopped half-way posts exactly the missing ones after a restart.  The claim
names the boot that holds it (``bot/services/boot.py``): a new boot takes over
the posts of a dead one at once, at start-up; a live poster renews its claim
every ``HEARTBEAT``, so posting for longer than ``STALE_CLAIM`` (sixteen clans
at Discord's rate limits) never looks abandoned.  The one gap left, a stop
between Discord's confirmation and the mark, is closed by the poster: a
recovered run looks in the channel for its message before sending it again
(``cogs/turn_posts.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.domain.campaign import Campaign
from bot.i18n import N_
from bot.localized import Text
from bot.report import Reports
from bot.report.messages import post_texts
from bot.services.audit import Moderator, audit_entry
from bot.services.background import stop_task
from bot.services.boot import is_dead
from bot.services.campaigns import CampaignService, TurnOutcome, utc_stamp
from bot.services.errors import UserError
from bot.store import ResolutionRecord, StoreError

log = logging.getLogger(__name__)

HEARTBEAT = timedelta(seconds=30)  # how often a poster renews its claim, at most (a third of the lease, if less)
# A claim is taken and renewed with a lease end (the service's ``lease`` ahead, migration 0021): one not
# renewed by then was left by a process that stopped, on whatever host.  A claim made before 0021 has no
# lease end: it is stale once not renewed for this long.
STALE_CLAIM = timedelta(minutes=3)


def heartbeat(service: CampaignService) -> timedelta:
    return min(HEARTBEAT, getattr(service, "lease", HEARTBEAT * 3) / 3)


def lease_end(service: CampaignService, now: datetime) -> str:
    return utc_stamp(now + getattr(service, "lease", STALE_CLAIM))
PUBLIC = "public"


@dataclass(frozen=True)
class Message:
    """One message of a resolution's posts: the ``part``-th of the post ``key``.  The first carries the
    map and the summary cards, the ``last`` the full report (with its dice keys) as a file."""

    key: str  # "public" or "faction:<clan id>"
    part: int
    channel_id: int
    text: str
    nonce: str  # the same for every attempt, so Discord and the channel's history can tell a repeat
    last: bool = False


def nonce_of(outcome_key: tuple[int, int, int], key: str, part: int) -> str:
    """25 characters at most (Discord's limit), the same on every boot."""
    digest = hashlib.sha256(repr((*outcome_key, key, part)).encode()).hexdigest()
    return f"fw{digest[:22]}"


def planned_posts(campaign: Campaign, reports: Reports, seq: int) -> dict[str, list[Message]]:
    """Post key → its messages, in posting order: the public report to the report channel, each
    clan's to its linked channel (a clan with none has no post; its report goes to the moderators).
    A secret step's public report is empty (``Step.secret``): nothing goes to the report channel."""
    ident = (campaign.id or 0, campaign.turn, seq)
    plan: dict[str, list[Message]] = {}

    def add(key: str, channel_id: int, text: str) -> None:
        chunks = post_texts(text)
        plan[key] = [Message(key, i, channel_id, chunk, nonce_of(ident, key, i), last=i == len(chunks) - 1)
                     for i, chunk in enumerate(chunks)]

    if campaign.report_channel_id is not None and reports.public:
        add(PUBLIC, campaign.report_channel_id, reports.public)
    for faction_id, text in reports.factions.items():
        faction = campaign.faction(faction_id)
        if faction is not None and faction.channel_id is not None:
            add(f"faction:{faction_id}", faction.channel_id, text)
    return plan


class PostRun:
    """One boot posting one resolution: what is out already, marking each message, keeping the claim."""

    def __init__(self, service: CampaignService, outcome: TurnOutcome, delivered: set[tuple[str, int]]) -> None:
        self.service = service
        self.outcome = outcome
        self.delivered = delivered
        self.recovered = outcome.recovered
        self.lost = False  # another boot took the claim over (or a moderator skipped): stop posting
        self._renewed = service.clock()

    @classmethod
    async def start(cls, service: CampaignService, outcome: TurnOutcome) -> PostRun:
        seq = outcome.created_seq
        delivered = set() if seq is None else await service.repo.delivered_messages(outcome.campaign.id, outcome.turn,
                                                                                    seq)
        return cls(service, outcome, delivered)

    @property
    def tracked(self) -> bool:
        return self.outcome.created_seq is not None

    def plan(self, campaign: Campaign) -> dict[str, list[Message]]:
        """``campaign`` as of the resolution's turn (its channels now)."""
        at_turn = campaign.model_copy(update={"turn": self.outcome.turn})
        return planned_posts(at_turn, self.outcome.reports, self.outcome.created_seq or 0)

    def is_out(self, message: Message) -> bool:
        return (message.key, message.part) in self.delivered

    async def mark(self, message: Message, message_id: int | None) -> None:
        self.delivered.add((message.key, message.part))
        if self.tracked:
            await self.service.repo.mark_message_delivered(
                self.outcome.campaign.id, self.outcome.turn, self.outcome.created_seq, message.key, message.part,
                message.channel_id, message_id, utc_stamp(self.service.clock()))

    async def keep_claim(self) -> bool:
        """Renew the claim once a ``HEARTBEAT`` has passed; False once it is no longer this boot's."""
        now = self.service.clock()
        if self.lost or not self.tracked or now - self._renewed < heartbeat(self.service):
            return not self.lost
        self._renewed = now
        self.lost = not await self.service.repo.renew_resolution_claim(
            self.outcome.campaign.id, self.outcome.turn, self.outcome.created_seq, self.service.boot_id,
            utc_stamp(now), lease_end(self.service, now))
        return not self.lost

    @contextlib.asynccontextmanager
    async def kept(self) -> AsyncIterator[None]:
        """While the body runs, renew the claim every ``HEARTBEAT`` in the background too: one send
        held up by Discord's rate limits for minutes must not make the claim look abandoned."""
        async def beat() -> None:
            while not self.lost:
                every = heartbeat(self.service)
                await asyncio.sleep(every.total_seconds())
                self._renewed -= every  # due now, whatever the service's clock says
                try:
                    await self.keep_claim()
                except StoreError:  # the database away for a moment: the next beat tries again
                    log.warning("Could not renew the post claim of turn %s of campaign %s", self.outcome.turn,
                                self.outcome.campaign.id, exc_info=True)

        task = asyncio.create_task(beat(), name="fleetwright-post-claim") if self.tracked else None
        try:
            yield
        finally:
            if task is not None:
                await stop_task(task)

    async def finish(self) -> None:
        """Every message was tried: the posts are done (what failed went to the moderators)."""
        if self.tracked and not self.lost:
            await self.service.repo.mark_resolution_posted(self.outcome.campaign.id, self.outcome.turn,
                                                           self.outcome.created_seq, utc_stamp(self.service.clock()))


@dataclass
class Outstanding:
    """A resolution whose posts are not all out: the audiences still missing theirs."""

    turn: int
    missing: list[str]  # "the public report", then clan names
    posting: bool  # a live boot holds the claim (it is being posted now)


class PostLedger:
    def __init__(self, service: CampaignService) -> None:
        self.service = service
        self.repo = service.repo

    async def claim_unposted(self, now: datetime) -> list[ResolutionRecord]:
        """The resolutions whose posts are not done and whom nobody alive is posting, claimed for this
        boot: a dead boot's (on this host) at once, any other's once its lease has ended."""
        me = self.service.boot_id
        dead = {c for c in await self.repo.post_claimants() if is_dead(c, me)}
        return await self.repo.claim_unposted_resolutions(utc_stamp(now), utc_stamp(now - STALE_CLAIM), me, dead,
                                                          lease_end(self.service, now))

    async def outstanding(self, campaign: Campaign) -> Outstanding | None:
        found = await self.repo.unposted_resolution(campaign.id)
        if found is None:
            return None
        record, claimant = found
        delivered = await self.repo.delivered_messages(campaign.id, record.turn, record.created_seq)
        reports = Reports(public=record.report.get("public", ""), moderators="",
                          factions={k.removeprefix("faction:"): v for k, v in record.report.items()
                                    if k.startswith("faction:")})
        plan = planned_posts(campaign.model_copy(update={"turn": record.turn}), reports, record.created_seq)
        missing = [key for key, messages in plan.items()
                   if any((m.key, m.part) not in delivered for m in messages)]
        names = ["the public report" if key == PUBLIC else self._clan_name(campaign, key) for key in missing]
        posting = claimant is not None and not is_dead(claimant, self.service.boot_id)
        return Outstanding(record.turn, names, posting)

    @staticmethod
    def _clan_name(campaign: Campaign, key: str) -> str:
        faction = campaign.faction(key.removeprefix("faction:"))
        return faction.name if faction else key.removeprefix("faction:")

    async def public_out(self, campaign: Campaign) -> bool:
        """Whether the players may see the last resolution's results: its public report is out (or its
        posts were given up).  Until then the state's reads wait (docs/decisions.md)."""
        found = await self.repo.unposted_resolution(campaign.id)
        if found is None:
            return True
        record, _ = found
        if campaign.report_channel_id is None or not record.report.get("public"):
            return True  # nowhere to post it, or a secret step's: nothing to wait for
        parts = len(post_texts(record.report.get("public", "")))
        delivered = await self.repo.delivered_messages(campaign.id, record.turn, record.created_seq)
        return all((PUBLIC, i) in delivered for i in range(parts))

    async def require_posted(self, campaign: Campaign) -> None:
        """Refuse to go on (open the next turn) while the last resolution's posts are not all out."""
        left = await self.outstanding(campaign)
        if left is None:
            return
        what = ", ".join(left.missing) or Text(N_("the last of them"))
        now = Text(N_("they are being posted right now") if left.posting else N_("the bot will post them"))
        raise UserError(N_("the reports of turn {turn} of {campaign} are not all out yet (missing: {what}); {now}. "
                           "Wait until they are (/game status shows them), or give them up with /turn open "
                           "skip_unposted:true"), turn=left.turn, campaign=campaign.name, what=what, now=now)

    async def skip(self, campaign: Campaign, by: Moderator) -> list[str]:
        """Give up the posts still missing; what was given up (nothing if all were out)."""
        left = await self.outstanding(campaign)
        found = await self.repo.unposted_resolution(campaign.id)
        if left is None or found is None:
            return []
        record, _ = found
        now = self.service.clock()
        text = f"the posts of turn {record.turn} still missing were given up: {', '.join(left.missing) or 'none'}"
        entry = audit_entry(campaign, by, now, {"kind": "skip_unposted", "turn": record.turn,
                                                "missing": left.missing}, text, [])
        await self.repo.skip_unposted(campaign.id, record.turn, record.created_seq, utc_stamp(now), entry)
        return left.missing
