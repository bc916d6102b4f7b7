"""Work that one of several bot processes must do once, held under a lease (migration 0021).

A ``WorkLease`` names a piece of work (a turn's resolution, a reminder, a deadline notice), takes
its claim in the store for this boot until now + the service's ``lease``, and renews it every
third of that while the work runs, in the background (a resolution computes in a worker thread,
a post waits on Discord's rate limits).  A process that dies (``kill -9``, a lost host) stops
renewing; once its lease has ended another process's scheduler takes the work over (at once, if
it was an earlier start on the same host, whose pid is gone: ``bot/services/boot.py``).  A holder
that was only slow finds its claim gone at its next renewal (``lost``) and stops; the store's
conditional commit refuses its resolution if it gets that far (docs/decisions.md, exactly-once work).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from datetime import datetime, timedelta, timezone
from typing import Any

from bot.services.boot import is_dead
from bot.services.background import stop_task
from bot.store import StoreError

log = logging.getLogger(__name__)

RESOLVE = "resolve"  # the store's own name of it (bot/store/sqlite_resolutions.py)
DEFAULT_LEASE = timedelta(minutes=3)  # as long as a post claim stood unrenewed before leases (STALE_CLAIM)


def utc_stamp(when: datetime) -> str:
    """A time as the store keeps it (ISO 8601 UTC, whole seconds), so stamps compare as text."""
    return when.astimezone(timezone.utc).isoformat(timespec="seconds")


class WorkLease:
    def __init__(self, service: Any, campaign_id: int, turn: int, kind: str) -> None:
        self.service, self.repo = service, service.repo
        self.key = (campaign_id, turn, kind)
        self.lost = False

    @property
    def lease(self) -> timedelta:
        return getattr(self.service, "lease", DEFAULT_LEASE)

    def _until(self) -> str:
        return utc_stamp(self.service.clock() + self.lease)

    async def take(self) -> bool:
        """Claim the work for this boot; False if another boot holds it (or it is done).  A claim
        of a boot known dead (an earlier start on this host: ``is_dead``) is taken over at once."""
        me, now = self.service.boot_id, utc_stamp(self.service.clock())
        if await self.repo.claim_work(*self.key, me, now, self._until()):
            return True
        held = await self.repo.work_claim(*self.key)
        if held is None or held.done_at is not None or not is_dead(held.claimed_by, me):
            return False
        log.info("Work %s of campaign %s, turn %s: its claimant %s is gone; taking it over", self.key[2],
                 self.key[0], self.key[1], held.claimed_by)
        return await self.repo.claim_work(*self.key, me, now, self._until(), dead=[held.claimed_by])

    async def held_elsewhere(self) -> str | None:
        """The end of another boot's live claim on this work (its ``lease_until``); None if the work
        is free, done, this boot's, or held by a boot known dead (``take`` would have it at once)."""
        claim, me = await self.repo.work_claim(*self.key), self.service.boot_id
        if claim is None or claim.done_at is not None or claim.claimed_by == me or not claim.lease_until:
            return None
        if claim.lease_until < utc_stamp(self.service.clock()) or is_dead(claim.claimed_by, me):
            return None
        return claim.lease_until

    async def renew(self) -> bool:
        if not self.lost:
            self.lost = not await self.repo.renew_work(*self.key, self.service.boot_id, self._until())
            if self.lost:
                log.warning("Work %s of campaign %s, turn %s: another bot process took it over", self.key[2],
                            self.key[0], self.key[1])
        return not self.lost

    @contextlib.asynccontextmanager
    async def kept(self) -> AsyncIterator[WorkLease]:
        """Renew the lease every third of it while the body runs."""
        async def beat() -> None:
            while not self.lost:
                await asyncio.sleep(self.lease.total_seconds() / 3)
                try:
                    await self.renew()
                except StoreError:  # the database is away for a moment: the next beat tries again
                    log.warning("Could not renew the lease on %s", self.key, exc_info=True)

        task = asyncio.create_task(beat(), name="fleetwright-lease")
        try:
            yield self
        finally:
            await stop_task(task)

    async def finish(self) -> None:
        await self.repo.finish_work(*self.key, self.service.boot_id, utc_stamp(self.service.clock()))

    async def release(self) -> None:
        """Give the work up undone, free for anyone at once; a failure to say so leaves it to its lease's end."""
        with contextlib.suppress(StoreError):
            await self.repo.release_work(*self.key, self.service.boot_id)
