"""The store's SQL on either engine.

The store's queries are written once, in the SQL both engines speak (``sqlite_*`` modules), and run
on an aiosqlite connection or on a ``PgConnection``, which only numbers the placeholders and counts
rows as aiosqlite's cursor does.  What SQLite gets from its one writer at a time, PostgreSQL gets
from the row locks taken here where a unit of work reads before it writes (docs/decisions.md,
PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

POSTGRES = "postgresql"


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2 …``; a ``?`` inside a quoted string stays."""
    out, n, quoted = [], 0, False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(char)
    return "".join(out)


@dataclass
class Cursor:
    """What the shared queries read of an executed statement."""

    rowcount: int


class PgConnection:
    """An asyncpg connection inside a unit of work, with aiosqlite's calls the store uses."""

    dialect = POSTGRES

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        status = await self._conn.execute(numbered(sql), *params)
        # "UPDATE 3", "DELETE 0", "INSERT 0 1": the last word is the number of rows.
        last = status.rsplit(" ", 1)[-1]
        return Cursor(int(last) if last.isdigit() else -1)

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self._conn.fetch(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._conn.executemany(numbered(sql), rows)


def dialect(db: Any) -> str:
    return getattr(db, "dialect", "sqlite")


async def lock_campaign(db: Any, campaign_id: int) -> None:
    """Hold the campaign's row until the unit of work ends, so that what it checked (the phase, the
    turn, the state it was given) is still so when it writes: the per-campaign lock every write of
    a campaign takes first, in every process.  SQLite's write transaction (BEGIN IMMEDIATE) already
    holds the whole file."""
    if dialect(db) == POSTGRES:
        await db.execute("SELECT id FROM campaigns WHERE id = ? FOR UPDATE", (campaign_id,))


def claim_lock(db: Any, table: str) -> str:
    """The locking clause of a claim's SELECT: rows another process is claiming this instant are
    skipped, not claimed twice (nothing on SQLite, which has one writer)."""
    return f" FOR UPDATE OF {table} SKIP LOCKED" if dialect(db) == POSTGRES else ""


def row_lock(db: Any) -> str:
    """The locking clause of a SELECT whose rows the unit of work then changes, waiting for another
    process that holds them (nothing on SQLite, which has one writer)."""
    return " FOR UPDATE" if dialect(db) == POSTGRES else ""
