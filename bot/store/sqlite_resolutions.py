"""Committing, reading and undoing turn resolutions in SQLite.

The caller (``SqliteRepository``) runs each public function inside one
transaction; the steps are separate functions so that a test can make one of
them fail and check that the transaction leaves nothing behind.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.domain.campaign import Phase
from bot.engine.dice import SEED_SCHEME, Roll
from bot.engine.ruleset import SubmittedOrder
from bot.store.codec import RowLike, dumps, loads
from bot.store.dialect import lock_campaign, row_lock
from bot.store.errors import StoreError
from bot.store.repository import SEED_WITHHELD, ResolutionRecord, StepOpening, TurnRecord, TurnStatus, step_kind
from bot.store.sqlite_orders import insert_answers
from bot.store.sqlite_base import (
    campaign_row,
    fetch_all,
    fetch_one,
    next_seq,
    order_rows,
    orders_from,
    require_planning_turn,
    state_text,
)


@dataclass(frozen=True)
class EncodedRecord:
    """A resolution's JSON columns as text.  At 1,000 units they are ~7 MB and take ~80 ms of CPU
    to encode (events and reports most): ``encode_record`` in a worker thread, not on the event loop."""

    after_state: str
    orders: str
    dice: str
    events: str
    report: str


def encode_record(record: ResolutionRecord) -> EncodedRecord:
    return EncodedRecord(after_state=dumps(record.after_state, "after-state"),
                         orders=dumps([o.model_dump(mode="json") for o in record.orders], "orders"),
                         dice=dumps([r.model_dump(mode="json") for r in record.dice], "dice log"),
                         events=dumps_in_pieces(record.events, "events"),
                         report=dumps_in_pieces(record.report, "report"))


PIECE = 256  # list items (events) encoded per call


def dumps_in_pieces(value: Any, what: str) -> str:
    """``dumps(value)``, the same text, made a piece at a time: json's encoder holds the GIL for the
    whole of one call, and one call over a 1,000-unit turn's events (~2 MB, ~20 ms) stalled the event
    loop though it ran in a worker thread (issue 18).  A list by runs of items, a dict of str keys
    by entries (a report: one text per audience); anything else in one call."""
    if isinstance(value, list) and len(value) > PIECE:
        return "[" + ",".join(dumps(value[i:i + PIECE], what)[1:-1] for i in range(0, len(value), PIECE)) + "]"
    if isinstance(value, dict) and len(value) > 1 and all(isinstance(k, str) for k in value):
        return "{" + ",".join(dumps({k: v}, what)[1:-1] for k, v in value.items()) + "}"
    return dumps(value, what)


async def commit(db: aiosqlite.Connection, record: ResolutionRecord, posts_claimed_at: str | None = None,
                 claimed_by: str | None = None, posts_lease_until: str | None = None,
                 next_step: StepOpening | None = None, encoded: EncodedRecord | None = None) -> ResolutionRecord:
    """``encoded``: the record's texts, encoded by the caller before the transaction (else here)."""
    cid, turn = record.campaign_id, record.turn
    encoded = encoded or encode_record(record)
    await lock_campaign(db, cid)  # of two processes resolving the turn at once, the second sees it resolved
    before_text = await check_committable(db, record)
    await take_resolve_claim(db, cid, turn, claimed_by, record.step)
    seq = await next_seq(db, cid)
    await replace_state(db, cid, encoded.after_state, turn if next_step else turn + 1)
    await insert_resolution(db, record, before_text, seq, encoded)
    # Not posted yet: whoever commits posts next (claimed), or the scheduler will (unclaimed).
    await db.execute("INSERT INTO resolution_posts (campaign_id, turn, created_seq, claimed_at, claimed_by,"
                     " lease_until) VALUES (?, ?, ?, ?, ?, ?)",
                     (cid, turn, seq, posts_claimed_at, claimed_by if posts_claimed_at else None,
                      posts_lease_until if posts_claimed_at else None))
    if next_step is not None:  # the turn goes on: its next step opens with this commit (issue 12)
        await open_step(db, cid, turn, next_step)
    else:
        await set_turn_status(db, cid, turn, TurnStatus.RESOLVED)
        await set_campaign_turn(db, cid, turn + 1, Phase.RESOLVED)
    return record.model_copy(update={"created_seq": seq})


async def open_step(db: aiosqlite.Connection, campaign_id: int, turn: int, opening: StepOpening) -> None:
    """Record the step, make it the campaign's open one (planning, its deadline) and store the
    answers standing orders give, in the caller's unit of work."""
    await db.execute("INSERT INTO turn_steps (campaign_id, turn, step, spec_json, opened_at, deadline)"
                     " VALUES (?, ?, ?, ?, ?, ?)", (campaign_id, turn, opening.step, dumps(opening.spec, "step"),
                                                    opening.opened_at, opening.deadline))
    await db.execute("UPDATE campaigns SET step = ?, phase = ?, deadline = ?, version = version + 1 WHERE id = ?",
                     (opening.step, Phase.PLANNING.value, opening.deadline, campaign_id))
    await insert_answers(db, campaign_id, turn, opening.step, opening.answers)


async def check_committable(db: aiosqlite.Connection, record: ResolutionRecord) -> str:
    """Refuse a resolution computed from inputs that are no longer current;
    return the exact stored text of the before-state (what undo restores)."""
    cid, turn = record.campaign_id, record.turn
    campaign = await campaign_row(db, cid)
    if campaign["turn"] != turn:
        raise StoreError(f"cannot commit turn {turn} of campaign {cid}: "
                         f"the campaign is at turn {campaign['turn']}")
    if campaign["step"] != record.step:
        raise StoreError(f"cannot commit step {record.step} of turn {turn} of campaign {cid}: "
                         f"the turn is at step {campaign['step']}")
    turn_row = await require_planning_turn(db, cid, turn, f"commit turn {turn}")
    opened = TurnRecord.model_validate(dict(turn_row))
    withheld = opened.dice_scheme == SEED_SCHEME and record.seed == SEED_WITHHELD  # not the last step
    if opened.revealed() != record.seed and not withheld:
        raise StoreError(f"cannot commit turn {turn} of campaign {cid}: it was resolved "
                         "with a seed other than the one committed when the turn opened")
    before_text = await state_text(db, cid)
    # As JSON values, not text: key order and spacing of the stored text do not matter, and the
    # caller gives the state as it read it from the store (not as its model would write it).
    if await asyncio.to_thread(_differs, before_text, record.before_state):  # ~4 ms at 1,000 units: off the loop
        raise StoreError(f"cannot commit turn {turn} of campaign {cid}: the state changed "
                         "while the turn was being resolved; resolve it again")
    # Off the loop too: at 1,000 units, reading back ~1,500 orders and comparing them took ~40 ms (issue 18).
    rows = await order_rows(db, cid, turn, step=record.step)
    if await asyncio.to_thread(_orders_differ, rows, record.orders):
        raise StoreError(f"cannot commit turn {turn} of campaign {cid}: its orders changed "
                         "while the turn was being resolved; resolve it again")
    return before_text


def _differs(stored_text: str, state: dict[str, Any]) -> bool:
    return loads(stored_text, "state") != state


def _orders_differ(rows: list[Any], orders: list[SubmittedOrder]) -> bool:
    return orders_from(rows) != sorted(orders, key=lambda o: o.seq)


RESOLVE = "resolve"  # the work claim of resolving a turn (bot/services/leases.py)


async def take_resolve_claim(db: aiosqlite.Connection, campaign_id: int, turn: int, claimed_by: str | None,
                             step: int = 1) -> None:
    """The conditional commit: refused if another boot holds the turn's "resolve" claim (this one's
    lease ended and it took the work over; it commits instead).  The claim goes with the commit: the
    resolution is the record that the work is done."""
    row = await fetch_one(db, "SELECT claimed_by FROM work_claims WHERE campaign_id = ? AND turn = ? AND kind = ?"
                              f" AND done_at IS NULL{row_lock(db)}", (campaign_id, turn, step_kind(RESOLVE, step)))
    if row is not None and row["claimed_by"] != claimed_by:
        raise StoreError(f"cannot commit turn {turn} of campaign {campaign_id}: another bot process took over "
                         "resolving it (this one held it past its lease); it commits the turn instead")
    await db.execute("DELETE FROM work_claims WHERE campaign_id = ? AND turn = ? AND kind = ?",
                     (campaign_id, turn, step_kind(RESOLVE, step)))


async def replace_state(db: aiosqlite.Connection, campaign_id: int, text: str,
                        turn: int) -> None:
    await db.execute("UPDATE campaign_state SET state_json = ?, updated_turn = ?"
                     " WHERE campaign_id = ?", (text, turn, campaign_id))


async def insert_resolution(db: aiosqlite.Connection, record: ResolutionRecord,
                            before_text: str, seq: int, encoded: EncodedRecord | None = None) -> None:
    encoded = encoded or encode_record(record)
    await db.execute(
        "INSERT INTO resolutions (campaign_id, turn, step, before_state_json, after_state_json,"
        " orders_json, seed, dice_json, events_json, report_json, created_seq)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (record.campaign_id, record.turn, record.step, before_text, encoded.after_state, encoded.orders,
         record.seed, encoded.dice, encoded.events, encoded.report, seq))


async def set_turn_status(db: aiosqlite.Connection, campaign_id: int, turn: int,
                          status: TurnStatus) -> None:
    await db.execute("UPDATE turns SET status = ? WHERE campaign_id = ? AND turn = ?",
                     (status.value, campaign_id, turn))


async def set_campaign_turn(db: aiosqlite.Connection, campaign_id: int, turn: int,
                            phase: Phase, step: int = 1) -> None:
    # A deadline belongs to one planning phase; clearing it here, in the resolution's (or the
    # undo's) own transaction, means a crash can never leave a resolved turn with a deadline.
    await db.execute("UPDATE campaigns SET turn = ?, step = ?, phase = ?, deadline = NULL, version = version + 1"
                     " WHERE id = ?", (turn, step, phase.value, campaign_id))


async def undo_last(db: aiosqlite.Connection, campaign_id: int) -> int:
    await lock_campaign(db, campaign_id)
    campaign = await campaign_row(db, campaign_id)
    row = await fetch_one(db, "SELECT turn, step, before_state_json FROM resolutions"
                              " WHERE campaign_id = ? ORDER BY turn DESC, step DESC LIMIT 1",
                          (campaign_id,))
    if row is None:
        raise StoreError(f"nothing to undo: campaign {campaign_id} has no resolved turn")
    turn, step = row["turn"], row["step"]
    ended_turn = campaign["phase"] == Phase.RESOLVED.value and campaign["turn"] == turn + 1
    if not ended_turn and (campaign["turn"], campaign["step"]) != (turn, step + 1):
        # The next turn is open: its commitment is published and orders may be in; undoing
        # under it would leave that turn's row behind and the campaign unable to open it.
        raise StoreError(f"turn {campaign['turn']} is already open, so the resolution of turn {turn} can no "
                         f"longer be undone; correct the state with a moderator edit instead")
    # The stored text is copied as is, so the restored state is byte-identical.
    await replace_state(db, campaign_id, row["before_state_json"], turn)
    await set_turn_status(db, campaign_id, turn, TurnStatus.PLANNING)
    # The steps opened after the undone one go, with their answers and orders (issue 12): the
    # corrected resolution decides again what opens next.
    for table in ("orders", "turn_readiness", "turn_steps"):
        await db.execute(f"DELETE FROM {table} WHERE campaign_id = ? AND turn = ? AND step > ?",
                         (campaign_id, turn, step))
    # Correction at once, in this transaction: the report revealed the seed, so players must
    # never get a moment to change orders (docs/decisions.md, undo).
    await set_campaign_turn(db, campaign_id, turn, Phase.CORRECTION, step)
    # Kept: a corrected resolution is compared with what the players read (/turn redo).
    await db.execute(f"INSERT INTO undone_resolutions ({_COLUMNS}) SELECT {_COLUMNS} FROM resolutions"
                     " WHERE campaign_id = ? AND turn = ? AND step = ?", (campaign_id, turn, step))
    await db.execute("DELETE FROM resolutions WHERE campaign_id = ? AND turn = ? AND step = ?",
                     (campaign_id, turn, step))
    return turn


_COLUMNS = ("campaign_id, turn, step, before_state_json, after_state_json, orders_json, seed, dice_json,"
            " events_json, report_json, created_seq")


async def fetch(db: aiosqlite.Connection, campaign_id: int,
                turn: int | None, step: int = 1) -> ResolutionRecord | None:
    """The resolution of ``turn``'s ``step``, or the latest one when ``turn`` is None."""
    if turn is None:
        row = await fetch_one(db, "SELECT * FROM resolutions WHERE campaign_id = ?"
                                  " ORDER BY turn DESC, step DESC LIMIT 1", (campaign_id,))
    else:
        row = await fetch_one(db, "SELECT * FROM resolutions WHERE campaign_id = ?"
                                  " AND turn = ? AND step = ?", (campaign_id, turn, step))
    return None if row is None else record_from_row(row)


async def of_turn(db: aiosqlite.Connection, campaign_id: int, turn: int) -> list[ResolutionRecord]:
    rows = await fetch_all(db, "SELECT * FROM resolutions WHERE campaign_id = ? AND turn = ? ORDER BY step",
                           (campaign_id, turn))
    return [record_from_row(r) for r in rows]


async def fetch_reports(db: aiosqlite.Connection, campaign_id: int, turn: int | None) -> aiosqlite.Row | None:
    """(turn, report_json) of the resolution of ``turn`` (its first step: the turn's report), or of the
    latest one when ``turn`` is None."""
    if turn is None:
        return await fetch_one(db, "SELECT turn, report_json FROM resolutions WHERE campaign_id = ?"
                                   " ORDER BY turn DESC, step DESC LIMIT 1", (campaign_id,))
    return await fetch_one(db, "SELECT turn, report_json FROM resolutions WHERE campaign_id = ? AND turn = ?"
                               " ORDER BY step LIMIT 1", (campaign_id, turn))


def record_from_row(row: RowLike) -> ResolutionRecord:
    where = f"resolution of turn {row['turn']} of campaign {row['campaign_id']}"

    def load(column: str) -> Any:
        return loads(row[column], f"{column} of the {where}")

    return ResolutionRecord(
        campaign_id=row["campaign_id"], turn=row["turn"], step=row["step"], seed=row["seed"],
        before_state=load("before_state_json"), after_state=load("after_state_json"),
        orders=[SubmittedOrder.model_validate(o) for o in load("orders_json")],
        dice=[Roll.model_validate(r) for r in load("dice_json")],
        events=load("events_json"), report=load("report_json"),
        created_seq=row["created_seq"])
