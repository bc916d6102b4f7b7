"""Many campaigns, every clan submitting an order at the same moment, on SQLite and on PostgreSQL.

50 campaigns of 16 clans (a generated coast, four units a clan); each clan submits one order for
one of its units, all 800 at once, through CampaignService, spread over four services with a
connection (SQLite) or a pool (PostgreSQL) each: four bot processes sharing one database.  Every
order must be stored afterwards (no lost write) and no call may fail (no deadlock, no busy
database); the latency of each submission is measured, p50 and p99 per backend.

PostgreSQL: ``--postgres URL`` (a user who may CREATE DATABASE), else FLEETWRIGHT_TEST_POSTGRES,
else a throwaway server like the tests' (tests/pg_server.py); none: its figures say why not.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.synth_campaign import Synth  # noqa: E402
from bench.synth_campaign import campaign as synth_campaign  # noqa: E402
from bench.turn_setup import serve_generated_maps, store_campaign  # noqa: E402
from bot.services.campaigns import CampaignService  # noqa: E402
from bot.store import open_repository  # noqa: E402

SHAPE = (16, 64, 80)  # 16 clans, 64 units on an 80-province coast
PROCESSES = 4


def campaign() -> Synth:
    return synth_campaign("C16", shape=SHAPE)


def one_order_per_clan(synth: Synth) -> list[tuple[str, dict]]:
    """(clan, payload) of each clan's first SP1 order: 16 submissions, 16 units."""
    chosen: dict[str, dict] = {}
    for order in synth.orders:
        if "#" not in order.unit and order.faction not in chosen:
            chosen[order.faction] = order.payload
    return sorted(chosen.items())


async def burst(locations: list[str], campaigns: int) -> dict:
    """Store ``campaigns`` campaigns, submit every clan's order at once from PROCESSES services;
    the latencies and what the store holds afterwards."""
    synth = campaign()
    orders = one_order_per_clan(synth)
    repos = [await open_repository(location) for location in locations]
    try:
        ids = [await store_campaign(repos[0], synth, f"c-{i}", with_orders=False) for i in range(campaigns)]
        services = [CampaignService(repo) for repo in repos]
        latencies: list[float] = []
        failures: list[str] = []

        async def submit(n: int, cid: int, clan: str, payload: dict) -> None:
            start = time.perf_counter()
            try:
                await services[n % len(services)].submit_order(cid, clan, payload)
            except Exception as exc:  # noqa: BLE001 - counted: none may fail
                failures.append(f"{type(exc).__name__}: {exc}")
            latencies.append(time.perf_counter() - start)

        calls = [(cid, clan, payload) for cid in ids for clan, payload in orders]
        started = time.perf_counter()
        await asyncio.gather(*(submit(n, *call) for n, call in enumerate(calls)))
        wall = time.perf_counter() - started
        stored = {cid: {(o.faction, o.unit) for o in await repos[0].list_orders(cid, synth.state.turn)}
                  for cid in ids}
    finally:
        for repo in repos:
            await repo.close()
    ms = sorted(v * 1000 for v in latencies)
    return {"submissions": len(calls), "stored": sum(len(v) for v in stored.values()),
            "lost": len(calls) - sum(len(v) for v in stored.values()), "failures": failures[:5],
            "failed": len(failures), "p50": statistics.median(ms),
            "p99": ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))], "max": ms[-1],
            "wall_s": wall}


async def on_sqlite(campaigns: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        return await burst([str(Path(folder) / "bench.sqlite")] * PROCESSES, campaigns)


async def on_postgres(campaigns: int, url: str | None) -> dict:
    server = None
    try:
        if url is None:
            from tests import pg_server

            server = pg_server.start()
            url = server.admin_url
        import asyncpg

        name = f"fw_bench_{os.getpid()}"
        admin = await asyncpg.connect(url)
        await admin.execute(f'CREATE DATABASE "{name}"')
        target = _with_database(url, name)
        try:
            return await burst([target] * PROCESSES, campaigns)
        finally:
            await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
            await admin.close()
    except Exception as exc:  # noqa: BLE001 - no server: the results say so
        return {"skipped": f"{type(exc).__name__}: {exc}"}
    finally:
        if server is not None:
            server.stop()


def _with_database(url: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def run(campaigns: int, url: str | None) -> dict:
    synth = campaign()
    with serve_generated_maps(synth.gamemap):
        return {"campaigns": campaigns, "clans": len(synth.state.clans), "processes": PROCESSES,
                "sqlite": await on_sqlite(campaigns), "postgresql": await on_postgres(campaigns, url)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=50)
    parser.add_argument("--postgres", default=os.environ.get("FLEETWRIGHT_TEST_POSTGRES"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.campaigns, args.postgres))
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
