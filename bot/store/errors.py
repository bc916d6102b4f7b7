"""The one error the store raises.

Callers outside ``bot/store`` must never need to know which database is
underneath, so every database failure reaches them as a ``StoreError`` whose
message says what went wrong and, where it helps, what to do about it.
"""

from __future__ import annotations


class StoreError(Exception):
    """A campaign database could not do what was asked; the message is for people."""


class CampaignChanged(StoreError):
    """A campaign record was written from a copy read before another change to it; nothing was
    written.  Read the campaign again and apply the change to the fresh copy."""
