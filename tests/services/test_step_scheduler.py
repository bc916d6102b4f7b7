"""The deadline scheduler and steps (issue 12), on both backends, with the two-question test
ruleset (tests/services/steps_ruleset.py): prompts posted once, reminders per step naming who has not
answered, the defaults at the step's deadline, the chain continued by a tick after a crash, the
turn's digest once, and two processes ticking at once resolving the step once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.domain.campaign import Phase
from bot.engine.steps import answer_slot
from bot.scheduler import DeadlineScheduler
from bot.services.campaigns import CampaignService
from bot.services.step_model import answer_payload
from bot.services.turns import TurnLifecycle
from bot.engine.steps import Answer, AnswerSource
from bot.store import open_repository
from tests.services.steps_ruleset import install
from tests.services.test_scheduler import START, Clock, Recorder

STEP_DEADLINE = START + timedelta(hours=24)  # step 2 opens at START, for 24 hours


class StepRecorder(Recorder):
    async def resolved(self, outcome):
        self.said.append(("resolved", outcome.turn, outcome.step))

    async def step_opened(self, opened):
        self.said.append(("prompts", opened.turn, opened.number, [q.id for q in opened.unanswered()]))

    async def turn_digest(self, campaign, turn, digest):
        self.said.append(("digest", turn, str(digest.text()).splitlines()[-1]))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(database, clock, monkeypatch):
    """Turn 3 of the test campaign, its orders step resolved at START: step 2 (two questions) is open."""
    install(monkeypatch)
    async with await open_repository(database) as repo:
        service = CampaignService(repo, clock=clock, seed_factory=lambda: "fixed-seed")
        await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
        await service.set_channels(1, report_channel_id=520)
        await service.open_turn(1, "in 48h")
        await TurnLifecycle(service).resolve(1)
    return database


async def process(path, clock, host: str) -> tuple[DeadlineScheduler, StepRecorder]:
    service = CampaignService(await open_repository(path), clock=clock)
    service.boot_id = f"{host}:4242:{host}"
    recorder = StepRecorder()
    return DeadlineScheduler(service, recorder), recorder


async def reports_posted(scheduler, step: int = 1) -> None:
    """The reports of that step of turn 3 posted, as the command that resolved it does."""
    record = await scheduler.turns.repo.resolution(1, 3, step)
    await scheduler.turns.repo.mark_resolution_posted(1, 3, record.created_seq, "2026-11-29T12:00:00+00:00")


async def test_the_prompts_wait_for_the_reports_of_the_step_before(db, clock):
    """A step's question must not tell a clan what the report of the step before has not told it yet:
    while /turn resolve is still posting step 1 (its lease runs), no prompt and no reminder."""
    scheduler, said = await process(db, clock, "host-a")
    await scheduler.tick()
    assert said.said == []
    await reports_posted(scheduler)
    await scheduler.tick()
    assert [s[0] for s in said.said] == ["prompts", "reminder"]
    await scheduler.turns.repo.close()


async def test_prompts_once_a_reminder_per_step_then_the_defaults_at_its_deadline(db, clock):
    scheduler, said = await process(db, clock, "host-a")
    await reports_posted(scheduler)
    await scheduler.tick()
    await scheduler.tick()
    # The prompts once; the 24-hour reminder is due at once (the step is 24 hours long), as for a turn.
    assert said.said == [("prompts", 3, 2, ["q-mori", "q-otomo"]), ("reminder", 3, timedelta(hours=24),
                                                                     ["mori", "otomo"])]
    await scheduler.steps.answer(1, 3, 2, "q-mori", "sail", faction="mori")
    clock.now = STEP_DEADLINE - timedelta(minutes=30)
    await scheduler.tick()
    assert said.said[-1][0:2] == ("reminder", 3) and said.said[-1][3] == ["otomo"]  # only who has not answered
    assert await scheduler.turns.repo.work_claim(1, 3, "s2:reminder:1h@2026-11-30T12:00+00:00") is not None
    clock.now = STEP_DEADLINE
    await scheduler.tick()
    assert said.said[-2:] == [("resolved", 3, 2),
                              ("digest", 3, "Turn 3 · captains' choices: 1 answered, 0 by standing orders, "
                                            "1 by default (T-1)")]
    campaign = await scheduler.turns.service.campaign(1)
    assert (campaign.turn, campaign.step, campaign.phase) == (4, 1, Phase.RESOLVED)
    count = len(said.said)
    await scheduler.tick()
    assert len(said.said) == count  # nothing twice
    await scheduler.turns.repo.close()


async def test_a_tick_continues_a_chain_a_crash_left_complete_but_unresolved(db, clock):
    scheduler, said = await process(db, clock, "host-a")
    repo = scheduler.turns.repo
    for clan, value in (("mori", "sail"), ("otomo", "stay")):  # stored, then the process died
        answer = Answer(question=f"q-{clan}", value=value, source=AnswerSource.FACTION)
        await repo.put_answer(1, 3, 2, clan, answer_slot(answer.question), answer_payload(answer))
    await scheduler.tick()
    assert [s for s in said.said if s[0] != "prompts"] == [
        ("resolved", 3, 2), ("digest", 3, "Turn 3 · captains' choices: 2 answered, 0 by standing orders, 0 by default")]
    assert (await scheduler.turns.service.campaign(1)).turn == 4
    await repo.close()


async def test_two_processes_at_the_step_deadline_resolve_it_once(db, clock):
    (a, said_a), (b, said_b) = await process(db, clock, "host-a"), await process(db, clock, "host-b")
    clock.now = STEP_DEADLINE
    await asyncio.gather(a.tick(), b.tick())
    await asyncio.gather(a.tick(), b.tick())
    said = said_a.said + said_b.said
    # Step 1's posts, left unposted by the process that resolved it (its lease long over), go out once too.
    assert sorted(s for s in said if s[0] == "resolved") == [("resolved", 3, 1), ("resolved", 3, 2)]
    assert [s[0] for s in said].count("digest") == 1 and [s[0] for s in said].count("prompts") <= 1
    assert len(await a.turns.repo.turn_resolutions(1, 3)) == 2
    await a.turns.repo.close()
    await b.turns.repo.close()


async def test_a_turn_ended_by_an_answer_gets_its_digest_from_the_next_tick_once_posted(db, clock):
    scheduler, said = await process(db, clock, "host-a")
    steps = scheduler.steps
    await steps.answer(1, 3, 2, "q-mori", "sail", faction="mori")
    last = await steps.answer(1, 3, 2, "q-otomo", "stay", faction="otomo")  # a click: the command posts it
    clock.now += timedelta(seconds=5)
    await scheduler.tick()
    assert [s[0] for s in said.said] == []  # its reports (and step 1's, whose lease still runs) are not out
    for outcome in [last.outcomes[0]]:
        await scheduler.stored.mark_posted(outcome)
    step_one = await scheduler.turns.repo.resolution(1, 3, 1)
    await scheduler.turns.repo.mark_resolution_posted(1, 3, step_one.created_seq, "2026-11-29T12:00:00+00:00")
    await scheduler.tick()
    await scheduler.tick()
    assert said.said == [("digest", 3, "Turn 3 · captains' choices: 2 answered, 0 by standing orders, 0 by default")]
    await scheduler.turns.repo.close()


async def test_a_step_opened_again_after_an_undo_gets_its_prompts_again(db, clock):
    scheduler, said = await process(db, clock, "host-a")
    await reports_posted(scheduler)
    await scheduler.tick()
    assert [s[0] for s in said.said] == ["prompts", "reminder"]
    service = scheduler.turns.service
    await service.undo_last(1)  # step 1's resolution: step 2 goes
    clock.now += timedelta(minutes=5)
    await scheduler.turns.redo(1)  # step 2 opens again, five minutes later
    await reports_posted(scheduler)  # the redo's reports
    said.said.clear()
    await scheduler.tick()
    await scheduler.tick()
    assert [s for s in said.said if s[0] == "prompts"] == [("prompts", 3, 2, ["q-mori", "q-otomo"])]
    await scheduler.turns.repo.close()
