"""Orders in SQLite: one per unit and turn, replaced by a later one, withdrawn;
changing a clan's orders takes back its "ready" mark.

A mixin of ``SqliteRepository`` (it needs ``_unit``), kept apart so the
repository module stays readable.
"""

from __future__ import annotations

from datetime import datetime

import aiosqlite

from bot.engine.ruleset import SubmittedOrder
from bot.store.codec import dumps, loads, require_dict
from bot.store.repository import JsonDict
from bot.store.sqlite_base import fetch_all, next_seq, orders_of, require_planning_turn


class OrderStore:
    """Implements the orders part of ``Repository`` (see there)."""

    async def put_order(self, campaign_id: int, turn: int, faction: str, unit: str,
                        payload: JsonDict, *, phases: tuple[str, ...] | None = None,
                        now: datetime | None = None, step: int = 1) -> SubmittedOrder:
        """Store a unit's order, replacing any earlier one; it takes a new seq.  ``phases``: the
        campaign phases the write is allowed in; ``now``: the writer's clock, refused once the
        deadline has passed (a player's).  Both are checked in the write's own transaction (a
        player's order must not land after a lock or deadline that came after the caller's check)."""
        text = dumps(require_dict(payload, "order payload"), "order payload")
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await require_planning_turn(db, campaign_id, turn, "take this order", phases, now, step)
            seq = await next_seq(db, campaign_id)
            await db.execute(
                "INSERT INTO orders (campaign_id, turn, step, unit, faction, seq, payload_json)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (campaign_id, turn, step, unit) DO UPDATE"
                " SET faction = excluded.faction, seq = excluded.seq,"
                " payload_json = excluded.payload_json",
                (campaign_id, turn, step, unit, faction, seq, text))
            await _unready(db, campaign_id, turn, [faction], step)
        return SubmittedOrder(faction=faction, unit=unit, seq=seq, payload=loads(text, "payload"))

    async def delete_order(self, campaign_id: int, turn: int, unit: str, *,
                           phases: tuple[str, ...] | None = None, now: datetime | None = None,
                           step: int = 1) -> bool:
        return await self._delete_orders(campaign_id, turn, "unit = ?", unit, phases, now, step) > 0

    async def delete_orders(self, campaign_id: int, turn: int, faction: str, *,
                            phases: tuple[str, ...] | None = None, now: datetime | None = None,
                            step: int = 1) -> int:
        return await self._delete_orders(campaign_id, turn, "faction = ?", faction, phases, now, step)

    async def _delete_orders(self, campaign_id: int, turn: int, condition: str, value: str,
                             phases: tuple[str, ...] | None, now: datetime | None, step: int) -> int:
        async with self._unit(write=True) as db:  # type: ignore[attr-defined]
            await require_planning_turn(db, campaign_id, turn, "withdraw orders", phases, now, step)
            rows = await fetch_all(
                db, f"DELETE FROM orders WHERE campaign_id = ? AND turn = ? AND step = ? AND {condition}"
                    " RETURNING faction", (campaign_id, turn, step, value))
            await _unready(db, campaign_id, turn, {r["faction"] for r in rows}, step)
        return len(rows)

    async def list_orders(self, campaign_id: int, turn: int,
                          faction: str | None = None, *, step: int = 1) -> list[SubmittedOrder]:
        """Orders of a turn's step (of one faction, if given), in submission order."""
        async with self._unit() as db:  # type: ignore[attr-defined]
            return await orders_of(db, campaign_id, turn, faction, step)

    async def put_answer(self, campaign_id: int, turn: int, step: int, faction: str, slot: str,
                         payload: JsonDict, *, phases: tuple[str, ...] | None = None,
                         now: datetime | None = None) -> SubmittedOrder | None:
        """Store a question's answer once: None (nothing written) if the question was answered
        already, in this unit of work, so two clicks at once (two processes) store one answer."""
        text = dumps(require_dict(payload, "answer"), "answer")
        try:
            async with self._unit(write=True) as db:  # type: ignore[attr-defined]
                await require_planning_turn(db, campaign_id, turn, "take this answer", phases, now, step)
                seq = await next_seq(db, campaign_id)
                cursor = await db.execute(
                    "INSERT INTO orders (campaign_id, turn, step, unit, faction, seq, payload_json)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (campaign_id, turn, step, slot, faction, seq, text))
                if cursor.rowcount != 1:
                    raise _AlreadyAnswered  # rolls the seq back with the unit
        except _AlreadyAnswered:
            return None
        return SubmittedOrder(faction=faction, unit=slot, seq=seq, payload=loads(text, "answer"))


class _AlreadyAnswered(Exception):
    pass


async def insert_answers(db: aiosqlite.Connection, campaign_id: int, turn: int, step: int,
                         answers: dict[str, tuple[str, JsonDict]]) -> None:
    """The answers standing orders give when a step opens, in the opening's own unit of work."""
    for slot, (faction, payload) in answers.items():
        seq = await next_seq(db, campaign_id)
        await db.execute("INSERT INTO orders (campaign_id, turn, step, unit, faction, seq, payload_json)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (campaign_id, turn, step, slot, faction, seq, dumps(payload, "answer")))


async def _unready(db: aiosqlite.Connection, campaign_id: int, turn: int, factions, step: int = 1) -> None:
    """A clan that changes its orders has to say again that they are complete."""
    for faction in factions:
        await db.execute("DELETE FROM turn_readiness WHERE campaign_id = ? AND turn = ? AND step = ?"
                         " AND faction = ?", (campaign_id, turn, step, faction))
