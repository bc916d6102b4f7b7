"""The turn lifecycle's records in SQLite: phase changes, readiness per clan,
reminders sent, resolutions that were undone, whether each resolution's posts
went out, and installation facts (``bot_meta``).

A mixin of ``SqliteRepository`` (it needs ``_unit``), kept apart so the
repository module stays readable.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from datetime import datetime

from bot.domain.campaign import Campaign, Phase
from bot.store import sqlite_audit
from bot.store.codec import campaign_from_row, loads
from bot.store.dialect import claim_lock, lock_campaign
from bot.store.errors import StoreError
from bot.store.repository import AuditEntry, ResolutionRecord, UndoneReport
from bot.store.sqlite_base import campaign_row, fetch_all, fetch_one, next_seq, require_planning_turn
from bot.store.sqlite_resolutions import record_from_row


class TurnLifecycleStore:
    """Implements the turn-lifecycle part of ``Repository`` (see there)."""

    async def list_campaigns(self) -> list[Campaign]:
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT * FROM campaigns ORDER BY id")
        return [campaign_from_row(r) for r in rows]

    async def set_phase(self, campaign_id: int, turn: int, was: Phase, now: Phase) -> None:
        """Move the phase from ``was`` to ``now``, only if the campaign is still at ``turn`` in
        ``was``: of two changes made at once (a lock and a resolution …) the second is refused."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute("UPDATE campaigns SET phase = ?, version = version + 1"
                                      " WHERE id = ? AND turn = ? AND phase = ?",
                                      (now.value, campaign_id, turn, was.value))
            if cursor.rowcount == 0:
                row = await campaign_row(db, campaign_id)
                raise StoreError(f"campaign {campaign_id} is at turn {row['turn']}, {row['phase']}, no longer at "
                                 f"turn {turn}, {was.value}: it changed meanwhile; reload and try again")

    async def set_ready(self, campaign_id: int, turn: int, faction: str, ready_at: str | None, *,
                        now: datetime | None = None, step: int = 1) -> None:
        """Mark (``ready_at`` an ISO time) or unmark (``None``) a clan's orders of the step as complete;
        refused once the deadline is passed by ``now`` (the writer's clock), if given."""
        key = (campaign_id, turn, step, faction)
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await require_planning_turn(db, campaign_id, turn, "mark orders as ready", now=now, step=step)
            if ready_at is None:
                await db.execute("DELETE FROM turn_readiness WHERE campaign_id = ? AND turn = ? AND step = ?"
                                 " AND faction = ?", key)
            else:
                await db.execute("INSERT INTO turn_readiness (campaign_id, turn, step, faction, ready_at)"
                                 " VALUES (?, ?, ?, ?, ?) ON CONFLICT (campaign_id, turn, step, faction)"
                                 " DO UPDATE SET ready_at = excluded.ready_at", (*key, ready_at))

    async def ready_factions(self, campaign_id: int, turn: int, *, step: int = 1) -> dict[str, str]:
        """Clan id → when it marked its orders ready, for the clans that did."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT faction, ready_at FROM turn_readiness WHERE campaign_id = ?"
                                       " AND turn = ? AND step = ? ORDER BY faction", (campaign_id, turn, step))
        return {r["faction"]: r["ready_at"] for r in rows}

    async def claim_reminder(self, campaign_id: int, turn: int, deadline: str, kind: str) -> bool:
        """Record that reminder ``kind`` for this deadline is being sent; False if it already was.
        The insert is the claim, so two processes cannot both send it."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute(
                "INSERT INTO turn_reminders (campaign_id, turn, deadline, kind) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (campaign_id, turn, deadline, kind))
        return cursor.rowcount == 1

    async def undone_resolutions(self, campaign_id: int, turn: int, step: int = 1) -> list[ResolutionRecord]:
        """The resolutions of the turn's step that were undone, oldest first."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT * FROM undone_resolutions WHERE campaign_id = ? AND turn = ?"
                                       " AND step = ? ORDER BY id", (campaign_id, turn, step))
        return [record_from_row(r) for r in rows]

    async def last_undone_report(self, campaign_id: int, turn: int, step: int = 1) -> UndoneReport | None:
        """The reports and after-state of the last undone resolution of ``turn``: one row, two
        columns (the 8th redo of a large turn used to load all eight records in full), its JSON
        read off the event loop."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            row = await fetch_one(db, "SELECT turn, campaign_id, report_json, after_state_json FROM"
                                      " undone_resolutions WHERE campaign_id = ? AND turn = ? AND step = ?"
                                      " ORDER BY id DESC LIMIT 1", (campaign_id, turn, step))
        return None if row is None else await asyncio.to_thread(_undone_report, dict(row))

    async def get_meta(self, key: str) -> str | None:
        async with self._unit() as db:  # type: ignore[attr-defined]
            row = await fetch_one(db, "SELECT value FROM bot_meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await db.execute("INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                             " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    # Whether each resolution's reports went out (0004_resolution_posts.sql), message by message
    # and by whom (0005_post_ledger.sql)

    async def claim_unposted_resolutions(self, claimed_at: str, stale_before: str, claimed_by: str | None = None,
                                         dead: Collection[str] = (),
                                         lease_until: str | None = None) -> list[ResolutionRecord]:
        """Claim for ``claimed_by`` until ``lease_until``, for posting, every standing resolution whose
        posts are neither done nor skipped, and whose lease has ended by ``claimed_at`` (not renewed: its
        process stopped, on whatever host), whose claim without a lease end (made before 0021) is older
        than ``stale_before``, or held by a boot of ``dead`` (known gone: taken over at once); oldest first."""
        dead = [d for d in dead if d]
        held_by_dead = f" OR p.claimed_by IN ({', '.join('?' * len(dead))})" if dead else ""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            rows = await fetch_all(
                db, "SELECT r.* FROM resolutions r JOIN resolution_posts p ON p.campaign_id = r.campaign_id"
                    " AND p.turn = r.turn AND p.created_seq = r.created_seq WHERE p.posted_at IS NULL"
                    " AND p.skipped_at IS NULL AND (p.claimed_at IS NULL OR p.lease_until < ?"
                    f" OR (p.lease_until IS NULL AND p.claimed_at < ?){held_by_dead})"
                    f" ORDER BY r.campaign_id, r.turn, r.step{claim_lock(db, 'p')}", (claimed_at, stale_before, *dead))
            for row in rows:
                await db.execute("UPDATE resolution_posts SET claimed_at = ?, claimed_by = ?, lease_until = ?"
                                 " WHERE campaign_id = ? AND turn = ? AND created_seq = ?",
                                 (claimed_at, claimed_by, lease_until, row["campaign_id"], row["turn"],
                                  row["created_seq"]))
        return [record_from_row(r) for r in rows]

    async def post_claimants(self) -> set[str]:
        """The boots holding a claim on posts not done yet (to tell the dead ones)."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT DISTINCT claimed_by FROM resolution_posts WHERE posted_at IS NULL"
                                       " AND skipped_at IS NULL AND claimed_by IS NOT NULL")
        return {r["claimed_by"] for r in rows}

    async def renew_resolution_claim(self, campaign_id: int, turn: int, created_seq: int, claimed_by: str,
                                     claimed_at: str, lease_until: str | None = None) -> bool:
        """Keep ``claimed_by``'s claim fresh while it posts (its lease now ending at ``lease_until``);
        False if the claim is no longer its own (another boot took it over, or the posts were skipped or done)."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            cursor = await db.execute(
                "UPDATE resolution_posts SET claimed_at = ?, lease_until = ? WHERE campaign_id = ? AND turn = ?"
                " AND created_seq = ? AND claimed_by = ? AND posted_at IS NULL AND skipped_at IS NULL",
                (claimed_at, lease_until, campaign_id, turn, created_seq, claimed_by))
        return cursor.rowcount == 1

    async def mark_resolution_posted(self, campaign_id: int, turn: int, created_seq: int, posted_at: str) -> None:
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await db.execute("UPDATE resolution_posts SET posted_at = ? WHERE campaign_id = ? AND turn = ?"
                             " AND created_seq = ?", (posted_at, campaign_id, turn, created_seq))

    async def delivered_messages(self, campaign_id: int, turn: int, created_seq: int) -> set[tuple[str, int]]:
        """(post key, part) of every message of a resolution's posts that Discord confirmed."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            rows = await fetch_all(db, "SELECT post_key, part FROM resolution_messages WHERE campaign_id = ?"
                                       " AND turn = ? AND created_seq = ?", (campaign_id, turn, created_seq))
        return {(r["post_key"], r["part"]) for r in rows}

    async def mark_message_delivered(self, campaign_id: int, turn: int, created_seq: int, post_key: str, part: int,
                                     channel_id: int, message_id: int | None, delivered_at: str) -> None:
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await db.execute("INSERT INTO resolution_messages (campaign_id, turn, created_seq, post_key,"
                             " part, channel_id, message_id, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                             " ON CONFLICT DO NOTHING",
                             (campaign_id, turn, created_seq, post_key, part, channel_id, message_id,
                              delivered_at))

    async def unposted_resolution(self, campaign_id: int) -> tuple[ResolutionRecord, str | None] | None:
        """The campaign's standing resolution whose posts are neither done nor skipped, with the boot
        that holds their claim; None when every post is out (or given up)."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            row = await fetch_one(
                db, "SELECT r.*, p.claimed_by AS posts_claimed_by FROM resolutions r JOIN resolution_posts p"
                    " ON p.campaign_id = r.campaign_id AND p.turn = r.turn AND p.created_seq = r.created_seq"
                    " WHERE r.campaign_id = ? AND p.posted_at IS NULL AND p.skipped_at IS NULL"
                    " ORDER BY r.turn DESC, r.step DESC LIMIT 1", (campaign_id,))
        return None if row is None else (record_from_row(row), row["posts_claimed_by"])

    async def skip_unposted(self, campaign_id: int, turn: int, created_seq: int, skipped_at: str,
                            entry: AuditEntry) -> bool:
        """A moderator gives up the posts still missing; recorded with its audit entry, in one unit.
        False (and nothing written) if they were out or skipped already."""
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await lock_campaign(db, campaign_id)  # before the posts' row: the order every writer takes them in
            cursor = await db.execute(
                "UPDATE resolution_posts SET skipped_at = ? WHERE campaign_id = ? AND turn = ? AND created_seq = ?"
                " AND posted_at IS NULL AND skipped_at IS NULL", (skipped_at, campaign_id, turn, created_seq))
            if cursor.rowcount != 1:
                return False
            await sqlite_audit.insert(db, entry.model_copy(update={"campaign_id": campaign_id,
                                                                   "seq": await next_seq(db, campaign_id)}))
        return True


def _undone_report(row: dict) -> UndoneReport:
    where = f"undone resolution of turn {row['turn']} of campaign {row['campaign_id']}"
    return UndoneReport(report=loads(row["report_json"], f"report of the {where}"),
                        after_state=loads(row["after_state_json"], f"after-state of the {where}"))
