"""Benchmark: one synthetic campaign (S, M or L; bench/synth_campaign.py) —
resolve time, the I/O floor (load + save of the state through the SQLite
store), a full turn through the real CampaignService (load, resolve, reports,
persist, render the public map and every clan's), and peak memory.

Not a test.  Run from the repository root:

    PYTHONPATH=. python bench/bench_turns.py --size M [--runs 5] [--turn-runs 3] [--turn-budget 30] [--json]

One size per process, so the peak RSS (resource.getrusage) is this size's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synth_campaign import RULESET, campaign  # noqa: E402
from bench.turn_setup import StepTimer, serve_generated_maps, store_campaign, timed_full_turn  # noqa: E402
from bench.workers_mode import pool_for_bench, worker_rss  # noqa: E402
from bot.domain.viewer import Viewer  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.rulesets.sengoku.report.present import SengokuPresenter  # noqa: E402
from bot.rulesets.sengoku.rules.model.model import SengokuState  # noqa: E402
from bot.rulesets.sengoku.rules.turn.captives import SengokuSteps  # noqa: E402
from bot.services.campaigns import CampaignService  # noqa: E402
from bot.store import open_repository  # noqa: E402


def spread(values: list[float]) -> dict[str, float]:
    """Median, min and max in milliseconds."""
    ms = [v * 1000 for v in values]
    return {"median": statistics.median(ms), "min": min(ms), "max": max(ms), "runs": len(ms)}


def resolve_times(synth, runs: int) -> list[float]:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice(f"bench-{i}"))
        times.append(time.perf_counter() - start)
    return times


def resolve_peak_mb(synth) -> float:
    tracemalloc.start()
    RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice("bench-mem"))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def hotspots(synth, top: int = 6) -> list[dict]:
    """Where one resolution spends its time (cProfile, own time per function; shares are approximate)."""
    import cProfile
    import pstats
    profile = cProfile.Profile()
    profile.runcall(RULESET.resolve, synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice("prof"))
    stats = pstats.Stats(profile).stats  # (file, line, name) → (calls, primitive, own, cumulative, callers)
    total = sum(own for _, _, own, _, _ in stats.values())
    ranked = sorted(stats.items(), key=lambda item: -item[1][2])[:top]
    return [{"function": f"{Path(file).parent.name}/{Path(file).name}:{line} {name}", "calls": calls,
             "own_share": own / total, "cumulative_share": cumulative / total}
            for (file, line, name), (calls, _, own, cumulative, _) in ranked]


async def io_floor(repo, campaign_id: int, runs: int) -> tuple[list[float], int]:
    """Load the state and turn it into the model; dump it and save it: what any turn costs at least."""
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        record = await repo.load_state(campaign_id)
        state = SengokuState.model_validate(record.state)
        dumped = state.model_dump(mode="json")
        await repo.save_state(campaign_id, dumped)
        times.append(time.perf_counter() - start)
        size = len(json.dumps(dumped))
    return times, size


async def warm_up(service: CampaignService, campaign_id: int, workers: int) -> None:
    """One untimed turn whose public map is drawn once per worker (or once, in threads), then undone:
    the timed turns find the map's static layer cached where they draw, as a bot's later turns do."""
    outcome = await service.resolve_turn(campaign_id)
    await service.render_maps(outcome.campaign.ruleset, outcome.data, [Viewer.public()] * max(1, workers))
    await service.undo_last(campaign_id)


async def full_turns(synth, runs: int, io_runs: int, budget_s: float = 0.0) -> dict:
    """Up to ``runs`` full turns; with ``budget_s``, no new one once that many seconds are spent (one at least)."""
    with tempfile.TemporaryDirectory() as folder, serve_generated_maps(synth.gamemap):
        async with await open_repository(Path(folder) / "bench.sqlite") as repo, pool_for_bench() as mode:
            campaign_id = await store_campaign(repo, synth)
            io_times, state_bytes = await io_floor(repo, campaign_id, io_runs)
            service = CampaignService(repo)
            timer = StepTimer()
            if hasattr(service, "_loaded_with_record"):  # what a resolution loads (with the stored record)
                timer.wrap(service, "_loaded_with_record", "load")
            timer.wrap(repo, "commit_resolution", "persist")
            saved = SengokuSteps.resolve_step, SengokuPresenter.build_reports
            # A turn is resolved step by step (issue 12): the orders step's rules run in resolve_step.
            # Through the worker pool (FLEETWRIGHT_WORKERS > 0) these two run in the workers, unseen here:
            # their time is then part of "other".
            timer.wrap(SengokuSteps, "resolve_step", "resolve")
            timer.wrap(SengokuPresenter, "build_reports", "reports")
            try:
                await warm_up(service, campaign_id, mode["workers"])
                turns, began = [], time.perf_counter()
                while len(turns) < runs and not (turns and budget_s and time.perf_counter() - began > budget_s):
                    turns.append(await timed_full_turn(service, campaign_id, timer))
            finally:
                SengokuSteps.resolve_step, SengokuPresenter.build_reports = saved
            workers = worker_rss()  # each worker's RSS after drawing this size's maps (pool only)
    steps = {k: spread([t.get(k, 0.0) for t in turns]) for k in {k for t in turns for k in t}}
    for step in ("load", "resolve", "reports", "persist"):  # not timed in this process: in a worker
        if step not in steps:
            steps[step] = {"median": None, "min": None, "max": None, "runs": 0}
    return {"io_floor": spread(io_times), "state_kib": state_bytes / 1024, "full_turn": steps,
            "maps_per_turn": 1 + len(synth.state.clans), "workers": mode, "worker_rss": workers}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=["S", "M", "L"], default="S")
    parser.add_argument("--runs", type=int, default=5, help="timed resolutions")
    parser.add_argument("--turn-runs", type=int, default=3, help="timed full turns (at most)")
    parser.add_argument("--turn-budget", type=float, default=0.0,
                        help="seconds: no new full turn once this many are spent (0: no limit)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--profile", action="store_true", help="also profile one resolution (hotspots)")
    args = parser.parse_args(argv)

    synth = campaign(args.size)
    resolve_times(synth, 1)  # warm-up: imports, caches
    resolved = spread(resolve_times(synth, args.runs))
    figures = {"size": args.size, "clans": len(synth.state.clans), "units": synth.units,
               "heavy": len(synth.state.heavy), "orders": len(synth.orders), "order_kinds": dict(synth.kinds),
               "provinces": sum(1 for a in synth.gamemap.areas.values() if a.kind == "province"),
               "resolve": resolved, "resolve_peak_mb": resolve_peak_mb(synth),
               **asyncio.run(full_turns(synth, args.turn_runs, max(args.runs, 5), args.turn_budget))}
    if args.profile:
        figures["hotspots"] = hotspots(synth)
    figures["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures["resolve_over_io"] = resolved["median"] / figures["io_floor"]["median"]
    if args.json:
        print(json.dumps(figures))
    else:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
