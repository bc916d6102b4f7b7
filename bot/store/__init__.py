"""Persistence.  Import from here: the interface, its records, StoreError, and
``open_repository``, so that nothing outside ``bot/store`` names a backend."""

from __future__ import annotations

from pathlib import Path

from bot.store.errors import CampaignChanged, StoreError
from bot.store.repository import (
    SEED_WITHHELD,
    AuditEntry,
    JsonDict,
    OrderDesk,
    OrderText,
    Repository,
    ResolutionRecord,
    StateRecord,
    StateText,
    StepOpening,
    StepRecord,
    TurnRecord,
    TurnStatus,
    UndoneReport,
    WorkClaim,
    step_kind,
)

__all__ = ["SEED_WITHHELD", "AuditEntry", "CampaignChanged", "JsonDict", "OrderDesk", "OrderText", "Repository", "ResolutionRecord",
           "StateRecord", "StateText", "StepOpening", "StepRecord", "StoreError",
           "TurnRecord", "TurnStatus", "UndoneReport", "WorkClaim", "describe_location", "step_kind", "open_repository"]


async def open_repository(location: str | Path) -> Repository:
    """Open (and migrate) the campaign store at ``location``: an SQLite file (a path or
    ``sqlite:///path``) or a PostgreSQL database (``postgresql://`` or ``postgres://`` URL).
    The one opening of the bot, the demo, the command line and the tests."""
    text = str(location)
    # Imported on use: code that only needs the interface need not load a driver.
    from bot.store.pg_open import is_postgres_url

    if is_postgres_url(text):
        try:
            from bot.store.pg import PgRepository
        except ImportError as exc:  # an installation made before the PostgreSQL backend
            raise StoreError(f"a postgresql:// DATABASE needs the asyncpg driver ({exc}); install Fleetwright "
                             "again (pip install -e .), which brings it") from None
        return await PgRepository.open(text)
    if "://" in text and not text.startswith("sqlite:///"):
        scheme = text.split("://", 1)[0]
        raise StoreError(f"unsupported campaign store {scheme!r}: give DATABASE an SQLite file (a path or "
                         "sqlite:///path) or a PostgreSQL URL (postgresql://user:password@host:port/database)")
    from bot.store.sqlite import SqliteRepository

    return await SqliteRepository.open(text.removeprefix("sqlite:///"))


def describe_location(location: str | Path) -> str:
    """``location`` as a log line or an error may show it: a URL's password replaced by ``***``."""
    from bot.store.pg_open import is_postgres_url, redact

    text = str(location)
    return redact(text) if is_postgres_url(text) else text
