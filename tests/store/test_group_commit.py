"""Group commit on SQLite (issue 18): write units that queue for the one connection run as
savepoints of one transaction and COMMIT once; every member is answered only after that COMMIT.
Each test fails on the old store (one COMMIT per unit)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.store import sqlite_group
from bot.store.errors import StoreError
from bot.store.sqlite import SqliteRepository
from tests.store.conftest import SETTINGS, STATE, make_campaign


@pytest.fixture
async def store(tmp_path):
    repo = await SqliteRepository.open(tmp_path / "g.db")
    async with repo._unit(write=True) as db:
        await db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        await db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
        # Checked at COMMIT only: a way to make a group's COMMIT fail.
        await db.execute("CREATE TABLE child (p INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)")
    statements: list[str] = []
    await repo._db.set_trace_callback(statements.append)
    repo.statements = statements
    yield repo
    await repo.close()


def commits(repo) -> int:
    return sum(1 for s in repo.statements if s.strip().upper() == "COMMIT")


async def rows(repo, sql: str) -> list:
    async with repo._unit() as db:
        return [tuple(r) for r in await db.execute_fetchall(sql)]


async def insert(repo, x: int, then: BaseException | None = None) -> int:
    async with repo._unit(write=True) as db:
        await db.execute("INSERT INTO t (x) VALUES (?)", (x,))
        if then is not None:
            raise then
    return x


async def test_concurrent_writes_commit_in_groups(store):
    campaigns = await asyncio.gather(*(store.create_campaign(make_campaign(guild_id=g), SETTINGS, STATE)
                                       for g in range(20)))
    assert commits(store) < 20 and commits(store) >= 1  # old store: 20
    assert len({c.id for c in campaigns}) == 20
    assert await rows(store, "SELECT count(*) FROM campaigns") == [(20,)]


async def test_a_failing_member_rolls_back_only_itself(store):
    before = commits(store)
    results = await asyncio.gather(insert(store, 1), insert(store, 2, then=ValueError("no")),
                                   insert(store, 3), return_exceptions=True)
    assert results[0] == 1 and results[2] == 3
    assert isinstance(results[1], ValueError)
    assert commits(store) - before == 1  # one group (old store: 2)
    assert await rows(store, "SELECT x FROM t ORDER BY x") == [(1,), (3,)]


async def test_a_failing_commit_fails_every_member(store):
    async def orphan() -> None:
        async with store._unit(write=True) as db:
            await db.execute("INSERT INTO child (p) VALUES (99)")  # no parent 99: COMMIT refuses

    results = await asyncio.gather(insert(store, 1), orphan(), insert(store, 2), return_exceptions=True)
    assert all(isinstance(r, StoreError) for r in results), results  # old store: 1 and 2 done
    assert await rows(store, "SELECT count(*) FROM t") == [(0,)]
    assert await rows(store, "SELECT count(*) FROM child") == [(0,)]
    assert await insert(store, 5) == 5  # the store goes on
    assert await rows(store, "SELECT x FROM t") == [(5,)]


async def test_another_process_sees_only_whole_groups(store, tmp_path):
    held, go = asyncio.Event(), asyncio.Event()
    seen: list = []

    async def second() -> None:
        async with store._unit(write=True) as db:
            await db.execute("INSERT INTO t (x) VALUES (2)")
            held.set()
            await go.wait()

    first = asyncio.create_task(insert(store, 1))
    other = asyncio.create_task(second())
    await held.wait()  # the first unit is done, the second runs inside its transaction
    answered_early = first.done()  # must not be: answered only after the COMMIT
    outside = sqlite3.connect(tmp_path / "g.db")
    seen.append(outside.execute("SELECT count(*) FROM t").fetchone()[0])
    go.set()
    await asyncio.gather(first, other)
    seen.append(outside.execute("SELECT count(*) FROM t").fetchone()[0])
    outside.close()
    assert (answered_early, seen) == (False, [0, 2])  # old store: (True, [1, 2])


async def test_a_member_cancelled_mid_unit_leaves_the_others(store):
    held = asyncio.Event()

    async def slow() -> None:
        async with store._unit(write=True) as db:
            await db.execute("INSERT INTO t (x) VALUES (2)")
            held.set()
            await asyncio.sleep(10)

    before = commits(store)
    first = asyncio.create_task(insert(store, 1))
    victim = asyncio.create_task(slow())
    third = asyncio.create_task(insert(store, 3))
    await held.wait()
    victim.cancel()
    assert await first == 1 and await third == 3
    with pytest.raises(asyncio.CancelledError):
        await victim
    assert commits(store) - before == 1  # old store: 2
    assert await rows(store, "SELECT x FROM t ORDER BY x") == [(1,), (3,)]


async def test_a_waiter_cancelled_before_its_turn_does_not_hold_up_the_group(store):
    held, go = asyncio.Event(), asyncio.Event()

    async def holder() -> None:
        async with store._unit(write=True) as db:
            await db.execute("INSERT INTO t (x) VALUES (1)")
            held.set()
            await go.wait()

    first = asyncio.create_task(holder())
    await held.wait()
    waiting = asyncio.create_task(insert(store, 2))
    await asyncio.sleep(0.01)
    waiting.cancel()
    go.set()
    await asyncio.wait_for(first, 5)
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await rows(store, "SELECT x FROM t") == [(1,)]


async def test_a_unit_cancelled_at_its_begin_leaves_no_transaction_open(store):
    task = asyncio.create_task(insert(store, 1))
    await asyncio.sleep(0)  # awaiting its BEGIN
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await insert(store, 2) == 2
    assert not store._db.in_transaction
    assert await rows(store, "SELECT x FROM t") == [(2,)]


async def test_a_group_is_bounded(store, monkeypatch):
    monkeypatch.setattr(sqlite_group, "MAX_UNITS", 4)
    before = commits(store)
    assert await asyncio.gather(*(insert(store, x) for x in range(12))) == list(range(12))
    assert 3 <= commits(store) - before < 12
    assert await rows(store, "SELECT count(*) FROM t") == [(12,)]


async def test_a_read_handed_the_connection_in_a_group_is_answered_after_the_commit(store):
    first = asyncio.create_task(insert(store, 1))
    read = asyncio.create_task(rows(store, "SELECT x FROM t"))
    before = commits(store)
    assert await read == [(1,)]
    assert first.done() and await first == 1
    assert commits(store) - before <= 1


async def test_a_waiter_cancelled_and_skipped_before_it_runs_is_no_error(store):
    held, go = asyncio.Event(), asyncio.Event()
    waiting: list[asyncio.Task] = []

    async def holder() -> None:
        async with store._unit(write=True) as db:
            await db.execute("INSERT INTO t (x) VALUES (1)")
            held.set()
            await go.wait()
            waiting[0].cancel()  # its turn is cancelled, and this unit hands on (skipping it) before it runs

    first = asyncio.create_task(holder())
    await held.wait()
    waiting.append(asyncio.create_task(insert(store, 2)))
    await asyncio.sleep(0.01)
    go.set()
    await asyncio.wait_for(first, 5)
    with pytest.raises(asyncio.CancelledError):
        await waiting[0]
    assert await insert(store, 3) == 3
    assert await rows(store, "SELECT x FROM t ORDER BY x") == [(1,), (3,)]
