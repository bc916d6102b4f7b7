"""The audit trail: every moderator command that completes is noted in the campaign's audit log
(who, when, the command and its options, and what it said it did), and so is every order a
moderator gives or withdraws while acting for a clan (/mod act-as).

Edits of the game state (/mod …, /faction add, a relation set) write their own entry with the
state, in one transaction (``CampaignService.moderator_edit``); this adds the rest — settings,
channels, roles, a turn opened, locked, reopened, resolved, undone, redone or previewed — once the
command is done, from ``on_app_command_completion``.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import (
    ACTING_EXTRA,
    AUDITED_EXTRA,
    CAMPAIGN_EXTRA,
    CONFIRM_EXTRA,
    ORDER_EXTRA,
    REPLY_EXTRA,
    moderator_command,
    moderator_of,
    service_of,
)
from cogs.params import named_clan

log = logging.getLogger(__name__)

READS = {"mod audit", "turn log", "campaign export"}  # moderator commands that change nothing
DESCRIPTION_CHARS = 300


def option_text(value: Any) -> Any:
    """An option as people read it: names, never raw ids."""
    if isinstance(value, discord.Role):
        return f"@{value.name}"
    if isinstance(value, (discord.abc.GuildChannel, app_commands.AppCommandChannel)):
        return f"#{value.name}"
    if isinstance(value, app_commands.Choice):
        return value.value
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def options_of(interaction: discord.Interaction) -> dict[str, Any]:
    return {name: option_text(value) for name, value in interaction.namespace if name != "campaign"}


def what_it_did(extras: dict[str, Any]) -> str:
    said = str(extras.get(REPLY_EXTRA) or "done").strip().splitlines()[0]
    return said if len(said) <= DESCRIPTION_CHARS else said[:DESCRIPTION_CHARS - 1] + "…"


def to_record(extras: dict[str, Any], command: app_commands.Command) -> str | None:
    """The audit kind for this completed command, or ``None`` if it is nothing to note."""
    name = command.qualified_name
    if extras.get(AUDITED_EXTRA) or CAMPAIGN_EXTRA not in extras:
        return None
    if extras.get(ACTING_EXTRA) and extras.get(ORDER_EXTRA):
        return f"act-as /{name}"
    if moderator_command(command) and name not in READS:
        return f"/{name}"
    return None


async def record(asked: discord.Interaction, done: discord.Interaction, command) -> None:
    """Note the command ``asked`` for (its options), done with ``done`` (the same interaction, or the
    click that confirmed it: its extras say what was done)."""
    if not isinstance(command, app_commands.Command):
        return
    kind = to_record(done.extras, command)
    if kind is None:
        return
    options = options_of(asked)
    acting = done.extras.get(ACTING_EXTRA)
    description = (f"(acting as {acting}) " if acting else "") + what_it_did(done.extras)
    service, campaign_id = service_of(done), done.extras[CAMPAIGN_EXTRA]
    try:
        campaign = await service.campaign(campaign_id)
        subjects = [clan.id for clan in (named_clan(campaign, str(options.get("clan") or "")),
                                         named_clan(campaign, acting or "")) if clan is not None]
        if isinstance(options.get("unit"), str):
            subjects.append(options["unit"])  # an id: the commands' autocomplete gives ids
        await service.record_action(campaign_id, moderator_of(done), kind, {"options": options},
                                    description, sorted(set(subjects)))
    except Exception:  # the command is done and answered; a lost note must not look like its failure
        log.exception("Could not note /%s of interaction %s in the audit log", command.qualified_name, done.id)


class AuditTrail(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction, command) -> None:
        if interaction.extras.get(CONFIRM_EXTRA):  # only asked: noted on the Confirm click (cogs/confirm.py)
            return
        await record(interaction, interaction, command)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AuditTrail(bot))
