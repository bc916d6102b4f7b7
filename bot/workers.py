"""The bot's worker processes (issue 18): where a turn's heavy work runs.

A turn resolves, writes its reports and its stored record, and draws its maps in worker
processes (a ``pebble.ProcessPool`` started by forkserver, warmed at start-up), never on the
Discord event loop and never in its process: at 1,000 units a turn draws 17 maps, and threads
of one process get no second core (docs/decisions.md, "Turns are worked in worker processes").
A task runs a module-level function on picklable arguments (``bot/services/turn_work.py``) and
returns plain data or bytes; a task that hangs is killed at its timeout, its process replaced,
and the pool goes on — which ``concurrent.futures.ProcessPoolExecutor`` cannot do.

``FLEETWRIGHT_WORKERS`` says how many processes (the bot's default: 2); ``0`` runs the same
work in threads of the bot's own process, as before (the test suite's default: fast to start).
Until ``start_workers`` has run, ``run_in_worker`` uses threads too.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKERS_ENV = "FLEETWRIGHT_WORKERS"
DEFAULT_WORKERS = 2
WARM_TIMEOUT_S = 120.0  # each worker imports matplotlib, the fonts and every plug-in once
# What the forkserver imports before it forks a worker: a worker started to replace a killed one
# then starts warm in milliseconds, and the imported pages are shared by every worker.
PRELOAD = ["bot.services.turn_work"]

_pool: Any = None  # pebble.ProcessPool while the workers run


class WorkerTimeout(TimeoutError):
    """A task did not finish within its timeout: killed if it had started (``started``)."""

    def __init__(self, message: str, *, started: bool) -> None:
        super().__init__(message)
        self.started = started


def configured_workers(default: int = DEFAULT_WORKERS) -> int:
    """``FLEETWRIGHT_WORKERS`` as a count of processes (``default`` when it is not set)."""
    raw = os.environ.get(WORKERS_ENV, "").strip()
    if not raw:
        return default
    try:
        count = int(raw)
    except ValueError:
        count = -1
    if count < 0:
        raise ValueError(f"{WORKERS_ENV}={raw!r}: give a whole number of worker processes, 0 or more "
                         f"(0 runs the heavy work in threads of the bot's process)")
    return count


def running() -> bool:
    """Whether tasks go to worker processes (False: to threads of this process)."""
    return _pool is not None


def workers() -> int:
    """How many worker processes run tasks (0: threads)."""
    return 0 if _pool is None else _pool._context.workers


def start_workers(n: int | None = None) -> int:
    """Start ``n`` worker processes (``FLEETWRIGHT_WORKERS`` when None) and wait until each is
    warm; the number running.  Idempotent: a pool already running is kept as it is; 0 starts none.
    Blocks for a few seconds: from async code, ``await asyncio.to_thread(start_workers)``."""
    global _pool
    if _pool is not None:
        return workers()
    count = configured_workers() if n is None else n
    if count <= 0:
        return 0
    from pebble import ProcessPool

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    pool = ProcessPool(max_workers=count, initializer=_warm, context=context)
    try:
        _wait_warm(pool, count)
    except BaseException:
        pool.stop()
        pool.join()
        raise
    _pool = pool
    log.info("%d worker processes warm (pids %s)", count, ", ".join(map(str, worker_pids())))
    return count


def stop_workers() -> None:
    """Stop the worker processes (a task under way is cut off); idempotent."""
    global _pool
    pool, _pool = _pool, None
    if pool is None:
        return
    pool.stop()
    pool.join(timeout=10)


def worker_pids() -> list[int]:
    """The process ids of the workers running now (for the benchmarks' RSS); [] with threads."""
    if _pool is None:
        return []
    return sorted(_pids(_pool))


def _pids(pool: Any) -> set[int]:
    # pebble keeps its live workers by pid; no public accessor in 5.2 (pinned in pyproject.toml).
    return set(pool._pool_manager.worker_manager.workers)


async def run_in_worker(fn: Callable[..., T], *args: Any, timeout: float) -> T:
    """``fn(*args)`` in a worker process (``fn`` a module-level function, the arguments and the
    result picklable), or in a thread of this process when no pool runs.  ``timeout`` counts
    from now, a wait for a free worker included: past it the task is cancelled and, if it had
    started, its process killed and replaced (a thread cannot be: it runs on, unawaited), and
    WorkerTimeout raised.  An exception of ``fn`` is raised here; a cancelled caller cancels
    (kills) the task too."""
    pool = _pool
    if pool is None:
        return await _in_thread(fn, args, timeout)
    # pebble's own timeout (from the task's start) is the backstop should this loop be gone.
    try:
        future = pool.schedule(fn, args=args, timeout=timeout)
    except RuntimeError:  # the pool broke (its processes could not be started again) or is stopping
        log.exception("The worker pool takes no tasks; %s runs in a thread of the bot instead", _name(fn))
        return await _in_thread(fn, args, timeout)
    waited = asyncio.wrap_future(future)  # cancelled (the caller was): cancels, kills the task too
    try:
        done, _ = await asyncio.wait({waited}, timeout=timeout)
    except asyncio.CancelledError:
        future.cancel()  # the caller was cancelled (a shutdown, a sibling's failure): so is the task
        raise
    if done:
        exc = waited.exception()
        if exc is None:
            return waited.result()
        if isinstance(exc, TimeoutError) and exc.args[:1] == ("Task timeout",):  # pebble's backstop
            raise WorkerTimeout(f"{_name(fn)} took longer than {timeout:g} s", started=True) from None
        raise exc
    started = future.running()
    future.cancel()  # pebble stops the process of a task under way and starts a fresh one
    waited.cancel()
    raise WorkerTimeout(f"{_name(fn)} took longer than {timeout:g} s", started=started)


def _name(fn: Callable) -> str:
    return getattr(fn, "__name__", repr(fn))


async def _in_thread(fn: Callable[..., T], args: tuple, timeout: float) -> T:
    task = asyncio.ensure_future(asyncio.to_thread(fn, *args))
    try:
        return await asyncio.wait_for(asyncio.shield(task), timeout)
    except TimeoutError:
        if task.done() and not task.cancelled() and task.exception() is not None:
            raise task.exception() from None
        task.add_done_callback(lambda t: t.cancelled() or t.exception())  # retrieved: nobody awaits it now
        raise WorkerTimeout(f"{_name(fn)} took longer than {timeout:g} s", started=True) from None


# --- in the worker ------------------------------------------------------------


def _warm() -> None:
    """A worker's start: the collector tuned as the bot's, then everything a task needs loaded."""
    from bot.runtime import freeze_loaded, tune_collector

    tune_collector()
    from bot.services import turn_work

    turn_work.warm()
    freeze_loaded()


def _hello(pause: float) -> int:
    time.sleep(pause)
    return os.getpid()


def _wait_warm(pool: Any, count: int) -> None:
    """Until every worker has answered: a worker takes a task only once its initializer ran."""
    deadline = time.monotonic() + WARM_TIMEOUT_S
    answered: set[int] = set()
    while True:
        futures = [pool.schedule(_hello, args=(0.05,)) for _ in range(count)]
        answered |= {f.result(timeout=max(0.1, deadline - time.monotonic())) for f in futures}
        live = _pids(pool)
        if len(live) >= count and live <= answered:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the worker processes were not warm within {WARM_TIMEOUT_S:g} s")
