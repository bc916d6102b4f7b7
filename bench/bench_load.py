"""Benchmark: the event loop under load.  While the L campaign's turn resolves
and its public map and one clan's map render (through the real
CampaignService, as /turn resolve does), 100 order submissions arrive through
``CampaignService.submit_order`` for four other campaigns on the same SQLite
file: five bursts of 20 concurrent submissions, 1.5 s apart.  Measured: each
submission's latency (p50, p99, max), the longest stall of the event loop
(gaps between 5 ms ticks), and the same submissions with nothing else running.
The process hands the GIL over and tunes its collector as the bot does (``bot.runtime``:
``favour_event_loop``, ``tune_collector``, and ``freeze_loaded`` once set up, as the bot's start-up
freezes what it loaded): with the default thresholds the bench's own gen 2 collections, over its
synthetic campaigns, were its worst stalls (50–123 ms), which the bot never has.
``FLEETWRIGHT_WORKERS`` > 0: the turn's heavy work runs in the bot's worker pool
(bench/workers_mode.py); 0, or before bot/workers.py exists: in threads of this process.

    PYTHONPATH=. python bench/bench_load.py [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synth_campaign import campaign  # noqa: E402
from bench.turn_setup import serve_generated_maps, store_campaign  # noqa: E402
from bench.workers_mode import pool_for_bench  # noqa: E402
from bot.domain.viewer import Viewer  # noqa: E402
from bot.runtime import favour_event_loop, freeze_loaded, tune_collector  # noqa: E402
from bot.services.campaigns import CampaignService  # noqa: E402
from bot.store import open_repository  # noqa: E402

BURSTS, PER_BURST, GAP_S = 5, 20, 1.5


class StallWatch:
    """The longest gap beyond 5 ms between ticks of the event loop."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task | None = None

    async def _tick(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            self.worst = max(self.worst, now - last - 0.005)
            last = now

    def __enter__(self) -> "StallWatch":
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


async def submissions(service: CampaignService, targets: list[int], small) -> list[float]:
    """BURSTS bursts of PER_BURST concurrent submissions; each one's latency in seconds."""
    payloads = [o for o in small.orders if "#" not in o.unit]

    async def one(n: int) -> float:
        order = payloads[n % len(payloads)]
        start = time.perf_counter()
        await service.submit_order(targets[n % len(targets)], order.faction, order.payload)
        return time.perf_counter() - start

    latencies: list[float] = []
    for burst in range(BURSTS):
        started = time.perf_counter()
        latencies += await asyncio.gather(*(one(burst * PER_BURST + k) for k in range(PER_BURST)))
        await asyncio.sleep(max(0.0, GAP_S - (time.perf_counter() - started)))
    return latencies


async def big_turn(service: CampaignService, campaign_id: int, faction: str) -> tuple[float, bool]:
    """The L turn resolved and two of its maps drawn: seconds, and whether a map hit the render timeout
    (on the loaded machine an L map can: the submissions' figures stand all the same)."""
    from bot.render import RenderTimeout
    start = time.perf_counter()
    outcome = await service.resolve_turn(campaign_id)
    try:
        await service.render_maps("sengoku", outcome.data, [Viewer.public(), Viewer.of(faction)])
    except RenderTimeout:
        return time.perf_counter() - start, True
    return time.perf_counter() - start, False


def summary(latencies: list[float], stall: float) -> dict[str, float]:
    ms = sorted(v * 1000 for v in latencies)
    return {"p50": statistics.median(ms), "p99": ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))],
            "max": ms[-1], "n": len(ms), "worst_stall": stall * 1000}


async def run() -> dict:
    import bot.render  # noqa: F401  (matplotlib: a one-off import on the first map after start; not measured)
    large, small = campaign("L"), campaign("S")
    with tempfile.TemporaryDirectory() as folder, serve_generated_maps(large.gamemap):
        async with await open_repository(Path(folder) / "load.sqlite") as repo, pool_for_bench() as mode:
            service = CampaignService(repo)
            big = await store_campaign(repo, large)
            targets = [await store_campaign(repo, small, f"small-{i}", with_orders=False) for i in range(4)]
            warm = small.orders[0]
            await service.submit_order(targets[0], warm.faction, warm.payload)  # imports, caches: not measured
            freeze_loaded()  # set up: as the bot after its start-up (bot/discord_app.py)
            with StallWatch() as quiet:
                alone = await submissions(service, targets, small)
            with StallWatch() as loaded:
                turn = asyncio.create_task(big_turn(service, big, sorted(large.state.clans)[0]))
                await asyncio.sleep(0.05)
                busy = await submissions(service, targets, small)
                turn_s, timed_out = await turn
    return {"quiet": summary(alone, quiet.worst), "under_load": summary(busy, loaded.worst),
            "big_turn_ms": turn_s * 1000, "big_units": large.units, "workers": mode,
            "maps_timed_out": timed_out}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    favour_event_loop()  # as the bot does (bot/runtime.py, bot/discord_app.py main)
    tune_collector()
    figures = asyncio.run(run())
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
