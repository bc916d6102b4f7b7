"""Benchmark: one warm map of the L campaign (16 clans, 1,000 units; bench/synth_campaign.py).

The L campaign's turn is resolved (the pure core, every sub-phase) and its public overlay built as
the presenter builds it (Sengoku's ``overlay_for``, timed too); then ``render_map`` at the bot's
width draws it once cold (the generated map's static layer) and ``--runs`` times warm, stopping
early once ``--budget`` seconds are spent (at least two warm runs).

    PYTHONPATH=. python bench/bench_map_l.py [--runs 5] [--budget 12] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synth_campaign import RULESET, campaign  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.report import ReportInput  # noqa: E402


def l_turn(size: str = "L") -> ReportInput:
    """The synthetic campaign's turn resolved in memory: what its reports and maps are drawn from."""
    synth = campaign(size)
    result = RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice("bench-map"))
    return ReportInput(campaign_name=f"Bench {size}", turn=synth.state.turn, seed="", commitment="",
                       gamemap=synth.gamemap, before=synth.state, after=result.state, events=list(result.events))


def _ms(values: list[float]) -> dict:
    ms = [v * 1000 for v in values]
    return {"median": statistics.median(ms), "min": min(ms), "max": max(ms), "runs": len(ms)}


def measure(runs: int, budget_s: float, size: str = "L") -> dict:
    from bot.render import render_map
    from bot.rulesets.sengoku.report.overlay import overlay_for
    data = l_turn(size)
    overlays = []
    for _ in range(3):
        started = time.perf_counter()
        overlay = overlay_for(data, "public")
        overlays.append(time.perf_counter() - started)
    started = time.perf_counter()
    png = render_map(data.gamemap, overlay)
    cold = time.perf_counter() - started
    warm: list[float] = []
    spent = time.perf_counter()
    while len(warm) < runs and (len(warm) < 2 or time.perf_counter() - spent < budget_s):
        started = time.perf_counter()
        render_map(data.gamemap, overlay)
        warm.append(time.perf_counter() - started)
    return {"size": size, "markers": len(overlay.markers), "highlights": len(overlay.highlights),
            "routes": len(overlay.routes), "overlay": _ms(overlays), "cold_ms": cold * 1000, "warm": _ms(warm),
            "png_kib": len(png) / 1024, "width": int.from_bytes(png[16:20], "big"),
            "height": int.from_bytes(png[20:24], "big")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="warm renders at most")
    parser.add_argument("--budget", type=float, default=12.0, help="seconds of warm renders, after the first two")
    parser.add_argument("--size", default="L")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = measure(args.runs, args.budget, args.size)
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
