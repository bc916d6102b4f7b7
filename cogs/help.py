"""/help: what to do next, for the caller — a player or a moderator — in their campaign, computed
from its state (the moderator's setup steps left, a player's orders still missing), and the
commands of the campaign's ruleset.  The reply is private."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Phase
from bot.plugins import CommandHelp, get_ruleset, plugin
from bot.services.errors import UserError
from bot.services.turns import TurnLifecycle, units_ordered
from cogs.common import (
    CAMPAIGN,
    NO_CAMPAIGN,
    campaign_autocomplete,
    campaign_for,
    defer,
    is_moderator,
    manages_server,
    phase_words,
    player_faction,
    reply,
    service_of,
)



def commands_of(campaign: Campaign) -> CommandHelp:
    """Where the campaign's ruleset's own commands are (its plug-in says; bot/plugins.py)."""
    return plugin(campaign.ruleset).command_help


def edits_of(campaign: Campaign) -> str:
    """Where moderators correct the game's facts: the ruleset's moderators' group (if it has one)."""
    group = plugin(campaign.ruleset).moderator_group
    return f"/{group} …" if group else ""


def setup_steps(campaign: Campaign) -> list[str]:
    """The moderator's steps left before the campaign runs, from its state."""
    steps = []
    if campaign.report_channel_id is None:
        steps.append("/campaign channel channel:#… — where turn announcements and the public report go")
    if campaign.moderator_role_id is None:
        steps.append("/campaign moderators role:@… — who moderates besides members with Manage Server")
    if not campaign.factions:
        steps.append("/faction add name:… colour:… role:@… channel:#… — add each clan")
    unlinked = [f.name for f in campaign.factions if f.role_id is None or f.channel_id is None]
    if unlinked:
        steps.append(f"/faction link clan:… role:@… channel:#… — still unlinked: {', '.join(unlinked)}")
    return steps


async def moderator_steps(interaction: discord.Interaction, campaign: Campaign) -> list[str]:
    steps = setup_steps(campaign)
    if campaign.phase in (Phase.SETUP, Phase.RESOLVED):
        first = " (the first)" if campaign.phase is Phase.SETUP else ""
        steps.append(f"/turn open deadline:\"in 48h\" — open turn {campaign.turn}{first} for orders")
    elif campaign.phase is Phase.PLANNING:
        readiness = await TurnLifecycle(service_of(interaction)).readiness(campaign.id)
        waiting = [c.faction.name for c in readiness if not c.ready]
        steps.append(f"wait for the clans' orders (not ready: {', '.join(waiting)})" if waiting
                     else "every clan is ready: /turn resolve")
        steps.append("/turn preview — what the orders so far would do; /turn lock — close orders early")
    elif campaign.phase is Phase.LOCKED:
        steps.append("/turn resolve — roll and post the reports (or /turn reopen for more orders)")
    elif campaign.phase is Phase.CORRECTION:
        state = f" or the state ({edits_of(campaign)})" if edits_of(campaign) else ""
        steps.append(f"correct the orders (/mod act-as clan:…, then {commands_of(campaign).order or 'the orders'})"
                     f"{state}, then /turn redo")
    return steps


async def player_steps(interaction: discord.Interaction, campaign: Campaign) -> list[str]:
    faction = player_faction(interaction, campaign)
    if campaign.phase not in (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION):
        return [f"no turn is open for orders yet: the moderators open turn {campaign.turn} with /turn open",
                "/fleet list — your units meanwhile; /map view:mine — your clan's map"]
    if campaign.phase is not Phase.PLANNING:
        return [f"turn {campaign.turn} is closed for players' orders; the moderators resolve it",
                "/orders show — what your clan ordered"]
    service = service_of(interaction)
    units = await service.units(campaign.id, faction.id)
    done, missing = units_ordered(units, await service.orders(campaign.id, faction.id))
    if not done:
        first = commands_of(campaign).first_orders
        return ["/fleet list — your units, where they are", *([f"then {first}"] if first else []),
                "then /orders ready"]
    if missing:
        order = commands_of(campaign).order
        return [f"{done} of {len(units)} units ordered; still without orders: {', '.join(missing)}",
                *([f"{order} for them (units left without one follow their standing orders)"] if order else []),
                "then /orders ready"]
    if await service.is_ready(campaign.id, faction.id):
        return ["your orders are marked ready; you can still change them until the deadline (/orders show)"]
    return [f"all {len(units)} units ordered: /orders show to check, then /orders ready"]


def help_text(campaign: Campaign, who: str, steps: list[str], extra: list[str]) -> str:
    lines = [f"**{campaign.name}** — {get_ruleset(campaign.ruleset).name}; turn {campaign.turn}: "
             f"{phase_words(campaign)}", f"What to do next, as {who}:"]
    lines += [f"{n}. {step}" for n, step in enumerate(steps, 1)]
    if extra:
        lines += ["Also:", *(f"• {line}" for line in extra)]
    return "\n".join(lines)


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What to do next in your campaign, as a player or a moderator")
    @app_commands.guild_only()
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def help(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        try:
            chosen = await campaign_for(interaction, campaign)
        except UserError as exc:
            if str(exc) != NO_CAMPAIGN:
                raise
            start = ("start one: /campaign create scenario:… (a ready starting position) or map:… (empty)"
                     if manages_server(interaction) else "ask a moderator to start one with /campaign create")
            await reply(interaction, f"There is no campaign on this server yet; {start}.")
            return
        if is_moderator(interaction, chosen):
            steps = await moderator_steps(interaction, chosen)
            extra = ["/game status — readiness; /mod audit — what moderators did; /turn log — a turn's log",
                     "/campaign settings set — the rules' open points (see them: /game settings)"]
            if edits_of(chosen):
                extra.append(f"{edits_of(chosen)} — enter and correct the game's facts (each edit is in /mod audit)")
            await reply(interaction, help_text(chosen, "a moderator", steps, extra))
            return
        steps = await player_steps(interaction, chosen)
        await reply(interaction, help_text(chosen, "a player", steps, list(commands_of(chosen).player)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
