"""The turn lifecycle's records in SQLite: readiness per clan, reminders sent,
resolutions that were undone, and installation facts (``bot_meta``).

A mixin of ``SqliteRepository`` (it needs ``_unit``), kept apart so the
repository module stays readable.
"""

from __future__ import annotations

from bot.domain.campaign import Campaign
from bot.store.codec import campaign_from_row
from bot.store.repository import ResolutionRecord
from bot.store.sqlite_base import fetch_all, fetch_one, require_planning_turn
from bot.store.sqlite_resolutions import record_from_row


class TurnLifecycleStore:
    """Implements the turn-lifecycle part of ``Repository`` (see there)."""

    async def list_campaigns(self) -> list[Campaign]:
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT * FROM campaigns ORDER BY id")
        return [campaign_from_row(r) for r in rows]

    async def set_ready(self, campaign_id: int, turn: int, faction: str, ready_at: str | None) -> None:
        """Mark (``ready_at`` an ISO time) or unmark (``None``) a clan's orders as complete."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await require_planning_turn(db, campaign_id, turn, "mark orders as ready")
            if ready_at is None:
                await db.execute("DELETE FROM turn_readiness WHERE campaign_id = ? AND turn = ? AND faction = ?",
                                 (campaign_id, turn, faction))
            else:
                await db.execute("INSERT INTO turn_readiness (campaign_id, turn, faction, ready_at)"
                                 " VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET ready_at = excluded.ready_at",
                                 (campaign_id, turn, faction, ready_at))

    async def ready_factions(self, campaign_id: int, turn: int) -> dict[str, str]:
        """Clan id → when it marked its orders ready, for the clans that did."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT faction, ready_at FROM turn_readiness"
                                       " WHERE campaign_id = ? AND turn = ? ORDER BY faction", (campaign_id, turn))
        return {r["faction"]: r["ready_at"] for r in rows}

    async def claim_reminder(self, campaign_id: int, turn: int, deadline: str, kind: str) -> bool:
        """Record that reminder ``kind`` for this deadline is being sent; False if it already was.
        The insert is the claim, so two processes cannot both send it."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute(
                "INSERT OR IGNORE INTO turn_reminders (campaign_id, turn, deadline, kind) VALUES (?, ?, ?, ?)",
                (campaign_id, turn, deadline, kind))
        return cursor.rowcount == 1

    async def undone_resolutions(self, campaign_id: int, turn: int) -> list[ResolutionRecord]:
        """The resolutions of ``turn`` that were undone, oldest first."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT * FROM undone_resolutions WHERE campaign_id = ? AND turn = ?"
                                       " ORDER BY id", (campaign_id, turn))
        return [record_from_row(r) for r in rows]

    async def get_meta(self, key: str) -> str | None:
        async with self._unit() as db:  # type: ignore[attr-defined]
            row = await fetch_one(db, "SELECT value FROM bot_meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await db.execute("INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                             " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))
