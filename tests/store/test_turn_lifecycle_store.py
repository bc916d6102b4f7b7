"""The store's part of the turn lifecycle: readiness that a changed order
takes away, reminders claimed once, undone resolutions kept, installation
facts, and a turn committed exactly once even by two connections at once."""

from __future__ import annotations

import asyncio

import pytest

from bot.domain.campaign import Phase
from bot.store.errors import StoreError
from bot.store import open_repository

from .conftest import resolution_for


async def _resolvable(repo, campaign):
    await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    state = (await repo.load_state(campaign.id)).state
    return resolution_for(campaign.id, 1, state, await repo.list_orders(campaign.id, 1))


async def test_a_changed_or_withdrawn_order_takes_the_clans_readiness_away(repo, campaign):
    await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    await repo.set_ready(campaign.id, 1, "mori", "2026-03-01T12:00:00+00:00")
    await repo.set_ready(campaign.id, 1, "sue", "2026-03-01T12:05:00+00:00")
    assert await repo.ready_factions(campaign.id, 1) == {"mori": "2026-03-01T12:00:00+00:00",
                                                         "sue": "2026-03-01T12:05:00+00:00"}
    await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "raid"})
    assert list(await repo.ready_factions(campaign.id, 1)) == ["sue"]  # only the clan that changed
    await repo.set_ready(campaign.id, 1, "mori", "2026-03-01T13:00:00+00:00")
    await repo.delete_order(campaign.id, 1, "zeta")
    assert list(await repo.ready_factions(campaign.id, 1)) == ["sue"]
    await repo.set_ready(campaign.id, 1, "sue", None)
    assert await repo.ready_factions(campaign.id, 1) == {}


async def test_readiness_needs_a_turn_open_for_planning(repo, campaign):
    await repo.commit_resolution(await _resolvable(repo, campaign))
    with pytest.raises(StoreError, match="cannot mark orders as ready: turn 1 .* already resolved"):
        await repo.set_ready(campaign.id, 1, "mori", "2026-03-01T12:00:00+00:00")
    with pytest.raises(StoreError, match="turn 2 of campaign .* has not been opened"):
        await repo.set_ready(campaign.id, 2, "mori", "2026-03-01T12:00:00+00:00")


async def test_a_reminder_is_claimed_once_per_deadline(repo, campaign):
    deadline = "2026-03-03T12:00+00:00"
    assert await repo.claim_reminder(campaign.id, 1, deadline, "24h") is True
    assert await repo.claim_reminder(campaign.id, 1, deadline, "24h") is False
    assert await repo.claim_reminder(campaign.id, 1, deadline, "1h") is True
    assert await repo.claim_reminder(campaign.id, 1, "2026-03-04T12:00+00:00", "24h") is True  # moved deadline


async def test_undo_keeps_the_resolution_it_removes(repo, campaign):
    committed = await repo.commit_resolution(await _resolvable(repo, campaign))
    assert await repo.undone_resolutions(campaign.id, 1) == []
    await repo.undo_last_resolution(campaign.id)
    assert await repo.resolution(campaign.id, 1) is None
    assert await repo.undone_resolutions(campaign.id, 1) == [committed]
    again = await repo.commit_resolution(await _resolvable(repo, campaign))
    await repo.undo_last_resolution(campaign.id)
    assert await repo.undone_resolutions(campaign.id, 1) == [committed, again]  # oldest first
    last = await repo.last_undone_report(campaign.id, 1)
    assert (last.report, last.after_state) == (again.report, again.after_state)  # /turn redo's: newest
    assert await repo.last_undone_report(campaign.id, 2) is None


async def test_meta_values_and_every_campaign(repo, campaign):
    assert await repo.get_meta("global_commands_sha256") is None
    await repo.set_meta("global_commands_sha256", "abc")
    await repo.set_meta("global_commands_sha256", "def")
    assert await repo.get_meta("global_commands_sha256") == "def"
    assert [c.id for c in await repo.list_campaigns()] == [campaign.id]


async def test_auto_resolve_is_stored_with_the_campaign(repo, campaign):
    stored = await repo.get_campaign(campaign.id)
    assert stored.auto_resolve is False
    await repo.update_campaign(stored.model_copy(update={"auto_resolve": True}))
    await repo.set_phase(campaign.id, 1, Phase.PLANNING, Phase.LOCKED)
    again = await repo.get_campaign(campaign.id)
    assert (again.auto_resolve, again.phase) == (True, Phase.LOCKED)


async def test_the_same_turn_cannot_be_committed_twice(repo, campaign):
    record = await _resolvable(repo, campaign)
    await repo.commit_resolution(record)
    with pytest.raises(StoreError, match="campaign is at turn 2"):
        await repo.commit_resolution(record)


async def test_two_connections_committing_one_turn_at_once_commit_it_once(repo, campaign, database):
    """Two bot processes on one database: the check that the turn is still in planning runs inside
    the committing transaction (BEGIN IMMEDIATE), so the second commit sees the first and fails."""
    record = await _resolvable(repo, campaign)
    async with await open_repository(database) as other:
        results = await asyncio.gather(repo.commit_resolution(record), other.commit_resolution(record),
                                       return_exceptions=True)
    failures = [r for r in results if isinstance(r, StoreError)]
    assert len(failures) == 1 and len(results) == 2
    assert "campaign is at turn 2" in str(failures[0])
    assert (await repo.get_campaign(campaign.id)).turn == 2
    assert [r.turn for r in [await repo.last_resolution(campaign.id)]] == [1]
