"""Opening a PostgreSQL campaign store: its URL (the password never shown) and its migrations."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bot.store.errors import StoreError
from bot.store.migrate import postgres_migrations, split_statements

SCHEMES = ("postgresql://", "postgres://")
# Any fixed number: it names "the migration of this database" among PostgreSQL's advisory locks.
_MIGRATION_LOCK = 0x466C_6565_7477  # "Fleetw"


def is_postgres_url(location: str) -> bool:
    return location.startswith(SCHEMES)


def redact(url: str) -> str:
    """The URL as logs and errors may show it: any password replaced by ``***``."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            user, host = netloc.rsplit("@", 1)
            netloc = f"{user.split(':', 1)[0]}{':***' if ':' in user else ''}@{host}"
        query = re.sub(r"(?i)(password=)[^&]*", r"\1***", parts.query)
        return urlunsplit(parts._replace(netloc=netloc, query=query))
    except ValueError:
        return "a PostgreSQL URL that cannot be read"


async def migrate(conn: Any, shown: str) -> list[int]:
    """Apply the pending migrations in one transaction; return the versions applied now.  An
    advisory lock makes two processes starting at once take turns."""
    migrations = postgres_migrations()
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        applied = await _applied_versions(conn, shown)
        newest_known = migrations[-1].version if migrations else 0
        if applied and max(applied) > newest_known:
            raise StoreError(
                f"cannot open campaign database {shown}: its schema version {max(applied)} is newer than "
                f"this Fleetwright knows ({newest_known}); upgrade Fleetwright, or restore a backup made by "
                "this version")
        pending = [m for m in migrations if m.version not in applied]
        for migration in pending:
            for statement in split_statements(migration.sql):
                await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version, name) VALUES ($1, $2)",
                               migration.version, migration.name)
    return [m.version for m in pending]


async def _applied_versions(conn: Any, shown: str) -> set[int]:
    tables = {r["tablename"] for r in await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    if "schema_version" not in tables and tables:
        raise StoreError(
            f"cannot open campaign database {shown}: it is a PostgreSQL database but not a Fleetwright one "
            f"(tables: {', '.join(sorted(tables))}); give DATABASE an empty database or a Fleetwright one")
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))")
    return {r["version"] for r in await conn.fetch("SELECT version FROM schema_version")}
