"""Issue 18: nothing a turn does keeps the Discord event loop busy for long.

A whole turn (orders in, /turn resolve, its reports, maps and posts, then the captains'
step and the digest) through the offline harness, with asyncio's debug mode on: every
callback the loop runs longer than SLOW_S is collected (asyncio logs them on the
"asyncio" logger), and so is every callback that spends more than CPU_LIMIT_S of the
loop thread's own CPU time.  Wall time alone would also count the loop waiting for the
GIL while a worker thread draws a map, which a loaded machine stretches at will; CPU
time of the loop's thread counts only work done on the loop.  The demo campaign is
small, so the turn's heavy steps are also checked by name: each must run off the loop's
thread (a spy records ``threading.get_ident()``).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
from collections import defaultdict

import pytest

import bot.render
import bot.services.campaigns as campaigns
import bot.store.sqlite_resolutions as sqlite_resolutions
from bot.runtime import SWITCH_INTERVAL_S
from bot.rulesets.sengoku.report import present

SLOW_S = 0.05  # what asyncio reports as slow (wall time)
CPU_LIMIT_S = 0.03  # the loop thread's CPU time in one callback: real work on the loop


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@pytest.fixture
async def loop_watch(monkeypatch):
    """The loop in debug mode; yields (asyncio's slow-callback warnings, (CPU s, callback) over
    CPU_LIMIT_S on the loop's thread)."""
    loop = asyncio.get_running_loop()
    loop_thread = threading.get_ident()
    warnings = _Collect()
    busy: list[tuple[float, str]] = []
    run = asyncio.events.Handle._run

    def timed(handle):
        if threading.get_ident() != loop_thread:  # a worker's own loop (bot.render.render_in_worker)
            return run(handle)
        start = time.thread_time()
        try:
            return run(handle)
        finally:
            spent = time.thread_time() - start
            if spent > CPU_LIMIT_S:
                busy.append((spent, repr(handle)[:300]))

    monkeypatch.setattr(asyncio.events.Handle, "_run", timed)
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL_S)  # as the bot runs (bot/runtime.py favour_event_loop)
    logger = logging.getLogger("asyncio")
    logger.addHandler(warnings)
    loop.set_debug(True)
    loop.slow_callback_duration = SLOW_S
    try:
        yield warnings.messages, busy
    finally:
        loop.set_debug(False)
        logger.removeHandler(warnings)
        sys.setswitchinterval(old_interval)


def _spy(monkeypatch, owner, name: str, threads: dict[str, set[int]]) -> None:
    real = getattr(owner, name)

    def spied(*args, **kw):
        threads[name].add(threading.get_ident())
        return real(*args, **kw)

    monkeypatch.setattr(owner, name, spied)


async def test_a_whole_turn_does_its_heavy_work_off_the_event_loop(planned, loop_watch, monkeypatch):
    warnings, busy = loop_watch
    threads: dict[str, set[int]] = defaultdict(set)
    _spy(monkeypatch, present, "overlay_for", threads)  # the map's overlay (~26 ms per audience at L)
    _spy(monkeypatch, bot.render, "render_map", threads)  # the drawing
    _spy(monkeypatch, present.SengokuPresenter, "build_reports", threads)  # every audience's report
    _spy(monkeypatch, campaigns, "_resolution_record", threads)  # the record: the states dumped as JSON values
    real_dumps = sqlite_resolutions.dumps

    def dumps(value, what: str) -> str:  # the record as JSON text, in the store (~80 ms at L)
        threads[f"dumps {what}"].add(threading.get_ident())
        return real_dumps(value, what)

    monkeypatch.setattr(sqlite_resolutions, "dumps", dumps)
    loop_thread = threading.get_ident()

    sent = await planned.run("turn resolve", planned.mod)
    sent += await planned.captives_defaults()

    assert any(s.files for s in sent), "the turn posted its maps"
    heavy = {"overlay_for", "render_map", "build_reports", "_resolution_record", "dumps after-state",
             "dumps orders", "dumps dice log", "dumps events", "dumps report"}
    assert heavy <= set(threads)
    on_loop = sorted(name for name in heavy if loop_thread in threads[name])
    assert on_loop == [], f"ran on the event loop: {on_loop}"
    assert busy == [], "callbacks busy on the loop's thread:\n" + "\n".join(f"{s * 1000:.0f} ms CPU: {h}"
                                                                              for s, h in busy)
    print("asyncio slow-callback warnings (wall time, GIL waits included):", *warnings, sep="\n")
