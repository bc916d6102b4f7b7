"""Campaigns, settings and state."""

from __future__ import annotations


import pytest

from bot.domain.campaign import Phase
from bot.store.errors import StoreError
from bot.store import open_repository

from .conftest import SETTINGS, STATE, make_campaign, raw_rows, raw_state_text, resolution_for


async def test_campaign_round_trip_through_the_file(database):
    original = make_campaign()
    async with await open_repository(database) as repo:
        stored = await repo.create_campaign(original, SETTINGS, STATE)
    assert stored.id is not None
    assert stored.model_copy(update={"id": None}) == original

    async with await open_repository(database) as repo:
        assert await repo.get_campaign(stored.id) == stored
        record = await repo.load_state(stored.id)
    assert record.state == STATE
    assert record.settings == SETTINGS
    assert list(record.state["units"]) == ["zeta", "alpha"]  # key order kept


async def test_campaigns_in_guild(repo):
    first = await repo.create_campaign(make_campaign(guild_id=1), {}, {})
    await repo.create_campaign(make_campaign(guild_id=2), {}, {})
    second = await repo.create_campaign(make_campaign(guild_id=1), {}, {})
    assert [c.id for c in await repo.campaigns_in_guild(1)] == [first.id, second.id]
    assert await repo.campaigns_in_guild(3) == []


async def test_get_missing_campaign_is_none(repo):
    assert await repo.get_campaign(12345) is None


async def test_update_campaign(repo):
    stored = await repo.create_campaign(make_campaign(), {}, {})
    changed = stored.model_copy(update={"name": "Renamed", "factions": stored.factions[:1], "deadline": None})
    await repo.update_campaign(changed)
    assert await repo.get_campaign(stored.id) == changed


async def test_a_copy_read_before_a_phase_change_cannot_put_the_old_phase_back(repo, campaign):
    """Two copies of one campaign: /faction link read it in planning, /turn lock locked it meanwhile;
    writing the link would have put "planning" back, so it is refused and nothing changes."""
    linking = await repo.get_campaign(campaign.id)
    await repo.set_phase(campaign.id, 1, Phase.PLANNING, Phase.LOCKED)
    linking.factions[0].channel_id = 99
    with pytest.raises(StoreError, match="turn 1 of campaign 1 is locked but this copy says planning: it was "
                                         "read before the phase changed; reload the campaign and try again"):
        await repo.update_campaign(linking)
    stored = await repo.get_campaign(campaign.id)
    assert (stored.phase, stored.factions[0].channel_id) == (Phase.LOCKED, 12)
    stored.factions[0].channel_id = 99  # reloaded: the link goes through and the phase stays
    await repo.update_campaign(stored)
    assert await repo.get_campaign(campaign.id) == stored


async def test_update_campaign_never_changes_the_phase(repo, campaign):
    planning = await repo.get_campaign(campaign.id)
    with pytest.raises(StoreError, match="is planning but this copy says resolved"):
        await repo.update_campaign(planning.model_copy(update={"phase": Phase.RESOLVED, "name": "x"}))
    assert await repo.get_campaign(campaign.id) == planning


async def test_set_phase_moves_only_from_the_phase_and_turn_expected(repo, campaign):
    await repo.set_phase(campaign.id, 1, Phase.PLANNING, Phase.LOCKED)
    with pytest.raises(StoreError, match="campaign 1 is at turn 1, locked, no longer at turn 1, planning: it "
                                         "changed meanwhile; reload and try again"):
        await repo.set_phase(campaign.id, 1, Phase.PLANNING, Phase.CORRECTION)
    with pytest.raises(StoreError, match="no longer at turn 2, locked"):
        await repo.set_phase(campaign.id, 2, Phase.LOCKED, Phase.PLANNING)
    with pytest.raises(StoreError, match="no campaign with id 999"):
        await repo.set_phase(999, 1, Phase.LOCKED, Phase.PLANNING)
    assert (await repo.get_campaign(campaign.id)).phase is Phase.LOCKED
    await repo.set_phase(campaign.id, 1, Phase.LOCKED, Phase.PLANNING)
    assert (await repo.get_campaign(campaign.id)).phase is Phase.PLANNING


async def test_update_with_a_stale_turn_is_refused(repo, campaign):
    record = await repo.load_state(campaign.id)
    await repo.commit_resolution(resolution_for(campaign.id, 1, record.state, []))
    with pytest.raises(StoreError, match="reload the campaign"):
        await repo.update_campaign(campaign.model_copy(update={"name": "stale"}))
    assert (await repo.get_campaign(campaign.id)).turn == 2


async def test_update_without_id_or_missing_campaign(repo):
    with pytest.raises(StoreError, match="no id"):
        await repo.update_campaign(make_campaign())
    with pytest.raises(StoreError, match="no campaign with id 999"):
        await repo.update_campaign(make_campaign().model_copy(update={"id": 999}))


async def test_delete_campaign_cascades(repo, campaign):
    await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    assert await repo.delete_campaign(campaign.id) is True
    assert await repo.delete_campaign(campaign.id) is False
    assert await repo.get_campaign(campaign.id) is None
    with pytest.raises(StoreError, match="no campaign"):
        await repo.load_state(campaign.id)
    for table in ("campaign_state", "turns", "orders", "resolutions"):
        assert (await raw_rows(repo, f"SELECT COUNT(*) FROM {table}"))[0][0] == 0


async def test_save_state_and_settings(repo, campaign):
    await repo.save_state(campaign.id, {"b": 1, "a": [1.25, "ü"]})
    await repo.save_settings(campaign.id, {"x": True})
    record = await repo.load_state(campaign.id)
    assert record.state == {"b": 1, "a": [1.25, "ü"]}
    assert record.settings == {"x": True}
    assert await raw_state_text(repo, campaign.id) == '{"b":1,"a":[1.25,"ü"]}'


async def test_non_json_values_are_refused_clearly(repo, campaign):
    with pytest.raises(StoreError, match="JSON values"):
        await repo.save_state(campaign.id, {"when": object()})
    with pytest.raises(StoreError, match="JSON values"):
        await repo.save_state(campaign.id, {"odds": float("nan")})
    with pytest.raises(StoreError, match="must be a JSON object"):
        await repo.save_settings(campaign.id, ["not", "a", "dict"])
    assert (await repo.load_state(campaign.id)).state == STATE


async def test_saving_state_of_missing_campaign(repo):
    with pytest.raises(StoreError, match="no campaign with id 7"):
        await repo.save_state(7, {})
