"""/faction: add a clan to a campaign, link each clan to the Discord role its
players hold and to its private channel (moderators); list the clans; show
the diplomacy table, or set one pair's relation (moderators, through the same
moderator edit as the ruleset's own relation command)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.plugins import plugin
from bot.i18n import Messages, N_, messages
from bot.localized import Joined, Text
from bot.services.errors import UserError
from bot.services.languages import language_name, set_clan_language
from bot.services.setup import add_faction
from cogs.common import (
    AUDITED_EXTRA,
    CAMPAIGN,
    LANGUAGE_CHOICES,
    campaign_autocomplete,
    campaign_for,
    defer,
    moderator_of,
    moderator_only,
    reader,
    reply,
    service_of,
)
from cogs.params import Typed, campaign_quietly, fold, named_clan

Choice = app_commands.Choice
RELATIONS = [Choice(name=N_("at war"), value="at_war"), Choice(name=N_("allied"), value="allied"),
             Choice(name=N_("neutral"), value="neutral")]
RELATION_WORDS = {c.value: c.name for c in RELATIONS}


def clan_id(campaign: Campaign, typed: str) -> str:
    """The id of the clan ``typed`` names (by id or name, accents and case aside), else ``typed``."""
    clan = named_clan(campaign, typed)
    return clan.id if clan else typed.strip()


def relations_text(campaign: Campaign, rows: list[tuple[str, str, str]], whose: str | None,
                   t: Messages | None = None) -> str:
    t = t or messages()
    names = {f.id: f.name for f in campaign.factions}
    title = (t._("**{campaign}** — relations of {clan}", campaign=campaign.name, clan=names[whose]) if whose
             else t._("**{campaign}** — relations", campaign=campaign.name))
    if not rows:
        return t._("{title}: no other clans yet.", title=title)
    words = plugin(campaign.ruleset).command_help
    lines = [t._("{title} ({note}):", title=title, note=messages(t.language, campaign.ruleset)._(words.relations_note)) if words.relations_note
             else t._("{title}:", title=title)]
    lines += [f"• {names[a]} — {names[b]}: {t._(RELATION_WORDS[r]) if r in RELATION_WORDS else r}" for a, b, r in rows]
    change = words.relation
    if whose is None and change:
        lines.append(t._("Change one with {command}.", command=change))
    return "\n".join(lines)


def check_link(campaign: Campaign, clan: str, role: discord.Role, channel: discord.abc.GuildChannel) -> None:
    """One role and one private channel per clan, and never the public report channel:
    otherwise one clan would read another's orders or report."""
    if role.is_default():
        raise UserError(N_("@everyone cannot be a clan's role; create a role for the clan's players"))
    if role.id == campaign.moderator_role_id:
        raise UserError(N_("{role} is the moderator role: the clan's players would see every clan's orders; give the "
                           "clan a role its players hold"), role=role.mention)
    if channel.id == campaign.report_channel_id:
        raise UserError(N_("{channel} is the public report channel; a clan needs a private channel"),
                        channel=channel.mention)
    if channel.id == campaign.moderator_channel_id:  # the moderators' questions and their answers are posted there
        raise UserError(N_("{channel} is the moderators-only channel; a clan needs a private channel of its own"),
                        channel=channel.mention)
    for other in campaign.factions:
        if other.id == clan:
            continue
        if other.role_id == role.id:
            raise UserError(N_("{role} is already {clan}'s role; each clan needs its own role"), role=role.mention,
                            clan=other.name)
        if other.channel_id == channel.id:
            raise UserError(N_("{channel} is already {clan}'s channel; each clan needs its own private channel, or it "
                               "would read another clan's report"), channel=channel.mention, clan=other.name)


VIEW_CHANNEL = N_("View Channel")  # as Discord names the permission


def privacy_problems(campaign: Campaign, clan: str, role: discord.Role,
                     channel: discord.abc.GuildChannel) -> tuple[list[Text], list[Text]]:
    """What makes ``channel`` not private to ``role`` (from the channel's permission overwrites and
    the server's roles), and what the bot cannot tell.  A clan's channel carries its private report:
    its players must see it, @everyone and the other clans' players must not."""
    guild = channel.guild
    problems, unknown = [], []
    if not channel.permissions_for(role).view_channel:
        problems.append(Text(N_("{role} cannot see it: allow {permission} for {role} in the channel's permissions"),
                             role=role.mention, permission=Text(VIEW_CHANNEL)))
    if channel.permissions_for(guild.default_role).view_channel:
        problems.append(Text(N_("@everyone can see it: deny {permission} to @everyone in the channel's permissions"),
                             permission=Text(VIEW_CHANNEL)))
    for other in campaign.factions:
        if other.id == clan or other.role_id is None or other.role_id == role.id:
            continue
        other_role = guild.get_role(other.role_id)
        if other_role is None:
            unknown.append(Text(N_("{clan}'s role is not on this server any more"), clan=other.name))
        elif channel.permissions_for(other_role).view_channel:
            problems.append(Text(N_("{clan}'s players ({role}) can see it: deny {permission} to {role} there"),
                                 clan=other.name, role=other_role.mention, permission=Text(VIEW_CHANNEL)))
    return problems, unknown


def check_private(campaign: Campaign, clan: str, role: discord.Role, channel: discord.abc.GuildChannel,
                  t: Messages | None = None) -> str:
    """Refuse a channel others can read; the warning to add to the reply when the bot cannot tell."""
    t = t or messages()
    try:
        problems, unknown = privacy_problems(campaign, clan, role, channel)
    except (AttributeError, TypeError):  # a channel the bot does not know in full (not cached)
        return "\n" + t._("⚠️ I cannot read the permissions of {channel}: make sure only {role} (and the "
                          "moderators) can see it.", channel=channel.mention, role=role.mention)
    if problems:
        raise UserError(N_("{channel} is not private to {role}, and the clan's reports would be read there: "
                           "{problems}"), channel=channel.mention, role=role.mention, problems=Joined(problems))
    return ("\n" + t._("⚠️ I cannot tell everything about who sees {channel}: {unknown}.", channel=channel.mention,
                       unknown=Joined(unknown).render(t))
            if unknown else "")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class FactionCog(commands.GroupCog, group_name="faction",
                 group_description="Clans: add them, link their roles and private channels"):
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
        t = reader(interaction)
        warning = check_private(chosen, linked, role, channel, t)
        faction = await service_of(interaction).link_faction(chosen.id, linked, role.id, channel.id)
        await reply(interaction, t._("{clan} of {campaign}: players hold {role}; its private reports go to "
                                     "{channel}.", clan=faction.name, campaign=chosen.name, role=role.mention,
                                     channel=channel.mention) + warning)

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
        t = reader(interaction)
        warning = check_private(chosen, "", role, channel, t)
        faction, said = await add_faction(service_of(interaction), chosen.id, name, colour, role.id, channel.id,
                                          by=moderator_of(interaction))
        interaction.extras[AUDITED_EXTRA] = True
        await reply(interaction, t._("{clan} (`{id}`, {colour}) joins {campaign}: players hold {role}; its private "
                                     "reports go to {channel}.", clan=faction.name, id=faction.id,
                                     colour=faction.colour, campaign=chosen.name, role=role.mention,
                                     channel=channel.mention) + f"{warning}\n{said}")

    @app_commands.command(name="language", description="The language of a clan's private reports (default: "
                                                        "the campaign's)")
    @app_commands.describe(clan="the clan", language="its reports' language; leave out to follow the campaign's",
                           campaign=CAMPAIGN)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def language(self, interaction: discord.Interaction, clan: Typed,
                       language: Choice[str] | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        updated, faction = await set_clan_language(service_of(interaction), chosen.id, clan_id(chosen, clan),
                                                   language.value if language else None)
        t = reader(interaction)
        if faction.language:
            said = t._("{clan}'s private reports in {campaign} are in {language}.", clan=faction.name,
                       campaign=updated.name, language=language_name(faction.language))
        else:
            said = t._("{clan}'s private reports in {campaign} follow the campaign's language, {language}.",
                       clan=faction.name, campaign=updated.name, language=language_name(updated.language))
        await reply(interaction, said)

    @language.autocomplete("clan")
    @link.autocomplete("clan")
    async def clan_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        chosen = await campaign_quietly(interaction)
        if chosen is None:
            return []
        wanted = fold(current)
        return [Choice(name=f.name, value=f.id) for f in chosen.factions
                if wanted in fold(f.name) or wanted in fold(f.id)][:25]

async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FactionCog(bot))
