"""The benchmarks' worker mode: ``FLEETWRIGHT_WORKERS`` as the bot reads it (issue 18 part W,
bot/workers.py).  ``0`` runs the turn's heavy work in threads of this process, as before the pool;
``n`` > 0 starts the bot's pool of ``n`` worker processes for the benchmark and stops it after.
Unset: the bot's default (2) once bot/workers.py exists, else threads.  Until bot/workers.py lands
the benchmarks run in threads whatever the variable says, and say so."""

from __future__ import annotations

import asyncio
import inspect
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

BOT_DEFAULT_WORKERS = 2  # ISSUE18.md "Fixed names": the bot's default pool size


def workers_module():
    """bot.workers, or None while part W has not landed."""
    try:
        import bot.workers as workers
    except ImportError:
        return None
    return workers


def wanted() -> int:
    """Worker processes asked for: the bot's own reading of ``FLEETWRIGHT_WORKERS`` once it exists."""
    workers = workers_module()
    if workers is not None and hasattr(workers, "configured_workers"):
        return workers.configured_workers()
    raw = os.environ.get("FLEETWRIGHT_WORKERS", "").strip()
    if raw:
        return max(0, int(raw))
    return BOT_DEFAULT_WORKERS if workers is not None else 0


async def _call(fn, *args) -> None:
    """``start_workers`` / ``stop_workers``: they block (the pool warms), so off the loop; awaited if async."""
    if inspect.iscoroutinefunction(fn):
        await fn(*args)
    else:
        await asyncio.to_thread(fn, *args)


@asynccontextmanager
async def pool_for_bench() -> AsyncIterator[dict]:
    """The mode for this benchmark, the pool started if it has one: yields a description
    (``workers``: processes, 0 for threads; ``mode``: words for RESULTS.md)."""
    n, workers = wanted(), workers_module()
    if n == 0 or workers is None:
        why = ("FLEETWRIGHT_WORKERS=0" if workers is not None else
               "bot/workers.py is not there yet" + (f", though FLEETWRIGHT_WORKERS={n} asked for a pool" if n else ""))
        os.environ["FLEETWRIGHT_WORKERS"] = "0"  # what the services then do: threads
        yield {"workers": 0, "mode": f"threads of the bot process ({why})"}
        return
    os.environ["FLEETWRIGHT_WORKERS"] = str(n)  # the services read the same number
    await _call(workers.start_workers, n)
    try:
        yield {"workers": n, "mode": f"worker pool of {n} processes (FLEETWRIGHT_WORKERS={n}, bot/workers.py)"}
    finally:
        await _call(workers.stop_workers)


def rss_mib(pid: int | str = "self") -> dict[str, float]:
    """A process's resident set now and at its peak (VmRSS, VmHWM), in MiB (Linux /proc)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return {"rss": fields.get("VmRSS", 0.0), "peak": fields.get("VmHWM", 0.0)}


def worker_rss() -> list[dict[str, float]]:
    """Each worker process's RSS (bot.workers.worker_pids()); empty without a pool."""
    workers = workers_module()
    if workers is None or wanted() == 0:
        return []
    found = []
    for pid in workers.worker_pids():
        try:
            found.append({"pid": pid, **rss_mib(pid)})
        except OSError:  # a worker replaced meanwhile
            continue
    return found
