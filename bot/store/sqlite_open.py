"""Opening an SQLite campaign database: configure the connection, migrate,
and turn every way that can fail into one StoreError that says what to do."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.errors import StoreError
from bot.store.migrate import migrate
from bot.store.sqlite_base import fetch_all

_OPEN_HINT = ("Check that the path names a Fleetwright campaign database (or a new file) in an "
              "existing folder the bot may read and write; if the file is damaged, restore it "
              "from a backup or import a campaign export into a new file.")


async def connect(path: Path) -> tuple[aiosqlite.Connection, list[int]]:
    """Open (creating if missing), configure and migrate a campaign database; the migrations
    applied now come with it."""
    db: aiosqlite.Connection | None = None
    try:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so sqlite3's
        # implicit transactions cannot split or merge our units of work.
        await asyncio.to_thread(_try_open, path)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        # Other bot processes may hold the write lock for a moment.
        await db.execute("PRAGMA busy_timeout = 5000")
        await _pragma(db, "journal_mode = WAL", "wal", path)
        await _pragma(db, "foreign_keys = ON", 1, path)
        return db, await migrate(db, str(path))
    except BaseException as exc:
        if db is not None:
            await db.close()
        if isinstance(exc, (sqlite3.Error, OSError)):
            raise StoreError(f"cannot open campaign database {path}: {exc}. {_OPEN_HINT}") from exc
        raise


def _try_open(path: Path) -> None:
    # Fail here rather than in aiosqlite.connect: when that fails, its worker
    # thread outlives the call and may report to an event loop already closed.
    sqlite3.connect(path).close()


async def _pragma(db: aiosqlite.Connection, setting: str, expected: object, path: Path) -> None:
    rows = await fetch_all(db, f"PRAGMA {setting}")
    name = setting.split()[0]
    if not rows:  # setting pragmas answer nothing; ask for the value back
        rows = await fetch_all(db, f"PRAGMA {name}")
    if rows[0][0] != expected:
        raise StoreError(f"cannot open campaign database {path}: could not set {name} to "
                         f"{expected} (got {rows[0][0]}); keep the file on a local disk, "
                         "not a network share")
