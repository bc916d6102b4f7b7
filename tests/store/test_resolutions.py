"""Committing a resolved turn atomically, reading it back, and undoing it."""

from __future__ import annotations


import pytest

from bot.domain.campaign import Phase
from bot.engine.seed import commitment
from bot.store import sqlite_resolutions
from bot.store.errors import StoreError
from bot.store.repository import TurnStatus

from .conftest import SEED, STATE, make_campaign, raw_rows, raw_state_text, resolution_for


async def _resolvable(repo, campaign):
    """Orders in, state loaded: what a service has in hand before resolving."""
    await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    await repo.put_order(campaign.id, 1, "sue", "kobune", {"mission": "raid"})
    orders = await repo.list_orders(campaign.id, 1)
    state = (await repo.load_state(campaign.id)).state
    return resolution_for(campaign.id, 1, state, orders)


async def _resolution_rows(repo) -> int:
    return (await raw_rows(repo, "SELECT COUNT(*) FROM resolutions"))[0][0]


async def test_commit_resolution(repo, campaign):
    campaign = await repo.get_campaign(campaign.id)
    campaign.deadline = "2026-12-01T20:00:00+00:00"
    await repo.update_campaign(campaign)
    record = await _resolvable(repo, campaign)
    committed = await repo.commit_resolution(record)
    assert committed.created_seq > max(o.seq for o in record.orders)

    after = await repo.get_campaign(campaign.id)
    assert (after.turn, after.phase, after.deadline) == (2, Phase.RESOLVED, None)  # in the same transaction
    assert (await repo.load_state(campaign.id)).state == record.after_state
    assert (await repo.get_turn(campaign.id, 1)).status == TurnStatus.RESOLVED
    assert await repo.last_resolution(campaign.id) == committed
    assert await repo.resolution(campaign.id, 1) == committed
    assert await repo.resolution(campaign.id, 2) is None
    assert committed.dice[0].faces == (3, 5)


@pytest.mark.parametrize("step", ["insert_resolution", "set_turn_status", "set_campaign_turn"])
async def test_failure_mid_commit_changes_nothing(repo, campaign, monkeypatch, step):
    record = await _resolvable(repo, campaign)
    text_before = await raw_state_text(repo, campaign.id)

    seen_inside = []

    async def explode(db, *args):
        # Inside the transaction the state has already been replaced.
        rows = await db.execute_fetchall(
            "SELECT state_json FROM campaign_state WHERE campaign_id = ?", (campaign.id,))
        seen_inside.append(rows[0][0])
        raise RuntimeError("power cut")

    monkeypatch.setattr(sqlite_resolutions, step, explode)
    with pytest.raises(RuntimeError, match="power cut"):
        await repo.commit_resolution(record)
    assert seen_inside and seen_inside[0] != text_before

    await _assert_untouched(repo, campaign, text_before, record.orders)
    monkeypatch.undo()
    await repo.commit_resolution(record)  # and the turn can be resolved again
    assert (await repo.get_campaign(campaign.id)).turn == 2


async def test_unstorable_events_roll_back_with_a_store_error(repo, campaign):
    record = await _resolvable(repo, campaign)
    text_before = await raw_state_text(repo, campaign.id)
    bad = record.model_copy(update={"events": [{"type": "moved", "at": object()}]})
    with pytest.raises(StoreError, match="cannot store events"):
        await repo.commit_resolution(bad)
    await _assert_untouched(repo, campaign, text_before, record.orders)


async def _assert_untouched(repo, campaign, text_before, orders):
    assert await raw_state_text(repo, campaign.id) == text_before
    stored = await repo.get_campaign(campaign.id)
    assert (stored.turn, stored.phase) == (1, Phase.PLANNING)
    assert (await repo.get_turn(campaign.id, 1)).status == TurnStatus.PLANNING
    assert await repo.list_orders(campaign.id, 1) == orders
    assert await repo.last_resolution(campaign.id) is None
    assert await _resolution_rows(repo) == 0


async def test_undo_restores_the_exact_state_and_reopens_the_turn(repo, campaign):
    record = await _resolvable(repo, campaign)
    text_before = await raw_state_text(repo, campaign.id)
    await repo.commit_resolution(record)
    assert await raw_state_text(repo, campaign.id) != text_before

    assert await repo.undo_last_resolution(campaign.id) == 1

    assert await raw_state_text(repo, campaign.id) == text_before
    stored = await repo.get_campaign(campaign.id)
    assert (stored.turn, stored.phase) == (1, Phase.CORRECTION)  # at once, in the undo's own transaction
    turn = await repo.get_turn(campaign.id, 1)
    assert (turn.status, turn.seed, turn.commitment) == (
        TurnStatus.PLANNING, SEED, commitment(SEED))
    assert await repo.list_orders(campaign.id, 1) == record.orders
    assert await repo.last_resolution(campaign.id) is None
    assert await _resolution_rows(repo) == 0


async def test_only_the_last_resolution_is_undone_and_never_under_an_open_turn(repo, campaign):
    """Undoing turn 1 while turn 2 is open (after an undo of turn 2, or once turn 2 was opened) would
    leave turn 2's published commitment behind and the campaign unable to open it again."""
    await repo.commit_resolution(resolution_for(campaign.id, 1, STATE, []))
    await repo.open_turn(campaign.id, 2, "seed-2", commitment("seed-2"))
    state_2 = (await repo.load_state(campaign.id)).state
    with pytest.raises(StoreError, match="turn 2 is already open, so the resolution of turn 1 can no longer be undone"):
        await repo.undo_last_resolution(campaign.id)
    await repo.commit_resolution(resolution_for(campaign.id, 2, state_2, [], seed="seed-2"))

    assert await repo.undo_last_resolution(campaign.id) == 2
    assert (await repo.load_state(campaign.id)).state == state_2
    with pytest.raises(StoreError, match="turn 2 is already open"):
        await repo.undo_last_resolution(campaign.id)
    assert (await repo.load_state(campaign.id)).state == state_2
    assert (await repo.get_campaign(campaign.id)).phase is Phase.CORRECTION


async def test_undo_with_nothing_to_undo(repo, campaign):
    with pytest.raises(StoreError, match=f"nothing to undo: campaign {campaign.id}"):
        await repo.undo_last_resolution(campaign.id)
    with pytest.raises(StoreError, match="no campaign with id 999"):
        await repo.undo_last_resolution(999)


async def test_stale_resolutions_are_refused(repo, campaign):
    record = await _resolvable(repo, campaign)
    late = await repo.put_order(campaign.id, 1, "mori", "alpha", {"mission": "trade"})
    with pytest.raises(StoreError, match="orders changed"):
        await repo.commit_resolution(record)
    record = record.model_copy(update={"orders": [*record.orders, late]})
    with pytest.raises(StoreError, match="seed other than"):
        await repo.commit_resolution(record.model_copy(update={"seed": "guessed"}))
    with pytest.raises(StoreError, match="at turn 1"):
        await repo.commit_resolution(record.model_copy(update={"turn": 2}))
    await repo.save_state(campaign.id, {"edited": "by a moderator"})
    with pytest.raises(StoreError, match="state changed"):
        await repo.commit_resolution(record)
    assert await repo.last_resolution(campaign.id) is None


async def test_turn_must_be_open_to_commit(repo):
    stored = await repo.create_campaign(make_campaign(), {}, STATE)
    with pytest.raises(StoreError, match="has not been opened"):
        await repo.commit_resolution(resolution_for(stored.id, 1, STATE, []))
