"""The turn lifecycle's use cases on a real SQLite file: deadlines, lock and
reopen, readiness, exactly-once resolution, and redo with what changed."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from bot.domain.campaign import Phase
from bot.services.campaigns import CampaignService
from bot.services.dice_keys import turn_key
from bot.services.errors import UserError
from bot.services.turn_diff import line_diff
from bot.services.turns import TurnLifecycle
from bot.store import StoreError, open_repository
from tests.captives import through_captives
from tests.services.test_campaign_service import submit_demo_orders

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
CORRECTION = {"kind": "sq_cruise", "unit": "miyoshi-sogo", "target": "iyo", "want_battle": "never",
              "when_enemy_wants": "avoid"}


@pytest.fixture
async def turns(database):
    repo = await open_repository(database)
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


async def test_auto_resolve_needs_a_report_channel(database):
    repo = await open_repository(database)
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
        await service.clear_order(1, "mori", "unit:mori-akita-maru")
    with pytest.raises(UserError, match="nothing to mark ready"):
        await turns.mark_ready(1, "mori")
    with pytest.raises(UserError, match="only a turn open for orders can be locked"):
        await turns.lock(1)
    await turns.reopen(1)
    assert (await service.campaign(1)).phase is Phase.PLANNING
    assert await service.clear_order(1, "mori", "unit:mori-akita-maru")
    with pytest.raises(UserError, match="only a locked turn can be reopened; turn 3 of Seto 1560 is planning"):
        await turns.reopen(1)


async def test_a_turn_undone_for_correction_cannot_be_reopened_to_players(turns):
    await turns.resolve(1)
    await turns.service.undo_last(1)
    with pytest.raises(UserError, match="its dice are known, so players may not change orders again"):
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
    assert len(outcomes) == 1 and (outcomes[0].turn, outcomes[0].step) == (3, 1)
    # The second is refused; it must not go on to resolve the captives' step (OP-46 c) that opened
    # after the first, applying its defaults before anyone could answer.
    assert [str(r) for r in refusals] == ["step 1 of turn 3 has already been resolved"]
    now = await turns.service.campaign(1)
    assert (now.turn, now.step, now.phase) == (3, 2, Phase.PLANNING)
    assert await turns.repo.list_orders(1, 3, step=2) == []  # no default applied
    (last,) = await through_captives(turns.service, 1)
    assert (last.turn, last.step, last.turn_ended) == (3, 2, True)
    assert (await turns.service.campaign(1)).turn == 4
    await turns.service.open_turn(1)
    with pytest.raises(UserError, match="turn 3 has already been resolved"):
        await turns.resolve(1, 3)  # a late request for turn 3 never resolves turn 4
    assert (await turns.service.campaign(1)).phase is Phase.PLANNING


async def test_redo_resolves_again_with_the_same_seed_and_says_what_changed(turns):
    service = turns.service
    await submit_demo_orders(service, 1)
    first = await turns.resolve(1)  # the orders step; the captives' choices (OP-46 c) open after it
    with pytest.raises(UserError, match=r"^/turn redo resolves a turn again after /turn undo; turn 3 of Seto 1560 "
                                        r"is planning \(use /turn resolve\)$"):
        await turns.redo(1)
    assert await service.undo_last(1) == 3  # the orders step's resolution; the captives' step goes with it
    undone = await service.campaign(1)
    assert (undone.turn, undone.step, undone.phase) == (3, 1, Phase.CORRECTION)
    await service.submit_order(1, "miyoshi", CORRECTION, moderator=True)
    correction = await turns.redo(1)
    second, diff = correction.outcome, correction.diff
    assert second.seed == first.seed == f"public key, SHA-256 {turn_key('fixed-seed').fingerprint}"
    assert second.turn == 3
    assert diff.public == line_diff(first.reports.public, second.reports.public) != []
    assert "+   Sogō-1 avoided battle and was dispersed (S5.5)." in diff.public
    assert "−   Battle off Iyo over after 1 round: Kōno won." in diff.public
    assert diff.factions["miyoshi"][0] == ("Sogō-1: was in Sanuki, squadron, XP 2, dmg 2, based Utazu; "
                                           "now in Sanuki, squadron, XP 1, dmg 0, based Utazu")
    private = [line for line in diff.factions["miyoshi"] if "(key " in line]
    assert private and all(line not in "\n".join(diff.public + diff.factions["mori"]) for line in private)
    assert not any("miyoshi-sogo" in line for line in diff.factions["mori"])  # no other clan's dice
    now = await service.campaign(1)
    assert (now.turn, now.step, now.phase) == (3, 2, Phase.PLANNING)  # the captives' choices asked again
    (last,) = await through_captives(service, 1)
    assert last.turn_ended and (await service.campaign(1)).turn == 4


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
    """The store refuses the stale copy (it would have put "planning" back); the service reads
    the campaign again and applies the link to the locked turn (issue 10: nothing lost)."""
    run_between_read_and_write(turns.repo, lambda: turns.lock(1))
    await turns.service.link_faction(1, "mori", 620, 530)
    campaign = await turns.service.campaign(1)
    assert (campaign.phase, campaign.faction("mori").channel_id) == (Phase.LOCKED, 530)


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


async def test_a_valid_state_stored_in_another_form_resolves_and_commits(turns):
    """An old import, a hand-edited state, a field added with a default since: valid, but not
    what the model would write (a defaulted field missing, keys in another order).  The commit
    used to compare the stored state with the model's re-dump and refuse it forever."""
    repo = turns.repo
    state = (await repo.load_state(1)).state
    assert state.pop("storm") is False  # a defaulted field, as an older version wrote no such field
    await repo.save_state(1, dict(reversed(list(state.items()))))
    outcome = await turns.resolve(1)
    assert (outcome.turn, (await turns.service.campaign(1)).turn) == (3, 4)
    await turns.service.undo_last(1)
    assert (await repo.load_state(1)).state == dict(reversed(list(state.items())))  # restored as stored


async def test_a_state_changed_while_resolving_is_still_refused(turns):
    compute = turns.service._compute

    async def edited_meanwhile(*args):
        computed = await compute(*args)
        state = (await turns.repo.load_state(1)).state  # another process's edit
        await turns.repo.save_state(1, {**state, "storm": True})
        return computed

    turns.service._compute = edited_meanwhile
    with pytest.raises(StoreError, match="the state changed while the turn was being resolved; resolve it again"):
        await turns.resolve(1)
    assert (await turns.service.campaign(1)).turn == 3


async def test_a_redo_after_several_undos_loads_only_the_last_undone_report(turns, backend):
    """The 8th redo of a large turn used to load all eight undone records in full (1.7 s on the
    event loop, 516 MB): it reads one row, its reports and after-state, and diffs against it."""
    if backend != "sqlite":
        pytest.skip("traces SQLite's statements; the queries are the same on PostgreSQL (bot/store/dialect.py)")
    service, repo = turns.service, turns.repo
    await submit_demo_orders(service, 1)
    first = await turns.resolve(1)
    await service.undo_last(1)
    await service.submit_order(1, "miyoshi", CORRECTION, moderator=True)
    second = (await turns.redo(1)).outcome  # what the players read last
    await service.undo_last(1)
    await service.submit_order(1, "miyoshi", {**CORRECTION, "target": "sanuki"}, moderator=True)
    statements: list[str] = []
    await repo._db.set_trace_callback(statements.append)
    try:
        correction = await turns.redo(1)
    finally:
        await repo._db.set_trace_callback(None)
    reads = [s for s in statements if "undone_resolutions" in s]
    assert len(reads) == 1 and "LIMIT 1" in reads[0] and "before_state_json" not in reads[0] \
        and "events_json" not in reads[0]
    third = correction.outcome.reports.public
    assert correction.diff.public == line_diff(second.reports.public, third)  # the last one undone
    assert line_diff(first.reports.public, third) != correction.diff.public


async def test_settings_stored_before_they_were_checked_are_named_and_can_be_set_right(turns):
    service = turns.service
    settings = (await service.repo.load_state(1)).settings
    await service.repo.save_settings(1, {**settings, "sq_plunder_loot_dice": "banana"})  # taken by an older version
    with pytest.raises(UserError, match="the settings of Seto 1560 are not valid \\(sq_plunder_loot_dice: bad die "
                                        "expression 'banana'.*\\); a moderator sets them right with /campaign "
                                        "settings set"):
        await turns.resolve(1)
    await service.set_setting(1, "sq_plunder_loot_dice", "2d6")
    assert (await turns.resolve(1)).turn == 3


async def test_the_moderator_log_reads_only_the_reports_of_the_resolution(turns, backend):
    """/turn log shows one text: it reads the reports column of one row, not the states, dice and
    events of the whole record (a large turn's record is tens of megabytes)."""
    if backend != "sqlite":
        pytest.skip("traces SQLite's statements; the queries are the same on PostgreSQL (bot/store/dialect.py)")
    from bot.services.stored_turns import StoredTurns
    first = await turns.resolve(1)
    statements: list[str] = []
    await turns.repo._db.set_trace_callback(statements.append)
    try:
        assert await StoredTurns(turns.service).moderator_log(1) == (3, first.reports.moderators)
        assert await StoredTurns(turns.service).moderator_log(1, 3, "mori") == (3, first.reports.factions["mori"])
    finally:
        await turns.repo._db.set_trace_callback(None)
    reads = [s for s in statements if "FROM resolutions" in s]
    assert len(reads) == 2 and all(s.startswith("SELECT turn, report_json FROM resolutions") for s in reads)
    with pytest.raises(UserError, match="turn 2 of Seto 1560 was not resolved by this bot, .* the last resolved turn "
                                        "is 3"):
        await StoredTurns(turns.service).moderator_log(1, 2)
