"""Crash safety: a resolution killed with SIGKILL at any of several points
inside the rules, the reports or the commit's transaction leaves the store
(an SQLite file, a PostgreSQL database) consistent — the turn either wholly open (state byte-identical to before,
every order kept) or wholly resolved (state = the resolution's after-state,
orders in the record) — and resolving again with the stored seed gives
byte-identical results to an uninterrupted resolution.

Each kill runs the real service in its own process, forked by one child
(tests/robustness/crash_child.py), on its own copy of one prepared database.  On PostgreSQL the killed process's connection drops
mid-transaction and the server rolls it back.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.scenarios import load_shipped_scenario
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.conftest import BACKENDS, in_thread

SEED = "crash-safety-seed"
ROOT = Path(__file__).resolve().parents[2]
POINTS = ["resolve:start", "resolve:after-sp1", "resolve:turn-end", "reports", "commit:begin", "commit:state",
          "commit:resolution", "commit:turn-status", "commit:campaign", "committed"]
RESULT_COLUMNS = ("before_state_json", "after_state_json", "orders_json", "seed", "dice_json", "events_json",
                  "report_json")


async def _prepare(db: str) -> None:
    """The demo campaign, turn 3 open with a deadline, every clan's orders given through the service."""
    async with await open_repository(db) as repo:
        service = CampaignService(repo, seed_factory=lambda: SEED)
        campaign = await service.create_campaign("seto-demo")
        await service.open_turn(campaign.id, deadline="in 48h")
        for faction, payloads in load_shipped_scenario("seto-demo").file.orders.items():
            for payload in payloads:
                await service.submit_order(campaign.id, faction, payload)


QUERIES = {
    "campaign": "SELECT turn, phase, deadline FROM campaigns WHERE id = 1",
    "turn": "SELECT status, seed FROM turns WHERE campaign_id = 1 AND turn = 3",
    "state": "SELECT state_json FROM campaign_state WHERE campaign_id = 1",
    "orders": "SELECT faction, unit, seq, payload_json FROM orders WHERE campaign_id = 1 ORDER BY seq",
    "resolutions": "SELECT * FROM resolutions WHERE campaign_id = 1 ORDER BY turn",
}


def snapshot(db: str) -> dict:
    """Everything the store holds for campaign 1, as stored (text, not parsed)."""
    if db.startswith("postgresql://"):
        rows, integrity = in_thread(lambda: _postgres_rows(db)), "ok"  # the server keeps its own pages whole
    else:
        rows, integrity = _sqlite_rows(db)
    return {
        "integrity": integrity,
        "campaign": dict(rows["campaign"][0]),
        "turn": dict(rows["turn"][0]),
        "state": rows["state"][0][0],
        "orders": [tuple(r) for r in rows["orders"]],
        "resolutions": [{c: r[c] for c in RESULT_COLUMNS} for r in rows["resolutions"]],
    }


def _sqlite_rows(db: str) -> tuple[dict, str]:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        return ({key: con.execute(sql).fetchall() for key, sql in QUERIES.items()},
                con.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        con.close()


async def _postgres_rows(db: str) -> dict:
    import asyncpg

    con = await asyncpg.connect(db)
    try:
        return {key: await con.fetch(sql) for key, sql in QUERIES.items()}
    finally:
        await con.close()


@pytest.fixture(scope="module", params=BACKENDS)
def killed(request, tmp_path_factory) -> dict[str, tuple[int, str]]:
    """point → (exit code, database copy), one child per point plus an uninterrupted one ("none")."""
    folder = tmp_path_factory.mktemp("crash")
    points = ["none", *POINTS]
    if request.param == "sqlite":
        setup = str(folder / "setup.db")
        asyncio.run(_prepare(setup))
        copies = {point: str(folder / f"{point.replace(':', '_')}.db") for point in points}
        for copy in copies.values():
            shutil.copy(setup, copy)
    else:
        pg = request.getfixturevalue("postgres")
        setup = pg.fresh()
        asyncio.run(_prepare(setup))
        copies = {point: pg.copy(setup) for point in points}
        request.addfinalizer(lambda: [pg.drop(db) for db in [setup, *copies.values()]])
    child = subprocess.run([sys.executable, "-m", "tests.robustness.crash_child",
                            *(f"{copy}={point}" for point, copy in copies.items())],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr[-3000:]
    codes = json.loads(child.stdout)
    assert set(codes.values()) <= {0, -9}, f"a child failed: {codes}\n{child.stderr[-3000:]}"
    return {point: (codes[point], copy) for point, copy in copies.items()} | {"setup": (0, setup)}


def test_the_uninterrupted_child_resolves_the_turn(killed):
    code, db = killed["none"]
    after = snapshot(db)
    assert code == 0
    assert after["campaign"] == {"turn": 4, "phase": "resolved", "deadline": None}
    assert len(after["resolutions"]) == 1 and after["state"] == after["resolutions"][0]["after_state_json"]


@pytest.mark.parametrize("point", POINTS)
async def test_a_killed_resolution_leaves_the_store_consistent_and_resolves_the_same(killed, point):
    code, db = killed[point]
    before, after, reference = snapshot(killed["setup"][1]), snapshot(db), snapshot(killed["none"][1])
    assert code == -9, f"the child was not killed at {point}"
    assert after["integrity"] == "ok"
    assert after["orders"] == before["orders"], "every order is kept"
    if point == "committed":  # the transaction is done: wholly resolved
        assert after["campaign"]["turn"] == 4 and after["campaign"]["phase"] == "resolved"
        assert after["turn"]["status"] == "resolved"
        assert after["resolutions"] == reference["resolutions"]
        assert after["state"] == reference["state"]
    else:  # killed before COMMIT: nothing of the resolution is left
        assert after["campaign"] == before["campaign"] and after["turn"] == before["turn"]
        assert after["resolutions"] == []
        assert after["state"] == before["state"], "the state is byte-identical to before the resolution"
    async with await open_repository(db) as repo:
        service = CampaignService(repo)
        if point == "committed":
            await service.undo_last(1)
        await service.resolve_turn(1)
    again = snapshot(db)
    assert again["resolutions"] == reference["resolutions"], "same seed, same orders: byte-identical results"
    assert again["state"] == reference["state"]
