"""/map: the campaign's map after the last resolved turn (before any, the
current positions), as the public sees it or as the caller's clan does; a
moderator may draw any clan's view or the moderators' one.  Ephemeral, with
the PNG attached; the presenter decides what each audience's map shows."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.services.errors import UserError
from bot.services.queries import map_data
from cogs.common import (
    ACTING_EXTRA,
    CAMPAIGN,
    acting_faction,
    campaign_autocomplete,
    campaign_for,
    defer,
    is_moderator,
    player_faction,
    reply,
    require_results_out,
    service_of,
)
from cogs.params import campaign_quietly, fold, named_clan

Choice = app_commands.Choice
PUBLIC, MINE, MODERATORS = "public", "mine", "moderators"


def audience_for(interaction: discord.Interaction, campaign: Campaign, view: str) -> str:
    """"public", "moderators" or a faction id; refuses a view the caller may not see."""
    wanted = fold(view or PUBLIC)
    if wanted == PUBLIC:
        return PUBLIC
    if wanted == MINE:
        acting = acting_faction(interaction, campaign)
        if acting is not None:
            interaction.extras[ACTING_EXTRA] = acting.name
            return acting.id
        return player_faction(interaction, campaign).id
    clan = named_clan(campaign, view)
    if wanted != MODERATORS and clan is None:
        names = ", ".join(f.name for f in campaign.factions)
        raise UserError(f"no view {view!r}: choose public, mine" + (f", moderators or a clan ({names})"
                                                                     if is_moderator(interaction, campaign) else ""))
    if not is_moderator(interaction, campaign):
        raise UserError(f"only the moderators of {campaign.name} may see the {view} view; yours is view:mine")
    return MODERATORS if clan is None else clan.id


def clan_name(campaign: Campaign, faction_id: str) -> str:
    faction = campaign.faction(faction_id)
    return faction.name if faction else faction_id


def caption(campaign: Campaign, audience: str, turn: int, resolved: bool) -> str:
    who = {PUBLIC: "public view", MODERATORS: "moderators' view (everything)"}.get(audience)
    if who is None:
        who = f"{clan_name(campaign, audience)}'s view"
    when = f"after turn {turn}" if resolved else f"turn {turn}, current positions (no turn resolved yet)"
    return f"🗺️ **{campaign.name}** — map {when}, {who}."


class MapCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="map", description="The map after the last resolved turn, public or your clan's view")
    @app_commands.guild_only()
    @app_commands.describe(view="public (default) or mine; moderators: a clan or moderators", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def show(self, interaction: discord.Interaction, view: app_commands.Range[str, 1, 40] | None = None,
                   campaign: int | None = None) -> None:
        await defer(interaction)  # rendering takes a moment
        chosen = await campaign_for(interaction, campaign)
        audience = audience_for(interaction, chosen, view or PUBLIC)
        await require_results_out(interaction, chosen)
        service = service_of(interaction)
        data = await map_data(service, chosen.id)
        resolved = bool(data.seed)  # map_data leaves the seed empty when no turn is resolved yet
        note = ""
        try:
            png = (await service.render_maps(chosen.ruleset, data, [audience]))[audience]
        except ValueError:  # the rules name no such audience in that turn: a clan added since
            if audience in (PUBLIC, MODERATORS):
                raise
            note = (f"\n{clan_name(chosen, audience)} joined after turn {data.turn} was resolved, so that turn has no "
                    f"map of its own for it; here is the public one.")
            audience = PUBLIC
            png = (await service.render_maps(chosen.ruleset, data, [audience]))[audience]
        await reply(interaction, caption(chosen, audience, data.turn, resolved) + note,
                    files=[discord.File(io.BytesIO(png), filename=f"map-{audience}.png")])

    @show.autocomplete("view")
    async def view_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        options = [Choice(name="public", value=PUBLIC), Choice(name="mine (my clan's view)", value=MINE)]
        chosen = await campaign_quietly(interaction)
        if chosen is not None and is_moderator(interaction, chosen):
            options.append(Choice(name="moderators (everything)", value=MODERATORS))
            options += [Choice(name=f"{f.name}'s view", value=f.id) for f in chosen.factions]
        wanted = fold(current)
        return [c for c in options if wanted in fold(c.name) or wanted in fold(c.value)][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MapCog(bot))
