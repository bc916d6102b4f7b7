"""/faction: add a clan to a campaign, link each clan to the Discord role its
players hold and to its private channel (moderators); list the clans; show
the diplomacy table, or set one pair's relation (moderators, through the same
moderator edit as /mod relation)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.services.errors import UserError
from bot.services.setup import add_faction
from bot.services.setup import relations as relation_table
from cogs.common import (
    CAMPAIGN,
    campaign_autocomplete,
    campaign_for,
    defer,
    is_moderator,
    moderator_of,
    moderator_only,
    player_faction,
    reply,
    service_of,
)
from cogs.params import Typed, campaign_quietly, fold, named_clan

Choice = app_commands.Choice
RELATIONS = [Choice(name="at war", value="at_war"), Choice(name="allied", value="allied"),
             Choice(name="neutral", value="neutral")]
RELATION_WORDS = {c.value: c.name for c in RELATIONS}


def clan_id(campaign: Campaign, typed: str) -> str:
    """The id of the clan ``typed`` names (by id or name, accents and case aside), else ``typed``."""
    clan = named_clan(campaign, typed)
    return clan.id if clan else typed.strip()


def relations_text(campaign: Campaign, rows: list[tuple[str, str, str]], whose: str | None) -> str:
    names = {f.id: f.name for f in campaign.factions}
    title = f"**{campaign.name}** — relations" + (f" of {names[whose]}" if whose else "")
    if not rows:
        return f"{title}: no other clans yet."
    lines = [f"{title} (OP-48: at war = enemy, allied = friendly):"]
    lines += [f"• {names[a]} — {names[b]}: {RELATION_WORDS.get(r, r)}" for a, b, r in rows]
    if whose is None:
        lines.append("Change one with /faction relations clan_a:… clan_b:… relation:….")
    return "\n".join(lines)


def check_link(campaign: Campaign, clan: str, role: discord.Role, channel: discord.abc.GuildChannel) -> None:
    """One role and one private channel per clan, and never the public report channel:
    otherwise one clan would read another's orders or report."""
    if role.is_default():
        raise UserError("@everyone cannot be a clan's role; create a role for the clan's players")
    if role.id == campaign.moderator_role_id:
        raise UserError(f"{role.mention} is the moderator role: the clan's players would see every clan's orders; "
                        f"give the clan a role its players hold")
    if channel.id == campaign.report_channel_id:
        raise UserError(f"{channel.mention} is the public report channel; a clan needs a private channel")
    for other in campaign.factions:
        if other.id == clan:
            continue
        if other.role_id == role.id:
            raise UserError(f"{role.mention} is already {other.name}'s role; each clan needs its own role")
        if other.channel_id == channel.id:
            raise UserError(f"{channel.mention} is already {other.name}'s channel; each clan needs its own "
                            f"private channel, or it would read another clan's report")


@app_commands.guild_only()
class FactionCog(commands.GroupCog, group_name="faction",
                 group_description="Clans: add them, link their roles and channels, their relations"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="link", description="Link a clan to its players' role and its private channel")
    @app_commands.describe(clan="the clan", role="the role its players hold",
                           channel="its private channel, for its turn reports", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def link(self, interaction: discord.Interaction, clan: Typed, role: discord.Role,
                   channel: discord.TextChannel, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        linked = clan_id(chosen, clan)
        check_link(chosen, linked, role, channel)
        faction = await service_of(interaction).link_faction(chosen.id, linked, role.id, channel.id)
        await reply(interaction, f"{faction.name} of {chosen.name}: players hold {role.mention}; "
                                 f"its private reports go to {channel.mention}.")

    @app_commands.command(name="add", description="Add a new clan to the campaign, with its role and private channel")
    @app_commands.describe(name="the clan's name, e.g. Shōni", colour="its map colour: #rrggbb or a name (crimson)",
                           role="the role its players hold", channel="its private channel, for its turn reports",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def add(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40],
                  colour: app_commands.Range[str, 1, 30], role: discord.Role, channel: discord.TextChannel,
                  campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        check_link(chosen, "", role, channel)
        faction, said = await add_faction(service_of(interaction), chosen.id, name, colour, role.id, channel.id,
                                          by=moderator_of(interaction))
        await reply(interaction, f"{faction.name} (`{faction.id}`, {faction.colour}) joins {chosen.name}: players "
                                 f"hold {role.mention}; its private reports go to {channel.mention}.\n{said}")

    @app_commands.command(name="relations", description="The clans' relations; moderators set one pair's relation")
    @app_commands.describe(clan_a="one clan (moderators: to change a relation)", clan_b="the other clan",
                           relation="their new relation", campaign=CAMPAIGN)
    @app_commands.choices(relation=RELATIONS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def relations(self, interaction: discord.Interaction, clan_a: Typed | None = None,
                        clan_b: Typed | None = None, relation: Choice[str] | None = None,
                        campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        service = service_of(interaction)
        moderator = is_moderator(interaction, chosen)
        if clan_a is None and clan_b is None and relation is None:
            whose = None if moderator else player_faction(interaction, chosen).id
            await reply(interaction, relations_text(chosen, await relation_table(service, chosen.id, whose), whose))
            return
        if not moderator:
            raise UserError(f"only the moderators of {chosen.name} set relations between clans; without options "
                            f"/faction relations shows your clan's")
        if clan_a is None or clan_b is None or relation is None:
            raise UserError("to change a relation give clan_a, clan_b and relation; to see the table give none")
        said = await service.moderator_edit(chosen.id, {"kind": "relation", "a": clan_id(chosen, clan_a),
                                                        "b": clan_id(chosen, clan_b), "relation": relation.value},
                                          moderator_of(interaction))
        await reply(interaction, f"🛠️ **{chosen.name}** — {said}")

    @link.autocomplete("clan")
    @relations.autocomplete("clan_a")
    @relations.autocomplete("clan_b")
    async def clan_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        chosen = await campaign_quietly(interaction)
        if chosen is None:
            return []
        wanted = fold(current)
        return [Choice(name=f.name, value=f.id) for f in chosen.factions
                if wanted in fold(f.name) or wanted in fold(f.id)][:25]

    @app_commands.command(name="list", description="The clans of the campaign, their roles and channels")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def list_factions(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        lines = [f"**{chosen.name}** — {len(chosen.factions)} clans"]
        for f in chosen.factions:
            role = f"<@&{f.role_id}>" if f.role_id else "no role linked"
            channel = f"<#{f.channel_id}>" if f.channel_id else "no channel linked"
            lines.append(f"• {f.name} (`{f.id}`): {role}, {channel}")
        await reply(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FactionCog(bot))
