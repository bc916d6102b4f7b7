"""SQLite plumbing shared by the repository modules: transactions and the
small queries several of them need."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import aiosqlite

from bot.domain.campaign import Campaign, deadline_passed, deadline_refusal
from bot.store.dialect import lock_campaign
from bot.engine.ruleset import SubmittedOrder
from bot.store.codec import CAMPAIGN_COLUMNS, campaign_values, dumps, loads
from bot.store.errors import StoreError
from bot.store.repository import JsonDict, TurnStatus


@asynccontextmanager
async def transaction(db: aiosqlite.Connection, immediate: bool) -> AsyncIterator[None]:
    """BEGIN … COMMIT, or ROLLBACK on any exception (which then propagates).

    IMMEDIATE takes the write lock up front: a deferred transaction that reads
    and then writes can fail with SQLITE_BUSY half-way when another process
    writes too.
    """
    try:
        # Inside the try: a task cancelled while awaiting its BEGIN (a command cut off at shutdown) has
        # already queued it in aiosqlite's thread, so it runs; the ROLLBACK below is queued after it and
        # closes it, where an early exit would leave the connection inside a transaction for good.
        await db.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
        yield
        await db.execute("COMMIT")
    except BaseException:
        try:
            await db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite already rolled back on its own (e.g. disk full); keep the first error
        raise


async def fetch_all(db: aiosqlite.Connection, sql: str,
                    params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
    return list(await db.execute_fetchall(sql, tuple(params)))


async def fetch_one(db: aiosqlite.Connection, sql: str,
                    params: Iterable[Any] = ()) -> aiosqlite.Row | None:
    rows = await fetch_all(db, sql, params)
    return rows[0] if rows else None


async def campaign_row(db: aiosqlite.Connection, campaign_id: int) -> aiosqlite.Row:
    row = await fetch_one(db, "SELECT * FROM campaigns WHERE id = ?", (campaign_id,))
    if row is None:
        raise StoreError(f"no campaign with id {campaign_id}")
    return row


async def state_row(db: aiosqlite.Connection, campaign_id: int) -> aiosqlite.Row:
    row = await fetch_one(db, "SELECT * FROM campaign_state WHERE campaign_id = ?",
                          (campaign_id,))
    if row is None:
        raise StoreError(f"no campaign with id {campaign_id}")
    return row


async def state_text(db: aiosqlite.Connection, campaign_id: int) -> str:
    return (await state_row(db, campaign_id))["state_json"]


async def insert_campaign(db: aiosqlite.Connection, campaign: Campaign, settings: JsonDict,
                          state: JsonDict, last_seq: int = 0) -> int:
    columns = ", ".join(CAMPAIGN_COLUMNS + ("last_seq",))
    marks = ", ".join("?" * (len(CAMPAIGN_COLUMNS) + 1))
    # RETURNING, not the cursor's lastrowid: PostgreSQL has no such thing.
    row = await fetch_one(db, f"INSERT INTO campaigns ({columns}) VALUES ({marks}) RETURNING id",
                          campaign_values(campaign) + (last_seq,))
    assert row is not None  # a one-row INSERT … RETURNING returns its row
    campaign_id = row[0]
    await db.execute(
        "INSERT INTO campaign_state (campaign_id, settings_json, state_json, updated_turn)"
        " VALUES (?, ?, ?, ?)",
        (campaign_id, dumps(settings, "settings"), dumps(state, "state"), campaign.turn))
    return campaign_id


async def next_seq(db: aiosqlite.Connection, campaign_id: int) -> int:
    row = await fetch_one(
        db, "UPDATE campaigns SET last_seq = last_seq + 1 WHERE id = ? RETURNING last_seq",
        (campaign_id,))
    if row is None:
        raise StoreError(f"no campaign with id {campaign_id}")
    return row[0]


async def require_planning_turn(db: aiosqlite.Connection, campaign_id: int, turn: int,
                                doing: str, phases: tuple[str, ...] | None = None,
                                now: datetime | None = None, step: int | None = None) -> aiosqlite.Row:
    """The turn row, if it is open for planning (and the campaign in one of ``phases``, if
    given, and its deadline not passed by ``now``, the writer's clock, if given); otherwise
    say why ``doing`` is refused.  Checked here, in the write's own transaction, so a
    player's write cannot land after a lock or the deadline that came after the caller's check."""
    await lock_campaign(db, campaign_id)
    # The campaign's fields (c_…) and the turn's row in one statement: every order write runs this,
    # and each statement is a hop to aiosqlite's thread (issue 18).
    row = await fetch_one(db, "SELECT c.name AS c_name, c.phase AS c_phase, c.turn AS c_turn, c.step AS c_step,"
                              " c.deadline AS c_deadline, t.* FROM campaigns c"
                              " LEFT JOIN turns t ON t.campaign_id = c.id AND t.turn = ? WHERE c.id = ?",
                          (turn, campaign_id))
    if row is None:
        raise StoreError(f"no campaign with id {campaign_id}")
    name, phase = row["c_name"], row["c_phase"]
    if phases is not None and phase not in phases:
        raise StoreError(f"cannot {doing}: turn {turn} of {name} is {phase} now, closed to players' orders")
    if step is not None and row["c_turn"] == turn and row["c_step"] != step:
        # A prompt or an order of a step that resolved since it was shown (issue 12).
        raise StoreError(f"cannot {doing}: step {step} of turn {turn} of {name} is closed; "
                         f"the turn is at step {row['c_step']} now")
    if now is not None and deadline_passed(row["c_deadline"], now):
        raise StoreError(f"cannot {doing}: " + deadline_refusal(name, turn, row["c_deadline"]))
    if row["status"] is None:
        raise StoreError(f"cannot {doing}: turn {turn} of campaign {campaign_id} "
                         "has not been opened")
    if row["status"] != TurnStatus.PLANNING:
        # The orders of a resolved turn are part of its audit record.
        raise StoreError(f"cannot {doing}: turn {turn} of campaign {campaign_id} is already "
                         "resolved; undo its resolution first")
    return row


async def orders_of(db: aiosqlite.Connection, campaign_id: int, turn: int,
                    faction: str | None = None, step: int = 1) -> list[SubmittedOrder]:
    return orders_from(await order_rows(db, campaign_id, turn, faction, step))


async def order_rows(db: aiosqlite.Connection, campaign_id: int, turn: int,
                     faction: str | None = None, step: int = 1) -> list[Any]:
    sql = "SELECT * FROM orders WHERE campaign_id = ? AND turn = ? AND step = ?"
    params: tuple[Any, ...] = (campaign_id, turn, step)
    if faction is not None:
        sql, params = sql + " AND faction = ?", params + (faction,)
    return await fetch_all(db, sql + " ORDER BY seq", params)


def orders_from(rows: list[Any]) -> list[SubmittedOrder]:
    """Stored order rows as orders (pure: a caller with many may run it off the event loop)."""
    return [SubmittedOrder(faction=r["faction"], unit=r["unit"], seq=r["seq"],
                           payload=loads(r["payload_json"], f"order for {r['unit']}"))
            for r in rows]
