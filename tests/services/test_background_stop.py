"""A lease's renewal beat is stopped without swallowing the holder's own cancellation: the deadline
scheduler, stopped while a reminder's lease is being let go, must stop (it once ran on, and the bot's
stop waited forever — seen as a whole test run hanging in tests/services/test_scheduler.py)."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from bot.services.background import stop_task
from bot.services.leases import WorkLease


def service() -> SimpleNamespace:
    return SimpleNamespace(repo=None, lease=timedelta(seconds=30), boot_id="host:1:a",
                           clock=lambda: datetime(2026, 12, 1, tzinfo=timezone.utc))


async def test_a_holder_cancelled_while_its_lease_beat_stops_is_cancelled():
    lease = WorkLease(service(), 1, 3, "reminder:24h")

    async def hold() -> str:
        async with lease.kept():
            pass  # leaving at once: the context waits for its beat to end
        return "ran on"

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)  # the holder is now waiting for its cancelled beat to end
    holder.cancel()
    with pytest.raises(asyncio.CancelledError):
        await holder


async def test_stop_task_ends_the_task_and_raises_nothing_of_its_own():
    async def forever() -> None:
        await asyncio.sleep(3600)

    task = asyncio.create_task(forever())
    await asyncio.sleep(0)
    await stop_task(task)
    assert task.cancelled()
