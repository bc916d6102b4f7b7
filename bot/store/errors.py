"""The one error the store raises.

Callers outside ``bot/store`` must never need to know which database is
underneath, so every database failure reaches them as a ``StoreError`` whose
message says what went wrong and, where it helps, what to do about it.
"""

from __future__ import annotations


class StoreError(Exception):
    """A campaign database could not do what was asked; the message is for people.

    ``detail`` is for the log and the operator (the database's path, SQLite's own words): players see
    the message only, never where the server keeps its files."""

    def __init__(self, message: str, *, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail


class CampaignChanged(StoreError):
    """A campaign record was written from a copy read before another change to it; nothing was
    written.  Read the campaign again and apply the change to the fresh copy."""
