"""bot/services/setup.py and queries.py on a real SQLite file: an empty campaign
filled clan by clan, the diplomacy table, the map's data before and after a
resolution, and the dice of each turn (an open turn's seed never given)."""

from __future__ import annotations

import itertools
import re
from datetime import datetime, timezone

import pytest

from bot.engine.dice import derive_die
from bot.engine.seed import commitment
from bot.mapfiles import shipped_map_ids
from bot.scenarios import load_shipped_scenario
from bot.services import queries, setup
from bot.services.campaigns import CampaignService
from bot.services.dice_keys import turn_key
from bot.services.errors import UserError
from bot.store import StoreError, open_repository
from bot.store import sqlite as sqlite_store
from tests.captives import orders_step_of_turn_3, through_captives

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
async def service(database):
    repo = await open_repository(database)
    seeds = (f"seed-{n}" for n in itertools.count(1))
    yield CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: next(seeds))
    await repo.close()


async def test_an_empty_campaign_is_filled_clan_by_clan(service):
    campaign = await setup.create_empty_campaign(service, "seto", "Seto 1570", guild_id=7)
    assert (campaign.name, campaign.map_id, campaign.scenario, campaign.turn, campaign.factions) == \
        ("Seto 1570", "seto", None, 1, [])
    assert await service.units(campaign.id, None) == []

    shoni, said = await setup.add_faction(service, campaign.id, "Shōni", "crimson", role_id=11, channel_id=21)
    assert (shoni.id, shoni.name, shoni.colour, shoni.role_id, shoni.channel_id) == \
        ("shoni", "Shōni", "#dc143c", 11, 21)
    assert said.startswith("Clan Shōni (shoni) joins with no units, provinces or treasury.")
    mori, _ = await setup.add_faction(service, campaign.id, "毛利", "#C0392B", role_id=12, channel_id=22)
    assert (mori.id, mori.colour) == ("clan-1", "#c0392b")

    stored = await service.campaign(campaign.id)
    assert [(f.id, f.role_id, f.channel_id) for f in stored.factions] == [("shoni", 11, 21), ("clan-1", 12, 22)]
    state = (await service.repo.load_state(campaign.id)).state
    assert {k: (v["name"], v["colour"]) for k, v in state["clans"].items()} == {
        "shoni": ("Shōni", "#dc143c"), "clan-1": ("毛利", "#c0392b")}
    assert await setup.relations(service, campaign.id) == [("shoni", "clan-1", "neutral")]


@pytest.mark.parametrize(("name", "colour", "role", "channel", "message"), [
    ("MŌRI", "#000000", 90, 91, "Seto 1560 already has a clan named Mōri; choose another name, or link "
                                "it with /faction link"),
    ("Shōni", "#000000", 620, 91, "<@&620> is already Mōri's role; each clan needs its own role"),
    ("Shōni", "#000000", 90, 530, "<#530> is already Mōri's channel; each clan needs its own private channel, "
                                  "or it would read another clan's report"),
    ("Shōni", "not a colour", 90, 91, "“not a colour” is not a colour: give #rrggbb (e.g. #d35400) or a colour "
                                      "name such as crimson or teal"),
    ("Mori!", "#000000", 90, 91, "the name “Mori!” is too close to Mōri: it differs only in accents, case, "
                                 "punctuation or spacing; choose a name that differs in its letters"),
])
async def test_a_clan_that_would_clash_is_refused_and_nothing_changes(service, name, colour, role, channel,
                                                                      message):
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.link_faction(campaign.id, "mori", 620, 530)
    before = (await service.repo.load_state(campaign.id)).state
    with pytest.raises(UserError) as caught:
        await setup.add_faction(service, campaign.id, name, colour, role, channel)
    assert str(caught.value) == message
    assert [f.id for f in (await service.campaign(campaign.id)).factions] == ["mori", "otomo", "kono", "miyoshi"]
    assert (await service.repo.load_state(campaign.id)).state == before


async def test_a_clan_is_added_to_rules_campaign_and_audit_log_together_or_not_at_all(service, monkeypatch,
                                                                                    driver_error):
    campaign = await setup.create_empty_campaign(service, "seto", "Seto 1570", guild_id=7)

    def broken_campaign_write(campaign):  # the rules accepted the clan; writing the campaign record fails
        raise driver_error("disk I/O error")

    monkeypatch.setattr(sqlite_store, "campaign_values", broken_campaign_write)
    with pytest.raises(StoreError, match="nothing was changed") as failed:
        await setup.add_faction(service, campaign.id, "Shōni", "crimson", role_id=11, channel_id=21)
    assert "disk I/O error" in failed.value.detail
    assert (await service.campaign(campaign.id)).factions == []
    assert (await service.repo.load_state(campaign.id)).state["clans"] == {}
    monkeypatch.undo()
    await setup.add_faction(service, campaign.id, "Shōni", "crimson", role_id=11, channel_id=21)
    assert [f.id for f in (await service.campaign(campaign.id)).factions] == ["shoni"]
    assert [e.kind for e in await service.audit_log(campaign.id)] == ["clan_add"]  # the failed try left none


async def test_an_empty_campaign_needs_a_shipped_map(service):
    with pytest.raises(UserError) as caught:
        await setup.create_empty_campaign(service, "atlantis", "Lost", guild_id=7)
    assert str(caught.value) == f"there is no shipped map 'atlantis'; maps: {', '.join(shipped_map_ids())}"


async def test_relations_are_listed_once_per_pair_or_for_one_clan(service):
    campaign = await service.create_campaign("seto-demo", guild_id=7)
    table = await setup.relations(service, campaign.id)
    assert len(table) == 6 and ("mori", "otomo", "at_war") in table and ("mori", "kono", "allied") in table
    assert await setup.relations(service, campaign.id, "kono") == [
        ("kono", "mori", "allied"), ("kono", "otomo", "at_war"), ("kono", "miyoshi", "at_war")]


async def resolved_demo(service, *, old_scheme: bool = False) -> int:
    """The demo turn resolved (both its steps) and the next opened.  ``old_scheme``: turn 3 as a turn stored before
    signed dice (an HMAC seed, "seed-1", revealed with the report)."""
    campaign = await service.create_campaign("seto-demo", guild_id=7)
    if old_scheme:
        await service.repo.open_turn(campaign.id, 3, "seed-1", commitment("seed-1"))
        service.seed_factory()  # the next turn gets "seed-2", as if the service had opened this one
    else:
        await service.open_turn(campaign.id)
    for clan, payloads in load_shipped_scenario("seto-demo").file.orders.items():
        for payload in payloads:
            await service.submit_order(campaign.id, clan, payload)
    await service.resolve_turn(campaign.id)
    await through_captives(service, campaign.id)  # its last step: the captives' choices (OP-46 c)
    await service.open_turn(campaign.id)
    return campaign.id


async def test_the_map_shows_the_current_positions_before_any_resolution(service):
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    data = await queries.map_data(service, campaign.id)
    assert (data.turn, data.seed, data.events, data.rolls) == (3, "", [], [])
    assert data.before is data.after and "mori-kurushima" in data.after.squadrons


async def test_the_map_is_the_last_resolution_as_stored(service):
    campaign_id = await resolved_demo(service)
    orders, captives = await service.repo.turn_resolutions(campaign_id, 3)  # its two steps (OP-46 c)
    assert (orders.step, captives.step) == (1, 2) and await service.repo.last_resolution(campaign_id) == captives
    data = await queries.map_data(service, campaign_id)
    key = turn_key("seed-1")  # the service's seed factory makes the turn's key pair from "seed-1"
    assert (data.turn, data.seed, data.commitment) == (3, key.public_pem, key.fingerprint)
    # The whole turn, not only its last step: its battles still show after the captives' choices.
    assert data.before.model_dump(mode="json") == orders.before_state
    assert data.after.model_dump(mode="json") == captives.after_state
    assert [e.model_dump(mode="json") for e in data.events] == orders.events + captives.events
    assert data.rolls == orders.dice + captives.dice and any(e.kind == "battle_began" for e in data.events)
    assert any(e.kind == "captive_decided" for e in data.events)


async def test_seeds_are_revealed_for_resolved_turns_only(service):
    campaign_id = await resolved_demo(service, old_scheme=True)
    seeds = await queries.turn_seeds(service, campaign_id)
    second = turn_key("seed-2")
    assert [(s.turn, s.commitment, s.seed, s.matches) for s in seeds] == [
        (3, commitment("seed-1"), "seed-1", True), (4, second.fingerprint, None, False)]
    with pytest.raises(UserError) as caught:
        await queries.recompute_roll(service, campaign_id, 4, "battle:x:r1", "2d6")
    assert "turn 4 of Seto 1560 is not resolved: its dice stay secret" in str(caught.value)
    with pytest.raises(UserError) as caught:
        await queries.recompute_roll(service, campaign_id, 2, "battle:x:r1", "2d6")
    assert str(caught.value) == "turn 2 of Seto 1560 was never opened; /dice verify lists its turns"


async def test_a_signed_turn_reveals_its_public_key_never_its_private_key(service):
    campaign_id = await resolved_demo(service)
    first, second = turn_key("seed-1"), turn_key("seed-2")
    seeds = await queries.turn_seeds(service, campaign_id)
    assert [(s.turn, s.commitment, s.seed, s.matches, s.dice_scheme) for s in seeds] == [
        (3, first.fingerprint, first.public_pem, True, "rsa-vrf"), (4, second.fingerprint, None, False, "rsa-vrf")]


async def test_a_signed_roll_is_checked_only_by_those_shown_it(service):
    campaign_id = await resolved_demo(service)
    record = await orders_step_of_turn_3(service, campaign_id)
    kono_keys = set(re.findall(r"\(key ([^)]+)\)", record.report["faction:kono"]))
    public_keys = set(re.findall(r"\(key ([^)]+)\)", record.report["public"]))
    mine = next(r for r in record.dice if r.key in kono_keys)
    hidden = next(r for r in record.dice if r.key not in kono_keys | public_keys)

    roll, recorded = await queries.recompute_roll(service, campaign_id, 3, mine.key, reader="kono")
    assert recorded == mine and (roll.faces, roll.total, roll.proof) == (mine.faces, mine.total, mine.proof)
    for dice in (None, hidden.expr):  # a foreign key is refused exactly like a key never rolled
        with pytest.raises(UserError) as foreign:
            await queries.recompute_roll(service, campaign_id, 3, hidden.key, dice, reader="kono")
        with pytest.raises(UserError) as missing:
            await queries.recompute_roll(service, campaign_id, 3, "battle:nowhere:r1", dice, reader="kono")
        assert str(foreign.value).replace(hidden.key, "K") == str(missing.value).replace("battle:nowhere:r1", "K")
    roll, recorded = await queries.recompute_roll(service, campaign_id, 3, hidden.key)  # a moderator
    assert recorded == hidden and roll.faces == hidden.faces

    proofs = await queries.turn_proofs(service, campaign_id, 3, reader="kono")
    assert {r.key for r in proofs.rolls} == {r.key for r in record.dice if r.key in kono_keys | public_keys}
    assert proofs.public_key == turn_key("seed-1").public_pem and hidden.key not in {r.key for r in proofs.rolls}
    everyone = await queries.turn_proofs(service, campaign_id, 3, reader="")
    assert {r.key for r in everyone.rolls} == {r.key for r in record.dice if r.key in public_keys}


async def test_a_roll_is_recomputed_and_compared_only_for_a_key_the_reader_may_see(service):
    campaign_id = await resolved_demo(service, old_scheme=True)
    record = await orders_step_of_turn_3(service, campaign_id)
    kono_keys = set(re.findall(r"\(key ([^)]+)\)", record.report["faction:kono"]))
    mine = next(r for r in record.dice if r.key in kono_keys)
    hidden = next(r for r in record.dice if r.key not in kono_keys)

    roll, recorded = await queries.recompute_roll(service, campaign_id, 3, mine.key, reader="kono")
    assert roll == derive_die("seed-1", mine.key, mine.expr) and recorded == mine
    assert (roll.faces, roll.total) == (mine.faces, mine.total)

    with pytest.raises(UserError) as caught:  # not confirming another clan's roll even exists
        await queries.recompute_roll(service, campaign_id, 3, hidden.key, reader="kono")
    assert str(caught.value).startswith(f"the key {hidden.key!r} is not one your report of that turn shows")
    roll, recorded = await queries.recompute_roll(service, campaign_id, 3, hidden.key, "2d6", reader="kono")
    assert roll == derive_die("seed-1", hidden.key, "2d6") and recorded is None
    roll, recorded = await queries.recompute_roll(service, campaign_id, 3, hidden.key)  # a moderator
    with pytest.raises(UserError) as caught:  # no clan, no report: the key is not said to be unrolled
        await queries.recompute_roll(service, campaign_id, 3, mine.key, reader="")
    assert str(caught.value) == (f"you play no clan of Seto 1560, so no report of yours shows the key {mine.key!r}; "
                                 f"copy a key from the report (the text after 'key'), or give the dice (e.g. "
                                 f"dice:2d6) to compute it anyway")
    with pytest.raises(UserError) as caught:
        await queries.recompute_roll(service, campaign_id, 3, "battle:nowhere:r1")
    assert str(caught.value).startswith("the key 'battle:nowhere:r1' is not one that turn rolled; copy a key")
    assert recorded == hidden and roll.faces == hidden.faces
