"""Confirm / Cancel buttons in front of a destructive or public command (/turn resolve, undo, redo,
a ruleset's removals, /orders clear).

The command answers privately with what will happen and two buttons; the action runs on the
Confirm click — by the same user only, once.  Each prompt's buttons carry a token of their own
(custom ids ``fw-confirm:<token>:yes|no``) and the bot keeps the token's state in memory.  One
listener answers every click on such a button, so there is no race between a view and a
fallback: a second click, a click after ``CONFIRM_SECONDS``, or one on buttons from before a
restart (the bot then knows no such token) gets a clear refusal instead of "This interaction
failed".  (The buttons are sent with a stopped ``discord.ui.View``, which discord.py serialises
but never dispatches to.)

On Confirm the prompt is edited (the buttons go) and the action runs with the click's interaction:
it replies with follow-ups (``cogs.common.reply``) and must not defer again.  The audit trail notes
the command then, not when the prompt was shown.

Not an extension (it has no ``setup``): the bot adds ``ConfirmListener`` in its setup hook.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord
from discord.ext import commands

from cogs.audit_trail import record
from bot.i18n import N_
from cogs.common import AUDITED_EXTRA, CONFIRM_EXTRA, RESTARTING, acting_marker, reader, track_in_flight

log = logging.getLogger(__name__)

PREFIX = "fw-confirm:"
CONFIRM_SECONDS = 300.0
PENDING_ATTRIBUTE = "confirmations"  # on the bot: token → Pending
STALE = {
    "done": N_("This was already confirmed; nothing more to do."),
    "cancelled": N_("This was cancelled; run the command again if you still want it."),
    "failed": N_("This was refused (see why above); nothing was done. Run the command again once it can be done."),
    "expired": N_("These buttons have expired (they last {minutes} minutes); run the command again."),
}
UNKNOWN = N_("These buttons are from before the bot restarted, so they no longer work; run the command again.")
CONFIRM = N_("Confirm")

Action = Callable[[discord.Interaction], Awaitable[None]]


@dataclass
class Pending:
    asked: discord.Interaction
    prompt: str
    action: Action
    state: str = "live"  # then "done", "failed", "cancelled" or "expired"
    since: float = field(default_factory=time.monotonic)


def pending_table(client: discord.Client) -> dict[str, Pending]:
    table = getattr(client, PENDING_ATTRIBUTE, None)
    if table is None:
        table = {}
        setattr(client, PENDING_ATTRIBUTE, table)
    return table


async def ask(interaction: discord.Interaction, prompt: str, action: Action, label: str | None = None) -> None:
    """Answer ``interaction`` privately with ``prompt`` and Confirm / Cancel; ``action`` runs on Confirm.
    ``prompt`` and ``label`` come worded for the reader; the buttons' own words are worded here."""
    t = reader(interaction)
    label = label or t._(CONFIRM)
    interaction.extras[CONFIRM_EXTRA] = True
    prompt = acting_marker(interaction) + prompt  # (acting as Mōri), like every reply of such a command
    token = secrets.token_hex(8)
    table = pending_table(interaction.client)
    _forget_old(table)
    table[token] = Pending(interaction, prompt, action)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.danger,
                                    custom_id=f"{PREFIX}{token}:yes"))
    view.add_item(discord.ui.Button(label=t._("Cancel")[:80], style=discord.ButtonStyle.secondary,
                                    custom_id=f"{PREFIX}{token}:no"))
    view.stop()  # sent, never listened to: ConfirmListener answers the clicks
    await interaction.response.send_message(prompt, view=view, ephemeral=True)


def _forget_old(table: dict[str, Pending]) -> None:
    """Tokens long past their time are dropped (a click on them then reads as from before a restart)."""
    horizon = time.monotonic() - 12 * CONFIRM_SECONDS
    for token in [t for t, p in table.items() if p.since < horizon]:
        del table[token]


class ConfirmListener(commands.Cog):
    """Answers every click on a confirmation button."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith(PREFIX):
            return
        token, _, choice = custom_id[len(PREFIX):].rpartition(":")
        if getattr(self.bot, "stopping", False):  # a confirmed /turn resolve is work under way too
            await interaction.response.send_message(reader(interaction)._(RESTARTING), ephemeral=True)
            return
        track_in_flight(self.bot, interaction)  # a confirmed /turn resolve is a command under way
        try:
            await self.answer(interaction, pending_table(self.bot).get(token), choice == "yes")
        except Exception as exc:  # noqa: BLE001 - the tree's handler speaks errors to users
            await self.bot.tree.on_error(interaction, exc)  # type: ignore[arg-type]

    async def answer(self, interaction: discord.Interaction, pending: Pending | None, yes: bool) -> None:
        if pending is not None and pending.state == "live" and time.monotonic() - pending.since > CONFIRM_SECONDS:
            pending.state = "expired"
        t = reader(interaction)  # the clicker's language (the prompt is the asker's, who is the clicker)
        if pending is None or pending.state != "live":
            text = t._(UNKNOWN) if pending is None else t._(STALE[pending.state], minutes=round(CONFIRM_SECONDS / 60))
            await interaction.response.send_message(text, ephemeral=True)
            return
        if interaction.user.id != pending.asked.user.id:  # the buttons stay for the one who asked
            await interaction.response.send_message(
                t._("Only {user}, who ran the command, can confirm or cancel it.",
                    user=pending.asked.user.display_name), ephemeral=True)
            return
        pending.state = "done" if yes else "cancelled"  # before any await: a second click is refused
        if not yes:
            await interaction.response.edit_message(
                content=f"{pending.prompt}\n" + t._("✖️ Cancelled; nothing was done."), view=None)
            return
        await interaction.response.edit_message(content=f"{pending.prompt}\n" + t._("⏳ Confirmed; working on it…"),
                                                view=None)
        interaction.extras.update(pending.asked.extras)  # the campaign, the acting marker
        interaction.extras.pop(AUDITED_EXTRA, None)
        try:
            await pending.action(interaction)
        except Exception:
            pending.state = "failed"  # the listener speaks the error; a second click says it was not done
            raise
        await record(pending.asked, interaction, pending.asked.command)  # the trail skipped the prompt
