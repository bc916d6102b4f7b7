"""Ten campaigns of 16 clans, every clan submitting an order at the same moment through four
services (four bot processes' connections or pools) on one database: every order is stored, no
call fails (no lost write, no deadlock); once on SQLite and once on PostgreSQL.  The smaller
version of bench/bench_concurrency.py, which times 50 × 16 (no timing asserted here)."""

from __future__ import annotations

from bench.bench_concurrency import PROCESSES, burst, campaign, one_order_per_clan
from bench.turn_setup import serve_generated_maps


async def test_every_order_of_ten_campaigns_of_sixteen_clans_submitted_at_once_is_stored(database):
    synth = campaign()
    assert len(one_order_per_clan(synth)) == 16
    with serve_generated_maps(synth.gamemap):
        result = await burst([database] * PROCESSES, 10)
    assert result["failures"] == [] and result["failed"] == 0
    assert result["submissions"] == result["stored"] == 160 and result["lost"] == 0
