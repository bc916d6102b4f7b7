"""/orders: a player reviews, withdraws or marks ready their clan's orders for the open turn (ephemeral);
and ``place``, how every ruleset's order commands submit an order for the caller's clan.

A ruleset's commands that give orders (``bot/rulesets/<id>/commands/``) build the payload, turn the
names typed by hand into ids, and call ``place``; reviewing and withdrawing orders works on the
slots and descriptions the service gives, whatever the ruleset.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Phase
from bot.domain.text import quote
from bot.engine.ruleset import SubmittedOrder, slot_unit
from bot.plugins import plugin
from bot.services.campaigns import OrderReceipt
from bot.services.errors import UserError
from bot.services.turns import TurnLifecycle, units_ordered
from bot.store import StoreError
from cogs.common import (
    CAMPAIGN,
    CORRECTION_NOTE,
    ORDER_EXTRA,
    MarksActing,
    campaign_autocomplete,
    deadline_text,
    defer,
    is_moderator,
    player_faction,
    reply,
    service_of,
)
from cogs.confirm import ask
from cogs.params import PlayerContext, Typed, campaign_quietly, clip, fold

Choice = app_commands.Choice
OPEN = (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION)


def receipt_text(receipt: OrderReceipt) -> str:
    lines = [f"✅ {receipt.description}"]
    if receipt.replaced:
        lines.append(f"Replaces: {receipt.replaced}")
    lines += [f"⚠️ {warning}" for warning in receipt.warnings]
    return "\n".join(lines)


async def place(interaction: discord.Interaction, ctx: PlayerContext, payload: dict[str, Any]) -> OrderReceipt:
    """Submit ``payload`` (ids, not names) for the caller's clan; moderators may correct."""
    service = service_of(interaction)
    was_ready = await service.is_ready(ctx.campaign.id, ctx.faction.id)
    receipt = await service.submit_order(ctx.campaign.id, ctx.faction.id, payload,
                                         moderator=is_moderator(interaction, ctx.campaign))
    interaction.extras[ORDER_EXTRA] = True
    if was_ready:  # the store took the mark back with the write
        receipt.warnings.append(unmarked(ctx))
    return receipt


def unmarked(ctx: PlayerContext) -> str:
    """What a player is told when a change takes back their clan's /orders ready mark."""
    return (f"{ctx.faction.name} is no longer marked ready (changing an order takes the mark back); "
            f"/orders ready when done.")


async def order_choices(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The caller's own orders of the open turn: shown by description, valued by slot."""
    campaign = await campaign_quietly(interaction)
    if campaign is None:
        return []
    try:
        faction = player_faction(interaction, campaign)
        lines = await service_of(interaction).order_lines(campaign.id, faction.id)
    except (UserError, StoreError):
        return []
    wanted = fold(current)
    return [Choice(name=clip(line.text), value=line.slot) for line in lines
            if wanted in fold(line.text) or wanted in fold(line.slot)][:25]


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
            examples = plugin(ctx.campaign.ruleset).command_help.order_examples
            give = f" Give them with {examples}" if examples else ""
            await reply(interaction, "\n".join([f"{ctx.faction.name} has no orders for {turn} yet.{give}", *note]))
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
                  f"will have none (standing orders apply to them). To withdraw one: /orders withdraw unit:….")
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

    @app_commands.command(name="withdraw", description="Withdraw one of your orders for this turn")
    @app_commands.describe(unit="the order to withdraw (or the unit whose order it is)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete, unit=order_choices)
    async def withdraw(self, interaction: discord.Interaction, unit: Typed, campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        typed = unit.strip()
        named = ctx.unit_id(typed)
        service = service_of(interaction)
        lines = await service.order_lines(ctx.campaign.id, ctx.faction.id)
        # A slot from autocomplete, else the order of the unit (or other subject) typed: the unit's own
        # slot first, then its later ones ('unit:<id>#…'); a unit's order before a clan's of the same id.
        named_lines = sorted((o for o in lines if o.subject == named),
                             key=lambda o: (slot_unit(o.slot) is None, "#" in o.slot))
        line = next((o for o in lines if o.slot == typed), None) or next(iter(named_lines), None)
        slot = line.slot if line else typed
        was_ready = await service.is_ready(ctx.campaign.id, ctx.faction.id)
        await service.clear_order(ctx.campaign.id, ctx.faction.id, slot,
                                  moderator=is_moderator(interaction, ctx.campaign))
        interaction.extras[ORDER_EXTRA] = True
        note = f"\n⚠️ {unmarked(ctx)}" if was_ready else ""
        await reply(interaction, f"🗑️ Order withdrawn: {line.text if line else quote(slot) + '.'} "
                                 f"/orders show shows the rest.{note}")

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
