"""The services ask the ruleset, not Sengoku's words (issue 11): how "add a faction" reads as an edit,
how relations read, which report lines show a roll, and which ruleset an empty campaign plays.
A second ruleset here ("houses") is Sengoku's rules under other words, shipping its own map."""

from __future__ import annotations

import itertools
import shutil
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from bot import plugins as registry
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.report.present import SengokuPresenter
from bot.rulesets.sengoku.rules.ruleset import SengokuRuleset
from bot.services import queries, setup
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.store import open_repository
from tests.captives import orders_step_of_turn_3
from tests.services.test_setup_and_queries import resolved_demo

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
CHANNEL = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "channel.toml"


class HouseRules(SengokuRuleset):
    """Factions are houses: added by a ``house_add`` edit (a ``clan_add`` is no edit of theirs), and
    every two houses are sworn to each other."""

    id = "houses"

    def faction_add_edit(self, faction_id, name, colour):
        return {"kind": "house_add", "house": faction_id, "title": name, "colour": colour}

    def parse_edit(self, payload):
        if payload.get("kind") == "clan_add":
            raise OrderRejected("houses have no clans: add a house")
        if payload.get("kind") == "house_add":
            payload = {"kind": "clan_add", "id": payload["house"], "name": payload["title"],
                       "colour": payload["colour"]}
        return super().parse_edit(payload)

    def relations(self, state, faction):
        return {other: "sworn" for other in state.clans if other != faction}


@pytest.fixture
def houses(tmp_path, monkeypatch):
    (tmp_path / "maps").mkdir()
    shutil.copy(CHANNEL, tmp_path / "maps" / "channel.toml")
    plugin = replace(registry.plugin("sengoku"), id="houses", name="Houses of the channel", rules=HouseRules,
                     maps_dir=tmp_path / "maps", scenarios_dir=None)
    found = dict(sorted({**registry.plugins(), "houses": plugin}.items()))  # as the registry orders them
    monkeypatch.setattr(registry, "plugins", lambda: found)
    registry.get_ruleset.cache_clear()
    yield plugin
    registry.get_ruleset.cache_clear()


@pytest.fixture
async def service(tmp_path):
    repo = await open_repository(tmp_path / "campaigns.db")
    seeds = (f"seed-{n}" for n in itertools.count(1))
    yield CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: next(seeds))
    await repo.close()


async def test_an_empty_campaign_plays_the_ruleset_its_map_is_drawn_for(houses, service):
    channel = await setup.create_empty_campaign(service, "channel", "Channel 1600")
    seto = await setup.create_empty_campaign(service, "seto", "Seto 1570")
    assert (channel.ruleset, seto.ruleset) == ("houses", "sengoku")
    named = await setup.create_empty_campaign(service, "channel", "Channel 1601", ruleset_id="houses")
    assert named.ruleset == "houses"


@pytest.mark.parametrize(("map_id", "ruleset_id", "message"), [
    ("seto", "houses", "the map seto is drawn for the Sengoku clan naval rules, not the Houses of the channel; "
                       "its maps: channel"),
    ("seto", "chess", "there is no ruleset 'chess'; rulesets: Empires in Arms naval rules (empires-in-arms), "
                      "Here I Stand naval rules (here-i-stand), "
                      "Houses of the channel (houses), Royal fleets naval rules (royal-fleets), "
                      "Sengoku clan naval rules (sengoku)"),
])
async def test_an_empty_campaign_of_a_ruleset_the_map_is_not_for_is_refused(houses, service, map_id, ruleset_id,
                                                                             message):
    with pytest.raises(UserError) as refused:
        await setup.create_empty_campaign(service, map_id, "Nowhere", guild_id=7, ruleset_id=ruleset_id)
    assert str(refused.value) == message
    assert await service.repo.campaigns_in_guild(7) == []


async def test_a_faction_is_added_and_related_as_its_ruleset_says(houses, service):
    campaign = await setup.create_empty_campaign(service, "channel", "Channel 1600")
    await setup.add_faction(service, campaign.id, "Tudor", "crimson")
    await setup.add_faction(service, campaign.id, "Valois", "teal")
    assert [f.id for f in (await service.campaign(campaign.id)).factions] == ["tudor", "valois"]
    assert [e.payload["kind"] for e in await service.audit_log(campaign.id)] == ["house_add", "house_add"]
    assert await setup.relations(service, campaign.id) == [("tudor", "valois", "sworn")]
    assert await setup.relations(service, campaign.id, "valois") == [("valois", "tudor", "sworn")]


async def test_the_rolls_a_reader_is_shown_are_those_its_presenter_reads_in_its_report(service, monkeypatch):
    campaign_id = await resolved_demo(service)
    record = await orders_step_of_turn_3(service, campaign_id)  # the step that rolled (OP-46 c's rolls none)
    roll = next(r for r in record.dice if f"(key {r.key})" in record.report["faction:kono"])
    monkeypatch.setattr(SengokuPresenter, "shown_roll_keys", lambda self, report: set(), raising=False)
    with pytest.raises(UserError, match="is not one your report of that turn shows"):
        await queries.recompute_roll(service, campaign_id, 3, roll.key, reader="kono")
    hidden = next(r for r in record.dice if f"(key {r.key})" not in record.report["faction:kono"])
    monkeypatch.setattr(SengokuPresenter, "shown_roll_keys", lambda self, report: {hidden.key}, raising=False)
    assert (await queries.recompute_roll(service, campaign_id, 3, hidden.key, reader="kono"))[1] == hidden


def test_an_order_falls_back_under_its_rulesets_own_rule():
    from bot.engine.ruleset import falls_back

    class NoCitation(HouseRules):
        fallback_rule = ""
    assert (falls_back(SengokuRuleset()), falls_back(NoCitation()), falls_back(object())) == (
        "falls back (S12.4)", "falls back", "falls back")
