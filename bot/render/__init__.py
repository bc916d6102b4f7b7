"""Map rendering, ruleset-neutral: a GameMap plus an Overlay in, a PNG out.

The caller (a ruleset's presenter) decides what an audience may see and
fills an ``Overlay``, in the words of its own ``Vocabulary`` (marker shapes,
highlight kinds, route and line styles and how each looks); this package
only draws it. The map itself (land,
sea or the map's own art, lines, every name) is drawn once per map and width
and reused (``bot.render.static``); a turn draws only what changes. From
async code use ``render_map_async``: a render is CPU-bound (about 0.35 s at
1400 px) and runs in a bounded thread pool with a timeout, never on the
Discord event loop. ``render_in_worker`` runs a presenter's whole render there,
the building of its overlay included (about 26 ms per audience at 1,000 units:
too long for the loop). The bot draws a turn's maps in worker processes
instead (``bot.workers``, ``bot/services/turn_work.py``), where ``run_here``
runs a presenter's render and its ``render_map_async`` draws at once; the
threads are what ``FLEETWRIGHT_WORKERS=0`` uses (docs/decisions.md).
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections.abc import Awaitable, Callable

from bot.domain.gamemap import GameMap
from bot.render.mapimage import MAX_WIDTH_PX, MIN_WIDTH_PX, check_overlay, render_map
from bot.render.overlay import Highlight, Line, Marker, Overlay, Route
from bot.render.vocabulary import HighlightStyle, LineStyle, RouteStyle, ShapeStyle, Vocabulary

__all__ = [
    "MAX_CONCURRENT_RENDERS",
    "MAX_WIDTH_PX",
    "MIN_WIDTH_PX",
    "RENDER_TIMEOUT_S",
    "Highlight",
    "HighlightStyle",
    "Line",
    "LineStyle",
    "Marker",
    "Overlay",
    "RenderTimeout",
    "Route",
    "RouteStyle",
    "ShapeStyle",
    "Vocabulary",
    "check_overlay",
    "render_map",
    "render_in_worker",
    "render_map_async",
    "run_here",
]

MAX_CONCURRENT_RENDERS = 2
RENDER_TIMEOUT_S = 30.0


class RenderTimeout(TimeoutError):
    """A render took longer than its timeout (the worker thread is left to finish)."""


# One semaphore per event loop. A single module-level asyncio.Semaphore would
# bind itself to the first loop that has to wait on it and then raise
# RuntimeError in any other loop (every pytest-asyncio test runs its own);
# the bot runs one loop, so for it this is the same as one global semaphore.
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _render_slots() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    sem = _slots.get(loop)
    if sem is None:
        sem = _slots[loop] = asyncio.Semaphore(MAX_CONCURRENT_RENDERS)
    return sem


def _finish(slots: asyncio.Semaphore, task: asyncio.Future) -> None:
    slots.release()
    if not task.cancelled():
        task.exception()  # mark it retrieved: after a timeout nobody awaits it


# Set in a render slot's worker thread while ``render_in_worker`` runs a presenter's render there:
# its ``render_map_async`` then draws in that thread, in the slot already held.
_in_worker: contextvars.ContextVar[bool] = contextvars.ContextVar("fleetwright_render_worker", default=False)


async def render_map_async(gamemap: GameMap, overlay: Overlay, *, timeout: float = RENDER_TIMEOUT_S,
                           **kw) -> bytes:
    """``render_map`` in a worker thread, at most MAX_CONCURRENT_RENDERS at once.

    Overlay problems (unknown areas) are raised before any waiting. Raises
    RenderTimeout after ``timeout`` seconds (waiting for a free slot
    included). A thread cannot be stopped, so a timed-out render keeps its
    slot until it really ends: the bound on concurrent renders holds even
    when renders hang.  Inside ``render_in_worker`` it draws at once, in
    that worker's thread and slot.
    """
    check_overlay(gamemap, overlay)
    if _in_worker.get():
        return render_map(gamemap, overlay, **kw)
    return await _in_slot(lambda: render_map(gamemap, overlay, **kw), timeout)


async def render_in_worker(draw: Callable[[], Awaitable[bytes]], *, timeout: float = RENDER_TIMEOUT_S) -> bytes:
    """``draw()`` (a presenter's ``render``: it builds the overlay, then awaits ``render_map_async``)
    run whole in a render slot's worker thread, on a loop of that thread's own: building the
    overlay is CPU work too, and the Discord event loop only waits.  Slots and timeout as
    ``render_map_async``; the PNG is the same bytes."""
    return await _in_slot(lambda: run_here(draw), timeout)


def run_here(draw: Callable[[], Awaitable[bytes]]) -> bytes:
    """``draw()`` to its end on an event loop of this thread's own, its ``render_map_async`` drawing
    at once: in a render slot's thread, or in a worker process (bot/services/turn_work.py)."""
    _in_worker.set(True)  # in this worker's copy of the context only (asyncio.to_thread copies it)
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(draw())
    finally:
        loop.close()


async def _in_slot(work: Callable[[], bytes], timeout: float) -> bytes:
    """``work()`` in a worker thread once a render slot is free, within ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    slots = _render_slots()
    try:
        # asyncio.timeout_at, not wait_for: in 3.11 wait_for can time out
        # after the acquire went through, and the slot would be lost.
        async with asyncio.timeout_at(deadline):
            await slots.acquire()
    except TimeoutError:
        raise RenderTimeout(f"no free render slot within {timeout:g} s") from None
    try:
        task = asyncio.ensure_future(asyncio.to_thread(work))
    except BaseException:
        slots.release()
        raise
    task.add_done_callback(lambda done: _finish(slots, done))
    try:
        return await asyncio.wait_for(asyncio.shield(task), max(0.0, deadline - loop.time()))
    except TimeoutError:
        raise RenderTimeout(f"map render took longer than {timeout:g} s") from None
