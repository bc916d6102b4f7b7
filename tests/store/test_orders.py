"""Orders: one per unit per turn, re-submission replaces and takes a new seq."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.seed import commitment
from bot.store.errors import StoreError
from bot.store import open_repository

from .conftest import resolution_for


async def test_orders_are_listed_in_submission_order(repo, campaign):
    a = await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    b = await repo.put_order(campaign.id, 1, "sue", "kobune", {"mission": "raid"})
    c = await repo.put_order(campaign.id, 1, "mori", "alpha", {"mission": "trade"})
    assert a.seq < b.seq < c.seq
    assert await repo.list_orders(campaign.id, 1) == [a, b, c]
    assert await repo.list_orders(campaign.id, 1, faction="mori") == [a, c]
    assert await repo.list_orders(campaign.id, 2) == []


async def test_resubmitting_replaces_payload_and_takes_a_new_seq(repo, campaign):
    first = await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    other = await repo.put_order(campaign.id, 1, "sue", "kobune", {"mission": "raid"})
    again = await repo.put_order(campaign.id, 1, "mori", "zeta",
                                 {"mission": "escort", "target": "alpha"})
    assert again.seq > other.seq > first.seq
    assert await repo.list_orders(campaign.id, 1) == [other, again]


async def test_seq_keeps_rising_after_deletes(repo, campaign):
    first = await repo.put_order(campaign.id, 1, "mori", "zeta", {})
    assert await repo.delete_order(campaign.id, 1, "zeta") is True
    assert await repo.delete_order(campaign.id, 1, "zeta") is False
    second = await repo.put_order(campaign.id, 1, "mori", "zeta", {})
    assert second.seq > first.seq


async def test_delete_orders_of_a_faction(repo, campaign):
    await repo.put_order(campaign.id, 1, "mori", "zeta", {})
    kept = await repo.put_order(campaign.id, 1, "sue", "kobune", {})
    await repo.put_order(campaign.id, 1, "mori", "alpha", {})
    assert await repo.delete_orders(campaign.id, 1, "mori") == 2
    assert await repo.list_orders(campaign.id, 1) == [kept]


async def test_orders_need_an_open_turn(repo, campaign):
    with pytest.raises(StoreError, match="turn 2 of campaign .* has not been opened"):
        await repo.put_order(campaign.id, 2, "mori", "zeta", {})
    with pytest.raises(StoreError, match="no campaign with id 999"):
        await repo.put_order(999, 1, "mori", "zeta", {})


async def test_orders_of_a_resolved_turn_are_frozen(repo, campaign):
    order = await repo.put_order(campaign.id, 1, "mori", "zeta", {})
    state = (await repo.load_state(campaign.id)).state
    await repo.commit_resolution(resolution_for(campaign.id, 1, state, [order]))
    with pytest.raises(StoreError, match="already resolved; undo"):
        await repo.put_order(campaign.id, 1, "mori", "zeta", {"late": True})
    with pytest.raises(StoreError, match="already resolved"):
        await repo.delete_orders(campaign.id, 1, "mori")
    assert await repo.list_orders(campaign.id, 1) == [order]


async def test_turns(repo, campaign):
    turn = await repo.get_turn(campaign.id, 1)
    assert (turn.seed, turn.commitment, turn.status, turn.opened_note) == (
        "turn-one-secret", commitment("turn-one-secret"), "planning", "first turn")
    assert await repo.get_turn(campaign.id, 2) is None
    assert (await repo.get_campaign(campaign.id)).phase == "planning"
    with pytest.raises(StoreError, match="already open"):
        await repo.open_turn(campaign.id, 1, "another", commitment("another"))
    with pytest.raises(StoreError, match="the campaign is at turn 1"):
        await repo.open_turn(campaign.id, 5, "s", commitment("s"))


async def test_concurrent_submissions_get_distinct_seqs(repo, campaign, database):
    async with await open_repository(database) as second_process:
        results = await asyncio.gather(*(
            (repo if i % 2 else second_process).put_order(
                campaign.id, 1, "mori", f"unit-{i}", {"i": i})
            for i in range(20)))
    assert len({o.seq for o in results}) == 20
    assert len(await repo.list_orders(campaign.id, 1)) == 20
