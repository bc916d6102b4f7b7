"""Moderators set a campaign up: create, link clans, settings, open a turn."""

from __future__ import annotations

import json

from bot.domain.campaign import Phase
from bot.services.dice_keys import turn_key
from tests.discord.conftest import CHANNELS, CLANS, ROLES, SEED


def first_is_private_defer(sent) -> bool:
    return sent[0].kind == "callback" and sent[0].type == 5 and sent[0].ephemeral


def replies(sent):
    return [s for s in sent if s.kind in ("followup", "callback") and s.content]


async def test_a_moderator_creates_a_campaign_links_clans_and_opens_a_turn(world):
    sent = await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1560")
    assert first_is_private_defer(sent)
    assert 'Campaign #1 "Seto 1560" created: Sengoku naval rules, map Seto Inland Sea, 4 clans' in sent[-1].content
    assert "/faction link" in sent[-1].content

    assert first_is_private_defer(await world.run("campaign channel", world.admin,
                                                  channel=CHANNELS["naval-reports"]))
    for clan in CLANS:
        sent = await world.run("faction link", world.admin, clan=clan, role=ROLES[clan],
                               channel=CHANNELS[f"{clan}-war-room"])
        assert first_is_private_defer(sent)
        assert f"<@&{ROLES[clan]}>" in sent[-1].content and sent[-1].ephemeral
    campaign = await world.service.campaign(1)
    assert {f.id: (f.role_id, f.channel_id) for f in campaign.factions} == {
        clan: (ROLES[clan], CHANNELS[f"{clan}-war-room"]) for clan in CLANS}

    sent = await world.run("turn open", world.admin, deadline="in 48h")
    assert first_is_private_defer(sent)
    (announcement,) = [s for s in sent if s.kind == "channel"]
    assert announcement.target == CHANNELS["naval-reports"]
    assert "Turn 3 planning is open until <t:1772539200:F>" in announcement.content
    assert (f"Dice commitment: `{turn_key(SEED).fingerprint}` (SHA-256 of the turn's public dice key); the key is "
            f"revealed with the report, and /dice verify then checks your rolls.") in announcement.content
    assert SEED not in announcement.content
    assert "Turn 3 of Seto 1560 is open for orders" in sent[-1].content and sent[-1].ephemeral
    assert (await world.service.campaign(1)).phase is Phase.PLANNING


async def test_clan_names_are_matched_as_typed(world):
    await world.run("campaign create", world.admin, scenario="seto-demo")
    sent = await world.run("faction link", world.admin, clan="Mōri", role=ROLES["mori"],
                           channel=CHANNELS["mori-war-room"])
    assert "Mōri of Seto 1560" in sent[-1].content
    choices = await world.h.autocomplete("faction link", world.admin, "clan", clan="ko")
    assert choices == [{"name": "Kōno", "value": "kono"}]


async def test_one_channel_cannot_serve_two_clans(world):
    await world.setup_campaign(link=("mori",))
    sent = await world.run("faction link", world.admin, clan="otomo", role=ROLES["otomo"],
                           channel=CHANNELS["mori-war-room"])
    assert sent[-1].ephemeral and "already Mōri's channel" in sent[-1].content
    sent = await world.run("faction link", world.admin, clan="otomo", role=ROLES["otomo"],
                           channel=CHANNELS["naval-reports"])
    assert "public report channel" in sent[-1].content
    assert (await world.service.campaign(1)).faction("otomo").channel_id is None


async def test_a_setting_change_names_the_rule_and_when_it_applies(world):
    await world.setup_campaign()
    sent = await world.run("campaign settings set", world.mod, key="stake_target.high", value="9")
    assert sent[-1].content == "stake_target.high: 10 → 9 (OP-01). Applies from the next resolution."
    assert (await world.service.settings(1))["stake_target.high"] == 9
    sent = await world.run("campaign settings set", world.mod, key="stake_target.high", value="5")
    assert sent[-1].ephemeral and "must be at least stake_target.low" in sent[-1].content
    choices = await world.h.autocomplete("campaign settings set", world.mod, "key", key="stake_target")
    assert [c["value"] for c in choices] == ["stake_target.low", "stake_target.high"]


async def test_settings_are_listed_privately_within_message_limits(world):
    await world.setup_campaign()
    sent = await world.run("game settings", world.players["kono"])
    parts = [s for s in sent if s.kind == "followup"]
    assert parts and all(s.ephemeral and len(s.content) <= 2000 for s in parts)
    text = "\n".join(s.content for s in parts)
    assert "`stake_target.high` = 10 — OP-01: total needed to succeed at high stake" in text
    assert "\n`mothballed_count_for_capacity` = false — OP-05\n" in text


async def test_export_is_a_json_file_for_moderators_only(world):
    await world.setup_campaign()
    sent = await world.run("campaign export", world.mod)
    (reply,) = [s for s in sent if s.files]
    assert reply.ephemeral and list(reply.files) == ["campaign-1-turn-3.json"]
    assert json.loads(reply.files["campaign-1-turn-3.json"])["campaign"]["name"] == "Seto 1560"

    sent = await world.run("campaign export", world.players["mori"])
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
    assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this") and not sent[0].files


async def test_a_player_cannot_open_a_turn(world):
    await world.setup_campaign()
    sent = await world.run("turn open", world.players["otomo"])
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
    assert f"<@&{ROLES['Moderators']}> role or the Manage Server permission" in sent[0].content
    assert (await world.service.campaign(1)).phase is Phase.SETUP


async def test_commands_say_clearly_when_there_is_no_campaign(world):
    for member in (world.admin, world.players["mori"]):
        sent = await world.run("game info", member)
        assert sent[-1].ephemeral
        assert sent[-1].content == ("There is no campaign on this server yet; a moderator starts one with "
                                    "/campaign create")


async def test_several_campaigns_default_to_the_newest_and_can_be_named(world):
    await world.run("campaign create", world.admin, scenario="seto-demo", name="First")
    await world.run("campaign create", world.admin, scenario="seto-demo", name="Second")
    assert "**Second** (#2)" in (await world.run("game info", world.admin))[-1].content
    assert "**First** (#1)" in (await world.run("game info", world.admin, campaign=1))[-1].content
    choices = await world.h.autocomplete("game info", world.admin, "campaign", campaign="fir")
    assert choices == [{"name": "#1 First — turn 3, setup", "value": 1}]
    sent = await world.run("game info", world.admin, campaign=99)
    assert sent[-1].content == "There is no campaign #99"


async def test_a_campaign_of_another_server_is_invisible_here(world):
    other = await world.service.create_campaign("seto-demo", "Elsewhere", guild_id=12345)
    sent = await world.run("game info", world.admin, campaign=other.id)
    assert sent[-1].content == f"There is no campaign #{other.id}"
    sent = await world.run("turn open", world.admin, campaign=other.id)
    assert sent[-1].content == f"There is no campaign #{other.id}"
    assert await world.h.autocomplete("game info", world.admin, "campaign", campaign="") == []
    assert (await world.service.campaign(other.id)).phase.value == "setup"
