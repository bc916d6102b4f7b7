"""Committing a large turn keeps the event loop free (issue 18): at 1,000 units the record is ~7 MB
of JSON and ~1,500 orders are read back to check they did not change."""

from __future__ import annotations

import threading

from bot.store import sqlite_base, sqlite_resolutions
from bot.store.codec import dumps
from bot.store.sqlite_resolutions import PIECE, dumps_in_pieces

from .conftest import resolution_for


async def test_the_orders_read_back_at_commit_are_parsed_and_compared_off_the_loop(repo, campaign, monkeypatch):
    """Before, the ~1,500 orders of a large turn were parsed and compared on the loop (~40 ms)."""
    for i in range(20):
        await repo.put_order(campaign.id, 1, "mori", f"unit-{i}", {"mission": "patrol"})
    orders = await repo.list_orders(campaign.id, 1)
    record = resolution_for(campaign.id, 1, (await repo.load_state(campaign.id)).state, orders)
    parsed_on: set[int] = set()
    real_loads = sqlite_base.loads

    def loads(text, what):
        if what.startswith("order for"):
            parsed_on.add(threading.get_ident())
        return real_loads(text, what)

    monkeypatch.setattr(sqlite_base, "loads", loads)
    await repo.commit_resolution(record)
    assert parsed_on and threading.get_ident() not in parsed_on


async def test_a_large_record_is_encoded_in_pieces_as_the_same_text(repo, campaign, monkeypatch):
    """json's encoder holds the GIL for the whole of a call: one call over a large turn's events
    (~2 MB) stalled the event loop ~20 ms though it ran in a worker thread.  The stored text is the
    same as one call makes."""
    events = [{"type": "moved", "unit": f"u{i}", "to": "Aki", "note": "厳島 \"→\"\n"} for i in range(3 * PIECE + 7)]
    record = resolution_for(campaign.id, 1, (await repo.load_state(campaign.id)).state, [])
    record = record.model_copy(update={"events": events, "report": {"public": "Zeta", "moderators": "Все"}})
    longest: list[int] = []
    real_dumps = sqlite_resolutions.dumps

    def counted(value, what):
        if what == "events":
            longest.append(len(value))
        return real_dumps(value, what)

    monkeypatch.setattr(sqlite_resolutions, "dumps", counted)
    await repo.commit_resolution(record)
    assert max(longest) == PIECE
    assert (await repo.last_resolution(campaign.id)).events == events


def test_dumps_in_pieces_is_dumps():
    values = [[], [1], list(range(2 * PIECE + 1)), {}, {"a": 1}, {"a": [1.5, None], "b": {"c": "ё"}},
              {1: "x", "y": 2}, [{"k": float("1e16")}] * (PIECE + 1), "text", 3]
    for value in values:
        assert dumps_in_pieces(value, "x") == dumps(value, "x")
