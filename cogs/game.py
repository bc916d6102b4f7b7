"""/game: what anyone in a campaign may look at — the turn and who is ready, the campaign, its
settings, its clans and their relations (private replies).

The moderators' groups (/campaign, /faction, /turn, /mod, and each ruleset's own) hold only what changes a campaign, so
Discord can hide them from players (``default_member_permissions``); what players read lives here.
"""

from __future__ import annotations

import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Phase
from bot.engine.steps import OnDeadline
from bot.i18n import Messages
from bot.services.languages import language_name
from bot.services.posting import PostLedger
from bot.services.setup import relations as relation_table
from cogs.campaign import info_text
from cogs.common import (
    CAMPAIGN,
    campaign_autocomplete,
    campaign_for,
    deadline_text,
    defer,
    is_moderator,
    phase_words,
    player_faction,
    reader,
    reply,
    role_ids,
    service_of,
)
from cogs.faction import relations_text
from cogs.step import steps_of
from cogs.step_prompts import asking, worded
from cogs.turn import commitment_words, deadline_words, turns_of


async def clan_lines(interaction: discord.Interaction, campaign: Campaign) -> list[str]:
    """Everyone sees which clans are ready; order counts only of one's own clan (moderators: all)."""
    t = reader(interaction)
    moderator = is_moderator(interaction, campaign)
    mine = {f.id for f in campaign.factions if f.role_id in role_ids(interaction)}
    readiness = campaign.phase is not Phase.CORRECTION
    lines = []
    for clan in await turns_of(interaction).readiness(campaign.id):
        parts = [t._("✅ ready") if clan.ready else t._("not ready")] if readiness else []
        if moderator or clan.faction.id in mine:
            parts.append(t.n_("{done} of {n} units ordered", "{done} of {n} units ordered", clan.units,
                              done=clan.ordered))
        if parts:
            lines.append(f"• {clan.faction.name}: {'; '.join(parts)}")
    return lines


async def unposted_lines(interaction: discord.Interaction, campaign: Campaign) -> list[str]:
    left = await PostLedger(service_of(interaction)).outstanding(campaign)
    if left is None:
        return []
    t = reader(interaction)
    how = (t._("being posted now") if left.posting else
           t._("the bot posts them shortly (a moderator may give them up: /turn open skip_unposted:true)"))
    return [t._("⏳ The reports of turn {turn} are not all posted yet: {missing} still missing; {how}.",
                turn=left.turn, missing=", ".join(left.missing) or t._("the last"), how=how)]


async def status_text(interaction: discord.Interaction, chosen: Campaign) -> str:
    t = reader(interaction)
    asking = await step_lines(interaction, chosen) if chosen.phase is Phase.PLANNING else None
    lines = [t._("**{campaign}** (#{id}) — turn {turn}: {phase}", campaign=chosen.name, id=chosen.id,
                 turn=chosen.turn, phase=phase_words(chosen, t)) if asking is None else
             t._("**{campaign}** (#{id}) — turn {turn}: a step is open for answers.", campaign=chosen.name,
                 id=chosen.id, turn=chosen.turn)]
    lines += await unposted_lines(interaction, chosen)
    if chosen.phase in (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION):
        record = await service_of(interaction).current_turn(chosen.id)
        if record is not None:
            lines.append(commitment_words(record.commitment, record.dice_scheme, chosen.phase is Phase.CORRECTION, t))
        if chosen.phase is not Phase.CORRECTION and asking is None:
            lines.append(deadline_words(chosen, t))
        lines += asking if asking is not None else await clan_lines(interaction, chosen)
    return "\n".join(lines)


async def step_lines(interaction: discord.Interaction, campaign: Campaign) -> list[str] | None:
    """A step that asks questions instead of taking orders (issue 12): its label, and the questions not
    answered yet — one's own clan's only (a moderator: every clan's), since a question can tell what
    happened to a clan.  None for an orders step: readiness says it."""
    opened = await asking(steps_of(interaction.client), campaign.id)
    if opened is None:
        return None
    t, moderator = reader(interaction), is_moderator(interaction, campaign)
    mine = {f.id for f in campaign.factions if f.role_id in role_ids(interaction)}
    lines = [t._("Open step: {label} (/step show).", label=worded(opened.label, t))]
    deadline = deadline_text(opened.deadline)
    if opened.step.deadline.on_deadline is OnDeadline.DEFAULTS:
        lines.append(t._("Deadline: {deadline}; then the questions not answered get the rules' defaults and the "
                         "step resolves.", deadline=deadline) if deadline else t._("No deadline set."))
    else:
        lines.append(deadline_words(campaign, t))
    waiting: dict[str, int] = {}
    for question in opened.unanswered():
        if question.faction is not None and (moderator or question.faction in mine):
            waiting[question.faction] = waiting.get(question.faction, 0) + 1
    for faction_id, count in waiting.items():
        faction = campaign.faction(faction_id)
        lines.append(f"• {faction.name if faction else faction_id}: " + t.n_(
            "{n} question not answered yet", "{n} questions not answered yet", count))
    return lines


def language_line(campaign: Campaign, t: Messages) -> str:
    """The campaign's language and each clan's own (set with /campaign language and /faction language)."""
    own = [f"{f.name}: {language_name(f.language)}" for f in campaign.factions if f.language]
    clans = (t._("; clans with their own: {clans}", clans=", ".join(own)) if own
             else t._("; every clan's reports follow it"))
    return t._("Language: {language} — of the public posts and the moderators' log (/campaign language){clans} "
               "(/faction language)", language=language_name(campaign.language), clans=clans)


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game",
              group_description="The campaign at a glance: turn and readiness, settings, clans (private replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="status", description="The turn, its phase and deadline, and which clans are ready")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def status(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        await reply(interaction, await status_text(interaction, await campaign_for(interaction, campaign)))

    @app_commands.command(name="info", description="The campaign: turn, phase, channels and clans")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def info(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        await reply(interaction, info_text(await campaign_for(interaction, campaign), reader(interaction)))

    @app_commands.command(name="settings", description="The campaign's rule settings and what each settles")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def settings(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        described = await service_of(interaction).settings_described(chosen.id)
        t = reader(interaction)
        lines = [t._("**{campaign}** — settings (moderators change them with /campaign settings set):",
                     campaign=chosen.name)]
        lines += [f"`{key}` = {json.dumps(value, ensure_ascii=False)}" + (f" — {note}" if note else "")
                  for key, value, note in described]
        lines.append(language_line(chosen, t))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="clans", description="The clans of the campaign, their roles and channels")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def clans(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        t = reader(interaction)
        lines = [t.n_("**{campaign}** — {n} clans", "**{campaign}** — {n} clans", len(chosen.factions),
                      campaign=chosen.name)]
        for f in chosen.factions:
            role = f"<@&{f.role_id}>" if f.role_id else t._("no role linked")
            channel = f"<#{f.channel_id}>" if f.channel_id else t._("no channel linked")
            lines.append(f"• {f.name} (`{f.id}`): {role}, {channel}")
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="relations", description="Your clan's relations (moderators: every pair)")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def relations(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        whose = None if is_moderator(interaction, chosen) else player_faction(interaction, chosen).id
        rows = await relation_table(service_of(interaction), chosen.id, whose)
        await reply(interaction, relations_text(chosen, rows, whose, reader(interaction)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
