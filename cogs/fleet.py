"""/fleet: a player lists their clan's units with their state, base and this
turn's order, or shows one unit in full; a moderator may list any clan's
units, or all (``clan:all``).  Every reply is ephemeral."""

from __future__ import annotations


import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Phase
from bot.domain.gamemap import GameMap
from bot.domain.text import escape, quote
from bot.engine.ruleset import UnitView, slot_unit
from bot.plugins import plugin
from bot.services.campaign_reads import with_names
from bot.services.campaigns import OrderLine
from bot.i18n import Messages, N_, messages
from bot.services.errors import UserError
from cogs.common import (
    CAMPAIGN,
    MarksActing,
    acting_faction,
    campaign_autocomplete,
    campaign_for,
    defer,
    is_moderator,
    reader,
    reply,
    require_results_out,
    service_of,
)
from cogs.params import AnyUnit, PlayerContext, Typed, campaign_quietly, fold, game_map

Choice = app_commands.Choice
ALL = "all"


def orders_of(unit: UnitView, lines: list[OrderLine]) -> list[str]:
    """This turn's orders of ``unit``: its slot, and its later ones ('unit:<id>#…')."""
    return [line.text for line in lines if slot_unit(line.slot) == unit.id]


def unit_line(unit: UnitView, gamemap: GameMap, lines: list[OrderLine] | None, t: Messages | None = None) -> str:
    text = f"**{escape(unit.name)}** — {escape(with_names(unit.summary, gamemap))}"  # names, never ids
    if lines is None:
        return text
    given = orders_of(unit, lines)
    return text + (f"\n  ↳ {' / '.join(given)}" if given else "\n  ↳ " + (t or messages())._("no order yet"))


def open_for_orders(campaign: Campaign) -> bool:
    return campaign.phase in (Phase.PLANNING, Phase.CORRECTION)


def unit_details(unit: UnitView, campaign: Campaign, clan: str, lines: list[OrderLine] | None,
                 t: Messages | None = None) -> str:
    t = t or messages()
    gamemap = game_map(campaign.map_id)
    # Any node of the map (not only "areas": a board may have only sea zones and ports)
    where = gamemap.nodes[unit.location].name if unit.location in gamemap.nodes else t._("nowhere on the map")
    # The kind's word is the ruleset's: its catalogue marks it (the ruleset's unit-kind words).
    kind = messages(t.language, campaign.ruleset)._(unit.kind.replace("_", " "))
    parts = [f"**{escape(unit.name)}** — {escape(clan)}, {kind}",
             t._("State: {state}", state=escape(with_names(unit.summary, gamemap))),
             t._("Lies in: {area}", area=where)]
    if lines is None:
        parts.append(t._("Orders: no turn is open (turn {turn}: a moderator opens it with /turn open).",
                         turn=campaign.turn))
    else:
        given = orders_of(unit, lines)
        order = plugin(campaign.ruleset).command_help.order
        none = (t._("Order this turn: none yet; give one with {command} unit:{unit}", command=order,
                    unit=escape(unit.name)) if order else t._("Order this turn: none yet"))
        parts += [t._("Order this turn: {order}", order=text) for text in given] or [none]
    return "\n".join(parts)


@app_commands.guild_only()
class FleetCog(MarksActing, commands.GroupCog, group_name="fleet",
               group_description="Your clan's ships (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="list", description="Your clan's units: kind, state, base and this turn's order")
    @app_commands.describe(clan="moderators: another clan's units, or 'all'", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def list_units(self, interaction: discord.Interaction, clan: Typed | None = None,
                         campaign: int | None = None) -> None:
        await defer(interaction)
        if clan is not None:
            await self.list_for_moderator(interaction, clan, campaign)
            return
        t = reader(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        await require_results_out(interaction, ctx.campaign)
        if not ctx.units:
            await reply(interaction, t._("{clan} has no active units in {campaign}.", clan=ctx.faction.name,
                                         campaign=ctx.campaign.name))
            return
        lines = await self.order_lines(interaction, ctx.campaign, ctx.faction.id)
        text = [t.n_("**{clan}** — {n} units", "**{clan}** — {n} units", len(ctx.units), clan=ctx.faction.name)]
        text += [unit_line(u, ctx.gamemap, lines, t) for u in ctx.units]
        await reply(interaction, "\n".join(text))

    async def list_for_moderator(self, interaction: discord.Interaction, clan: str, campaign_id: int | None) -> None:
        chosen = await campaign_for(interaction, campaign_id)
        if not is_moderator(interaction, chosen):
            raise UserError(N_("only the moderators of {campaign} may list another clan's units; leave clan out "
                               "to list your own"), campaign=chosen.name)
        wanted = [f for f in chosen.factions if fold(clan) in (ALL, fold(f.id), fold(f.name))]
        if not wanted:
            names = ", ".join(f.name for f in chosen.factions)
            raise UserError(N_("{campaign} has no clan {clan}; its clans: {known}, or 'all'"), campaign=chosen.name,
                            clan=quote(clan), known=names)
        service, gamemap = service_of(interaction), game_map(chosen.map_id)
        lines = await self.order_lines(interaction, chosen, None)
        text, t = [], reader(interaction)
        for faction in wanted:
            units = await service.units(chosen.id, faction.id)
            text.append(t.n_("**{clan}** — {n} units", "**{clan}** — {n} units", len(units), clan=faction.name))
            text += [unit_line(u, gamemap, lines, t) for u in units]
        await reply(interaction, "\n".join(text))

    @list_units.autocomplete("clan")
    async def clan_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        chosen = await campaign_quietly(interaction)
        if chosen is None or not is_moderator(interaction, chosen):
            return []
        wanted = fold(current)
        options = [Choice(name=reader(interaction)._("all clans"), value=ALL)] + [Choice(name=f.name, value=f.id) for f in chosen.factions]
        return [c for c in options if wanted in fold(c.name) or wanted in fold(c.value)][:25]

    @app_commands.command(name="show", description="One of your units in full: state, base, place and its order")
    @app_commands.describe(unit="the unit (moderators: any clan's, by id)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def show(self, interaction: discord.Interaction, unit: AnyUnit, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        service = service_of(interaction)
        sees_all = is_moderator(interaction, chosen) and acting_faction(interaction, chosen) is None
        mine = None if sees_all else await PlayerContext.load(interaction, campaign)
        await require_results_out(interaction, chosen)
        units = mine.units if mine else await service.units(chosen.id, None)
        found = next((u for u in units if u.id == unit or fold(u.name) == fold(unit)), None)
        if found is None:
            if mine is None:
                raise UserError(N_("{unit} is not an active unit of any clan; /fleet list shows them"), unit=repr(unit))
            raise UserError(N_("{unit} is not an active unit of {clan}; /fleet list shows yours"), unit=repr(unit),
                            clan=mine.faction.name)
        lines = await self.order_lines(interaction, chosen, found.owner)
        owner = chosen.faction(found.owner)
        await reply(interaction, unit_details(found, chosen, owner.name if owner else found.owner, lines,
                                              reader(interaction)))

    @staticmethod
    async def order_lines(interaction: discord.Interaction, campaign: Campaign,
                          faction: str | None) -> list[OrderLine] | None:
        """This turn's orders (``None`` when no turn is open for orders)."""
        if not open_for_orders(campaign):
            return None
        return await service_of(interaction).order_lines(campaign.id, faction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FleetCog(bot))
