"""/orders: a player reviews their clan's orders for the open turn (ephemeral)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Phase
from cogs.common import (CAMPAIGN, CORRECTION_NOTE, MarksActing, campaign_autocomplete, deadline_text, defer,
                         reply, service_of)
from cogs.params import PlayerContext

OPEN = (Phase.PLANNING, Phase.CORRECTION)


def not_open(ctx: PlayerContext) -> str:
    return (f"No turn of {ctx.campaign.name} is open for orders yet; turn {ctx.campaign.turn} opens when a "
            f"moderator uses /turn open.")


@app_commands.guild_only()
class OrderBookCog(MarksActing, commands.GroupCog, group_name="orders",
                   group_description="Review your clan's orders for this turn (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="list", description="Your clan's orders for this turn")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def list_orders(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        lines = await service_of(interaction).order_lines(ctx.campaign.id, ctx.faction.id)
        turn = f"turn {ctx.campaign.turn} of {ctx.campaign.name}"
        note = [f"⚠️ Turn {ctx.campaign.turn}: {CORRECTION_NOTE}."] if ctx.campaign.phase is Phase.CORRECTION else []
        if not lines:
            if ctx.campaign.phase not in OPEN:
                await reply(interaction, not_open(ctx))
                return
            await reply(interaction, "\n".join([f"{ctx.faction.name} has no orders for {turn} yet. "
                                                f"Give them with /order cruise, /order trade, /unit …", *note]))
            return
        await reply(interaction, "\n".join([f"**{ctx.faction.name}** — orders for {turn} ({len(lines)}):"]
                                           + [f"• {line.text}" for line in lines] + note))

    @app_commands.command(name="ready", description="Whether every unit of your clan has an order")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def ready(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        if ctx.campaign.phase not in OPEN:
            await reply(interaction, not_open(ctx))
            return
        orders = await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id)
        await reply(interaction, readiness(ctx, {o.payload.get("unit") for o in orders}))


def readiness(ctx: PlayerContext, ordered: set[str]) -> str:
    total = len(ctx.units)
    done = [u for u in ctx.units if u.id in ordered]
    missing = [u.name for u in ctx.units if u.id not in ordered]
    if ctx.campaign.phase is Phase.CORRECTION:
        head = (f"{ctx.faction.name}'s orders are complete ({len(done)} of {total} units ordered)." if not missing
                else f"{ctx.faction.name} has ordered {len(done)} of {total} units. Still without orders: "
                     f"{', '.join(missing)}.")
        return f"{head} {CORRECTION_NOTE[0].upper()}{CORRECTION_NOTE[1:]}."
    deadline = deadline_text(ctx.campaign.deadline)
    until = f"until the deadline, {deadline}" if deadline else "until the turn is resolved"
    if not missing:
        return (f"✅ {ctx.faction.name}'s orders are complete ({len(done)} of {total} units ordered). "
                f"You can still change them {until}.")
    return (f"{ctx.faction.name} has ordered {len(done)} of {total} units. Still without orders: "
            f"{', '.join(missing)}. You can give or change orders {until}.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrderBookCog(bot))
