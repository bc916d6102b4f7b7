"""Benchmark: the bot process's memory with 100 campaigns loaded, and each worker process's.

A child process first stores 100 campaigns in one SQLite file (bench/synth_campaign.py: 96 of
the S size, 40 units on the Seto map, and 2 of M, 200 units, and 2 of L, 1,000 units, on their
generated coasts), each with an open turn, and writes one valid order per campaign.  Then this
process, started as the bot starts (its collector settings, bot.discord_app and every cog
imported; bot.render too when maps are drawn in the bot process), opens the file with a
CampaignService and submits that order to each campaign once, as /order would: each campaign is
loaded once (its state, settings and map parsed) and whatever the service keeps of it stays.
Reported: the RSS after start-up, after the 100 loads, and the difference.

The workers: with ``FLEETWRIGHT_WORKERS`` > 0 the bot's pool is started (bot.workers.start_workers,
which warms each worker) and each worker's RSS read from /proc (bot.workers.worker_pids()), then
again after each has drawn the Seto demo's public map.  Without a pool (bot/workers.py not there
yet, or ``FLEETWRIGHT_WORKERS=0``) it measures what a worker would hold: a child process that
imports bot.render and draws that map.

    PYTHONPATH=. python bench/bench_rss.py [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import json
import pkgutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.workers_mode import pool_for_bench, rss_mib, worker_rss, wanted, workers_module  # noqa: E402

MIX = {"S": 96, "M": 2, "L": 2}  # 100 campaigns: mostly Seto-sized, a few big ones

CHILD_WORKER = r'''
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
def rss():
    got = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            got[key] = int(value.split()[0]) / 1024
    return {"rss": got["VmRSS"], "peak": got["VmHWM"]}
import bot.render
from bot.render import render_map
imported = rss()
from bench.bench_rss import seto_public
render_map(*seto_public())
print(json.dumps({"imported": imported, "drawn": rss()}))
'''


def seto_public():
    """The Seto demo turn's public map: what a worker draws to be warm (gamemap, overlay)."""
    from bot.demo import demo_turn_input
    from bot.rulesets.sengoku.report.overlay import overlay_for
    data = demo_turn_input("seto-demo")
    return data.gamemap, overlay_for(data, "public")


def draw_seto() -> int:
    """Run in a worker (module-level, no arguments): draw the Seto public map; its PNG's size."""
    from bot.render import render_map
    return len(render_map(*seto_public()))


# --- the database (built in a child process, so this process holds none of the synthetic campaigns) ---

async def build(database: Path) -> list[dict]:
    from bench.synth_campaign import campaign
    from bench.turn_setup import store_campaign
    from bot.store import open_repository
    orders = []
    async with await open_repository(database) as repo:
        for size, count in MIX.items():
            synth = campaign(size)
            first = synth.orders[0]
            for i in range(count):
                cid = await store_campaign(repo, synth, f"rss-{size}-{i}", with_orders=False)
                orders.append({"campaign": cid, "size": size, "faction": first.faction, "payload": first.payload,
                               "units": synth.units})
    return orders


# --- the bot-like process ---

def start_like_the_bot(render_here: bool) -> None:
    from bot.runtime import tune_collector
    tune_collector()
    importlib.import_module("bot.discord_app")
    import cogs
    for module in pkgutil.iter_modules(cogs.__path__):
        importlib.import_module(f"cogs.{module.name}")
    if render_here:  # maps drawn in threads of the bot process: matplotlib lives here too
        importlib.import_module("bot.render")


async def load_all(database: Path, orders: list[dict]) -> dict:
    from bench.synth_map import coast_map
    from bench.synth_campaign import SIZES
    from bench.turn_setup import serve_generated_maps
    from bot.services.campaigns import CampaignService
    from bot.store import open_repository
    maps = [coast_map(SIZES[size][2]) for size in ("M", "L")]  # the generated coasts, as a map file would give them
    async with await open_repository(database) as repo:
        gc.collect()
        before = rss_mib()
        service = CampaignService(repo)
        started = time.perf_counter()
        with serve_generated_maps(*maps):
            for order in orders:
                await service.submit_order(order["campaign"], order["faction"], order["payload"])
        took = time.perf_counter() - started
        gc.collect()
        after = rss_mib()
        del service
    return {"before": before, "after": after, "load_s": took}


async def workers_rss() -> dict:
    """Each worker's RSS after start-up (warmed) and after drawing the Seto map, or the fallback child's."""
    if workers_module() is not None and wanted() > 0:
        async with pool_for_bench() as mode:
            warmed = worker_rss()
            run_in_worker = workers_module().run_in_worker
            await asyncio.gather(*(run_in_worker(draw_seto, timeout=120) for _ in range(mode["workers"])))
            return {"mode": mode["mode"], "workers": mode["workers"], "warmed": warmed, "drawn": worker_rss()}
    out = subprocess.run([sys.executable, "-c", CHILD_WORKER, str(HERE.parent)], check=True, capture_output=True,
                         text=True, cwd=HERE.parent).stdout
    child = json.loads(out.strip().splitlines()[-1])
    why = "FLEETWRIGHT_WORKERS=0" if workers_module() is not None else "bot/workers.py is not there yet"
    return {"mode": f"no pool ({why}): a child process that imports bot.render and draws one map", "workers": 0,
            "warmed": [{"pid": None, **child["imported"]}], "drawn": [{"pid": None, **child["drawn"]}]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--build", help=argparse.SUPPRESS)  # the child: store the campaigns in this file
    args = parser.parse_args(argv)
    if args.build:
        print(json.dumps(asyncio.run(build(Path(args.build)))))
        return 0
    render_here = wanted() == 0 or workers_module() is None
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "rss.sqlite"
        out = subprocess.run([sys.executable, __file__, "--build", str(database)], check=True, capture_output=True,
                             text=True, cwd=HERE.parent).stdout
        orders = json.loads(out.strip().splitlines()[-1])
        start_like_the_bot(render_here)
        gc.collect()
        started = rss_mib()
        loaded = asyncio.run(load_all(database, orders))
    figures = {"mix": MIX, "campaigns": len(orders), "units": {o["size"]: o["units"] for o in orders},
               "started": started, **loaded, "render_in_bot": render_here, "workers": asyncio.run(workers_rss())}
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
