"""Each ruleset's own commands (issue 11): loaded from its plug-in, kept apart from the core's global
ones, given to the servers that host a campaign of that ruleset, and refused whole when a name is taken.
The check over every plug-in (``FleetwrightBot.command_problems``, bot/command_surface.py) is the one
the conformance suite runs for each plug-in (tests/conformance/test_rulesets.py, with ``bot_with``)."""

from __future__ import annotations

import contextlib
import logging

import discord
import pytest

from bot.command_surface import clashes
from bot.discord_app import FleetwrightBot
from bot.domain.campaign import Campaign
from bot.plugins import RulesetPlugin, plugin
from bot.services.campaigns import CampaignService
from bot.startup import sync_hosted_servers, sync_ruleset_commands
from bot.store import open_repository
from tests.discord.harness import GUILD_ID

SENGOKU = plugin("sengoku")
OTHER_GUILD = 700000000000000002
CORE = ["campaign", "faction", "orders", "fleet", "turn", "step", "mod", "map", "dice", "game", "help"]


def rival(*groups: str, id: str = "rival") -> RulesetPlugin:
    return RulesetPlugin(id=id, name="A rival ruleset", rules=lambda: None, presenter=lambda: None,
                         commands=("tests.discord.rival_commands",), command_groups=groups)


@contextlib.asynccontextmanager
async def bot_with(tmp_path, *rulesets: RulesetPlugin, groups: tuple[str, ...] | None = None):
    repo = await open_repository(tmp_path / "rulesets.db")
    bot = FleetwrightBot(CampaignService(repo), intents=discord.Intents.none(), sync_commands=False,
                         run_scheduler=False, rulesets=rulesets)
    if groups is not None:
        bot.rival_groups = groups  # what tests/discord/rival_commands.py adds
    try:
        async with bot:
            await bot.setup_hook()
            yield bot
    finally:
        await repo.close()


def names(commands) -> list[str]:
    return sorted(c.name for c in commands)


async def add_campaign(bot, ruleset: str, guild_id: int) -> None:
    campaign = Campaign(name=f"A {ruleset} game", guild_id=guild_id, ruleset=ruleset, map_id="seto")
    await bot.service.repo.create_campaign(campaign, {}, {})


async def test_the_whole_tree_passes_the_check_over_every_plug_in(world):
    assert world.bot.command_problems() == []
    assert names(world.bot.tree.get_commands()) == sorted(CORE)  # the core's alone are global
    assert {r: names(own) for r, own in world.bot.ruleset_commands.items()} == {
        "empires-in-arms": ["eia", "empires-in-arms"], "here-i-stand": ["here-i-stand", "his"],
        "royal-fleets": ["royal", "royal-fleets"],
        "sengoku": ["clan", "order", "sengoku", "unit"]}


def test_a_ruleset_taking_a_core_or_another_rulesets_name_is_refused_with_a_clear_message():
    refused = clashes(CORE, [SENGOKU, rival("order", "rival"), rival("campaign", id="thief"),
                             rival("x", "x", id="twice")])
    assert refused == {
        "rival": "ruleset 'rival' cannot add its commands: /order is ruleset 'sengoku''s. A top-level command name "
                 "belongs to one owner (a server may host campaigns of several rulesets, and Discord would show "
                 "both); rename its group in its command_groups and its cog",
        "thief": "ruleset 'thief' cannot add its commands: /campaign is the core's. A top-level command name "
                 "belongs to one owner (a server may host campaigns of several rulesets, and Discord would show "
                 "both); rename its group in its command_groups and its cog",
        "twice": "ruleset 'twice' cannot add its commands: /x is declared twice. A top-level command name belongs "
                 "to one owner (a server may host campaigns of several rulesets, and Discord would show both); "
                 "rename its group in its command_groups and its cog"}


@pytest.mark.parametrize("taken", ["order", "campaign"])
async def test_a_clashing_plug_in_loads_none_of_its_commands_and_the_check_says_why(tmp_path, caplog, taken):
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        async with bot_with(tmp_path, SENGOKU, rival(taken, "rival")) as bot:
            assert "tests.discord.rival_commands" not in bot.extensions
            assert set(bot.ruleset_commands) == {"sengoku"}
            owner = "ruleset 'sengoku''s" if taken == "order" else "the core's"
            (problem,) = bot.command_problems()
            assert problem.startswith(f"ruleset 'rival' cannot add its commands: /{taken} is {owner}. ")
            assert problem in caplog.text
            assert "order" in names(bot.ruleset_commands["sengoku"])  # Sengoku keeps its own


async def test_a_group_a_plug_in_did_not_declare_is_not_offered(tmp_path, caplog):
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        async with bot_with(tmp_path, SENGOKU, rival("rival"), groups=("rival", "order")) as bot:
            assert names(bot.ruleset_commands["rival"]) == ["rival"]
            assert bot.ruleset_commands["sengoku"][0].name == "order"
            assert bot.command_problems() == []
    assert "Ruleset 'rival' added /order, which its command_groups do not declare; it is not offered" in caplog.text


async def test_a_server_gets_the_commands_of_the_rulesets_it_hosts_and_no_others(tmp_path):
    """Two rulesets at once on one server: both sets; a server of one ruleset: only its own; none: none."""
    async with bot_with(tmp_path, SENGOKU, rival("rival")) as bot:
        await add_campaign(bot, "sengoku", GUILD_ID)
        await add_campaign(bot, "rival", GUILD_ID)
        await add_campaign(bot, "rival", OTHER_GUILD)
        assert bot.tree.get_commands(guild=discord.Object(GUILD_ID)) == []  # added behind the bot's back
        await sync_hosted_servers(bot)  # what start-up does
        assert names(bot.tree.get_commands(guild=discord.Object(GUILD_ID))) == ["clan", "order", "rival", "sengoku",
                                                                                 "unit"]
        assert names(bot.tree.get_commands(guild=discord.Object(OTHER_GUILD))) == ["rival"]
        assert names(bot.tree.get_commands()) == sorted(CORE)


async def test_a_campaign_created_on_a_server_brings_its_rulesets_commands_there(world):
    guild = discord.Object(GUILD_ID)
    assert world.bot.tree.get_commands(guild=guild) == []  # no campaign: no /order for anyone here
    await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1560")
    assert names(world.bot.tree.get_commands(guild=guild)) == ["clan", "order", "sengoku", "unit"]


async def test_a_servers_commands_are_sent_to_discord_only_when_they_changed(world, monkeypatch):
    sent: list[int | None] = []

    async def sync(*, guild=None):
        sent.append(guild.id if guild else None)
        return []

    monkeypatch.setattr(world.bot.tree, "sync", sync)
    world.bot.sync_commands = True
    await sync_ruleset_commands(world.bot, GUILD_ID)
    assert sent == []  # no campaign here, nothing ever sent: nothing to send
    await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1560")
    assert sent == [GUILD_ID]
    await world.run("campaign channel", world.admin, channel=520)  # a /campaign command: checked, unchanged
    await sync_hosted_servers(world.bot)  # a restart: unchanged
    assert sent == [GUILD_ID]
    await world.service.repo.delete_campaign(1)
    await sync_ruleset_commands(world.bot, GUILD_ID)  # the last campaign gone: the server's commands go too
    assert sent == [GUILD_ID, GUILD_ID] and world.bot.tree.get_commands(guild=discord.Object(GUILD_ID)) == []
