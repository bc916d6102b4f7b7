"""Benchmark: map renders — cold and warm, the demo turn's PNGs per audience,
and how long the event loop stalls while four renders run at once.

Not a test: the figures go into the notes (docs/decisions.md). Run from the
repository root:

    python bench/bench_render.py [-n 20] [--width 1400] [--pool thread|process|both]

- cold: the first render in this process (fonts, the map's static layer);
- warm: the mean of ``n`` more renders of a busy synthetic turn (30 units);
- demo PNGs: the demo turn's maps for the public, the moderators and each clan;
- stall: the longest gap between 5 ms ticks of the event loop while four
  renders run through a worker pool of MAX_CONCURRENT_RENDERS workers: the
  renderer's threads (what the bot uses), or for comparison a process pool.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import multiprocessing
import resource
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.demo import demo_turn_input
from bot.domain.gamemap import GameMap
from bot.mapfiles import load_shipped_map
from bot.render import (
    MAX_CONCURRENT_RENDERS,
    Highlight,
    Marker,
    Overlay,
    Route,
    render_map,
)
from bot.report import ReportInput
from bot.rulesets.sengoku.report.overlay import overlay_for as sengoku_overlay
from bot.rulesets.sengoku.report.overlay_style import VOCABULARY

FACTIONS = {"mori": ("Mōri", "#2a9d8f"), "kono": ("Kōno", "#e9c46a"), "otomo": ("Ōtomo", "#9b5de5"),
            "miyoshi": ("Miyoshi", "#e76f51")}


def overlay_for(gamemap: GameMap, n_markers: int = 30) -> Overlay:
    """A busy but plausible turn: markers spread over the coastal areas, a few
    areas with several units, a battle, a blockade, two routes, owners."""
    coastal = sorted(a for a, area in gamemap.areas.items() if area.coastal)
    factions = list(FACTIONS)
    markers = []
    for i in range(n_markers):
        area = coastal[(i * 7) % len(coastal)] if i % 5 else coastal[i % 3]  # some crowding
        faction = factions[i % len(factions)]
        markers.append(Marker(area=area, label=f"{FACTIONS[faction][0]}-{i + 1}", faction=faction,
                              colour=FACTIONS[faction][1], shape="fleet" if i % 4 == 3 else "squadron",
                              detail="reinforced, dmg 1" if i % 3 == 0 else "dmg 0"))
    route = gamemap.coast_path(coastal[0], coastal[len(coastal) // 2]) or coastal[:2]
    return Overlay(
        title=f"{gamemap.name} — benchmark turn", subtitle=f"{n_markers} markers",
        markers=markers,
        highlights=[Highlight(area=coastal[1], kind="battle", label="battle"),
                    Highlight(area=coastal[1], kind="blockade", label="blockade"),
                    Highlight(area=coastal[-1], kind="piracy", label="pirates")],
        routes=[Route(areas=route, colour=FACTIONS["mori"][1]),
                Route(areas=coastal[-2:], colour=FACTIONS["miyoshi"][1], style="dashed")],
        area_owner={a: factions[i % len(factions)] for i, a in enumerate(coastal)},
        faction_colours={f: c for f, (_, c) in FACTIONS.items()},
        faction_names={f: n for f, (n, _) in FACTIONS.items()},
        vocabulary=VOCABULARY,  # a Sengoku turn's words: squadrons, fleets, battles, blockades
    )


def demo_turn() -> ReportInput:
    return demo_turn_input("seto-demo")  # Sengoku's: several rulesets ship a demo now


async def loop_stall(pool: Executor, gamemap: GameMap, overlay: Overlay, renders: int,
                     width: int) -> tuple[float, float]:
    """Wall time of ``renders`` concurrent renders in ``pool`` and the longest
    gap between 5 ms ticks of the event loop meanwhile (ms)."""
    loop = asyncio.get_running_loop()
    job = functools.partial(render_map, gamemap, overlay, width_px=width)  # picklable, for a process pool
    await asyncio.gather(*(loop.run_in_executor(pool, job) for _ in range(MAX_CONCURRENT_RENDERS)))  # warm
    worst = 0.0
    done = False

    async def ticker() -> None:
        nonlocal worst
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            worst = max(worst, now - last - 0.005)
            last = now

    tick = asyncio.create_task(ticker())
    started = time.perf_counter()
    await asyncio.gather(*(loop.run_in_executor(pool, job) for _ in range(renders)))
    wall = time.perf_counter() - started
    done = True
    await tick
    return wall * 1000, worst * 1000


def _pool(kind: str) -> Executor:
    if kind == "thread":
        return ThreadPoolExecutor(MAX_CONCURRENT_RENDERS)
    return ProcessPoolExecutor(MAX_CONCURRENT_RENDERS, mp_context=multiprocessing.get_context("forkserver"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=20, help="timed warm renders (default 20)")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--map", default="seto")
    parser.add_argument("--markers", type=int, default=30)
    parser.add_argument("--pool", choices=["thread", "process", "both"], default="both")
    parser.add_argument("--stall-runs", type=int, default=5, help="rounds of four concurrent renders per pool")
    args = parser.parse_args(argv)

    gamemap = load_shipped_map(args.map)
    overlay = overlay_for(gamemap, args.markers)
    first = time.perf_counter()
    png = render_map(gamemap, overlay, width_px=args.width)
    cold_ms = (time.perf_counter() - first) * 1000
    times = []
    for _ in range(args.n):
        started = time.perf_counter()
        render_map(gamemap, overlay, width_px=args.width)
        times.append((time.perf_counter() - started) * 1000)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux

    print(f"map {gamemap.id}: {len(gamemap.areas)} areas, {len(overlay.markers)} markers, width {args.width} px")
    print(f"cold (first render, static layer drawn)  {cold_ms:8.1f} ms")
    print(f"warm, mean of {args.n:<3}                  {statistics.mean(times):8.1f} ms  "
          f"(median {statistics.median(times):.1f}, min {min(times):.1f}, max {max(times):.1f})")
    print(f"png size (synthetic turn)                {len(png) / 1024:8.1f} KiB")
    print(f"peak RSS                                 {peak_kb / 1024:8.1f} MiB")

    data = demo_turn()
    for audience in ["public", "moderators", *sorted(data.before.clans)]:
        demo_png = render_map(data.gamemap, sengoku_overlay(data, audience), width_px=args.width)
        width, height = int.from_bytes(demo_png[16:20], "big"), int.from_bytes(demo_png[20:24], "big")
        print(f"demo map {audience:<11} {width}×{height} px  {len(demo_png) / 1024:7.1f} KiB")

    kinds = ["thread", "process"] if args.pool == "both" else [args.pool]
    for kind in kinds:
        with _pool(kind) as pool:
            runs = [asyncio.run(loop_stall(pool, gamemap, overlay, 4, args.width)) for _ in range(args.stall_runs)]
        walls, stalls = [w for w, _ in runs], [s for _, s in runs]
        print(f"4 concurrent renders, {kind:<7} pool of {MAX_CONCURRENT_RENDERS}: wall median "
              f"{statistics.median(walls):7.1f} ms; loop stall median {statistics.median(stalls):6.1f} ms, "
              f"worst {max(stalls):6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
