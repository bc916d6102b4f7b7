"""Issue 18: a turn's heavy work in worker processes (bot/workers.py, bot/services/turn_work.py).

Through the session's real pool (``through_workers``, tests/conftest.py): a step resolved in a
worker gives the same data, dice log, reports and record as in a thread, its maps the same PNG
bytes; a task that hangs is killed at its timeout, its process replaced, and the next task runs;
a map that hangs is a RenderTimeout as a render slot's was.
"""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from bot import render, workers
from bot.domain.viewer import Viewer
from bot.services import turn_work
from tests.services.test_campaign_service import submit_demo_orders
from tests.services.test_turns import turns  # noqa: F401  (the fixture: the demo campaign, turn open, fixed seed)


def _slow_map(ruleset_id, token, blob, audience, sheet) -> bytes:
    """A map task that never ends in time (module-level: the worker imports it by name)."""
    time.sleep(60)
    return b""


async def _all_warm(pool) -> set[int]:
    """Every worker has answered (one killed by an earlier test is replaced and warm again)."""
    await asyncio.to_thread(workers._wait_warm, pool, len(workers.worker_pids()) or 2)
    return set(workers.worker_pids())


async def _replaced(before: set[int]) -> set[int]:
    """The pool's pids once the killed worker's replacement runs."""
    for _ in range(200):
        now = set(workers.worker_pids())
        if len(now) == len(before) and now != before:
            return now
        await asyncio.sleep(0.05)
    raise AssertionError(f"no worker was replaced: {before} → {workers.worker_pids()}")


async def test_a_step_worked_in_a_worker_process_is_what_a_thread_works(turns, worker_pool, monkeypatch):  # noqa: F811
    service = turns.service
    await submit_demo_orders(service, 1)
    campaign = await service.campaign(1)
    turn = await service.repo.get_turn(1, campaign.turn)
    step = await service.open_step_of(campaign)
    orders = await service.repo.list_orders(1, campaign.turn, step=campaign.step)
    data, worked, stored, after = await service._compute(campaign, orders, turn, step)  # threads
    monkeypatch.setattr(workers, "_pool", worker_pool)
    data_w, worked_w, stored_w, after_w = await service._compute(campaign, orders, turn, step)

    assert worked_w.log and worked_w.log == worked.log  # the dice's log came back from the worker
    assert worked_w.record.model_dump_json() == worked.record.model_dump_json()
    assert worked_w.reports == worked.reports and worked_w.reports.public
    assert data_w == data and (stored_w, after_w) == (stored, after)

    audiences = [Viewer.public(), Viewer.moderators(), *(Viewer.of(f.id) for f in campaign.factions)]
    drawn = await service.render_maps(campaign.ruleset, data_w, audiences)
    monkeypatch.setattr(workers, "_pool", None)
    assert drawn == await service.render_maps(campaign.ruleset, data, audiences)  # the same PNG bytes
    assert len(set(drawn.values())) == len(audiences)


async def test_a_task_that_hangs_is_killed_at_its_timeout_and_the_next_task_runs(through_workers):
    before = await _all_warm(through_workers)
    assert len(before) == 2
    with pytest.raises(workers.WorkerTimeout, match="took longer than 3 s") as caught:
        await workers.run_in_worker(time.sleep, 60, timeout=3.0)
    assert caught.value.started
    after = await _replaced(before)
    assert len(after & before) == 1  # the stuck one killed, a fresh one in its place
    assert await workers.run_in_worker(os.getpid, timeout=30) in after


async def test_a_cancelled_caller_cancels_its_task_in_the_worker(through_workers):
    before = await _all_warm(through_workers)
    task = asyncio.create_task(workers.run_in_worker(time.sleep, 60, timeout=60))
    await asyncio.sleep(1.0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await _replaced(before)


async def test_an_error_in_the_worker_is_raised_to_the_caller(through_workers):
    with pytest.raises(ValueError, match="invalid literal"):
        await workers.run_in_worker(int, "three", timeout=30)


async def test_a_map_that_hangs_in_a_worker_is_a_render_timeout_and_the_next_maps_are_drawn(turns, through_workers,  # noqa: F811
                                                                                           monkeypatch):
    service = turns.service
    await submit_demo_orders(service, 1)
    outcome = await service.resolve_turn(1)
    real = turn_work.draw_map
    await _all_warm(through_workers)
    monkeypatch.setattr(render, "RENDER_TIMEOUT_S", 3.0)
    monkeypatch.setattr(turn_work, "draw_map", _slow_map)
    with pytest.raises(render.RenderTimeout, match="map render took longer than 3 s"):
        await service.render_maps("sengoku", outcome.data, [Viewer.public(), Viewer.of("mori")])
    monkeypatch.setattr(turn_work, "draw_map", real)
    monkeypatch.setattr(render, "RENDER_TIMEOUT_S", 300.0)  # the killed workers' replacements warm first
    maps = await service.render_maps("sengoku", outcome.data, [Viewer.public(), Viewer.of("mori")])
    assert all(png.startswith(b"\x89PNG") for png in maps.values())


def test_the_number_of_workers_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv(workers.WORKERS_ENV, "3")
    assert workers.configured_workers() == 3
    monkeypatch.setenv(workers.WORKERS_ENV, "")
    assert workers.configured_workers() == workers.DEFAULT_WORKERS
    monkeypatch.setenv(workers.WORKERS_ENV, "two")
    with pytest.raises(ValueError, match=r"FLEETWRIGHT_WORKERS='two': give a whole number of worker processes"):
        workers.configured_workers()


async def test_without_a_pool_the_work_runs_in_a_thread_with_the_same_timeout():
    assert not workers.running()
    assert await workers.run_in_worker(os.getpid, timeout=5) == os.getpid()
    with pytest.raises(workers.WorkerTimeout, match="took longer than 0.1 s"):
        await workers.run_in_worker(time.sleep, 0.5, timeout=0.1)


async def test_the_worker_returns_no_map_or_state_the_bot_sent_and_the_bot_puts_its_own_back(turns, monkeypatch):  # noqa: F811
    """The result crosses back pickled and is unpickled in the bot process (pebble's thread, the GIL
    taken from the loop): the map, the state before and the stored state stay home (issue 18)."""
    service = turns.service
    await submit_demo_orders(service, 1)
    campaign = await service.campaign(1)
    turn = await service.repo.get_turn(1, campaign.turn)
    step = await service.open_step_of(campaign)
    orders = await service.repo.list_orders(1, campaign.turn, step=campaign.step)
    returned = []
    run = workers.run_in_worker

    async def spied(fn, *args, timeout):
        result = await run(fn, *args, timeout=timeout)
        returned.append((result.data.gamemap, result.data.before, dict(result.record.before_state)))
        return result

    monkeypatch.setattr(workers, "run_in_worker", spied)
    data, worked, stored, _ = await service._compute(campaign, orders, turn, step)
    assert returned == [(None, None, {})]
    assert data.gamemap.id == campaign.map_id and data.before.model_dump(mode="json") == stored
    assert worked.record.before_state == stored and worked.record.after_state == data.after.model_dump(mode="json")
