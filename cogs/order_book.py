"""/orders: a player reviews, withdraws or marks ready their clan's orders for the open turn (ephemeral)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Phase
from bot.engine.ruleset import SubmittedOrder
from bot.services.errors import UserError
from bot.services.turns import TurnLifecycle, units_ordered
from cogs.common import (
    CAMPAIGN,
    CORRECTION_NOTE,
    ORDER_EXTRA,
    MarksActing,
    campaign_autocomplete,
    deadline_text,
    defer,
    is_moderator,
    reply,
    service_of,
)
from cogs.confirm import ask
from cogs.orders import unmarked
from cogs.params import PlayerContext

OPEN = (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION)


def not_open(ctx: PlayerContext) -> str:
    return (f"No turn of {ctx.campaign.name} is open for orders yet; turn {ctx.campaign.turn} opens when a "
            f"moderator uses /turn open.")


@app_commands.guild_only()
class OrderBookCog(MarksActing, commands.GroupCog, group_name="orders",
                   group_description="Review your clan's orders and mark them ready (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="Your clan's orders for this turn")
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

    @app_commands.command(name="clear", description="Withdraw all your clan's orders for this turn")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def clear_orders(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        ctx = await PlayerContext.load(interaction, campaign)
        count = len(await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id))
        if not count:
            raise UserError(f"your clan has no orders for turn {ctx.campaign.turn} to withdraw")
        prompt = (f"Withdraw all {count} of {ctx.faction.name}'s orders for turn {ctx.campaign.turn}? Its units "
                  f"will have none (standing orders apply to them). To withdraw one: /order clear unit:….")
        await ask(interaction, prompt, lambda click: self.clear_now(click, ctx), label=f"Withdraw {count} order(s)")

    async def clear_now(self, interaction: discord.Interaction, ctx: PlayerContext) -> None:
        """/orders clear once confirmed (``interaction``: the click, already answered), for the turn it
        asked about only: a prompt clicked once the next turn is open must not withdraw that turn's orders."""
        now = await service_of(interaction).campaign(ctx.campaign.id)
        if now.turn != ctx.campaign.turn:
            raise UserError(f"turn {ctx.campaign.turn} of {now.name} is over, and this prompt was for its orders, "
                            f"so nothing was withdrawn; run /orders clear again for turn {now.turn}")
        was_ready = await service_of(interaction).is_ready(ctx.campaign.id, ctx.faction.id)
        count = await service_of(interaction).clear_orders(ctx.campaign.id, ctx.faction.id,
                                                            moderator=is_moderator(interaction, ctx.campaign))
        interaction.extras[ORDER_EXTRA] = True
        note = f"\n⚠️ {unmarked(ctx)}" if was_ready else ""
        await reply(interaction, f"🗑️ {count} order(s) of {ctx.faction.name} withdrawn for turn "
                                 f"{ctx.campaign.turn}; its units have none now. Standing orders apply to units "
                                 f"left without one.{note}")

    @app_commands.command(name="ready", description="Mark your clan's orders for this turn as complete")
    @app_commands.describe(withdraw="take the mark back (changing any order also takes it back)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def ready(self, interaction: discord.Interaction, withdraw: bool = False,
                    campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        if ctx.campaign.phase not in OPEN:
            await reply(interaction, not_open(ctx))
            return
        orders = await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id)
        if ctx.campaign.phase is Phase.PLANNING:
            await TurnLifecycle(service_of(interaction)).mark_ready(ctx.campaign.id, ctx.faction.id, not withdraw)
        await reply(interaction, readiness(ctx, orders, withdraw))


def readiness(ctx: PlayerContext, orders: list[SubmittedOrder], withdraw: bool = False) -> str:
    done, missing = units_ordered(ctx.units, orders)
    total, name = len(ctx.units), ctx.faction.name
    still = f" Still without orders: {', '.join(missing)}." if missing else ""
    if ctx.campaign.phase is Phase.CORRECTION:
        return (f"{name} has ordered {done} of {total} units.{still} "
                f"{CORRECTION_NOTE[0].upper()}{CORRECTION_NOTE[1:]}.")
    if ctx.campaign.phase is Phase.LOCKED:
        return (f"Turn {ctx.campaign.turn} of {ctx.campaign.name} is locked: the moderators have closed it for "
                f"orders, so readiness no longer matters. {name} has ordered {done} of {total} units.{still}")
    deadline = deadline_text(ctx.campaign.deadline)
    until = f"until the deadline, {deadline}" if deadline else "until the turn is resolved"
    if withdraw:
        return (f"{name}'s orders are no longer marked ready ({done} of {total} units ordered).{still} "
                f"You can give or change orders {until}; /orders ready when they are complete.")
    return (f"✅ {name}'s orders for turn {ctx.campaign.turn} are marked ready ({done} of {total} units "
            f"ordered).{still} You can still change them {until}; changing one takes the mark away, so say "
            f"/orders ready again afterwards.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrderBookCog(bot))
