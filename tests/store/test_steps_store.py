"""Steps within a turn in the store (migration 0030), on both backends: a commit that opens the next
step in its own unit of work, answers stored once, writes of a step no longer open refused, undo
removing the step opened after the undone one, export and import of steps; and an old database
migrated to steps (everything step 1)."""

from __future__ import annotations

import asyncio
import gzip
import shutil
from pathlib import Path

import pytest

from bot.domain.campaign import Phase
from bot.store import StepOpening, StoreError, open_repository
from bot.store.sqlite_resolutions import RESOLVE
from tests.store.conftest import SEED, STATE, resolution_for, with_secret

SPEC = {"kind": "choices", "label": {"msgid": "captains' choices", "values": {}}}
ANSWER = {"kind": "answer", "question": "q-mori", "value": "sail", "source": "faction", "rule": ""}
STANDING = {"kind": "answer", "question": "q-sue", "value": "stay", "source": "standing", "rule": ""}


def step_two() -> StepOpening:
    return StepOpening(step=2, spec=SPEC, opened_at="2026-11-29T12:00:00+00:00", deadline="2026-11-30T12:00+00:00",
                       answers={"answer:q-sue": ("sue", STANDING)})


async def at_step_two(repo, campaign):
    order = await repo.put_order(campaign.id, 1, "mori", "unit:zeta", {"kind": "move", "to": "Aki"})
    await repo.commit_resolution(resolution_for(campaign.id, 1, STATE, [order]), next_step=step_two())


async def test_a_commit_opens_the_next_step_with_its_standing_answers(repo, campaign):
    await at_step_two(repo, campaign)
    stored = await repo.get_campaign(campaign.id)
    assert (stored.turn, stored.step, stored.phase, stored.deadline) == (1, 2, Phase.PLANNING,
                                                                         "2026-11-30T12:00+00:00")
    assert (await repo.get_turn(campaign.id, 1)).status == "planning"  # the turn goes on
    assert [(s.step, s.spec) for s in await repo.turn_steps(campaign.id, 1)] == [(2, SPEC)]
    assert [(o.unit, o.payload) for o in await repo.list_orders(campaign.id, 1, step=2)] == [
        ("answer:q-sue", STANDING)]
    assert [o.unit for o in await repo.list_orders(campaign.id, 1)] == ["unit:zeta"]  # step 1's, kept
    assert (await repo.resolution(campaign.id, 1)).step == 1 and await repo.resolution(campaign.id, 1, 2) is None


async def test_an_answer_is_stored_once_even_when_two_come_at_once(repo, campaign):
    await at_step_two(repo, campaign)
    first, second = await asyncio.gather(
        repo.put_answer(campaign.id, 1, 2, "mori", "answer:q-mori", ANSWER),
        repo.put_answer(campaign.id, 1, 2, "mori", "answer:q-mori", {**ANSWER, "value": "stay"}))
    assert sorted([first is None, second is None]) == [False, True]
    assert [o.payload["value"] for o in await repo.list_orders(campaign.id, 1, step=2)
            if o.unit == "answer:q-mori"] == ["sail"]


async def test_writes_to_a_step_no_longer_open_are_refused(repo, campaign):
    await at_step_two(repo, campaign)
    with pytest.raises(StoreError, match="step 1 of turn 1 of Itsukushima 1555 is closed; the turn is at step 2"):
        await repo.put_order(campaign.id, 1, "mori", "unit:zeta", {"kind": "move", "to": "Seto"})
    with pytest.raises(StoreError, match="step 3 of turn 1 .* is closed"):
        await repo.put_answer(campaign.id, 1, 3, "mori", "answer:q-mori", ANSWER)
    with pytest.raises(StoreError, match="cannot commit step 1 of turn 1 .*: the turn is at step 2"):
        await repo.commit_resolution(resolution_for(campaign.id, 1, STATE, []))


async def test_the_last_step_ends_the_turn_and_undo_goes_back_one_step_at_a_time(repo, campaign):
    await at_step_two(repo, campaign)
    answers = await repo.list_orders(campaign.id, 1, step=2)
    after_one = (await repo.resolution(campaign.id, 1)).after_state
    last = resolution_for(campaign.id, 1, after_one, answers).model_copy(update={"step": 2})
    await repo.commit_resolution(last)
    stored = await repo.get_campaign(campaign.id)
    assert (stored.turn, stored.step, stored.phase) == (2, 1, Phase.RESOLVED)
    assert [r.step for r in await repo.turn_resolutions(campaign.id, 1)] == [1, 2]

    assert await repo.undo_last_resolution(campaign.id) == 1
    stored = await repo.get_campaign(campaign.id)
    assert (stored.turn, stored.step, stored.phase) == (1, 2, Phase.CORRECTION)
    assert len(await repo.list_orders(campaign.id, 1, step=2)) == 1  # the undone step keeps its answers
    assert [u.step for u in await repo.undone_resolutions(campaign.id, 1, 2)] == [2]

    assert await repo.undo_last_resolution(campaign.id) == 1  # step 1 now: step 2 goes with its answers
    stored = await repo.get_campaign(campaign.id)
    assert (stored.turn, stored.step, stored.phase) == (1, 1, Phase.CORRECTION)
    assert await repo.turn_steps(campaign.id, 1) == [] and await repo.list_orders(campaign.id, 1, step=2) == []
    assert [o.unit for o in await repo.list_orders(campaign.id, 1)] == ["unit:zeta"]


async def test_a_later_steps_resolve_claim_is_its_own(repo, campaign):
    await at_step_two(repo, campaign)
    assert await repo.claim_work(campaign.id, 1, f"s2:{RESOLVE}", "host-b:1:x", "2026-11-29T12:00:00+00:00",
                                 "2026-11-29T12:03:00+00:00")
    step = resolution_for(campaign.id, 1, (await repo.resolution(campaign.id, 1)).after_state,
                          await repo.list_orders(campaign.id, 1, step=2)).model_copy(update={"step": 2})
    with pytest.raises(StoreError, match="another bot process took over resolving it"):
        await repo.commit_resolution(step, claimed_by="host-a:1:y")
    await repo.commit_resolution(step, claimed_by="host-b:1:x")
    assert await repo.work_claim(campaign.id, 1, f"s2:{RESOLVE}") is None


async def test_steps_and_their_answers_survive_export_and_import(repo, campaign, new_database):
    await at_step_two(repo, campaign)
    await repo.put_answer(campaign.id, 1, 2, "mori", "answer:q-mori", ANSWER)
    data = await repo.export_campaign(campaign.id)
    assert data["version"] == 3 and data["campaign"]["step"] == 2
    assert [(o["step"], o["unit"]) for o in data["orders"]] == [(1, "unit:zeta"), (2, "answer:q-sue"),
                                                                (2, "answer:q-mori")]
    async with await open_repository(new_database()) as other:
        imported = await other.import_campaign(with_secret(data))
        assert (imported.turn, imported.step) == (1, 2)
        assert await other.export_campaign(imported.id) == {**data, "campaign": {**data["campaign"],
                                                                                  "id": imported.id},
                                                             "turns": (await other.export_campaign(imported.id))["turns"]}


async def test_an_old_database_migrates_to_step_one_of_each_turn(tmp_path):
    db = tmp_path / "old-main.db"
    fixture = Path(__file__).parent / "fixtures" / "old-main.db.gz"
    with gzip.open(fixture, "rb") as packed, db.open("wb") as raw:
        shutil.copyfileobj(packed, raw)
    async with await open_repository(db) as repo:
        campaign = await repo.get_campaign(1)
        assert (campaign.turn, campaign.step) == (4, 1)
        assert [o.unit for o in await repo.list_orders(1, 4)] == [o.unit for o in await repo.list_orders(1, 4, step=1)]
        assert len(await repo.list_orders(1, 4)) == 1
        assert (await repo.resolution(1, 3)).step == 1 and await repo.get_step(1, 4, 1) is None
        assert SEED  # the fixtures' secret is not this database's
