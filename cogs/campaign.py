"""/campaign: create a campaign (from a shipped scenario, or empty on a shipped
map), show it, show and change its settings, set its report channel and
moderator role, export it."""

from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.mapfiles import shipped_map_ids
from bot.plugins import get_ruleset, plugin, plugins
from bot.scenarios import shipped_scenario_ids
from bot.i18n import Messages, N_, messages
from bot.services.errors import UserError
from bot.services.languages import language_name, set_campaign_language
from bot.services.setup import create_empty_campaign
from bot.store import StoreError
from cogs.common import (
    LANGUAGE_CHOICES,
    CAMPAIGN,
    CAMPAIGN_EXTRA,
    campaign_autocomplete,
    campaign_for,
    defer,
    moderator_only,
    phase_words,
    reader,
    reply,
    server_moderator_only,
    service_of,
)
from cogs.params import campaign_quietly, fold, game_map

Choice = app_commands.Choice
SCENARIOS = [Choice(name=s, value=s) for s in shipped_scenario_ids()[:25]]
MAPS = [Choice(name=m, value=m) for m in shipped_map_ids()[:25]]
RULESETS = [Choice(name=p.name, value=p.id) for p in plugins().values()][:25]  # as the registry has them


def describe(campaign: Campaign, units: int, t: Messages | None = None) -> str:
    t = t or messages()
    clans = t.n_("{n} clans", "{n} clans", len(campaign.factions))
    return t.n_("{ruleset}, map {map}, {clans}, {n} units", "{ruleset}, map {map}, {clans}, {n} units", units,
                ruleset=get_ruleset(campaign.ruleset).name, map=game_map(campaign.map_id).name, clans=clans)


def info_text(campaign: Campaign, t: Messages | None = None) -> str:
    t = t or messages()

    def link(value: int | None, kind: str) -> str:
        return f"<{kind}{value}>" if value else t._("not set")
    lines = [t._("**{campaign}** (#{id}) — {ruleset}, map {map}", campaign=campaign.name, id=campaign.id,
                 ruleset=get_ruleset(campaign.ruleset).name, map=game_map(campaign.map_id).name),
             t._("Turn {turn}: {phase}", turn=campaign.turn, phase=phase_words(campaign, t)),
             t._("Report channel: {channel}; moderators: {role} (and Manage Server)",
                 channel=link(campaign.report_channel_id, "#"), role=link(campaign.moderator_role_id, "@&")),
             t._("Moderators' channel: {channel}", channel=link(campaign.moderator_channel_id, "#")),
             t._("Clans:")]
    lines += [t._("• {clan} (`{id}`): role {role}, channel {channel}", clan=f.name, id=f.id,
                  role=link(f.role_id, "@&"), channel=link(f.channel_id, "#"))
              for f in campaign.factions] or [t._("• none yet: a moderator adds them with /faction add")]
    return "\n".join(lines)


def setting_text(key: str, old, new, note: str, t: Messages | None = None) -> str:
    rule = f" ({note.split(':')[0].strip()})" if note else ""
    return f"{key}: {json.dumps(old, ensure_ascii=False)} → {json.dumps(new, ensure_ascii=False)}{rule}. " + \
        (t or messages())._("Applies from the next resolution.")


def check_moderator_role(campaign: Campaign, role: discord.Role) -> None:
    """Moderators see every clan's orders and reports: never a role every member or a clan's players hold."""
    if role.is_default():
        raise UserError(N_("@everyone cannot be the moderator role: every member would see every clan's orders; "
                           "create a role for the moderators"))
    clan = next((f for f in campaign.factions if f.role_id == role.id), None)
    if clan is not None:
        raise UserError(N_("{role} is {clan}'s role: its players would see every clan's orders; choose a role only "
                           "the moderators hold"), role=role.mention, clan=clan.name)


def check_channels(campaign: Campaign, report: discord.abc.GuildChannel | None,
                   moderators: discord.abc.GuildChannel | None) -> None:
    """The report channel is public, the moderators' is theirs only: neither a clan's private channel,
    and never one channel for both (the moderators' questions would be read by everyone)."""
    if report is None and moderators is None:
        raise UserError(N_("give channel (the public report channel), moderators (the moderators-only channel), "
                           "or both"))
    refusals = (N_("{channel} is {clan}'s private channel; the report channel is public, so choose another"),
                N_("{channel} is {clan}'s private channel; the moderators' channel is theirs only, so choose "
                   "another"))
    for given, refusal in zip((report, moderators), refusals):
        clan = next((f for f in campaign.factions if given is not None and f.channel_id == given.id), None)
        if clan is not None:
            raise UserError(refusal, channel=given.mention, clan=clan.name)
    report_id = report.id if report is not None else campaign.report_channel_id
    moderators_id = moderators.id if moderators is not None else campaign.moderator_channel_id
    if report_id is not None and report_id == moderators_id:
        raise UserError(N_("{channel} cannot be both the public report channel and the moderators-only channel: "
                           "everyone would read the moderators' questions; choose a channel only the moderators "
                           "see"), channel=f"<#{report_id}>")
    if moderators is not None:
        check_moderators_only(campaign, moderators)


def check_moderators_only(campaign: Campaign, channel: discord.abc.GuildChannel) -> None:
    """The moderators' channel shows card effects and hidden hands: neither every member nor a clan's
    players may read it (from the channel's permissions, as /faction link checks a clan's)."""
    guild = channel.guild
    if channel.permissions_for(guild.default_role).view_channel:
        raise UserError(N_("every member can read {channel}; the moderators' channel shows their questions (card "
                           "effects, hidden hands): choose one only the moderators see"), channel=channel.mention)
    for faction in campaign.factions:
        role = guild.get_role(faction.role_id) if faction.role_id else None
        if role is not None and channel.permissions_for(role).view_channel:
            raise UserError(N_("{clan}'s players can read {channel}; the moderators' channel shows their questions "
                               "(card effects, hidden hands): choose one only the moderators see"),
                            channel=channel.mention, clan=faction.name)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class CampaignCog(commands.GroupCog, group_name="campaign", group_description="Create and manage campaigns"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create",
                          description="Start a campaign here: from a shipped scenario, or empty on a map")
    @app_commands.describe(scenario="a shipped starting position (clans, units, provinces)",
                           map_id="or: an empty campaign on this map, with no clans yet (add them with /faction add)",
                           name="the campaign's name (default: the scenario's or the map's)",
                           ruleset="with a map: the rules it plays (default: the ruleset the map is drawn for)")
    @app_commands.rename(map_id="map")
    @app_commands.choices(scenario=SCENARIOS, map_id=MAPS, ruleset=RULESETS)
    @server_moderator_only()
    async def create(self, interaction: discord.Interaction, scenario: Choice[str] | None = None,
                     map_id: Choice[str] | None = None, name: app_commands.Range[str, 1, 80] | None = None,
                     ruleset: Choice[str] | None = None) -> None:
        await defer(interaction)
        if (scenario is None) == (map_id is None):
            raise UserError(N_("give a scenario (a ready starting position) or a map (an empty campaign you fill "
                               "with /faction add): one of the two"))
        if scenario is not None and ruleset is not None:
            raise UserError(N_("a scenario names its own rules: give ruleset only with a map (an empty campaign)"))
        service, t = service_of(interaction), reader(interaction)
        if scenario is not None:
            campaign = await service.create_campaign(scenario.value, name, interaction.guild_id)
            interaction.extras[CAMPAIGN_EXTRA] = campaign.id
            units = len(await service.units(campaign.id, None))
            await reply(interaction, t._("Campaign #{id} \"{campaign}\" created: {what}. Next: link each clan to a "
                                         "role and a private channel with /faction link, and set the report channel "
                                         "with /campaign channel.", id=campaign.id, campaign=campaign.name,
                                         what=describe(campaign, units, t)))
            return
        campaign = await create_empty_campaign(service, map_id.value, name or game_map(map_id.value).name,
                                               interaction.guild_id, ruleset.value if ruleset else None)
        interaction.extras[CAMPAIGN_EXTRA] = campaign.id
        await reply(interaction, t._("Campaign #{id} \"{campaign}\" created: {what}. Next: add each clan with "
                                     "/faction add (name, colour, its players' role, its private channel), set the "
                                     "report channel with /campaign channel, then give the clans provinces, ports "
                                     "and armies with /{group}.", id=campaign.id, campaign=campaign.name,
                                     what=describe(campaign, 0, t),
                                     group=plugin(campaign.ruleset).moderator_group or "mod"))

    settings_group = app_commands.Group(name="settings", description="Change the campaign's rule settings (see them: "
                                                                     "/game settings)")

    @settings_group.command(name="set", description="Change one rule setting of the campaign")
    @app_commands.describe(key="setting name, e.g. stake_target.high", value="new value, e.g. 9, true or low",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def set_setting(self, interaction: discord.Interaction, key: app_commands.Range[str, 1, 80],
                          value: app_commands.Range[str, 1, 200], campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        old, new, note = await service_of(interaction).set_setting(chosen.id, key.strip(), value.strip())
        await reply(interaction, setting_text(key.strip(), old, new, note, reader(interaction)))

    @set_setting.autocomplete("key")
    async def key_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        chosen = await campaign_quietly(interaction)
        if chosen is None:
            return []
        try:
            values = await service_of(interaction).settings(chosen.id)
        except (UserError, StoreError):
            return []
        wanted = fold(current)
        t = reader(interaction)
        return [Choice(name=t._("{key} (now {value})", key=k, value=json.dumps(v, ensure_ascii=False))[:100], value=k)
                for k, v in values.items() if wanted in fold(k)][:25]

    @app_commands.command(name="channel", description="Set the public report channel and the moderators-only "
                                                       "channel")
    @app_commands.describe(channel="the public report channel: turn announcements and public reports",
                           moderators="the moderators-only channel: their questions (combat results, card effects) "
                                      "and their answers",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def channel(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None,
                      moderators: discord.TextChannel | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        check_channels(chosen, channel, moderators)
        await service_of(interaction).set_channels(chosen.id, report_channel_id=channel.id if channel else None,
                                                   moderator_channel_id=moderators.id if moderators else None)
        t = reader(interaction)
        lines = [t._("Turn announcements and public reports of {campaign} go to {channel}.", campaign=chosen.name,
                     channel=channel.mention)] if channel else []
        if moderators is not None:
            lines.append(t._("The moderators' questions of {campaign} and the values entered in their forms go to "
                             "{channel}.", campaign=chosen.name, channel=moderators.mention))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="language", description="The language of the public reports, announcements and "
                                                        "moderators' log")
    @app_commands.describe(language="the campaign's language (a clan's reports follow it unless /faction "
                                    "language sets the clan's own)", campaign=CAMPAIGN)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def language(self, interaction: discord.Interaction, language: Choice[str],
                       campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        updated, old = await set_campaign_language(service_of(interaction), chosen.id, language.value)
        await reply(interaction, reader(interaction)._(
            "{campaign} speaks {language} in its public posts and moderators' log (was {old}); a clan's private "
            "reports follow it unless /faction language gives the clan its own.", campaign=updated.name,
            language=language_name(updated.language), old=language_name(old)))

    @app_commands.command(name="moderators", description="Set the role whose members moderate the campaign")
    @app_commands.describe(role="the moderator role (Manage Server always moderates)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def moderators(self, interaction: discord.Interaction, role: discord.Role,
                         campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        check_moderator_role(chosen, role)
        await service_of(interaction).set_channels(chosen.id, moderator_role_id=role.id)
        await reply(interaction, reader(interaction)._("Members with {role} now moderate {campaign}.",
                                                       role=role.mention, campaign=chosen.name))

    @app_commands.command(name="export", description="Download the whole campaign as JSON (moderators)")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def export(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        data = json.dumps(await service_of(interaction).export(chosen.id), ensure_ascii=False, indent=2).encode()
        if len(data) > interaction.filesize_limit:
            raise UserError(N_("the export is {size} KiB, over this server's upload limit; run `python -m bot "
                               "export --campaign {id}` on the bot's machine instead"), size=len(data) // 1024,
                            id=chosen.id)
        filename = f"campaign-{chosen.id}-turn-{chosen.turn}.json"
        await reply(interaction, reader(interaction)._("Export of {campaign} (turn {turn}). It holds every clan's "
                                                       "orders: keep it among the moderators.", campaign=chosen.name,
                                                       turn=chosen.turn),
                    files=[discord.File(io.BytesIO(data), filename=filename)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CampaignCog(bot))
