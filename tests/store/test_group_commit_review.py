"""Hostile review of group commit (issue 18): failure, cancellation and closing inside a group."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.store.sqlite import SqliteRepository
from tests.store.test_group_commit import insert, rows, store  # noqa: F401 - the fixture


async def test_a_member_failing_on_its_second_statement_keeps_none_of_its_first(store):
    async def twice() -> None:
        async with store._unit(write=True) as db:
            await db.execute("INSERT INTO t (x) VALUES (10)")
            await db.execute("INSERT INTO t (x) VALUES (10)")  # IntegrityError: only this statement aborts

    results = await asyncio.gather(insert(store, 1), twice(), insert(store, 3), return_exceptions=True)
    assert results[0] == 1 and results[2] == 3 and isinstance(results[1], Exception), results
    assert await rows(store, "SELECT x FROM t ORDER BY x") == [(1,), (3,)]


async def test_a_first_member_failing_after_its_write_leaves_nothing_and_the_next_go_on(store):
    results = await asyncio.gather(insert(store, 1, then=ValueError("no")), insert(store, 2), insert(store, 3),
                                   return_exceptions=True)
    assert isinstance(results[0], ValueError) and results[1:] == [2, 3], results
    assert await rows(store, "SELECT x FROM t ORDER BY x") == [(2,), (3,)]


async def test_a_member_cancelled_while_awaiting_the_commit_leaves_the_group_whole(store):
    tasks = [asyncio.create_task(insert(store, x)) for x in (1, 2, 3)]
    for _ in range(200):  # until the first is past its body (awaiting the group's COMMIT)
        await asyncio.sleep(0)
        if store._gate._group is not None and store._gate._group.members >= 2:
            break
    tasks[0].cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert results[1:] == [2, 3], results
    assert not store._db.in_transaction
    assert await rows(store, "SELECT x FROM t ORDER BY x") in ([(1,), (2,), (3,)], [(2,), (3,)])
    assert await insert(store, 9) == 9


async def test_closing_with_a_group_open_commits_it_and_answers_everyone(tmp_path):
    repo = await SqliteRepository.open(tmp_path / "c.db")
    async with repo._unit(write=True) as db:
        await db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    tasks = [asyncio.create_task(insert(repo, x)) for x in range(1, 6)]
    await asyncio.sleep(0)
    closing = asyncio.create_task(repo.close())
    results = await asyncio.gather(*tasks, return_exceptions=True)
    await closing
    done = [r for r in results if isinstance(r, int)]
    assert all(isinstance(r, int) or "closed" in str(r) for r in results), results
    check = sqlite3.connect(tmp_path / "c.db")
    assert sorted(x for (x,) in check.execute("SELECT x FROM t")) == sorted(done)
    check.close()


async def test_a_commit_task_cancelled_mid_commit_tells_no_member_done_that_did_not_commit(store):
    # Only the loop's teardown cancels the commit task, and then every member is cancelled too; cancelled
    # before its first step it would never answer (left alone: see the review report).
    tasks = [asyncio.create_task(insert(store, x)) for x in (1, 2)]
    for _ in range(2000):
        await asyncio.sleep(0)
        started = [t for t in store._gate._committing if t.get_coro().cr_await is not None]
        if started:
            break
    for t in started:
        t.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    committed = {x for (x,) in await rows(store, "SELECT x FROM t")}
    assert {r for r in results if isinstance(r, int)} <= committed, (results, committed)


async def test_a_member_whose_rollback_to_fails_leaves_none_of_its_writes(store):
    real = store._db.execute
    failed: list[str] = []

    async def execute(sql, *args):
        if sql.startswith("ROLLBACK TO") and not failed:  # an I/O error, the transaction still open
            failed.append(sql)
            raise sqlite3.OperationalError("disk I/O error")
        return await real(sql, *args)

    store._db.execute = execute
    results = await asyncio.gather(insert(store, 1), insert(store, 2, then=ValueError("no")), insert(store, 3),
                                   return_exceptions=True)
    store._db.execute = real
    assert failed and isinstance(results[1], ValueError), results
    committed = {x for (x,) in await rows(store, "SELECT x FROM t")}
    assert 2 not in committed  # old gate: the failed member's row committed with the group
    assert {r for r in results if isinstance(r, int)} <= committed, (results, committed)
    assert await insert(store, 9) == 9


async def test_a_member_cancelled_while_awaiting_its_release_commits_whole_with_the_group(store):
    real = store._db.execute
    cancelled: list[asyncio.Task] = []

    async def execute(sql, *args):
        result = await real(sql, *args)
        if sql.startswith("RELEASE") and not cancelled:  # RELEASE done, its caller cut off just then
            cancelled.append(asyncio.current_task())
            raise asyncio.CancelledError
        return result

    async def second() -> int:
        await asyncio.sleep(0)
        return await insert(store, 2)

    store._db.execute = execute
    results = await asyncio.gather(insert(store, 1), second(), insert(store, 3), return_exceptions=True)
    store._db.execute = real
    assert cancelled and sum(isinstance(r, asyncio.CancelledError) for r in results) == 1, results
    assert await rows(store, "SELECT x FROM t ORDER BY x") == [(1,), (2,), (3,)]  # the released member whole
