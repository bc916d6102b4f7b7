"""A moderator sets a campaign up from nothing: an empty campaign on a map,
clans added with their roles and channels, relations; /campaign's channel and
moderator role; who counts as a player and as a moderator."""

from __future__ import annotations

from bot.domain.campaign import Phase
from tests.discord.conftest import CHANNELS, CLANS, ROLES
from tests.discord.harness import EVERYONE, MANAGE_GUILD, Member


def private_defer(sent) -> bool:
    return sent[0].kind == "callback" and sent[0].type == 5 and sent[0].ephemeral


async def test_an_empty_campaign_on_a_map_is_filled_with_faction_add(world):
    sent = await world.run("campaign create", world.admin, map="seto", name="Seto 1570")
    assert private_defer(sent) and sent[-1].ephemeral
    assert sent[-1].content.startswith('Campaign #1 "Seto 1570" created: Sengoku naval rules, map Seto Inland Sea, '
                                       '0 clans, 0 units. Next: add each clan with /faction add')
    info = (await world.run("game info", world.admin))[-1].content
    assert info.endswith("Clans:\n• none yet: a moderator adds them with /faction add")

    sent = await world.run("faction add", world.admin, name="Mōri", colour="#C0392B", role=ROLES["mori"],
                           channel=CHANNELS["mori-war-room"])
    assert private_defer(sent) and sent[-1].ephemeral
    assert sent[-1].content.startswith(
        f"Mōri (`mori`, #c0392b) joins Seto 1570: players hold <@&{ROLES['mori']}>; its private reports go to "
        f"<#{CHANNELS['mori-war-room']}>.\nClan Mōri (mori) joins with no units, provinces or treasury.")
    await world.run("faction add", world.admin, name="Ōtomo", colour="teal", role=ROLES["otomo"],
                    channel=CHANNELS["otomo-war-room"])
    campaign = await world.service.campaign(1)
    assert [(f.id, f.colour, f.role_id, f.channel_id) for f in campaign.factions] == [
        ("mori", "#c0392b", ROLES["mori"], CHANNELS["mori-war-room"]),
        ("otomo", "#008080", ROLES["otomo"], CHANNELS["otomo-war-room"])]
    assert sorted((await world.service.repo.load_state(1)).state["clans"]) == ["mori", "otomo"]

    listing = (await world.run("game clans", world.players["mori"]))[-1].content
    assert listing == (f"**Seto 1570** — 2 clans\n• Mōri (`mori`): <@&{ROLES['mori']}>, <#{CHANNELS['mori-war-room']}>"
                       f"\n• Ōtomo (`otomo`): <@&{ROLES['otomo']}>, <#{CHANNELS['otomo-war-room']}>")
    sent = await world.run("fleet list", world.players["mori"])
    assert sent[-1].content == "Mōri has no active units in Seto 1570."
    sent = await world.run("map", world.players["mori"])  # the real renderer: an empty map draws too
    (drawn,) = [s for s in sent if s.files]
    assert drawn.files["map-public.png"][:8] == b"\x89PNG\r\n\x1a\n"
    await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"])
    await world.run("turn open", world.admin)
    assert (await world.service.campaign(1)).phase is Phase.PLANNING


async def test_create_needs_a_scenario_or_a_map_not_both(world):
    for values in ({}, {"scenario": "seto-demo", "map": "seto"}):
        sent = await world.run("campaign create", world.admin, **values)
        assert private_defer(sent) and sent[-1].ephemeral
        assert sent[-1].content == ("Give a scenario (a ready starting position) or a map (an empty campaign "
                                    "you fill with /faction add): one of the two")
    assert await world.service.campaigns_in_guild(world.h.bot.guilds[0].id) == []


async def test_faction_add_refuses_clashes_and_changes_nothing(world):
    await world.setup_campaign(link=("mori",))
    refusals = {
        "a name taken": ({"name": "mori", "colour": "#000000", "role": ROLES["Spectators"],
                          "channel": CHANNELS["spectators-lounge"]},
                         "Seto 1560 already has a clan named Mōri; choose another name, or link it with "
                         "/faction link"),
        "a role taken": ({"name": "Shōni", "colour": "#000000", "role": ROLES["mori"], "channel": CHANNELS["general"]},
                         f"<@&{ROLES['mori']}> is already Mōri's role; each clan needs its own role"),
        "a channel taken": ({"name": "Shōni", "colour": "#000000", "role": ROLES["Spectators"],
                             "channel": CHANNELS["mori-war-room"]},
                            f"<#{CHANNELS['mori-war-room']}> is already Mōri's channel; each clan needs its own "
                            f"private channel, or it would read another clan's report"),
        "the report channel": ({"name": "Shōni", "colour": "#000000", "role": ROLES["Spectators"],
                                "channel": CHANNELS["naval-reports"]},
                               f"<#{CHANNELS['naval-reports']}> is the public report channel; a clan needs a "
                               f"private channel"),
        "a bad colour": ({"name": "Shōni", "colour": "#12345", "role": ROLES["Spectators"],
                          "channel": CHANNELS["spectators-lounge"]},
                         "“\\#12345” is not a colour: give #rrggbb (e.g. #d35400) or a colour name such as crimson "
                         "or teal"),
    }
    state = (await world.service.repo.load_state(1)).state
    for case, (values, message) in refusals.items():
        sent = await world.run("faction add", world.admin, **values)
        assert sent[-1].ephemeral and sent[-1].content == message, case
    sent = await world.run("faction add", world.players["mori"], name="Shōni", colour="#000000",
                           role=ROLES["Spectators"], channel=CHANNELS["spectators-lounge"])
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
    assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert [f.id for f in (await world.service.campaign(1)).factions] == list(CLANS)
    assert (await world.service.repo.load_state(1)).state == state


async def test_a_clan_added_to_a_scenario_campaign_can_be_played(world):
    await world.setup_campaign()
    sent = await world.run("faction add", world.mod, name="Shōni", colour="#d35400", role=ROLES["Spectators"],
                           channel=CHANNELS["spectators-lounge"])
    assert "neutral to the 4 other clans (OP-48)" in sent[-1].content
    shoni = Member(50, "shoni-player", [ROLES["Spectators"]])
    sent = await world.run("game relations", shoni)
    assert sent[-1].content == ("**Seto 1560** — relations of Shōni (OP-48: at war = enemy, allied = friendly):\n"
                                "• Shōni — Mōri: neutral\n• Shōni — Ōtomo: neutral\n• Shōni — Kōno: neutral\n"
                                "• Shōni — Miyoshi: neutral")


async def test_moderators_see_and_set_relations_players_see_their_own(world):
    await world.setup_campaign()
    table = (await world.run("game relations", world.mod))[-1].content
    assert table.splitlines() == [
        "**Seto 1560** — relations (OP-48: at war = enemy, allied = friendly):",
        "• Mōri — Ōtomo: at war", "• Mōri — Kōno: allied", "• Mōri — Miyoshi: neutral",
        "• Ōtomo — Kōno: at war", "• Ōtomo — Miyoshi: neutral", "• Kōno — Miyoshi: at war",
        "Change one with /sengoku relation clan_a:… clan_b:… relation:…."]

    sent = await world.run("sengoku relation", world.mod, clan_a="Mōri", clan_b="miyoshi", relation="allied")
    assert private_defer(sent)
    assert sent[-1].content.startswith("🛠️ **Seto 1560** — Mōri and Miyoshi are now allied (was neutral; OP-48")
    mine = (await world.run("game relations", world.players["miyoshi"]))[-1].content
    assert mine.splitlines()[1:] == ["• Miyoshi — Mōri: allied", "• Miyoshi — Ōtomo: neutral",
                                     "• Miyoshi — Kōno: at war"]
    sent = await world.run("sengoku relation", world.players["mori"], clan_a="mori", clan_b="otomo", relation="neutral")
    assert sent[-1].ephemeral and sent[-1].content.startswith("Only the moderators of Seto 1560 can do this")
    sent = await world.run("game relations", world.outsider)
    assert sent[-1].content.startswith("You are not a player of Seto 1560")
    state = (await world.service.repo.load_state(1)).state
    assert {"a": "mori", "b": "otomo", "relation": "at_war"} in state["relations"]


async def test_report_channel_and_moderator_role(world):
    await world.setup_campaign(link=("mori",))
    sent = await world.run("campaign channel", world.admin, channel=CHANNELS["mori-war-room"])
    assert sent[-1].content == (f"<#{CHANNELS['mori-war-room']}> is Mōri's private channel; the report channel is "
                                f"public, so choose another")
    sent = await world.run("campaign channel", world.mod, channel=CHANNELS["general"])
    assert private_defer(sent)
    assert sent[-1].content == f"Turn announcements and public reports of Seto 1560 go to <#{CHANNELS['general']}>."
    assert (await world.service.campaign(1)).report_channel_id == CHANNELS["general"]

    # The moderator role moves to Spectators: the old moderators no longer moderate, Manage Server always does.
    sent = await world.run("campaign moderators", world.mod, role=ROLES["Spectators"])
    assert sent[-1].content == f"Members with <@&{ROLES['Spectators']}> now moderate Seto 1560."
    sent = await world.run("campaign settings set", world.mod, key="stake_target.high", value="9")
    assert sent[0].type == 4 and sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    sent = await world.run("campaign settings set", world.outsider, key="stake_target.high", value="9")
    assert sent[-1].content.startswith("stake_target.high: 10 → 9")
    sent = await world.run("campaign moderators", world.players["mori"], role=ROLES["mori"])
    assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert (await world.service.campaign(1)).moderator_role_id == ROLES["Spectators"]


async def test_the_moderator_role_is_never_everyone_or_a_clans_role(world):
    """Moderators see every clan's orders: a role players hold must not become it, nor it a clan's role."""
    await world.setup_campaign(link=("mori",))
    sent = await world.run("campaign moderators", world.admin, role=EVERYONE)
    assert sent[-1].ephemeral and sent[-1].content == (
        "@everyone cannot be the moderator role: every member would see every clan's orders; create a role for "
        "the moderators")
    sent = await world.run("campaign moderators", world.admin, role=ROLES["mori"])
    assert sent[-1].content == (f"<@&{ROLES['mori']}> is Mōri's role: its players would see every clan's orders; "
                                f"choose a role only the moderators hold")
    assert (await world.service.campaign(1)).moderator_role_id == ROLES["Moderators"]
    sent = await world.run("faction link", world.admin, clan="kono", role=ROLES["Moderators"],
                           channel=CHANNELS["kono-war-room"])
    assert sent[-1].content == (f"<@&{ROLES['Moderators']}> is the moderator role: the clan's players would see "
                                f"every clan's orders; give the clan a role its players hold")
    assert (await world.service.campaign(1)).faction("kono").role_id is None


async def test_a_player_with_two_clan_roles_is_told_which(world):
    await world.setup_campaign()
    both = Member(77, "double", [ROLES["mori"], ROLES["kono"]])
    for path in ("fleet list", "game relations"):
        sent = await world.run(path, both)
        assert sent[-1].ephemeral and sent[-1].content == (
            "You hold the roles of several clans of Seto 1560 (Mōri, Kōno); a player belongs to one clan, so ask "
            "a moderator to remove the others")
    admin_without_roles = Member(78, "owner", permissions=MANAGE_GUILD)
    sent = await world.run("game relations", admin_without_roles)
    assert sent[-1].content.startswith("**Seto 1560** — relations (OP-48")  # Manage Server: a moderator


async def test_settings_show_and_set_validate_against_the_rules(world):
    await world.setup_campaign()
    sent = await world.run("campaign settings set", world.mod, key="stake_target.hi", value="9")
    assert sent[-1].content.startswith(r"Unknown setting “stake\_target.hi”; did you mean stake_target.high, ")
    sent = await world.run("campaign settings set", world.mod, key="max_melee_rounds", value="many")
    assert sent[-1].content.startswith("Max_melee_rounds cannot be “many”")
    shown = "\n".join(s.content for s in await world.run("game settings", world.mod) if s.content)
    assert "**Seto 1560** — settings (moderators change them with /campaign settings set):" in shown
    assert "`max_melee_rounds` = 0" in shown


async def test_a_clans_channel_must_be_private_to_its_role(world):
    """#general as a clan's "private" channel is refused with what to change in its permissions; so is a
    war room another clan's players can read, or one the clan's own players cannot see."""
    await world.setup_campaign(link=("mori", "otomo"))
    campaign = await world.service.campaign(1)
    general = await world.run("faction link", world.admin, clan="kono", role=ROLES["kono"], channel=CHANNELS["general"])
    assert general[-1].ephemeral and general[-1].content == (
        f"<#{CHANNELS['general']}> is not private to <@&{ROLES['kono']}>, and the clan's reports would be read "
        f"there: @everyone can see it: deny View Channel to @everyone in the channel's permissions; Mōri's players "
        f"(<@&{ROLES['mori']}>) can see it: deny View Channel to <@&{ROLES['mori']}> there; Ōtomo's players "
        f"(<@&{ROLES['otomo']}>) can see it: deny View Channel to <@&{ROLES['otomo']}> there")
    wrong = await world.run("faction link", world.admin, clan="kono", role=ROLES["kono"],
                            channel=CHANNELS["miyoshi-war-room"])
    assert wrong[-1].content == (
        f"<#{CHANNELS['miyoshi-war-room']}> is not private to <@&{ROLES['kono']}>, and the clan's reports would be "
        f"read there: <@&{ROLES['kono']}> cannot see it: allow View Channel for <@&{ROLES['kono']}> in the "
        f"channel's permissions")
    added = await world.run("faction add", world.admin, name="Shōni", colour="#d35400", role=ROLES["Spectators"],
                            channel=CHANNELS["naval-reports"])
    assert added[-1].content.startswith(f"<#{CHANNELS['naval-reports']}> is the public report channel")
    added = await world.run("faction add", world.admin, name="Shōni", colour="#d35400", role=ROLES["Spectators"],
                            channel=CHANNELS["kono-war-room"])
    assert added[-1].content.startswith(f"<#{CHANNELS['kono-war-room']}> is not private to <@&{ROLES['Spectators']}>")
    assert await world.service.campaign(1) == campaign  # nothing changed
    fine = await world.run("faction link", world.admin, clan="kono", role=ROLES["kono"],
                           channel=CHANNELS["kono-war-room"])
    assert fine[-1].content.endswith(f"its private reports go to <#{CHANNELS['kono-war-room']}>.")


async def test_a_clan_role_gone_from_the_server_is_a_warning_not_a_refusal(world):
    await world.setup_campaign(link=("mori",))
    await world.service.link_faction(1, "otomo", 999, None)  # a role deleted from the server since
    sent = await world.run("faction link", world.admin, clan="kono", role=ROLES["kono"],
                           channel=CHANNELS["kono-war-room"])
    assert sent[-1].content.endswith(f"its private reports go to <#{CHANNELS['kono-war-room']}>.\n⚠️ I cannot tell "
                                     f"everything about who sees <#{CHANNELS['kono-war-room']}>: Ōtomo's role is "
                                     f"not on this server any more.")


async def test_linking_an_unknown_clan_names_the_clans_not_their_ids(world):
    """Issue 17: the refusal read "has no faction 'Shimazu'; factions: mori, otomo, …"."""
    from tests.discord.conftest import CHANNELS, ROLES
    await world.setup_campaign(link=())
    sent = await world.run("faction link", world.admin, clan="Shimazu", role=ROLES["mori"],
                           channel=CHANNELS["mori-war-room"])
    assert sent[-1].ephemeral
    assert sent[-1].content == "Seto 1560 has no clan “Shimazu”; its clans: Mōri, Ōtomo, Kōno, Miyoshi"


async def test_create_on_a_map_takes_a_ruleset_from_the_registry_only_with_a_map(world):
    sent = await world.run("campaign create", world.admin, map="seto", ruleset="sengoku", name="Seto 1571")
    assert sent[-1].content.startswith('Campaign #1 "Seto 1571" created: Sengoku naval rules, map Seto Inland Sea')
    assert (await world.service.campaign(1)).ruleset == "sengoku"
    sent = await world.run("campaign create", world.admin, scenario="seto-demo", ruleset="sengoku")
    assert sent[-1].content == ("A scenario names its own rules: give ruleset only with a map (an empty campaign)")
    assert len(await world.service.campaigns_in_guild(world.h.bot.guilds[0].id)) == 1
