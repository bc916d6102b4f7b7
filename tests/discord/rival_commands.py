"""The commands of a made-up second ruleset, for the tests of names and per-server sync
(test_ruleset_commands.py): one group per name in ``bot.rival_groups`` (default: /rival)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


def rival_group(name: str) -> app_commands.Group:
    group = app_commands.Group(name=name, description="A rival ruleset's orders", guild_only=True)

    @group.command(name="move", description="Move a piece")
    async def move(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("moved", ephemeral=True)

    return group


async def setup(bot: commands.Bot) -> None:
    for name in getattr(bot, "rival_groups", ("rival",)):
        bot.tree.add_command(rival_group(name))
