"""Exactly-once work across bot processes, without processes: each "process" is a service of its own
(its own connection, its own boot id, on another host, so no pid check can tell it is gone) on one
database, once on SQLite and once on PostgreSQL.  A holder that stops renewing keeps its work until
its lease ends, then another takes it over; a holder that was only slow is refused at its commit."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.scheduler import DeadlineScheduler
from bot.services.campaigns import CampaignService, utc_stamp
from bot.services.errors import UserError
from bot.services.leases import RESOLVE, WorkLease
from bot.services.turns import TurnLifecycle
from bot.store import StoreError, open_repository
from tests.services.test_scheduler import START, Clock, Recorder

LEASE = timedelta(seconds=30)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(database, clock):
    """Turn 3 of a campaign open until START + 48 h, resolved at its deadline, with a report channel."""
    async with await open_repository(database) as repo:
        service = CampaignService(repo, clock=clock, seed_factory=lambda: "fixed-seed")
        await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
        await service.set_channels(1, report_channel_id=520)
        await service.open_turn(1, "in 48h")
        await TurnLifecycle(service).set_deadline(1, auto_resolve=True)
    return database


async def process(path, clock, host: str) -> tuple[DeadlineScheduler, Recorder]:
    """A bot process on ``host``: its own connection, boot id and scheduler, 30 s leases."""
    service = CampaignService(await open_repository(path), clock=clock, lease=LEASE)
    service.boot_id = f"{host}:4242:{host}"
    recorder = Recorder()
    return DeadlineScheduler(service, recorder), recorder


async def test_a_resolution_claimed_by_a_process_that_died_is_taken_over_when_its_lease_ends(db, clock):
    dead, _ = await process(db, clock, "host-a")
    clock.at(timedelta(seconds=-1))  # the deadline has passed in every process
    assert await WorkLease(dead.turns.service, 1, 3, RESOLVE).take()  # … and then host-a lost power
    await dead.turns.repo.close()
    alive, said = await process(db, clock, "host-b")
    await alive.tick()
    assert said.said == []  # its lease runs: not computed, not committed here
    assert (await alive.turns.service.campaign(1)).turn == 3
    with pytest.raises(UserError, match="turn 3 of Seto 1560 is being resolved by another bot process"):
        await alive.turns.resolve(1)
    with pytest.raises(UserError, match="is being resolved right now"):  # nor edited meanwhile
        await alive.turns.service.moderator_edit(1, {"kind": "weather", "storm": True})
    clock.now += LEASE + timedelta(seconds=1)
    await alive.tick()
    await alive.tick()
    assert said.said == [("resolved", 3)]
    assert (await alive.turns.service.campaign(1)).turn == 4
    assert await alive.turns.repo.work_claim(1, 3, RESOLVE) is None  # gone with the commit
    await alive.turns.repo.close()


async def test_a_slow_holder_whose_lease_ended_is_refused_at_commit_and_the_turn_resolves_once(db, clock):
    slow, _ = await process(db, clock, "host-a")
    other, said = await process(db, clock, "host-b")
    clock.at(timedelta(seconds=-1))
    computing, go_on = asyncio.Event(), asyncio.Event()
    real = slow.turns.service._compute

    async def stalled(*args):
        computing.set()
        await go_on.wait()  # a long GC pause, a stalled VM: no renewal reaches the store
        return await real(*args)

    slow.turns.service._compute = stalled
    slow_resolution = asyncio.create_task(slow.turns.resolve(1))
    await computing.wait()
    clock.now += LEASE + timedelta(seconds=1)
    await other.tick()
    assert said.said == [("resolved", 3)]
    go_on.set()
    with pytest.raises((UserError, StoreError), match="already been resolved|took over"):
        await slow_resolution
    assert len(await other.turns.repo.undone_resolutions(1, 3)) == 0
    assert (await other.turns.repo.last_resolution(1)).turn == 3 and (await other.turns.service.campaign(1)).turn == 4
    for p in (slow, other):
        await p.turns.repo.close()


async def test_the_conditional_commit_refuses_a_holder_whose_claim_was_taken_over(db, clock):
    a, _ = await process(db, clock, "host-a")
    b, _ = await process(db, clock, "host-b")
    clock.at(timedelta(seconds=-1))
    assert await WorkLease(a.turns.service, 1, 3, RESOLVE).take()
    assert not await WorkLease(b.turns.service, 1, 3, RESOLVE).take()  # a's lease runs
    clock.now += LEASE + timedelta(seconds=1)
    assert await WorkLease(b.turns.service, 1, 3, RESOLVE).take()  # ended: taken over
    assert not await WorkLease(a.turns.service, 1, 3, RESOLVE).renew()  # a finds it gone
    real_take = WorkLease.take

    async def already_held(self):  # a resolves as if it had never noticed
        return True if self.service is a.turns.service else await real_take(self)

    WorkLease.take = already_held
    try:
        with pytest.raises(StoreError, match="another bot process took over resolving it"):
            await a.turns.service.resolve_turn(1, 3)
    finally:
        WorkLease.take = real_take
    assert (await b.turns.service.campaign(1)).turn == 3  # nothing of a's committed
    await b.turns.resolve(1, 3)
    assert (await b.turns.service.campaign(1)).turn == 4
    for p in (a, b):
        await p.turns.repo.close()


async def test_a_reminder_claimed_by_a_process_that_died_is_posted_once_its_lease_ends(db, clock):
    dead, _ = await process(db, clock, "host-a")
    clock.at(timedelta(hours=23))
    deadline = (await dead.turns.service.campaign(1)).deadline
    assert await WorkLease(dead.turns.service, 1, 3, f"reminder:24h@{deadline}").take()  # then it died
    await dead.turns.repo.close()
    alive, said = await process(db, clock, "host-b")
    await alive.tick()
    assert said.said == []
    clock.now += LEASE + timedelta(seconds=1)
    await alive.tick()
    await alive.tick()
    assert [s[0] for s in said.said] == ["reminder"]  # once: done after posting
    await alive.turns.repo.close()


async def test_posts_claimed_by_a_process_on_another_host_are_taken_over_when_the_lease_ends(db, clock):
    """No pid can be checked on another host: the lease's end, not three minutes' staleness, decides."""
    poster, _ = await process(db, clock, "host-a")
    clock.at(timedelta(seconds=-1))
    await poster.turns.resolve(1)  # committed, posts claimed by host-a … which then died
    await poster.turns.repo.close()
    alive, said = await process(db, clock, "host-b")
    await alive.tick()
    assert said.said == []
    clock.now += LEASE + timedelta(seconds=1)
    await alive.tick()
    assert said.said == [("resolved", 3)]
    await alive.tick()
    assert said.said == [("resolved", 3)]
    await alive.turns.repo.close()


async def test_a_moderator_edit_is_not_refused_for_a_resolve_claim_of_this_hosts_dead_earlier_boot(db, clock):
    """A bot restarted after a crash mid-resolution takes its earlier boot's claim over at once
    (bot/services/boot.py); a moderator's edit is not refused meanwhile as 'being resolved'."""
    import os
    import socket

    crashed, _ = await process(db, clock, "unused")
    crashed.turns.service.boot_id = f"{socket.gethostname()}:{os.getpid()}:before"  # an earlier start of this pid
    assert await WorkLease(crashed.turns.service, 1, 3, RESOLVE).take()  # … then kill -9
    await crashed.turns.repo.close()
    restarted, _ = await process(db, clock, "unused")
    restarted.turns.service.boot_id = f"{socket.gethostname()}:{os.getpid()}:after"
    assert not await restarted.turns.service.resolving_elsewhere(await restarted.turns.service.campaign(1))
    await restarted.turns.service.moderator_edit(1, {"kind": "weather", "storm": True})
    await restarted.turns.repo.close()


async def test_a_moderator_refused_for_a_claim_elsewhere_is_told_from_when_a_new_resolve_takes_it_over(db, clock):
    """A /turn resolve in a process that then died (no deadline resolves the turn by itself): the
    moderator's retry meanwhile is told when the claim's lease ends, not only 'its reports follow'."""
    dead, _ = await process(db, clock, "host-a")
    assert await WorkLease(dead.turns.service, 1, 3, RESOLVE).take()
    until = (await dead.turns.repo.work_claim(1, 3, RESOLVE)).lease_until
    await dead.turns.repo.close()
    alive, _ = await process(db, clock, "host-b")
    with pytest.raises(UserError, match=f"takes it over from {until[:16].replace('T', ' ')} UTC"):
        await alive.turns.resolve(1)
    await alive.turns.repo.close()


async def test_no_lease_renewal_outlives_its_work_and_a_failed_resolution_frees_its_claim_at_once(db, clock):
    """A resolution that fails half-way (here: the rules raise) gives its claim up at once, no
    renewal task left beating; a second try in another process resolves at once, no lease's wait."""
    a, _ = await process(db, clock, "host-a")
    b, said = await process(db, clock, "host-b")
    clock.at(timedelta(seconds=-1))

    async def broken(*args):
        raise RuntimeError("a bug in the rules")

    a.turns.service._compute = broken
    with pytest.raises(RuntimeError):
        await a.turns.resolve(1)
    assert await a.turns.repo.work_claim(1, 3, RESOLVE) is None
    await asyncio.sleep(0)
    assert not [t for t in asyncio.all_tasks() if t.get_name() == "fleetwright-lease" and not t.done()]
    await b.tick()
    assert said.said == [("resolved", 3)]
    assert not [t for t in asyncio.all_tasks() if t.get_name().startswith("fleetwright-") and not t.done()]
    for p in (a, b):
        await p.turns.repo.close()
