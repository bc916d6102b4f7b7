"""/mod: what moderators of every ruleset do — read the audit log of their edits, and
``act-as``, which lets a moderator give and review a clan's orders as that clan (a correction
after /turn undo needs it when no role of theirs is the clan's).  Each ruleset's edits of its
game's facts are in its own moderators' group, named by the ruleset's id.

Moderators only; every reply is ephemeral.  Autocomplete offers nothing to anyone but a
moderator (it would otherwise show every clan's units).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.text import quote
from bot.plugins import plugin
from bot.i18n import Messages, N_, messages
from bot.localized import Text
from bot.services.errors import UserError
from cogs.common import (
    ACTING_AS,
    CAMPAIGN,
    acting_key,
    acting_table,
    campaign_autocomplete,
    campaign_for,
    defer,
    moderator_only,
    reader,
    reply,
    service_of,
)
from cogs.mod_audit import audit_text
from cogs.mod_common import AnyUnit, Clan, ClanRef, clans, names, owner_of, pick, roster

ActAs = app_commands.Transform[str, ClanRef(nobody="none — stop acting for a clan")]
PAGE = 10
# /mod audit past its last page (the count, then the pages there are).
PAST_END = N_("page {page} is past the end: {campaign} has {count} moderator edit(s), {where}; page 1 shows the "
              "newest")
PAST_END_OF_CLAN = N_("page {page} is past the end: {campaign} has {count} moderator edit(s) concerning {clan}, "
                      "{where}; page 1 shows the newest")
PAST_END_OF_UNIT = N_("page {page} is past the end: {campaign} has {count} moderator edit(s) of {unit}, {where}; "
                      "page 1 shows the newest")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class ModerateCog(commands.GroupCog, group_name="mod",
                  group_description="Moderators: the audit log of edits; act for a clan"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="act-as", description="Give and review one clan's orders as that clan; 'none' stops")
    @app_commands.describe(clan="the clan, or 'none' to act as yourself again", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def act_as(self, interaction: discord.Interaction, clan: ActAs, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        table, key = acting_table(self.bot), acting_key(interaction, chosen)
        clan_id = owner_of(clan, chosen)
        t = reader(interaction)
        if clan_id is None:
            was = chosen.faction(table.pop(key, ""))
            await reply(interaction, t._("🎭 You no longer act for {clan} in {campaign}: {commands} follow your own "
                                         "roles again.", clan=was.name, campaign=chosen.name,
                                         commands=acting_commands(chosen, t)) if was else
                        t._("You were not acting for a clan in {campaign}; nothing changed.", campaign=chosen.name))
            return
        faction = chosen.faction(clan_id)
        if faction is None:
            names = ", ".join(f.name for f in chosen.factions)
            raise UserError(N_("{campaign} has no clan {clan}; its clans: {known} (or 'none' to stop acting)"),
                            campaign=chosen.name, clan=quote(clan), known=names)
        table[key] = faction.id
        await reply(interaction, t._("🎭 You now act for {clan} in {campaign}: your {commands} commands give and show "
                                     "{clan}'s orders, and each reply starts with “{marker}”. It lasts until /mod "
                                     "act-as clan:none, or until the bot restarts (it is kept in memory only).",
                                     clan=faction.name, campaign=chosen.name, commands=acting_commands(chosen, t),
                                     marker=t._(ACTING_AS, clan=faction.name).strip()))

    @app_commands.command(name="audit", description="The latest moderator edits, newest first")
    @app_commands.describe(clan="only edits concerning this clan", unit="only edits of this unit",
                           page="1: the newest", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def audit(self, interaction: discord.Interaction, clan: Clan | None = None, unit: AnyUnit | None = None,
                    page: app_commands.Range[int, 1, 100] = 1, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        if clan and unit:
            raise UserError(N_("give a clan or a unit to filter by, not both"))
        subject, past_end, named = None, PAST_END, {}
        if clan:
            subject = pick(clan, clans(chosen))
            past_end, named = PAST_END_OF_CLAN, {"clan": clans(chosen).get(subject, subject)}
        if unit:
            units = names((await roster(interaction, chosen, fresh=True))["units"])
            subject = pick(unit, units)
            past_end, named = PAST_END_OF_UNIT, {"unit": units.get(subject, subject)}
        newest = await service_of(interaction).audit_log(chosen.id, PAGE * page + 1, subject)
        shown = newest[PAGE * (page - 1):PAGE * page]
        if not shown and newest:  # all of the log was read: newest holds fewer than the pages before this one
            last = -(-len(newest) // PAGE)
            where = Text(N_("on pages 1 to {last}") if last > 1 else N_("on page {last}"), last=last)
            raise UserError(past_end, page=page, campaign=chosen.name, count=len(newest), where=where, **named)
        t = reader(interaction)
        values = {"campaign": chosen.name, "page": page}
        if clan:
            title = t._("📜 **{campaign}** — moderator edits concerning {clan}, page {page}, newest first",
                        clan=clans(chosen).get(subject, subject), **values)
        elif unit:
            title = t._("📜 **{campaign}** — moderator edits of {unit}, page {page}, newest first",
                        unit=units.get(subject, subject), **values)
        else:
            title = t._("📜 **{campaign}** — moderator edits, page {page}, newest first", **values)
        await reply(interaction, audit_text(title, shown, more=len(newest) > PAGE * page, t=t))


def acting_commands(campaign, t: Messages | None = None) -> str:
    """The commands that act for the clan: the campaign's ruleset's players' groups, /orders and /fleet list."""
    groups = [f"/{name}" for name in plugin(campaign.ruleset).player_groups] + ["/orders"]
    return (t or messages())._("{commands} and /fleet list", commands=", ".join(groups))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModerateCog(bot))
