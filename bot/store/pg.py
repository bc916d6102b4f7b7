"""``PgRepository``: the campaign store on a PostgreSQL server (asyncpg).

The same queries as ``SqliteRepository`` (every method is inherited; ``bot/store/dialect.py`` says
how one set of SQL serves both), with a pool of connections instead of one: units of work of one
process run side by side, as those of several processes do, so nothing here relies on an
in-process lock.  A write unit runs at READ COMMITTED and takes its campaign's row lock before it
reads what it checks (``lock_campaign``); a read unit runs at REPEATABLE READ, READ ONLY, so its
several queries see one snapshot, as an SQLite read transaction does.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from typing import Any, Self
from urllib.parse import unquote, urlsplit

import asyncpg

from bot.store.dialect import PgConnection
from bot.store.errors import StoreError
from bot.store.pg_open import migrate, redact
from bot.store.sqlite import STORE_FAILED, SqliteRepository

_OPEN_HINT = ("Check DATABASE (postgresql://user:password@host:port/database): that the server runs and "
              "accepts connections from here, that the user may log in, and that the database exists "
              "(createdb, or CREATE DATABASE); the bot creates its tables itself")
_LARGEST = 2 ** 63 - 1  # BIGINT


class PgRepository(SqliteRepository):
    """Implements ``bot.store.repository.Repository`` on a PostgreSQL database."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:  # noqa: super().__init__ is SQLite's
        self._pool: asyncpg.Pool | None = pool
        self._shown = redact(url)
        self.applied_migrations: list[int] = []  # the versions this opening applied

    def __repr__(self) -> str:
        return f"PgRepository({self._shown!r})"

    @classmethod
    async def open(cls, url: str, *, max_connections: int = 10) -> Self:  # type: ignore[override]
        """Connect to the database at ``url``, migrate it, and keep a pool of connections."""
        pool, applied = await connect(url, max_connections)
        repository = cls(pool, url)
        repository.applied_migrations = applied
        return repository

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @asynccontextmanager
    async def _unit(self, write: bool = False, snapshot: bool = True) -> AsyncIterator[Any]:
        """One unit of work: a transaction on a connection of the pool, database errors made StoreErrors.
        ``snapshot=False`` (a read only): no transaction, each statement sees its own snapshot."""
        if self._pool is None:
            raise StoreError("the campaign database is closed (the bot is shutting down or restarting); "
                             "try again in a minute", detail=f"campaign database {self._shown} is closed")
        try:
            async with self._pool.acquire() as conn:
                isolation = "read_committed" if write else "repeatable_read"
                async with (conn.transaction(isolation=isolation, readonly=not write) if write or snapshot
                            else nullcontext()):
                    yield PgConnection(conn)
        except asyncpg.DataError as exc:
            if "out of int64 range" in str(exc):  # rolled back above
                raise StoreError(f"cannot store a number that large: PostgreSQL keeps integers up to {_LARGEST}; "
                                 "nothing was changed") from exc
            raise StoreError(STORE_FAILED, detail=f"campaign database {self._shown}: {exc}") from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise StoreError(STORE_FAILED, detail=f"campaign database {self._shown}: {exc}") from exc


async def connect(url: str, max_connections: int = 10) -> tuple[asyncpg.Pool, list[int]]:
    """Migrate the database (one connection, one transaction), then open the pool; the versions
    applied now come with it."""
    shown = redact(url)
    try:
        conn = await asyncpg.connect(url, timeout=15)
        try:
            applied = await migrate(conn, shown)
        finally:
            await conn.close()
        return await asyncpg.create_pool(url, min_size=1, max_size=max_connections, timeout=15), applied
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError, ValueError) as exc:
        raise StoreError(f"cannot open campaign database {shown}: {_scrubbed(exc, url)}. {_OPEN_HINT}") from None


def _scrubbed(exc: BaseException, url: str) -> str:
    """The driver's words with the password cut out, should they quote the URL."""
    text = f"{type(exc).__name__}: {exc}" if not str(exc) else str(exc)
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    for secret in filter(None, {password, password and unquote(password)}):
        text = text.replace(secret, "***")
    return text.replace(url, redact(url))
