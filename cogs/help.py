"""/help: what to do next, for the caller — a player or a moderator — in their campaign, computed
from its state (the moderator's setup steps left, a player's orders still missing), and the
commands of the campaign's ruleset.  The reply is private."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Phase
from bot.plugins import CommandHelp, get_ruleset, plugin
from bot.i18n import Messages, messages
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
    reader,
    reply,
    service_of,
)
from cogs.step import steps_of
from cogs.step_prompts import asking, worded



def commands_of(campaign: Campaign) -> CommandHelp:
    """Where the campaign's ruleset's own commands are (its plug-in says; bot/plugins.py)."""
    return plugin(campaign.ruleset).command_help


def ruleset_words(campaign: Campaign, text: str, t: Messages) -> str:
    """One of the ruleset's help texts (CommandHelp) in ``t``'s language, from the ruleset's catalogue."""
    return messages(t.language, campaign.ruleset)._(text) if text else text


def edits_of(campaign: Campaign) -> str:
    """Where moderators correct the game's facts: the ruleset's moderators' group (if it has one)."""
    group = plugin(campaign.ruleset).moderator_group
    return f"/{group} …" if group else ""


def setup_steps(campaign: Campaign, t: Messages | None = None) -> list[str]:
    """The moderator's steps left before the campaign runs, from its state."""
    t = t or messages()
    steps = []
    if campaign.report_channel_id is None:
        steps.append(t._("/campaign channel channel:#… — where turn announcements and the public report go"))
    if campaign.moderator_role_id is None:
        steps.append(t._("/campaign moderators role:@… — who moderates besides members with Manage Server"))
    if not campaign.factions:
        steps.append(t._("/faction add name:… colour:… role:@… channel:#… — add each clan"))
    unlinked = [f.name for f in campaign.factions if f.role_id is None or f.channel_id is None]
    if unlinked:
        steps.append(t._("/faction link clan:… role:@… channel:#… — still unlinked: {clans}", clans=", ".join(unlinked)))
    return steps


async def moderator_steps(interaction: discord.Interaction, campaign: Campaign) -> list[str]:
    t = reader(interaction)
    steps = setup_steps(campaign, t)
    if campaign.phase in (Phase.SETUP, Phase.RESOLVED):
        if campaign.phase is Phase.SETUP:
            steps.append(t._("/turn open deadline:\"in 48h\" — open turn {turn} (the first) for orders", turn=campaign.turn))
        else:
            steps.append(t._("/turn open deadline:\"in 48h\" — open turn {turn} for orders", turn=campaign.turn))
    elif campaign.phase is Phase.PLANNING and (opened := await asking(steps_of(interaction.client), campaign.id)):
        waiting = [f.name for f in campaign.factions if any(q.faction == f.id for q in opened.unanswered())]
        label = worded(opened.label, t)
        steps.append(t._("{step}: wait for the clans' answers (not answered: {clans}); /step show lists them",
                         step=label, clans=", ".join(waiting)) if waiting else
                     t._("{step}: the clans have answered; the moderators' questions are left (/step show)",
                         step=label))
        steps.append(t._("/turn defaults — give the questions left the rules' defaults now, not at the deadline"))
    elif campaign.phase is Phase.PLANNING:
        readiness = await TurnLifecycle(service_of(interaction)).readiness(campaign.id)
        waiting = [c.faction.name for c in readiness if not c.ready]
        steps.append(t._("wait for the clans' orders (not ready: {clans})", clans=", ".join(waiting)) if waiting
                     else t._("every clan is ready: /turn resolve"))
        steps.append(t._("/turn preview — what the orders so far would do; /turn lock — close orders early"))
    elif campaign.phase is Phase.LOCKED:
        steps.append(t._("/turn resolve — roll and post the reports (or /turn reopen for more orders)"))
    elif campaign.phase is Phase.CORRECTION:
        orders = commands_of(campaign).order or t._("the orders")
        steps.append(t._("correct the orders (/mod act-as clan:…, then {orders}) or the state ({edits}), then "
                         "/turn redo", orders=orders, edits=edits_of(campaign)) if edits_of(campaign)
                     else t._("correct the orders (/mod act-as clan:…, then {orders}), then /turn redo", orders=orders))
    return steps


async def player_steps(interaction: discord.Interaction, campaign: Campaign) -> list[str]:
    t = reader(interaction)
    faction = player_faction(interaction, campaign)
    if campaign.phase not in (Phase.PLANNING, Phase.LOCKED, Phase.CORRECTION):
        return [t._("no turn is open for orders yet: the moderators open turn {turn} with /turn open",
                    turn=campaign.turn),
                t._("/fleet list — your units meanwhile; /map view:mine — your clan's map")]
    if campaign.phase is not Phase.PLANNING:
        return [t._("turn {turn} is closed for players' orders; the moderators resolve it", turn=campaign.turn),
                t._("/orders show — what your clan ordered")]
    opened = await asking(steps_of(interaction.client), campaign.id)
    if opened is not None:
        return prompt_steps(opened, faction.id, t)
    service = service_of(interaction)
    units = await service.units(campaign.id, faction.id)
    done, missing = units_ordered(units, await service.orders(campaign.id, faction.id))
    then_ready = t._("then /orders ready")
    if not done:
        first = ruleset_words(campaign, commands_of(campaign).first_orders, t)
        return [t._("/fleet list — your units, where they are"),
                *([t._("then {commands}", commands=first)] if first else []), then_ready]
    if missing:
        order = commands_of(campaign).order
        return [t.n_("{done} of {n} units ordered; still without orders: {units}",
                     "{done} of {n} units ordered; still without orders: {units}", len(units), done=done,
                     units=", ".join(missing)),
                *([t._("{command} for them (units left without one follow their standing orders)", command=order)]
                  if order else []),
                then_ready]
    if await service.is_ready(campaign.id, faction.id):
        return [t._("your orders are marked ready; you can still change them until the deadline (/orders show)")]
    return [t.n_("all {n} units ordered: /orders show to check, then /orders ready",
                 "all {n} units ordered: /orders show to check, then /orders ready", len(units))]


def prompt_steps(opened, faction_id: str, t: Messages) -> list[str]:
    """A player's next thing to do while a step asks questions (issue 12): answer their clan's, if any left."""
    label = worded(opened.label, t)
    if any(q.faction == faction_id for q in opened.unanswered()):
        return [t._("{step}: answer your clan's questions with the buttons in your clan's channel, or with /step "
                    "answer (/step show lists them)", step=label)]
    return [t._("{step}: nothing is asked of your clan now; the turn goes on once the others have answered (or at "
                "the deadline)", step=label)]


def help_text(campaign: Campaign, who: str, steps: list[str], extra: list[str], t: Messages | None = None) -> str:
    """``who``: "a moderator" or "a player" (worded here)."""
    t = t or messages()
    lines = [t._("**{campaign}** — {ruleset}; turn {turn}: {phase}", campaign=campaign.name,
                 ruleset=get_ruleset(campaign.ruleset).name, turn=campaign.turn, phase=phase_words(campaign, t)),
             t._("What to do next, as a moderator:") if who == "a moderator" else t._("What to do next, as a player:")]
    lines += [f"{n}. {step}" for n, step in enumerate(steps, 1)]
    if extra:
        lines += [t._("Also:"), *(f"• {line}" for line in extra)]
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
            t = reader(interaction)
            await reply(interaction, t._("There is no campaign on this server yet; start one: /campaign create "
                                         "scenario:… (a ready starting position) or map:… (empty).")
                        if manages_server(interaction) else
                        t._("There is no campaign on this server yet; ask a moderator to start one with "
                            "/campaign create."))
            return
        t = reader(interaction)
        if is_moderator(interaction, chosen):
            steps = await moderator_steps(interaction, chosen)
            extra = [t._("/game status — readiness; /mod audit — what moderators did; /turn log — a turn's log"),
                     t._("/campaign settings set — the rules' open points (see them: /game settings)")]
            if edits_of(chosen):
                extra.append(t._("{commands} — enter and correct the game's facts (each edit is in /mod audit)",
                                 commands=edits_of(chosen)))
            await reply(interaction, help_text(chosen, "a moderator", steps, extra, t))
            return
        steps = await player_steps(interaction, chosen)
        player = [ruleset_words(chosen, line, t) for line in commands_of(chosen).player]
        await reply(interaction, help_text(chosen, "a player", steps, player, t))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
