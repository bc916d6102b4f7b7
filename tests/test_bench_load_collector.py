"""bench/bench_load.py measures the event loop of a process tuned as the bot is (issue 18): with the
default collector thresholds its own gen 2 collections over the synthetic campaigns were its worst
stalls (50–123 ms), which the bot, whose start-up tunes and freezes (bot/discord_app.py), never has."""

from __future__ import annotations

import gc
import sys

import bench.bench_load as bench_load
from bot.runtime import GC_THRESHOLDS, SWITCH_INTERVAL_S


def test_the_load_bench_runs_with_the_bots_collector_and_switch_interval(monkeypatch, capsys):
    seen: dict[str, object] = {}

    async def measured() -> dict:
        seen["threshold"], seen["switch"] = gc.get_threshold(), sys.getswitchinterval()
        return {}

    monkeypatch.setattr(bench_load, "run", measured)
    before, switch = gc.get_threshold(), sys.getswitchinterval()
    try:
        assert bench_load.main(["--json"]) == 0
    finally:
        gc.set_threshold(*before)
        sys.setswitchinterval(switch)
    assert seen == {"threshold": GC_THRESHOLDS, "switch": SWITCH_INTERVAL_S}
