"""Numbered SQL migrations, applied at start-up.

``migrations/NNNN_name.sql`` files are applied in number order, each exactly once, all
pending ones inside one transaction together with their ``schema_version``
rows: a start-up that fails half-way leaves the database as it was.

Because they run inside a transaction, migrations cannot switch
``PRAGMA foreign_keys`` off; a migration that rebuilds a table should use
``PRAGMA defer_foreign_keys = ON`` instead.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from bot.store.errors import StoreError
from bot.store.sqlite_base import transaction

_NAME = re.compile(r"^(\d{4})_[A-Za-z0-9_-]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def known_migrations() -> list[Migration]:
    folder = resources.files("bot.store").joinpath("migrations")
    found = sorted(
        (int(m.group(1)), entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if (m := _NAME.match(entry.name))
    )
    versions = [v for v, _, _ in found]
    if len(set(versions)) != len(versions) or 0 in versions:
        # A duplicate number is a packaging mistake, not a user problem.  A gap is
        # allowed: branches reserve numbers, and ``migrate`` applies every file not
        # yet applied in number order, so a 0002 that arrives after 0003 still runs.
        raise RuntimeError(f"migration files must have distinct numbers from 0001: {versions}")
    return [Migration(v, n, s) for v, n, s in found]


def split_statements(sql: str) -> list[str]:
    """Split a script into single statements.

    ``executescript`` would COMMIT the surrounding transaction first, so each
    statement is run on its own; ``complete_statement`` knows about semicolons
    inside strings and trigger bodies.
    """
    statements, buffer = [], ""
    for piece in sql.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if _strip_comments(buffer).strip(" \t\r\n;"):
                statements.append(buffer.strip())
            buffer = ""
    if _strip_comments(buffer).strip(" \t\r\n;"):
        raise RuntimeError(f"incomplete SQL statement in a migration: {buffer.strip()[:80]!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines())


async def migrate(db: aiosqlite.Connection, path: str) -> list[int]:
    """Apply the pending migrations; return the versions applied now."""
    migrations = known_migrations()
    # IMMEDIATE takes the write lock before reading versions, so two processes
    # starting together cannot both apply the same migration.
    async with transaction(db, immediate=True):
        applied = await _applied_versions(db, path)
        newest_known = migrations[-1].version if migrations else 0
        if applied and max(applied) > newest_known:
            raise StoreError(
                f"cannot open campaign database {path}: its schema version {max(applied)} is "
                f"newer than this Fleetwright knows ({newest_known}); upgrade Fleetwright, "
                "or open a backup made by this version"
            )
        pending = [m for m in migrations if m.version not in applied]
        for migration in pending:
            for statement in split_statements(migration.sql):
                await db.execute(statement)
            await db.execute("INSERT INTO schema_version (version, name) VALUES (?, ?)",
                             (migration.version, migration.name))
    return [m.version for m in pending]


async def _applied_versions(db: aiosqlite.Connection, path: str) -> set[int]:
    tables = {row[0] for row in await db.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    if "schema_version" not in tables and tables:
        # Refuse to sprinkle our tables into some other program's database.
        raise StoreError(
            f"cannot open campaign database {path}: it is an SQLite database but not a "
            f"Fleetwright one (tables: {', '.join(sorted(tables))}); choose another file"
        )
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')))"
    )
    return {row[0] for row in await db.execute_fetchall("SELECT version FROM schema_version")}
