"""The turn lifecycle's use cases on a real SQLite file: deadlines, lock and
reopen, readiness, exactly-once resolution, and redo with what changed."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from bot.domain.campaign import Phase
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.services.turn_diff import line_diff
from bot.services.turns import TurnLifecycle
from bot.store import StoreError, open_repository
from tests.services.test_campaign_service import submit_demo_orders

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
CORRECTION = {"kind": "sq_cruise", "unit": "miyoshi-sogo", "target": "iyo", "want_battle": "never",
              "when_enemy_wants": "avoid"}


@pytest.fixture
async def turns(tmp_path):
    repo = await open_repository(tmp_path / "campaigns.db")
    service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.set_channels(campaign.id, report_channel_id=520)
    await service.open_turn(campaign.id, "in 48h")
    yield TurnLifecycle(service)
    await repo.close()


async def test_deadline_set_moved_cleared_and_auto_resolve_switched(turns):
    campaign = await turns.set_deadline(1, "in 24h", auto_resolve=True)
    assert (campaign.deadline, campaign.auto_resolve) == ("2026-11-30T12:00+00:00", True)
    campaign = await turns.set_deadline(1, "2026-12-05 18:30")
    assert (campaign.deadline, campaign.auto_resolve) == ("2026-12-05T18:30+00:00", True)
    campaign = await turns.set_deadline(1, "clear", auto_resolve=False)
    stored = await turns.service.campaign(1)
    assert (stored.deadline, stored.auto_resolve) == (None, False)
    with pytest.raises(UserError, match="cannot read the deadline 'tomorrow'"):
        await turns.set_deadline(1, "tomorrow")
    assert (await turns.service.campaign(1)).deadline is None


async def test_auto_resolve_needs_a_report_channel(tmp_path):
    repo = await open_repository(tmp_path / "c.db")
    service = CampaignService(repo, clock=lambda: NOW)
    await service.create_campaign("seto-demo", guild_id=7)
    with pytest.raises(UserError, match="no report channel, so a turn resolved at its deadline could not be posted"):
        await TurnLifecycle(service).set_deadline(1, auto_resolve=True)
    assert (await service.campaign(1)).auto_resolve is False
    await repo.close()


async def test_a_deadline_needs_an_open_turn(turns):
    await turns.resolve(1)
    with pytest.raises(UserError, match="turn 4 of Seto 1560 is not open for orders"):
        await turns.set_deadline(1, "in 24h")
    assert (await turns.set_deadline(1, auto_resolve=True)).auto_resolve is True  # the switch is the campaign's


async def test_a_locked_turn_takes_moderators_orders_only_and_reopens(turns):
    service = turns.service
    await turns.lock(1)
    assert (await service.campaign(1)).phase is Phase.LOCKED
    order = {"kind": "tf_trade", "unit": "mori-akita-maru"}
    with pytest.raises(UserError, match="turn 3 of Seto 1560 is locked"):
        await service.submit_order(1, "mori", order)
    await service.submit_order(1, "mori", order, moderator=True)
    with pytest.raises(UserError, match="turn 3 of Seto 1560 is locked"):
        await service.clear_order(1, "mori", "mori-akita-maru")
    with pytest.raises(UserError, match="nothing to mark ready"):
        await turns.mark_ready(1, "mori")
    with pytest.raises(UserError, match="only a turn open for orders can be locked"):
        await turns.lock(1)
    await turns.reopen(1)
    assert (await service.campaign(1)).phase is Phase.PLANNING
    assert await service.clear_order(1, "mori", "mori-akita-maru")
    with pytest.raises(UserError, match="only a locked turn can be reopened; turn 3 of Seto 1560 is planning"):
        await turns.reopen(1)


async def test_a_turn_undone_for_correction_cannot_be_reopened_to_players(turns):
    await turns.resolve(1)
    await turns.service.undo_last(1)
    with pytest.raises(UserError, match="its seed is public, so players may not change orders again"):
        await turns.reopen(1)
    assert (await turns.service.campaign(1)).phase is Phase.CORRECTION


async def test_readiness_per_clan_and_an_order_change_takes_it_away(turns):
    await turns.service.submit_order(1, "mori", {"kind": "tf_trade", "unit": "mori-akita-maru"})
    await turns.mark_ready(1, "mori")
    await turns.mark_ready(1, "kono")
    ready = {r.faction.id: (r.ready, r.ordered, r.units) for r in await turns.readiness(1)}
    assert ready == {"mori": (True, 1, 7), "otomo": (False, 0, 7), "kono": (True, 0, 4), "miyoshi": (False, 0, 6)}
    await turns.service.submit_order(1, "mori", {"kind": "sq_cruise", "unit": "mori-noshima", "target": "geiyo"})
    await turns.mark_ready(1, "kono", ready=False)
    assert [r.faction.id for r in await turns.readiness(1) if r.ready] == []


async def test_two_resolutions_at_once_resolve_the_turn_once(turns):
    await submit_demo_orders(turns.service, 1)
    results = await asyncio.gather(turns.resolve(1, 3), turns.resolve(1, 3), return_exceptions=True)
    outcomes = [r for r in results if not isinstance(r, BaseException)]
    refusals = [r for r in results if isinstance(r, UserError)]
    assert len(outcomes) == 1 and outcomes[0].turn == 3
    assert [str(r) for r in refusals] == ["turn 3 has already been resolved"]
    assert (await turns.service.campaign(1)).turn == 4
    await turns.service.open_turn(1)
    with pytest.raises(UserError, match="turn 3 has already been resolved"):
        await turns.resolve(1, 3)  # a late request for turn 3 never resolves turn 4
    assert (await turns.service.campaign(1)).phase is Phase.PLANNING


async def test_redo_resolves_again_with_the_same_seed_and_says_what_changed(turns):
    service = turns.service
    await submit_demo_orders(service, 1)
    first = await turns.resolve(1)
    with pytest.raises(UserError, match="/turn redo resolves a turn again after /turn undo; turn 4"):
        await turns.redo(1)
    await service.undo_last(1)
    await service.submit_order(1, "miyoshi", CORRECTION, moderator=True)
    correction = await turns.redo(1)
    second, diff = correction.outcome, correction.diff
    assert second.seed == first.seed == "fixed-seed" and second.turn == 3
    assert diff.public == line_diff(first.reports.public, second.reports.public) != []
    assert "+   Sogō-1 avoided battle and was dispersed (S5.5)." in diff.public
    assert "−   Battle off Iyo over after 1 round: Kōno won." in diff.public
    assert diff.factions["miyoshi"][0] == ("Sogō-1: was in Sanuki, squadron, XP 2, dmg 2, based Utazu; "
                                           "now in Sanuki, squadron, XP 1, dmg 0, based Utazu")
    private = [line for line in diff.factions["miyoshi"] if "(key " in line]
    assert private and all(line not in "\n".join(diff.public + diff.factions["mori"]) for line in private)
    assert not any("miyoshi-sogo" in line for line in diff.factions["mori"])  # no other clan's dice
    assert (await service.campaign(1)).turn == 4


def test_a_line_that_only_moved_is_not_a_change():
    before = "Battle off Iyo.\nA won.\nB dispersed.\n\nSeed revealed: x"
    after = "Battle off Iyo.\nB dispersed.\nA lost.\nSeed revealed: x"
    assert line_diff(before, after) == ["− A won.", "+ A lost."]
    assert line_diff(before, before) == []


def run_between_read_and_write(repo, meanwhile):
    """The next campaign read returns its copy, then ``meanwhile`` runs: a concurrent command
    landing between a command's load and its write, deterministically."""
    read = repo.get_campaign

    async def get_campaign(campaign_id):
        copy = await read(campaign_id)
        repo.get_campaign = read
        await meanwhile()
        return copy

    repo.get_campaign = get_campaign


async def test_a_faction_link_read_before_a_lock_cannot_unlock_the_turn(turns):
    run_between_read_and_write(turns.repo, lambda: turns.lock(1))
    with pytest.raises(StoreError, match="is locked but this copy says planning: .* reload the campaign and try"):
        await turns.service.link_faction(1, "mori", 620, 530)
    campaign = await turns.service.campaign(1)
    assert (campaign.phase, campaign.faction("mori").channel_id) == (Phase.LOCKED, None)


async def test_a_lock_does_not_undo_a_faction_link_made_meanwhile(turns):
    run_between_read_and_write(turns.repo, lambda: turns.service.link_faction(1, "mori", 620, 530))
    await turns.lock(1)
    campaign = await turns.service.campaign(1)
    assert (campaign.phase, campaign.faction("mori").channel_id) == (Phase.LOCKED, 530)


async def test_a_lock_read_before_the_resolution_does_not_lock_the_next_turn(turns):
    run_between_read_and_write(turns.repo, lambda: turns.service.resolve_turn(1))
    with pytest.raises(StoreError, match="campaign 1 is at turn 4, resolved, no longer at turn 3, planning"):
        await turns.lock(1)
    campaign = await turns.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (4, Phase.RESOLVED)
