"""Two campaign edits at once, from two bot processes (two connections to one file), one
landing between the other's read and its write: both are kept, or the second is refused with a
message; neither is lost while both reply success (issue 10)."""

from __future__ import annotations

import pytest

from bot.services.campaigns import AMEND_ATTEMPTS, CampaignService
from bot.services.errors import UserError
from bot.services.turns import TurnLifecycle
from bot.store import CampaignChanged, open_repository
from tests.services.test_turns import NOW


@pytest.fixture
async def two(database):
    """Two processes' services on one campaign database, turn 3 open."""
    path = database
    first = CampaignService(await open_repository(path), clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    await first.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await first.set_channels(1, report_channel_id=520)
    await first.open_turn(1, "in 48h")
    second = CampaignService(await open_repository(path), clock=lambda: NOW)
    yield first, second
    await first.repo.close()
    await second.repo.close()


def between_read_and_write(repo, method: str, meanwhile, times: int = 1) -> None:
    """The next ``times`` reads through ``repo.method`` each return their copy, then
    ``meanwhile`` runs (the other process's whole command): deterministic interleaving."""
    read, left = getattr(repo, method), [times]

    async def interleaved(*args):
        copy = await read(*args)
        if left[0]:
            left[0] -= 1
            await meanwhile()
        return copy

    setattr(repo, method, interleaved)


async def test_two_faction_links_at_once_both_stay(two):
    first, second = two
    between_read_and_write(first.repo, "get_campaign", lambda: second.link_faction(1, "otomo", 621, 531))
    await first.link_faction(1, "mori", 620, 530)
    campaign = await second.campaign(1)
    assert [(f.id, f.role_id, f.channel_id) for f in campaign.factions if f.role_id] == [
        ("mori", 620, 530), ("otomo", 621, 531)]


async def test_a_link_and_a_deadline_at_once_both_stay(two):
    first, second = two
    between_read_and_write(first.repo, "get_campaign", lambda: TurnLifecycle(second).set_deadline(1, "in 2d", True))
    await first.link_faction(1, "mori", 620, 530)
    between_read_and_write(second.repo, "get_campaign", lambda: first.link_faction(1, "kono", 622, 532))
    await TurnLifecycle(second).set_deadline(1, "in 3d")
    campaign = await first.campaign(1)
    assert (campaign.deadline, campaign.auto_resolve) == ("2026-12-02T12:00+00:00", True)
    assert (campaign.faction("mori").channel_id, campaign.faction("kono").channel_id) == (530, 532)


async def test_an_edit_that_keeps_losing_the_race_is_refused_and_changes_nothing(two):
    first, second = two
    channels = iter(range(900, 900 + AMEND_ATTEMPTS))
    between_read_and_write(first.repo, "get_campaign",
                           lambda: second.link_faction(1, "otomo", 621, next(channels)), times=AMEND_ATTEMPTS)
    with pytest.raises(UserError, match="Seto 1560 kept changing while this change was being made .* nothing "
                                        "was changed by this one, so please try again"):
        await first.link_faction(1, "mori", 620, 530)
    campaign = await first.campaign(1)
    assert (campaign.faction("mori").channel_id, campaign.faction("otomo").channel_id) == (None, 904)


async def test_two_settings_set_at_once_both_stay(two):
    first, second = two
    between_read_and_write(first.repo, "load_state",
                           lambda: second.set_setting(1, "stake_target.high", "9"))
    await first.set_setting(1, "max_rounds", "4")
    settings = await second.settings(1)
    assert (settings["stake_target.high"], settings["max_rounds"]) == (9, 4)


async def test_the_store_refuses_a_copy_read_at_an_older_version(two):
    first, second = two
    stale = await first.repo.get_campaign(1)
    fresh = await second.repo.get_campaign(1)
    fresh.name = "Seto 1561"
    await second.repo.update_campaign(fresh)
    assert fresh.version == stale.version + 1
    stale.factions[0].channel_id = 1
    with pytest.raises(CampaignChanged, match="Seto 1561 was changed by someone else while this change was being "
                                              "made; reload the campaign and apply the change again"):
        await first.repo.update_campaign(stale)
    campaign = await first.repo.get_campaign(1)
    assert (campaign.name, campaign.factions[0].channel_id) == ("Seto 1561", None)


async def test_two_moderator_edits_from_two_processes_both_stay(two):
    """Each process's state lock covers only itself: the store checks the state the edit was
    made to is still the stored one, and the service applies the edit again to the new state."""
    first, second = two
    between_read_and_write(first.repo, "load_state", lambda: second.moderator_edit(
        1, {"kind": "unit_edit", "id": "mori-kodama", "damage": 2, "reason": "misread"}))
    await first.moderator_edit(1, {"kind": "weather", "storm": True})
    state = (await second.repo.load_state(1)).state
    assert (state["squadrons"]["mori-kodama"]["damage"], state["storm"]) == (2, True)
    assert [e.kind for e in await first.audit_log(1)][:2] == ["weather", "unit_edit"]
