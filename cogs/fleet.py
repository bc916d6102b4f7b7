"""/fleet: a player lists their clan's units (ephemeral)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import CAMPAIGN, MarksActing, campaign_autocomplete, defer, reply
from cogs.params import PlayerContext


@app_commands.guild_only()
class FleetCog(MarksActing, commands.GroupCog, group_name="fleet",
               group_description="Your clan's ships (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="list", description="Your clan's units: kind, state, base and station")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def list_units(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        if not ctx.units:
            await reply(interaction, f"{ctx.faction.name} has no active units in {ctx.campaign.name}.")
            return
        lines = [f"**{ctx.faction.name}** — {len(ctx.units)} units"]
        lines += [f"`{u.id}` **{u.name}** — {u.summary}" for u in ctx.units]
        await reply(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FleetCog(bot))
