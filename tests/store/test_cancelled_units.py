"""A unit of work cancelled while its BEGIN is on its way (a command cut off at shutdown, a timeout)
must not leave the SQLite connection inside a transaction: every later unit would fail with "cannot
start a transaction within a transaction" (seen in tests/discord/test_shutdown.py under load)."""

from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from bot.store.sqlite_base import transaction


@pytest.mark.parametrize("immediate", [False, True])
async def test_a_unit_cancelled_at_its_begin_leaves_no_transaction_open(tmp_path, immediate):
    db = await aiosqlite.connect(tmp_path / "c.db", isolation_level=None)
    try:
        entered = []

        async def unit() -> None:
            async with transaction(db, immediate=immediate):
                entered.append(True)
                await asyncio.sleep(10)

        task = asyncio.create_task(unit())
        await asyncio.sleep(0)  # the task is now awaiting its BEGIN, queued in aiosqlite's thread
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert entered == []  # cut off at the BEGIN itself
        await db.execute("SELECT 1")  # after whatever the cancelled unit had queued
        assert not db.in_transaction
        async with transaction(db, immediate=True):  # the next unit works
            await db.execute("CREATE TABLE t (x)")
    finally:
        await db.close()
