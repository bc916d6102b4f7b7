"""Leases on work that one of several bot processes must do once (migration 0021): resolving a
turn, posting a reminder or a deadline notice.

A claim is a row naming its holder and when its lease ends.  Taking it is one unit of work: a
new row is inserted (two processes inserting at once: the second finds the first's row), or a
row whose lease has ended is taken over, locked with ``FOR UPDATE … SKIP LOCKED`` so that of two
processes taking it over at once one gets it and the other skips it (docs/decisions.md,
exactly-once work).  A mixin of ``SqliteRepository`` (it needs ``_unit``); the same SQL serves
PostgreSQL (``bot/store/dialect.py``).
"""

from __future__ import annotations

from collections.abc import Collection

from bot.store.dialect import claim_lock
from bot.store.repository import WorkClaim
from bot.store.sqlite_base import fetch_all, fetch_one

_KEY = "campaign_id = ? AND turn = ? AND kind = ?"


class WorkClaimStore:
    """Implements the work-claim part of ``Repository`` (see there)."""

    async def claim_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str, now: str,
                         lease_until: str, dead: Collection[str] = ()) -> bool:
        """Take the work for ``claimed_by`` until ``lease_until``: True if it was free, its lease
        over (at ``now``), held by a boot of ``dead`` (known gone) or already this boot's; False if
        another boot holds it or it is done."""
        key = (campaign_id, turn, kind)
        dead = [d for d in dead if d]
        held_by_dead = f" OR claimed_by IN ({', '.join('?' * len(dead))})" if dead else ""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute(
                "INSERT INTO work_claims (campaign_id, turn, kind, claimed_by, lease_until) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING", (*key, claimed_by, lease_until))
            if cursor.rowcount == 1:
                return True
            taken = await fetch_all(
                db, f"SELECT claimed_by FROM work_claims w WHERE {_KEY} AND done_at IS NULL"
                    f" AND (lease_until < ? OR claimed_by = ?{held_by_dead}){claim_lock(db, 'w')}",
                (*key, now, claimed_by, *dead))
            if not taken:
                return False
            await db.execute(f"UPDATE work_claims SET claimed_by = ?, lease_until = ? WHERE {_KEY}",
                             (claimed_by, lease_until, *key))
        return True

    async def renew_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str, lease_until: str) -> bool:
        """Move the lease's end on; False if the claim is no longer ``claimed_by``'s (taken over, done)."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute(
                f"UPDATE work_claims SET lease_until = ? WHERE {_KEY} AND claimed_by = ? AND done_at IS NULL",
                (lease_until, campaign_id, turn, kind, claimed_by))
        return cursor.rowcount == 1

    async def finish_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str, done_at: str) -> bool:
        """The work is done: never claimed again.  False if the claim was no longer ``claimed_by``'s."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute(
                f"UPDATE work_claims SET done_at = ? WHERE {_KEY} AND claimed_by = ? AND done_at IS NULL",
                (done_at, campaign_id, turn, kind, claimed_by))
        return cursor.rowcount == 1

    async def release_work(self, campaign_id: int, turn: int, kind: str, claimed_by: str) -> None:
        """Give the work up undone (it failed, or there was nothing to do): free for anyone at once."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await db.execute(f"DELETE FROM work_claims WHERE {_KEY} AND claimed_by = ? AND done_at IS NULL",
                             (campaign_id, turn, kind, claimed_by))

    async def work_claim(self, campaign_id: int, turn: int, kind: str) -> WorkClaim | None:
        async with self._unit() as db:  # type: ignore[attr-defined]
            row = await fetch_one(db, f"SELECT * FROM work_claims WHERE {_KEY}", (campaign_id, turn, kind))
        return None if row is None else WorkClaim.model_validate(dict(row))
