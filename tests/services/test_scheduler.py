"""The deadline scheduler on a fake clock: reminders once, auto-resolution
once, a restart picks up, nothing resolves when auto-resolution is off."""

from __future__ import annotations

import asyncio
import os
import socket
from datetime import datetime, timedelta, timezone

import pytest

from bot.domain.campaign import Phase
from bot.scheduler import DeadlineScheduler
from bot.services.boot import new_boot_id
from bot.services.campaigns import CampaignService
from bot.services.turns import TurnLifecycle
from bot.store import open_repository

START = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)  # the deadline is "in 48h": Dec 1, 12:00


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def at(self, before_deadline: timedelta) -> None:
        self.now = START + timedelta(hours=48) - before_deadline


class Recorder:
    """The scheduler's Announcer, recording instead of posting."""

    def __init__(self) -> None:
        self.said: list[tuple] = []

    async def reminder(self, campaign, left, not_ready):
        self.said.append(("reminder", campaign.turn, left, [f.id for f in not_ready]))

    async def deadline_passed(self, campaign, not_ready):
        self.said.append(("passed", campaign.turn, [f.id for f in not_ready]))

    async def resolved(self, outcome):
        self.said.append(("resolved", outcome.turn))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(database, clock):
    """A campaign with turn 3 open until Dec 1, 12:00; Mōri has marked its orders ready."""
    path = database
    repo = await open_repository(path)
    service = CampaignService(repo, clock=clock, seed_factory=lambda: "fixed-seed")
    await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.set_channels(1, report_channel_id=520)
    await service.open_turn(1, "in 48h")
    await TurnLifecycle(service).mark_ready(1, "mori")
    await repo.close()
    return path


async def scheduler_on(path, clock, boot: str | None = None) -> tuple[DeadlineScheduler, Recorder]:
    """A fresh bot process: its own connection and scheduler on the same database.  Its boot id says
    it is a later start of this process (the earlier one is dead) unless ``boot`` names another."""
    repo = await open_repository(path)
    recorder = Recorder()
    service = CampaignService(repo, clock=clock)
    service.boot_id = boot or new_boot_id()
    return DeadlineScheduler(service, recorder), recorder


def live_other_process() -> str:
    """The boot id of a process on this host that is alive (our parent): its claims are not taken over."""
    return f"{socket.gethostname()}:{os.getppid()}:other"


async def test_each_reminder_is_posted_once_naming_the_clans_not_ready(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    await scheduler.tick()
    assert said.said == []  # 48 h before: nothing yet
    clock.at(timedelta(hours=23))
    await scheduler.tick()
    await scheduler.tick()
    assert said.said == [("reminder", 3, timedelta(hours=23), ["otomo", "kono", "miyoshi"])]
    clock.at(timedelta(minutes=30))
    await scheduler.tick()
    assert said.said[1:] == [("reminder", 3, timedelta(minutes=30), ["otomo", "kono", "miyoshi"])]
    await scheduler.tick()
    assert len(said.said) == 2
    await scheduler.turns.repo.close()


async def test_a_locked_turn_gets_no_reminder(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    await scheduler.turns.lock(1)
    clock.at(timedelta(minutes=30))
    await scheduler.tick()
    assert said.said == []
    await scheduler.turns.repo.close()


async def test_a_moved_deadline_gets_its_own_reminders(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    clock.at(timedelta(hours=20))
    await scheduler.tick()
    await scheduler.turns.set_deadline(1, "in 10h")
    await scheduler.tick()
    assert [(s[0], s[2]) for s in said.said] == [("reminder", timedelta(hours=20)), ("reminder", timedelta(hours=10))]
    await scheduler.turns.repo.close()


async def test_a_restart_does_not_repeat_a_reminder_and_sends_only_the_nearest_missed_one(db, clock):
    first, _ = await scheduler_on(db, clock)
    clock.at(timedelta(hours=20))
    await first.tick()
    await first.turns.repo.close()
    restarted, said_after = await scheduler_on(db, clock)
    await restarted.tick()
    assert said_after.said == []  # the 24 h reminder was sent before the restart
    clock.at(timedelta(minutes=10))  # down past the 1 h mark: the 1 h reminder is still useful
    await restarted.tick()
    assert said_after.said == [("reminder", 3, timedelta(minutes=10), ["otomo", "kono", "miyoshi"])]
    await restarted.turns.repo.close()


async def test_auto_resolution_resolves_once_and_a_restart_does_not_resolve_again(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    await scheduler.turns.set_deadline(1, auto_resolve=True)
    clock.at(timedelta(seconds=-1))
    await scheduler.tick()
    await scheduler.tick()
    assert said.said == [("resolved", 3)]
    campaign = await scheduler.turns.service.campaign(1)
    assert (campaign.turn, campaign.phase, campaign.deadline) == (4, Phase.RESOLVED, None)
    await scheduler.turns.repo.close()
    restarted, said_after = await scheduler_on(db, clock)
    await restarted.tick()
    assert said_after.said == []
    await restarted.turns.repo.close()


async def test_a_bot_that_was_down_at_the_deadline_resolves_on_start(db, clock):
    before, _ = await scheduler_on(db, clock)
    await before.turns.set_deadline(1, auto_resolve=True)
    await before.turns.lock(1)  # a locked turn resolves at its deadline too
    await before.turns.repo.close()
    clock.at(-timedelta(days=2))
    scheduler, said = await scheduler_on(db, clock)
    await scheduler.tick()
    assert said.said == [("resolved", 3)]
    await scheduler.turns.repo.close()


async def test_two_schedulers_on_one_database_resolve_the_turn_once(db, clock):
    one, said_one = await scheduler_on(db, clock)
    two, said_two = await scheduler_on(db, clock, boot=live_other_process())
    await one.turns.set_deadline(1, auto_resolve=True)
    clock.at(timedelta(seconds=-1))
    await asyncio.gather(one.tick(), two.tick())
    assert said_one.said + said_two.said == [("resolved", 3)]
    assert (await one.turns.service.campaign(1)).turn == 4
    await one.turns.repo.close()
    await two.turns.repo.close()


async def test_without_auto_resolution_the_deadline_is_announced_once_and_nothing_resolves(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    clock.at(timedelta(hours=-1))
    await scheduler.tick()
    await scheduler.tick()
    assert said.said == [("passed", 3, ["otomo", "kono", "miyoshi"])]
    campaign = await scheduler.turns.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (3, Phase.PLANNING)
    await scheduler.turns.repo.close()


async def test_the_background_task_starts_ticks_and_stops(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    scheduler.interval = 0.01
    clock.at(timedelta(minutes=5))
    scheduler.start()
    for _ in range(200):
        if said.said:
            break
        await asyncio.sleep(0.01)
    await scheduler.stop()
    assert said.said == [("reminder", 3, timedelta(minutes=5), ["otomo", "kono", "miyoshi"])]
    assert scheduler._task is None
    await scheduler.turns.repo.close()


async def test_a_resolution_committed_but_never_posted_is_posted_at_once_by_the_next_boot(db, clock):
    """The bot stopped between committing a resolution and posting it; the restarted one posts it at
    start-up (its first tick), not after a stale-claim timeout: the claim names a boot that is gone."""
    stopped, _ = await scheduler_on(db, clock)
    outcome = await stopped.turns.resolve(1)  # committed (claimed now), then the process is gone
    await stopped.turns.repo.close()
    restarted, said = await scheduler_on(db, clock)
    await restarted.tick()
    await restarted.tick()
    assert said.said == [("resolved", 3)]
    campaign = await restarted.turns.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (4, Phase.RESOLVED)  # posted, not resolved again
    recovered = await restarted.stored.outcome_of(await restarted.turns.repo.resolution(1, 3))
    assert recovered.reports == outcome.reports and recovered.created_seq == outcome.created_seq
    await restarted.turns.repo.close()


async def test_a_live_process_posting_is_left_alone_until_its_claim_is_stale(db, clock):
    """A claim held by a live process elsewhere is renewed while it posts; only one not renewed for
    STALE_CLAIM (three minutes) is taken over."""
    other, _ = await scheduler_on(db, clock, boot=live_other_process())
    await other.turns.resolve(1)
    await other.turns.repo.close()
    watcher, said = await scheduler_on(db, clock)
    clock.now = START + timedelta(minutes=2)
    await watcher.tick()
    assert said.said == []
    clock.now = START + timedelta(minutes=4)
    await watcher.tick()
    assert said.said == [("resolved", 3)]
    await watcher.turns.repo.close()


async def test_an_auto_resolved_turn_is_marked_posted_and_never_posted_again(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    await scheduler.turns.set_deadline(1, auto_resolve=True)
    clock.at(timedelta(seconds=-1))
    await scheduler.tick()
    clock.now += timedelta(hours=1)  # long after its claim went stale
    await scheduler.tick()
    assert said.said == [("resolved", 3)]
    await scheduler.turns.repo.close()


async def test_a_failed_post_is_tried_again_once_its_claim_is_stale(db, clock):
    scheduler, said = await scheduler_on(db, clock)
    await scheduler.turns.resolve(1)
    calls = []

    async def down(outcome):
        calls.append(outcome.turn)
        raise OSError("Discord unreachable")

    scheduler.announcer.resolved = down
    clock.now = START + timedelta(minutes=11)
    await scheduler.tick()
    await scheduler.tick()
    assert calls == [3]  # claimed by the first tick, which failed: not retried at once
    del scheduler.announcer.resolved
    clock.now = START + timedelta(minutes=15)
    await scheduler.tick()
    assert said.said == [("resolved", 3)]
    await scheduler.turns.repo.close()


async def test_posts_taken_over_by_another_process_are_not_marked_done_by_this_one(db, clock):
    """While this boot's scheduler announced a resolution, another process took its posts over: the
    scheduler must not mark them done behind the new claimant's back (nor after a moderator skipped)."""
    from bot.services.stored_turns import StoredTurns

    scheduler, _ = await scheduler_on(db, clock)
    outcome = await scheduler.turns.resolve(1)
    async with scheduler.turns.service.repo._unit(write=True) as conn:  # the other process's claim
        await conn.execute("UPDATE resolution_posts SET claimed_by = ?", (live_other_process(),))
    await StoredTurns(scheduler.turns.service).mark_posted(outcome)
    assert await scheduler.turns.service.repo.unposted_resolution(1) is not None  # still the other's to finish
    await scheduler.turns.repo.close()
