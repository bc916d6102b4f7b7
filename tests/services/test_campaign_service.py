"""The use cases end to end on a real SQLite file: create, open, order,
resolve, undo, export/import; refusals change nothing."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.domain.campaign import Phase
from bot.engine.seed import commitment
from bot.services.campaigns import CampaignService
from bot.services.dice_keys import turn_key
from bot.services.errors import UserError
from bot.store import StoreError, open_repository
from tests.captives import through_captives

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
async def service(database):
    repo = await open_repository(database)
    yield CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    await repo.close()


async def opened(service):
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.open_turn(campaign.id, "in 48h")
    return campaign


async def test_create_lists_the_clans_and_open_publishes_the_commitment(service):
    campaign = await service.create_campaign("seto-demo", guild_id=7)
    assert [f.id for f in campaign.factions] == ["mori", "otomo", "kono", "miyoshi"]
    turn = await service.open_turn(campaign.id, "in 48h")
    key = turn_key("fixed-seed")  # the turn's key pair, made from the seed factory's seed
    assert (turn.commitment, turn.public_key, turn.dice_scheme) == (key.fingerprint, key.public_pem, "rsa-vrf")
    stored = await service.campaign(campaign.id)
    assert stored.phase is Phase.PLANNING and stored.deadline == "2026-12-01T12:00+00:00"


async def test_a_turn_opens_with_its_deadline_in_one_write(service, monkeypatch):
    """Opening wrote the deadline in a second transaction: a failure in between left the turn open
    with no deadline, and the announcement never went out."""
    campaign = await service.create_campaign("seto-demo", guild_id=7)

    async def no_second_write(*args, **kwargs):
        raise AssertionError("open_turn must not need a second write")

    monkeypatch.setattr(service.repo, "update_campaign", no_second_write)
    await service.open_turn(campaign.id, "in 48h")
    stored = await service.campaign(campaign.id)
    assert (stored.phase, stored.deadline) == (Phase.PLANNING, "2026-12-01T12:00+00:00")


async def test_a_lock_between_the_check_and_the_write_stops_a_players_order_not_a_moderators(service):
    """The service checks the phase, then the store writes: a /turn lock in between must still win."""
    campaign = await opened(service)
    real_read = service.repo.order_desk  # what a submission reads before it checks (one unit of work)

    async def locked_meanwhile(campaign_id):
        desk = await real_read(campaign_id)
        if (await service.campaign(campaign.id)).phase is Phase.PLANNING:
            await service.repo.set_phase(campaign.id, campaign.turn, Phase.PLANNING, Phase.LOCKED)
        return desk

    service.repo.order_desk = locked_meanwhile
    order = {"kind": "sq_idle", "unit": "mori-kurushima"}
    with pytest.raises(StoreError, match="turn 3 of Seto 1560 is locked now, closed to players' orders"):
        await service.submit_order(campaign.id, "mori", order)
    assert await service.orders(campaign.id, None) == []
    await service.submit_order(campaign.id, "mori", order, moderator=True)
    assert [o.unit for o in await service.orders(campaign.id, "mori")] == ["unit:mori-kurushima"]


async def test_unknown_scenario_is_refused(service):
    with pytest.raises(UserError, match="unknown scenario “atlantis”; shipped: .*seto-demo"):
        await service.create_campaign("atlantis")


async def test_a_valid_order_is_stored_and_described(service):
    campaign = await opened(service)
    receipt = await service.submit_order(campaign.id, "mori", {"kind": "sq_cruise", "unit": "mori-kurushima",
                                                                "target": "buzen"})
    assert receipt.description.startswith("Kurushima-maru will cruise off Buzen: Suō → Buzen (1 step)")
    assert [o.unit for o in await service.orders(campaign.id, "mori")] == ["unit:mori-kurushima"]


async def test_a_refused_order_names_the_rule_and_stores_nothing(service):
    campaign = await opened(service)
    with pytest.raises(UserError, match=r"Refused: .*only a reinforced squadron plunders.*\(S4.6.1, OP-22\)"):
        await service.submit_order(campaign.id, "mori", {"kind": "sq_ravage", "unit": "mori-kurushima",
                                                         "target": "buzen", "coast_action": "plunder"})
    assert await service.orders(campaign.id, None) == []


async def test_a_clan_cannot_order_another_clans_unit(service):
    campaign = await opened(service)
    with pytest.raises(UserError, match="your clan has no unit"):
        await service.submit_order(campaign.id, "otomo", {"kind": "sq_idle", "unit": "mori-kurushima"})


async def test_a_unit_moved_to_another_clan_mid_turn_does_not_show_it_the_old_owners_order(service):
    campaign = await opened(service)
    await service.submit_order(campaign.id, "mori", {"kind": "sq_cruise", "unit": "mori-kurushima",
                                                      "target": "buzen", "stake": "low"})
    await service.moderator_edit(campaign.id, {"kind": "unit_edit", "id": "mori-kurushima", "owner": "otomo",
                                               "base_port": "funai", "reason": "ceded by treaty"})
    receipt = await service.submit_order(campaign.id, "otomo", {"kind": "sq_idle", "unit": "mori-kurushima"})
    assert receipt.replaced is None  # Mōri's order is not Ōtomo's to read
    assert [(o.faction, o.payload["kind"]) for o in await service.orders(campaign.id, None)] == \
        [("otomo", "sq_idle")]


async def test_orders_need_an_open_turn(service):
    campaign = await service.create_campaign("seto-demo")
    with pytest.raises(UserError, match="no turn of Seto 1560 is open for orders"):
        await service.submit_order(campaign.id, "mori", {"kind": "sq_idle", "unit": "mori-kurushima"})


async def test_setting_change_reports_old_new_and_its_open_point(service):
    campaign = await service.create_campaign("seto-demo")
    assert await service.set_setting(campaign.id, "stake_target.high", "9") == (
        10, 9, "OP-01: total needed to succeed at high stake")
    with pytest.raises(UserError, match="stake_target.high cannot be “3”"):
        await service.set_setting(campaign.id, "stake_target.high", "3")
    with pytest.raises(UserError, match=r"unknown setting “stake\\_targt.high”"):
        await service.set_setting(campaign.id, "stake_targt.high", "9")
    assert (await service.settings(campaign.id))["stake_target.high"] == 9


async def submit_demo_orders(service, campaign_id):
    from bot.scenarios import load_shipped_scenario
    for faction, payloads in load_shipped_scenario("seto-demo").file.orders.items():
        for payload in payloads:
            await service.submit_order(campaign_id, faction, payload)


async def test_resolve_then_undo_restores_the_turn_exactly(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    before = await service.repo.load_state(campaign.id)
    outcome = await service.resolve_turn(campaign.id)
    # The orders step resolved; the turn waits at the captives' choices (OP-46 c), step 2.
    assert (outcome.turn, outcome.step, outcome.turn_ended) == (3, 1, False)
    assert (outcome.campaign.turn, outcome.campaign.step, outcome.campaign.phase) == (3, 2, Phase.PLANNING)
    assert f"SHA-256 fingerprint {turn_key('fixed-seed').fingerprint}" in outcome.reports.public
    maps = await service.render_maps(outcome.campaign.ruleset, outcome.data, ["public"])
    assert maps["public"].startswith(b"\x89PNG")
    assert await service.undo_last(campaign.id) == 3
    undone = await service.campaign(campaign.id)
    assert (undone.turn, undone.step, undone.phase) == (3, 1, Phase.CORRECTION)  # the captives' step is gone
    assert (await service.repo.load_state(campaign.id)).state == before.state
    again = await service.resolve_turn(campaign.id)
    assert again.reports == outcome.reports


async def test_same_seed_same_report_bytes_on_two_databases(new_database):
    reports = []
    for _ in range(2):
        repo = await open_repository(new_database())
        service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
        campaign = await opened(service)
        await submit_demo_orders(service, campaign.id)
        reports.append((await service.resolve_turn(campaign.id)).reports.model_dump_json())
        await repo.close()
    assert reports[0] == reports[1]


async def test_export_import_round_trip(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    await service.resolve_turn(campaign.id)
    data = await service.export(campaign.id)
    copy = await service.import_(data, guild_id=99)
    assert copy.id != campaign.id and copy.guild_id == 99
    assert (await service.repo.load_state(copy.id)).state == (await service.repo.load_state(campaign.id)).state


async def test_import_of_a_foreign_state_is_refused_and_leaves_nothing(service):
    campaign = await opened(service)
    data = await service.export(campaign.id)
    data["state"]["squadrons"]["mori-noshima"]["experience"] = 7
    with pytest.raises(UserError, match="does not hold a valid campaign"):
        await service.import_(data)
    assert [c.id for c in await service.repo.campaigns_in_guild(7)] == [campaign.id]


async def test_after_undo_only_moderators_correct_orders_and_untouched_rolls_stay(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    first = await service.resolve_turn(campaign.id)
    first_dice = {r.key: r.faces for r in (await service.repo.last_resolution(campaign.id)).dice}
    await service.undo_last(campaign.id)
    assert (await service.campaign(campaign.id)).phase is Phase.CORRECTION
    correction = {"kind": "sq_cruise", "unit": "miyoshi-sogo", "target": "iyo", "want_battle": "never",
                  "when_enemy_wants": "avoid"}
    with pytest.raises(UserError, match="only the moderators may change its orders"):
        await service.submit_order(campaign.id, "miyoshi", correction)
    await service.submit_order(campaign.id, "miyoshi", correction, moderator=True)
    second = await service.resolve_turn(campaign.id)
    second_dice = {r.key: r.faces for r in (await service.repo.last_resolution(campaign.id)).dice}
    assert second.reports.public != first.reports.public
    common = first_dice.keys() & second_dice.keys()
    assert common and all(first_dice[k] == second_dice[k] for k in common)


async def test_redo_after_undo_rolls_the_same_signed_dice(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    await service.resolve_turn(campaign.id)
    first = (await service.repo.last_resolution(campaign.id)).dice
    await service.undo_last(campaign.id)
    await service.resolve_turn(campaign.id)
    again = (await service.repo.last_resolution(campaign.id)).dice
    assert first and again == first and all(r.proof for r in first)  # same key, same proofs, same faces


async def test_an_imported_resolution_cannot_be_undone_without_its_key(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    await service.resolve_turn(campaign.id)
    await through_captives(service, campaign.id)  # the turn's last step: its captives' choices (OP-46 c)
    copy = await service.import_(await service.export(campaign.id))
    with pytest.raises(UserError, match="its dice key did not come with the export, so it cannot be resolved again"):
        await service.undo_last(copy.id)
    assert (await service.campaign(copy.id)).turn == 4


async def test_an_imported_open_turn_gets_a_fresh_key_and_says_so(database):
    seeds = iter(["turn-seed", "import-seed"])
    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: next(seeds))
    campaign = await opened(service)
    data = await service.export(campaign.id)
    assert data["turns"][0]["seed"] is None and data["turns"][0]["public_key"] is None
    copy = await service.import_(data)
    turn, fresh = await repo.get_turn(copy.id, 3), turn_key("import-seed")
    assert (turn.commitment, turn.public_key) == (fresh.fingerprint, fresh.public_pem)
    assert turn.opened_note == (f"dice key made anew on import; commitment {fresh.fingerprint} "
                                f"(was {turn_key('turn-seed').fingerprint})")
    await repo.close()


def _break(data, what):
    if what == "seed":  # an old-scheme export whose resolved turn's seed is not the one committed
        data["turns"][0].update(dice_scheme="hmac-seed", seed="forged", public_key=None)
    elif what == "map":
        data["campaign"]["map_id"] = "atlantis"
    elif what == "deadline":
        data["campaign"]["deadline"] = "next tuesday"
    elif what == "order":
        data["orders"][0]["payload"] = {"kind": "sq_teleport"}
    elif what == "proof":
        roll = data["resolutions"][0]["dice"][0]
        roll["faces"] = [7 - f for f in roll["faces"]]
    elif what == "state":
        data["state"]["squadrons"] = "none"


async def test_import_refuses_an_inconsistent_export_listing_every_problem(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    await service.resolve_turn(campaign.id)
    await through_captives(service, campaign.id)  # the turn's last step: its captives' choices (OP-46 c)
    await service.open_turn(campaign.id)
    data = await service.export(campaign.id)
    for what in ("seed", "map", "deadline", "order", "proof", "state"):
        _break(data, what)
    with pytest.raises(UserError) as caught:
        await service.import_(data)
    message = str(caught.value)
    assert message.startswith("the export does not hold a valid campaign, nothing was imported:\n- ")
    for expected in ("the seed of turn 3 does not match its commitment", "the campaign's map 'atlantis' does not load",
                     "the deadline 'next tuesday' is not an ISO 8601 time", "the turn 3 order for unit",
                     "does not read", "the state does not fit the ruleset"):
        assert expected in message, expected
    assert [c.id for c in await service.repo.campaigns_in_guild(7)] == [campaign.id]


async def test_import_refuses_a_roll_that_does_not_match_its_proof(service):
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    await service.resolve_turn(campaign.id)
    data = await service.export(campaign.id)
    _break(data, "proof")
    with pytest.raises(UserError, match=r"turn 3: roll [^ ]+: the proof gives"):
        await service.import_(data)


async def test_import_refuses_a_deadline_out_of_range(service):
    campaign = await opened(service)
    data = await service.export(campaign.id)
    data["campaign"]["deadline"] = "9999-12-31T23:00+00:00"
    with pytest.raises(UserError, match="the deadline '9999-12-31T23:00\\+00:00' is out of range"):
        await service.import_(data)


async def test_preview_uses_a_throwaway_seed_and_stores_nothing(database):
    seeds = iter(["turn-seed", "preview-seed"])
    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: next(seeds))
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    before = await repo.load_state(campaign.id)
    preview = await service.preview_turn(campaign.id)
    turn = turn_key("turn-seed")
    assert "fingerprint (preview: not the turn's dice key)" in preview.moderators
    assert turn.fingerprint not in preview.moderators and "PRIVATE KEY" not in preview.moderators
    assert (await repo.load_state(campaign.id)).state == before.state
    assert (await service.campaign(campaign.id)).phase is Phase.PLANNING
    assert await repo.last_resolution(campaign.id) is None
    await repo.close()


async def test_an_export_made_before_namespaced_slots_imports_with_them(service):
    """Before migration 0008 a clan policy's slot was the bare clan id; an old export still imports,
    its orders (and their copies in resolutions) under the slots the rules name now."""
    campaign = await opened(service)
    await submit_demo_orders(service, campaign.id)
    await service.submit_order(campaign.id, "mori", {"kind": "clan_policy", "unit": "mori"})
    await service.resolve_turn(campaign.id)
    data = await service.export(campaign.id)
    current = sorted(o["unit"] for o in data["orders"])
    for order in [*data["orders"], *data["resolutions"][0]["orders"]]:
        order["unit"] = order["payload"]["unit"]  # the old form
    copy = await service.import_(data, guild_id=99)
    assert sorted(o.unit for o in await service.repo.list_orders(copy.id, 3)) == current
    assert "clan:mori:policy" in current and "unit:mori-kobayakawa" in current
    resolved = (await service.repo.resolution(copy.id, 3)).orders
    assert sorted(o.unit for o in resolved) == current


async def test_the_languages_travel_with_an_export_and_an_unknown_one_is_refused(service):
    """Issue 16: the campaign's language and a clan's own are part of the campaign; an import of a
    language the bot does not speak is refused, saying which."""
    from bot.services.languages import set_campaign_language, set_clan_language
    campaign = await opened(service)
    await set_campaign_language(service, campaign.id, "ru")
    await set_clan_language(service, campaign.id, "mori", "ja")
    copy = await service.import_(await service.export(campaign.id))
    assert (copy.language, copy.faction_languages()["mori"], copy.faction_languages()["otomo"]) == ("ru", "ja", "ru")
    data = await service.export(campaign.id)
    data["campaign"]["language"] = "fr"
    data["campaign"]["factions"][0]["language"] = "klingon"
    with pytest.raises(UserError) as refused:
        await service.import_(data)
    assert "- the campaign's language 'fr' is not one the bot speaks (en, ru, zh-TW, ja)" in str(refused.value)
    assert "- clan 'mori' has the language 'klingon', not one the bot speaks (en, ru, zh-TW, ja)" in str(refused.value)
