"""The background renewals of a claim survive a moment without the database: one failed renewal
is logged and the next beat tries again (a post claim, like a work lease), and the failure never
surfaces when the work ends (review of issue 19)."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from bot.services.posting import PostRun
from bot.store import StoreError

LEASE = timedelta(seconds=0.3)  # a heartbeat of 0.1 s


class FlakyRepo:
    """Renewals fail once (the database away for a moment), then succeed."""

    def __init__(self) -> None:
        self.calls = 0

    async def renew_resolution_claim(self, *args) -> bool:
        self.calls += 1
        if self.calls == 1:
            raise StoreError("the campaign database is away for a moment")
        return True


async def test_a_post_claims_background_renewal_goes_on_after_one_failed_renewal():
    repo = FlakyRepo()
    service = SimpleNamespace(repo=repo, lease=LEASE, boot_id="host:1:a",
                              clock=lambda: datetime(2026, 1, 1, tzinfo=timezone.utc))
    outcome = SimpleNamespace(created_seq=5, campaign=SimpleNamespace(id=1), turn=3, recovered=False)
    run = PostRun(service, outcome, set())
    async with run.kept():
        await asyncio.sleep(0.45)  # four beats: the first fails, the rest renew
    assert repo.calls >= 3
    assert not run.lost
