"""Issue 10: a name a player or moderator chose reaches public posts as typed, never as markdown, a link,
a mention or text turned right to left."""

from __future__ import annotations

from tests.discord.conftest import CHANNELS, channel_posts

HOSTILE = "# \u202eKobayakawa [x](http://e.vil) @everyone\u200b"
SHOWN = r"\# Kobayakawa \[x\](http://e.vil) @" + "\u200beveryone"


async def test_a_hostile_unit_name_is_escaped_in_the_public_report_and_its_post(planned):
    world = planned
    sent = await world.run("sengoku unit edit", world.mod, unit="Kobayakawa-1", reason="renamed", name=HOSTILE)
    assert "\u202e" not in sent[-1].content
    outcome_posts = channel_posts(await world.run("turn resolve", world.mod), CHANNELS["naval-reports"])
    posted = "\n".join(p.content for p in outcome_posts)
    assert SHOWN in posted
    assert "[x](" not in posted and "@everyone" not in posted and "\u202e" not in posted
    assert all(p.payload["allowed_mentions"] == {"parse": []} for p in outcome_posts)  # nothing pings anyone
    mori = "\n".join(p.content for p in channel_posts(world.h.log, CHANNELS["mori-war-room"]))
    assert SHOWN in mori and "[x](" not in mori


async def test_a_hostile_redeem_name_is_stored_clean_and_quoted_escaped(armed):
    world = armed
    sent = await world.run("clan redeem", world.players["mori"], credit="credit:2:mori", build="squadron",
                           port="Tomo", name="@here [x](http://e.vil)\u200b")
    assert sent[-1].content.endswith("a new squadron “@\u200bhere \\[x\\](http://e.vil)” at Tomo.")
    (order,) = [o.payload for o in await world.service.orders(1, "mori")]
    assert order["name"] == "@here [x](http://e.vil)"


async def test_order_lines_escape_a_hostile_unit_name(planned):
    world = planned
    await world.run("sengoku unit edit", world.mod, unit="Kobayakawa-1", reason="renamed", name=HOSTILE)
    shown = (await world.run("orders show", world.players["mori"]))[-1].content
    assert SHOWN in shown and "[x](" not in shown


async def test_campaign_and_clan_names_that_discord_would_format_are_refused(world):
    """A campaign's and a clan's names are in nearly every reply: refused at input rather than escaped in each."""
    from tests.discord.conftest import CHANNELS, ROLES
    sent = await world.run("campaign create", world.admin, scenario="seto-demo", name="[Seto](http://e.vil)")
    assert sent[-1].ephemeral and sent[-1].content == (
        "Name: “\\[Seto\\](http://e.vil)” has '[', which Discord reads as formatting or a mention; give a campaign "
        "a name of letters, digits, spaces and plain punctuation (. , ' - ( ) &)")
    assert await world.service.repo.campaigns_in_guild(world.h.bot.guilds[0].id) == []
    await world.setup_campaign()
    sent = await world.run("faction add", world.admin, name="@everyone", colour="teal", role=ROLES["Spectators"],
                           channel=CHANNELS["spectators-lounge"])
    assert sent[-1].content.startswith("Name: “@\u200beveryone” has '@', which Discord reads as formatting")
    assert len((await world.service.campaign(1)).factions) == 4
