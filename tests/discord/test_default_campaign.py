"""Which campaign a command means when it names none (issue 17): the caller's, or the channel's;
a refusal naming the candidates only when that is really ambiguous."""

from __future__ import annotations

from tests.discord.conftest import CHANNELS, ROLES
from tests.discord.harness import Member


async def second_campaign(world) -> None:
    """Seto 1560 (#1) is set up with every clan linked; the server owner then starts Seto 1561 (#2),
    whose report channel is #general."""
    await world.setup_campaign()
    await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1561")
    await world.run("campaign channel", world.admin, channel=CHANNELS["general"], campaign=2)


async def test_a_second_campaign_leaves_players_in_their_own(world):
    await second_campaign(world)
    sent = await world.run("fleet list", world.players["mori"])
    assert sent[-1].content.startswith("**Mōri** — 7 units")
    status = await world.run("game status", world.players["otomo"])
    assert status[-1].content.startswith("**Seto 1560** (#1)")


async def test_a_moderator_defaults_to_the_campaign_they_moderate(world):
    await second_campaign(world)
    status = await world.run("game status", world.mod)  # moderator role of #1 only
    assert status[-1].content.startswith("**Seto 1560** (#1)")
    sent = await world.run("turn open", world.mod)
    assert sent[-1].content.startswith("Turn 3 of Seto 1560 is open for orders")


async def test_a_player_of_two_campaigns_is_asked_unless_the_channel_says(world):
    await second_campaign(world)
    await world.run("faction link", world.admin, clan="mori", role=ROLES["mori"],
                    channel=CHANNELS["mori-war-room"], campaign=2)  # the same war room in both
    player = world.players["mori"]
    first = await world.h.invoke("game status", player, in_channel="naval-reports")  # #1's report channel
    assert first[-1].content.startswith("**Seto 1560** (#1)")
    kono = await world.h.invoke("fleet list", player, in_channel="kono-war-room")  # a clan channel of #1
    assert kono[-1].content.startswith("**Mōri** — 7 units")
    second = await world.h.invoke("game status", player, in_channel="general")  # #2's report channel
    assert second[-1].content.startswith("**Seto 1561** (#2)")
    asked = await world.h.invoke("game status", player, in_channel="mori-war-room")  # both campaigns'
    assert asked[-1].ephemeral and asked[-1].content == (
        "You play in several campaigns on this server (Seto 1560, Seto 1561); say which with the campaign "
        "option, or use the command in that campaign's report or clan channel")
    named = await world.h.invoke("game status", player, in_channel="mori-war-room", campaign=2)
    assert named[-1].content.startswith("**Seto 1561** (#2)")


async def test_someone_of_neither_campaign_gets_the_channels_or_the_newest(world):
    await second_campaign(world)
    stranger = Member(4, "stranger", [ROLES["Spectators"]])
    assert (await world.h.invoke("game status", stranger, in_channel="naval-reports"))[-1].content.startswith(
        "**Seto 1560** (#1)")
    assert (await world.h.invoke("game status", stranger, in_channel="general"))[-1].content.startswith(
        "**Seto 1561** (#2)")
    assert (await world.run("game info", world.admin))[-1].content.find("**Seto 1561** (#2)") >= 0
