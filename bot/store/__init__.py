"""Persistence.  Import from here: the interface, its records, StoreError, and
``open_repository``, so that nothing outside ``bot/store`` names a backend."""

from __future__ import annotations

from pathlib import Path

from bot.store.errors import CampaignChanged, StoreError
from bot.store.repository import (
    AuditEntry,
    JsonDict,
    Repository,
    ResolutionRecord,
    StateRecord,
    TurnRecord,
    TurnStatus,
    UndoneReport,
)

__all__ = ["AuditEntry", "CampaignChanged", "JsonDict", "Repository", "ResolutionRecord", "StateRecord", "StoreError",
           "TurnRecord", "TurnStatus", "UndoneReport", "open_repository"]


async def open_repository(location: str | Path) -> Repository:
    """Open the campaign store at ``location``: a file path or ``sqlite:///path``."""
    text = str(location)
    if "://" in text and not text.startswith("sqlite:///"):
        scheme = text.split("://", 1)[0]
        raise StoreError(f"unsupported campaign store {scheme!r}: only SQLite files "
                         "(a path or sqlite:///path) are supported so far")
    # Imported on use: code that only needs the interface need not load aiosqlite.
    from bot.store.sqlite import SqliteRepository

    return await SqliteRepository.open(text.removeprefix("sqlite:///"))
