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
from bot.domain.viewer import RESERVED, Viewer
from bot.i18n import Messages, N_, messages
from bot.services.errors import UserError
from bot.services.queries import map_data
from bot.services.sheet_maps import sheet_file_name
from cogs.common import (
    ACTING_EXTRA,
    CAMPAIGN,
    acting_faction,
    campaign_autocomplete,
    campaign_for,
    defer,
    is_moderator,
    player_faction,
    reader,
    reply,
    require_results_out,
    service_of,
)
from cogs.params import campaign_quietly, fold, named_clan

Choice = app_commands.Choice
PUBLIC, MINE, MODERATORS = "public", "mine", "moderators"
CLAN_PREFIX = "clan:"  # view:clan:<id> names a clan even if its id is "public" or "moderators"


def audience_for(interaction: discord.Interaction, campaign: Campaign, view: str) -> Viewer:
    """The public, the moderators or a clan (a ``Viewer``: a clan whose id is "public" still gets its
    own view); refuses a view the caller may not see."""
    wanted = fold(view or PUBLIC)
    if wanted == PUBLIC:
        return Viewer.public()
    if wanted == MINE:
        acting = acting_faction(interaction, campaign)
        if acting is not None:
            interaction.extras[ACTING_EXTRA] = acting.name
            return Viewer.of(acting.id)
        return Viewer.of(player_faction(interaction, campaign).id)
    clan = named_clan(campaign, view.strip()[len(CLAN_PREFIX):] if wanted.startswith(CLAN_PREFIX) else view)
    if wanted != MODERATORS and clan is None:
        names = ", ".join(f.name for f in campaign.factions)
        if is_moderator(interaction, campaign):
            raise UserError(N_("no view {view}: choose public, mine, moderators or a clan ({names})"),
                            view=repr(view), names=names)
        raise UserError(N_("no view {view}: choose public, mine"), view=repr(view))
    if not is_moderator(interaction, campaign):
        raise UserError(N_("only the moderators of {campaign} may see the {view} view; yours is view:mine"),
                        campaign=campaign.name, view=view)
    return Viewer.moderators() if wanted == MODERATORS else Viewer.of(clan.id)


def clan_name(campaign: Campaign, faction_id: str) -> str:
    faction = campaign.faction(faction_id)
    return faction.name if faction else faction_id


def caption(campaign: Campaign, audience: Viewer, turn: int, resolved: bool, t: Messages | None = None) -> str:
    t = t or messages()
    if audience.is_public:
        who = t._("public view")
    elif audience.is_moderators:
        who = t._("moderators' view (everything)")
    else:
        who = t._("{clan}'s view", clan=clan_name(campaign, audience.faction))
    if resolved:
        return t._("🗺️ **{campaign}** — map after turn {turn}, {view}.", campaign=campaign.name, turn=turn, view=who)
    return t._("🗺️ **{campaign}** — map turn {turn}, current positions (no turn resolved yet), {view}.",
               campaign=campaign.name, turn=turn, view=who)


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
            drawn = (await service.render_sheet_maps(chosen.ruleset, data, [audience]))[audience]
        except ValueError:  # the rules name no such audience in that turn: a clan added since
            if audience.faction is None:
                raise
            note = "\n" + reader(interaction)._(
                "{clan} joined after turn {turn} was resolved, so that turn has no map of its own for it; here is "
                "the public one.", clan=clan_name(chosen, audience.faction), turn=data.turn)
            audience = Viewer.public()
            drawn = (await service.render_sheet_maps(chosen.ruleset, data, [audience]))[audience]
        # every sheet of the map, in order (bot/services/sheet_maps.py)
        files = [discord.File(io.BytesIO(sheet.png), filename=sheet_file_name(f"map-{audience.file_stem}.png",
                                                                               sheet.sheet)) for sheet in drawn]
        await reply(interaction, caption(chosen, audience, data.turn, resolved, reader(interaction)) + note,
                    files=files)

    @show.autocomplete("view")
    async def view_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        options = [Choice(name="public", value=PUBLIC), Choice(name="mine (my clan's view)", value=MINE)]
        chosen = await campaign_quietly(interaction)
        if chosen is not None and is_moderator(interaction, chosen):
            options.append(Choice(name="moderators (everything)", value=MODERATORS))
            # A clan whose id is a view's word ("mine" is not refused at creation) is named with clan:.
            options += [Choice(name=f"{f.name}'s view", value=CLAN_PREFIX + f.id if f.id in (*RESERVED, MINE) else f.id)
                        for f in chosen.factions]
        wanted = fold(current)
        return [c for c in options if wanted in fold(c.name) or wanted in fold(c.value)][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MapCog(bot))
