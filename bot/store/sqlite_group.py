"""Group commit for the one SQLite connection of a repository (issue 18).

Units of work on the connection run one at a time.  A write unit that finds the connection free
opens a group: BEGIN IMMEDIATE, as before.  When it is done and other units are already waiting
for the connection, it does not COMMIT: the next unit runs inside the same transaction, as a
SAVEPOINT of its own, and so on; the last of the group COMMITs once (one fsync instead of one per
unit).  Every member is answered only after that COMMIT succeeded; if it fails, every member fails
with it.  A member that raises rolls back only its own savepoint and its caller gets the exception;
the others go on.  A group takes at most ``MAX_UNITS`` members and admits none after ``MAX_AGE``
seconds, so its first caller is not kept waiting by a stream of later ones.

Other processes see a group only once it is committed (the write lock is held from BEGIN
IMMEDIATE to COMMIT, as for a single unit).  A read that finds the connection free runs alone, as
before (a deferred transaction, or none); one handed the connection inside a group joins it and
is answered after the COMMIT too, since it may have seen the group's writes.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, nullcontext

import aiosqlite

from bot.store.sqlite_base import transaction

MAX_UNITS = 32
MAX_AGE = 0.005  # seconds from BEGIN after which a group admits no one (under an fsync here)
_SAVEPOINT = "fw_unit"


class _Group:
    """One open transaction and the members waiting for its COMMIT."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.members = 1
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # A failed group whose members were all cancelled: no "exception never retrieved" noise.
        self.done.add_done_callback(lambda f: f.cancelled() or f.exception())

    def joinable(self) -> bool:
        return self.members < MAX_UNITS and time.monotonic() - self.began < MAX_AGE

    def fail(self, exc: BaseException) -> None:
        if not self.done.done():
            self.done.set_exception(sqlite3.OperationalError(
                f"the transaction this change was part of did not commit: {exc}"))


class UnitGate:
    """Hands the connection to one unit at a time, in arrival order, grouping writes."""

    def __init__(self, db: aiosqlite.Connection, closed: Callable[[], Exception]) -> None:
        self._db = db
        self._closed: Callable[[], Exception] | None = None  # the error a unit gets once closed
        self._closed_error = closed
        self._busy = False
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._group: _Group | None = None
        self._committing: set[asyncio.Task[None]] = set()

    @asynccontextmanager
    async def unit(self, write: bool, snapshot: bool) -> AsyncIterator[aiosqlite.Connection]:
        await self._acquire()
        if self._closed is not None:
            self._hand_on()
            raise self._closed()
        group = self._group
        if group is None and not write:
            try:
                async with transaction(self._db, immediate=False) if snapshot else nullcontext():
                    yield self._db
            finally:
                self._hand_on()
        elif group is None:
            async with self._first(await self._begin_group()) as db:
                yield db
        else:
            async with self._member(group) as db:
                yield db

    @asynccontextmanager
    async def closing(self) -> AsyncIterator[None]:
        """Take the connection to close it (a group handed over is committed first); every unit
        after this one gets the ``closed`` error."""
        await self._acquire()
        try:
            if self._group is not None:
                await self._commit(self._group, hand_on=False)
            self._closed = self._closed_error
            yield
        finally:
            self._hand_on()

    # The members

    async def _begin_group(self) -> _Group:
        try:
            await self._db.execute("BEGIN IMMEDIATE")
        except BaseException:
            # A task cancelled while awaiting its BEGIN has queued it in aiosqlite's thread, so it runs;
            # the ROLLBACK queued after it closes it (tests/store/test_cancelled_units.py).
            await _quietly(self._db, "ROLLBACK")
            self._hand_on()
            raise
        self._group = _Group()
        return self._group

    @asynccontextmanager
    async def _first(self, group: _Group) -> AsyncIterator[aiosqlite.Connection]:
        # No savepoint: no one joins before the first member is done, so its failure rolls back
        # the whole transaction, as before.
        try:
            yield self._db
        except BaseException:
            self._group = None
            try:
                await _quietly(self._db, "ROLLBACK")
            finally:
                self._hand_on()
            raise
        self._hand_on()
        await asyncio.shield(group.done)

    @asynccontextmanager
    async def _member(self, group: _Group) -> AsyncIterator[aiosqlite.Connection]:
        group.members += 1
        try:
            await self._db.execute(f"SAVEPOINT {_SAVEPOINT}")
            yield self._db
            await self._db.execute(f"RELEASE {_SAVEPOINT}")
        except BaseException as exc:
            try:
                await self._undo_member(group, exc)
            finally:
                self._hand_on()
            raise
        self._hand_on()
        await asyncio.shield(group.done)

    async def _undo_member(self, group: _Group, exc: BaseException) -> None:
        """Roll back this member's savepoint; if SQLite already rolled back the whole transaction (disk
        full, I/O error), the group is lost and every member fails."""
        try:
            await self._db.execute(f"ROLLBACK TO {_SAVEPOINT}")
        except sqlite3.Error as undo:
            if self._db.in_transaction and "no such savepoint" in str(undo):
                # Already released (cancelled while awaiting RELEASE): this member's work is whole
                # inside the group and commits with it; its caller still gets its exception.
                return
            # SQLite rolled the whole transaction back, or the savepoint cannot be undone (an I/O
            # error): the member's writes must not commit, so neither may the group's.
            await _quietly(self._db, "ROLLBACK")
            self._group = None
            group.fail(exc)
            return
        await _quietly(self._db, f"RELEASE {_SAVEPOINT}")  # its writes are gone; a savepoint left is empty

    # Handing the connection on

    async def _acquire(self) -> None:
        if not self._busy and not self._waiters:
            self._busy = True
            return
        turn = asyncio.get_running_loop().create_future()
        self._waiters.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._hand_on()  # handed the connection just as we were cancelled: pass it on
            elif turn in self._waiters:  # not already skipped by a ``_wake_next``
                self._waiters.remove(turn)
            raise

    def _hand_on(self) -> None:
        """The holder is done: the next waiter joins the open group if it may, else the group commits
        (in a task of its own, so a cancelled member cannot cut off the others' COMMIT)."""
        group = self._group
        if group is not None and not (group.joinable() and self._wake_next()):
            task = asyncio.get_running_loop().create_task(self._commit(group, hand_on=True))
            self._committing.add(task)
            task.add_done_callback(self._committing.discard)
        elif group is None and not self._wake_next():
            self._busy = False

    def _wake_next(self) -> bool:
        while self._waiters:
            turn = self._waiters.popleft()
            if not turn.done():
                turn.set_result(None)
                return True
        return False

    async def _commit(self, group: _Group, hand_on: bool) -> None:
        self._group = None
        try:
            await self._db.execute("COMMIT")
        except BaseException as exc:
            await _quietly(self._db, "ROLLBACK")  # a failed COMMIT may leave the transaction open
            group.fail(exc)
            if not isinstance(exc, Exception):
                raise
        else:
            group.done.set_result(None)
        finally:
            if hand_on:
                self._hand_on()


async def _quietly(db: aiosqlite.Connection, sql: str) -> None:
    try:
        await db.execute(sql)
    except sqlite3.Error:
        pass  # SQLite already rolled back on its own (e.g. disk full); keep the first error
