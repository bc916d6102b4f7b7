"""Benchmark: one turn of each ruleset's demo (bot/demo.py ``run_demo``), the royal fleets',
Here I Stand's and Empires in Arms' (and Sengoku's, for comparison), through the real services
on a fresh SQLite file, as ``python -m bot demo --ruleset X`` plays it: the first step's orders,
then the later steps its demo section scripts (``demo.steps``) or answers (``demo.answers``).
Warmed first (``warm_up``: the map's static layer drawn where the maps are drawn).

Timed per run, adding up every step of the turn:

* resolve: the rules (the ruleset's ``TurnSteps.resolve_step``, every step);
* reports: the report texts (the presenter's ``build_reports``, every step);
* steps: the whole of ``CampaignService.resolve_turn`` for every step (load, resolve, reports,
  the stored record, commit): with ``FLEETWRIGHT_WORKERS`` > 0 the rules and reports run in the
  worker processes, where this process cannot time them apart, and only this figure is measured;
* maps: ``render_sheet_maps`` (every audience's map, every sheet);
* total: the whole demo (the campaign created, orders submitted, steps, maps, files written).

    PYTHONPATH=. python bench/bench_rulesets.py [--runs 3] [--budget 12] [--rulesets royal-fleets ...] [--json]
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

from bench.turn_setup import StepTimer  # noqa: E402
from bench.workers_mode import pool_for_bench, worker_rss  # noqa: E402
from bot.demo import demo_scenario, run_demo  # noqa: E402
from bot.engine.steps import steps_of  # noqa: E402
from bot.plugins import get_ruleset, plugin  # noqa: E402
from bot.report.presenters import presenter  # noqa: E402
from bot.scenarios import load_shipped_scenario  # noqa: E402
from bot.services.campaigns import CampaignService  # noqa: E402

RULESETS = ["royal-fleets", "here-i-stand", "empires-in-arms"]  # add sengoku to compare with the Seto demo
FIGURES = ["resolve", "reports", "steps", "maps", "total"]


def _ms(values: list[float]) -> dict:
    ms = [v * 1000 for v in values]
    return {"median": statistics.median(ms), "min": min(ms), "max": max(ms), "runs": len(ms)}


def _patched(ruleset_id: str) -> tuple[StepTimer, list]:
    """Timers on the ruleset's steps and presenter classes and the service's step and map calls."""
    timer = StepTimer()
    owners = [(type(steps_of(get_ruleset(ruleset_id))), "resolve_step", "resolve"),
              (type(presenter(ruleset_id)), "build_reports", "reports"),
              (CampaignService, "resolve_turn", "steps"), (CampaignService, "render_sheet_maps", "maps")]
    saved = [(owner, name, owner.__dict__.get(name)) for owner, name, _ in owners]
    for owner, name, step in owners:
        timer.wrap(owner, name, step)
    return timer, saved


def _restore(saved: list) -> None:
    for owner, name, original in saved:
        if original is None:  # inherited: drop the wrapper, the base class's method shows through again
            delattr(owner, name)
        else:
            setattr(owner, name, original)


async def one_run(ruleset_id: str, timer: StepTimer) -> tuple[dict[str, float], int, int]:
    """One demo run: seconds per figure, the steps resolved and the map images written."""
    timer.reset()
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        written = await run_demo(Path(folder), demo_scenario(ruleset_id), echo=lambda *_: None)
        total = time.perf_counter() - start
    spent = {k: timer.spent.get(k, 0.0) for k in FIGURES[:-1]}
    return {**spent, "total": total}, timer.calls.get("steps", 0), sum(p.suffix == ".png" for p in written)


async def warm_up(ruleset_id: str, timer: StepTimer) -> None:
    """Imports, fonts and the map's static layer, each sheet's, where the maps are drawn: in this
    process one empty render per sheet does; through a pool, one whole untimed demo run (whose maps
    are spread over the workers)."""
    if worker_rss():  # a pool runs: the maps are drawn in its processes
        await one_run(ruleset_id, timer)
        return
    from bot.mapfiles import load_shipped_map
    from bot.render import Overlay, render_map
    gamemap = load_shipped_map(load_shipped_scenario(demo_scenario(ruleset_id)).file.map)
    sheets = list(gamemap.sheets)
    for sheet in sheets if len(sheets) > 1 else [None]:
        render_map(gamemap, Overlay(title="warm-up"), sheet=sheet)


async def measure(ruleset_id: str, runs: int, budget_s: float) -> dict:
    """One warm-up run, then up to ``runs`` timed ones, no new one once ``budget_s`` is spent (one at least)."""
    timer, saved = _patched(ruleset_id)
    try:
        await warm_up(ruleset_id, timer)
        found, began = [], time.perf_counter()
        while len(found) < runs and not (found and budget_s and time.perf_counter() - began > budget_s):
            found.append(await one_run(ruleset_id, timer))
    finally:
        _restore(saved)
    scenario = load_shipped_scenario(demo_scenario(ruleset_id))
    demo = scenario.file.demo
    return {"name": plugin(ruleset_id).name, "scenario": scenario.file.id, "map": scenario.file.map,
            "script": "demo.steps" if demo.steps else "demo.answers" if demo.answers else "first step only",
            "step_count": found[0][1], "map_images": found[0][2],
            **{k: _ms([f[0][k] for f in found]) for k in FIGURES}}


async def run(rulesets: list[str], runs: int, budget_s: float) -> dict:
    async with pool_for_bench() as mode:
        found = {r: await measure(r, runs, budget_s) for r in rulesets}
    return {"workers": mode, "rulesets": found}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs per ruleset (at most), after a warm-up run")
    parser.add_argument("--budget", type=float, default=0.0,
                        help="seconds per ruleset: no new timed run once this many are spent (0: no limit)")
    parser.add_argument("--rulesets", nargs="*", default=RULESETS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = asyncio.run(run(args.rulesets, args.runs, args.budget))
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
