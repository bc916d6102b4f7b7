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
from bot.i18n import Messages, N_, messages
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
    reader,
    reply,
    service_of,
)
from cogs.confirm import ask
from cogs.params import PlayerContext, Typed, campaign_quietly, clip, fold

Choice = app_commands.Choice
OPEN = (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION)


def receipt_text(receipt: OrderReceipt, t: Messages | None = None) -> str:
    t = t or messages()
    lines = [f"✅ {receipt.description}"]
    if receipt.replaced:
        lines.append(t._("Replaces: {order}", order=receipt.replaced))
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
        receipt.warnings.append(unmarked(ctx, reader(interaction)))
    return receipt


def unmarked(ctx: PlayerContext, t: Messages | None = None) -> str:
    """What a player is told when a change takes back their clan's /orders ready mark."""
    return (t or messages())._("{clan} is no longer marked ready (changing an order takes the mark back); "
                               "/orders ready when done.", clan=ctx.faction.name)


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


def not_open(ctx: PlayerContext, t: Messages | None = None) -> str:
    return (t or messages())._("No turn of {campaign} is open for orders yet; turn {turn} opens when a "
                               "moderator uses /turn open.", campaign=ctx.campaign.name, turn=ctx.campaign.turn)


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
        t = reader(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        lines = await service_of(interaction).order_lines(ctx.campaign.id, ctx.faction.id)
        values = {"clan": ctx.faction.name, "turn": ctx.campaign.turn, "campaign": ctx.campaign.name}
        note = ([t._("⚠️ Turn {turn}: {note}.", turn=ctx.campaign.turn, note=t._(CORRECTION_NOTE))]
                if ctx.campaign.phase is Phase.CORRECTION else [])
        if not lines:
            if ctx.campaign.phase not in OPEN:
                await reply(interaction, not_open(ctx, t))
                return
            examples = plugin(ctx.campaign.ruleset).command_help.order_examples
            none = (t._("{clan} has no orders for turn {turn} of {campaign} yet. Give them with {examples}",
                        examples=examples, **values) if examples
                    else t._("{clan} has no orders for turn {turn} of {campaign} yet.", **values))
            await reply(interaction, "\n".join([none, *note]))
            return
        await reply(interaction, "\n".join([t._("**{clan}** — orders for turn {turn} of {campaign} ({count}):",
                                                 count=len(lines), **values)]
                                           + [f"• {line.text}" for line in lines] + note))

    @app_commands.command(name="clear", description="Withdraw all your clan's orders for this turn")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def clear_orders(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        t = reader(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        count = len(await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id))
        if not count:
            raise UserError(N_("your clan has no orders for turn {turn} to withdraw"), turn=ctx.campaign.turn)
        prompt = t.n_("Withdraw all {n} of {clan}'s orders for turn {turn}? Its units will have none (standing "
                      "orders apply to them). To withdraw one: /orders withdraw unit:….",
                      "Withdraw all {n} of {clan}'s orders for turn {turn}? Its units will have none (standing "
                      "orders apply to them). To withdraw one: /orders withdraw unit:….", count,
                      clan=ctx.faction.name, turn=ctx.campaign.turn)
        await ask(interaction, prompt, lambda click: self.clear_now(click, ctx),
                  label=t.n_("Withdraw {n} order(s)", "Withdraw {n} order(s)", count))

    async def clear_now(self, interaction: discord.Interaction, ctx: PlayerContext) -> None:
        """/orders clear once confirmed (``interaction``: the click, already answered), for the turn it
        asked about only: a prompt clicked once the next turn is open must not withdraw that turn's orders."""
        now = await service_of(interaction).campaign(ctx.campaign.id)
        if now.turn != ctx.campaign.turn:
            raise UserError(N_("turn {turn} of {campaign} is over, and this prompt was for its orders, so nothing "
                               "was withdrawn; run /orders clear again for turn {now}"), turn=ctx.campaign.turn,
                            campaign=now.name, now=now.turn)
        was_ready = await service_of(interaction).is_ready(ctx.campaign.id, ctx.faction.id)
        count = await service_of(interaction).clear_orders(ctx.campaign.id, ctx.faction.id,
                                                            moderator=is_moderator(interaction, ctx.campaign))
        interaction.extras[ORDER_EXTRA] = True
        t = reader(interaction)
        note = f"\n⚠️ {unmarked(ctx, t)}" if was_ready else ""
        await reply(interaction, t.n_("🗑️ {n} order(s) of {clan} withdrawn for turn {turn}; its units have none "
                                      "now. Standing orders apply to units left without one.",
                                      "🗑️ {n} order(s) of {clan} withdrawn for turn {turn}; its units have none "
                                      "now. Standing orders apply to units left without one.", count,
                                      clan=ctx.faction.name, turn=ctx.campaign.turn) + note)

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
        t = reader(interaction)
        note = f"\n⚠️ {unmarked(ctx, t)}" if was_ready else ""
        await reply(interaction, t._("🗑️ Order withdrawn: {order} /orders show shows the rest.",
                                     order=line.text if line else quote(slot) + '.') + note)

    @app_commands.command(name="ready", description="Mark your clan's orders for this turn as complete")
    @app_commands.describe(withdraw="take the mark back (changing any order also takes it back)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def ready(self, interaction: discord.Interaction, withdraw: bool = False,
                    campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        t = reader(interaction)
        if ctx.campaign.phase not in OPEN:
            await reply(interaction, not_open(ctx, t))
            return
        orders = await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id)
        if ctx.campaign.phase is Phase.PLANNING:
            await TurnLifecycle(service_of(interaction)).mark_ready(ctx.campaign.id, ctx.faction.id, not withdraw)
        await reply(interaction, readiness(ctx, orders, withdraw, t))


def readiness(ctx: PlayerContext, orders: list[SubmittedOrder], withdraw: bool = False,
              t: Messages | None = None) -> str:
    t = t or messages()
    done, missing = units_ordered(ctx.units, orders)
    values = {"clan": ctx.faction.name, "done": done, "turn": ctx.campaign.turn}
    total = len(ctx.units)
    still = t._(" Still without orders: {units}.", units=", ".join(missing)) if missing else ""
    if ctx.campaign.phase is Phase.CORRECTION:
        note = t._(CORRECTION_NOTE)
        return t.n_("{clan} has ordered {done} of {n} units.", "{clan} has ordered {done} of {n} units.", total,
                    **values) + f"{still} {note[:1].upper()}{note[1:]}."
    if ctx.campaign.phase is Phase.LOCKED:
        return t.n_("Turn {turn} of {campaign} is locked: the moderators have closed it for orders, so readiness "
                    "no longer matters. {clan} has ordered {done} of {n} units.",
                    "Turn {turn} of {campaign} is locked: the moderators have closed it for orders, so readiness "
                    "no longer matters. {clan} has ordered {done} of {n} units.", total,
                    campaign=ctx.campaign.name, **values) + still
    deadline = deadline_text(ctx.campaign.deadline)
    until = (t._("until the deadline, {deadline}", deadline=deadline) if deadline
             else t._("until the turn is resolved"))
    if withdraw:
        return (t.n_("{clan}'s orders are no longer marked ready ({done} of {n} units ordered).",
                     "{clan}'s orders are no longer marked ready ({done} of {n} units ordered).", total, **values)
                + still + " " + t._("You can give or change orders {until}; /orders ready when they are complete.",
                                    until=until))
    return (t.n_("✅ {clan}'s orders for turn {turn} are marked ready ({done} of {n} units ordered).",
                 "✅ {clan}'s orders for turn {turn} are marked ready ({done} of {n} units ordered).", total, **values)
            + still + " " + t._("You can still change them {until}; changing one takes the mark away, so say "
                                "/orders ready again afterwards.", until=until))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrderBookCog(bot))
