"""Time map renders: the seto map with ~30 unit markers, N times.

Not a test. Run from the repository root:

    PYTHONPATH=. python bench/bench_render.py [-n 20] [--width 1400] [--map seto]

Prints the mean and spread of one render in ms, the PNG size, the peak RSS of
this process (resource.getrusage, so it includes the interpreter and imports),
and how long the event loop stalls while four renders run through
render_map_async.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import time

from bot.domain.gamemap import GameMap
from bot.mapfiles import load_shipped_map
from bot.render import Highlight, Marker, Overlay, Route, render_map, render_map_async

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
                    Highlight(area=coastal[-1], kind="raid", label="piracy")],
        routes=[Route(areas=route, colour=FACTIONS["mori"][1]),
                Route(areas=coastal[-2:], colour=FACTIONS["miyoshi"][1], style="dashed")],
        area_owner={a: factions[i % len(factions)] for i, a in enumerate(coastal)},
        faction_colours={f: c for f, (_, c) in FACTIONS.items()},
        faction_names={f: n for f, (n, _) in FACTIONS.items()},
    )


async def loop_stall(gamemap: GameMap, overlay: Overlay, renders: int, width: int) -> tuple[float, float]:
    """Wall time of ``renders`` concurrent async renders and the longest gap
    between 5 ms ticks of the event loop meanwhile (ms)."""
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
    await asyncio.gather(*(render_map_async(gamemap, overlay, width_px=width) for _ in range(renders)))
    wall = time.perf_counter() - started
    done = True
    await tick
    return wall * 1000, worst * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=20, help="timed renders (default 20)")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--map", default="seto")
    parser.add_argument("--markers", type=int, default=30)
    args = parser.parse_args(argv)

    gamemap = load_shipped_map(args.map)
    overlay = overlay_for(gamemap, args.markers)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    first = time.perf_counter()
    png = render_map(gamemap, overlay, width_px=args.width)  # warm-up: font cache, imports
    first_ms = (time.perf_counter() - first) * 1000
    times = []
    for _ in range(args.n):
        started = time.perf_counter()
        render_map(gamemap, overlay, width_px=args.width)
        times.append((time.perf_counter() - started) * 1000)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    wall_ms, stall_ms = asyncio.run(loop_stall(gamemap, overlay, 4, args.width))

    print(f"map {gamemap.id}: {len(gamemap.areas)} areas, {len(overlay.markers)} markers, width {args.width} px")
    print(f"first render (cold)  {first_ms:8.1f} ms")
    print(f"mean of {args.n:<3} renders  {statistics.mean(times):8.1f} ms  "
          f"(min {min(times):.1f}, max {max(times):.1f}, stdev {statistics.pstdev(times):.1f})")
    print(f"png size             {len(png) / 1024:8.1f} KiB")
    print(f"peak RSS             {peak_kb / 1024:8.1f} MiB  (after imports, before renders: "
          f"{rss_before / 1024:.1f} MiB)")
    print(f"4 async renders      {wall_ms:8.1f} ms wall, longest event-loop stall {stall_ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
