"""Map rendering, ruleset-neutral: a GameMap plus an Overlay in, a PNG out.

The caller (a ruleset's presenter) decides what an audience may see and
fills an ``Overlay``, in the words of its own ``Vocabulary`` (marker shapes,
highlight kinds, route and line styles and how each looks); this package
only draws it. The map itself (land,
sea or the map's own art, lines, every name) is drawn once per map and width
and reused (``bot.render.static``); a turn draws only what changes. From
async code use ``render_map_async``: a render is CPU-bound (about 0.35 s at
1400 px) and runs in a bounded thread pool with a timeout, never on the
Discord event loop (threads, not processes: measured, see docs/decisions.md).
"""

from __future__ import annotations

import asyncio
import weakref

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
    "render_map_async",
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


async def render_map_async(gamemap: GameMap, overlay: Overlay, *, timeout: float = RENDER_TIMEOUT_S,
                           **kw) -> bytes:
    """``render_map`` in a worker thread, at most MAX_CONCURRENT_RENDERS at once.

    Overlay problems (unknown areas) are raised before any waiting. Raises
    RenderTimeout after ``timeout`` seconds (waiting for a free slot
    included). A thread cannot be stopped, so a timed-out render keeps its
    slot until it really ends: the bound on concurrent renders holds even
    when renders hang.
    """
    check_overlay(gamemap, overlay)
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
        task = asyncio.ensure_future(asyncio.to_thread(render_map, gamemap, overlay, **kw))
    except BaseException:
        slots.release()
        raise
    task.add_done_callback(lambda done: _finish(slots, done))
    try:
        return await asyncio.wait_for(asyncio.shield(task), max(0.0, deadline - loop.time()))
    except TimeoutError:
        raise RenderTimeout(f"map render took longer than {timeout:g} s") from None
