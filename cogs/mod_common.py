"""What moderators' commands share (/mod, and each ruleset's own moderator group): names typed by
hand matched to ids, the moderator-only autocompletes, and ``apply``, which makes the edit in the
moderator's name and shows what changed.

Autocomplete answers from a roster kept in memory per campaign (every unit,
character and army, whatever their state): a keystroke reads no game state.
The roster is read again after a moderator's edit, when the campaign's turn or phase
changes, and at most ``ROSTER_SECONDS`` after it was read (other commands
change the state too); the command itself always works on the stored state.

Not an extension (it has no ``setup``): the moderators' command modules import it.
"""

from __future__ import annotations

import json
import time
from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign
from bot.domain.text import clean_payload
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import AUDITED_EXTRA, is_moderator, moderator_of, reader, reply, service_of
from cogs.params import REF_LENGTH, campaign_quietly, clip, fold, game_map

Choice = app_commands.Choice
NOBODY = {"none", "nobody", "-"}
ROSTER_SECONDS = 30.0
ROSTER_ATTRIBUTE = "mod_rosters"
def pick(text: str | None, named: dict[str, str]) -> str | None:
    """``named`` maps id → name: the id ``text`` means (by id or name, accents and case aside), else ``text``."""
    if text is None or text in named:
        return text
    wanted = fold(text)
    return next((key for key, name in named.items() if wanted in (fold(key), fold(name))), text)


def clans(campaign: Campaign) -> dict[str, str]:
    return {f.id: f.name for f in campaign.factions}


def ports(campaign: Campaign) -> dict[str, str]:
    return {p.id: p.name for p in game_map(campaign.map_id).ports.values()}


def owner_of(text: str | None, campaign: Campaign) -> str | None:
    """A clan, or ``None`` for 'none' / 'nobody'."""
    return None if text is None or fold(text) in NOBODY else pick(text, clans(campaign))


def optional(text: str | None) -> str | None:
    """'none' / 'nobody' / '-' → None (to clear a field), else the text."""
    return None if text is None or fold(text) in NOBODY else text


async def roster(interaction: discord.Interaction, campaign: Campaign, fresh: bool = False) -> dict[str, list]:
    """Every unit, character and army of the campaign (see the module docstring for when it is read)."""
    table = getattr(interaction.client, ROSTER_ATTRIBUTE, None)
    if table is None:
        table = {}
        setattr(interaction.client, ROSTER_ATTRIBUTE, table)
    stamp, now = (campaign.turn, campaign.phase.value), time.monotonic()
    kept = table.get(campaign.id)
    if not fresh and kept and kept[0] == stamp and now - kept[1] < ROSTER_SECONDS:
        return kept[2]
    data = await service_of(interaction).roster(campaign.id)
    table[campaign.id] = (stamp, now, data)
    return data


def names(rows: list[dict[str, Any]]) -> dict[str, str]:
    return {row["id"]: row["name"] for row in rows}


class ModeratorRef(app_commands.Transformer):
    """A text option whose autocomplete is for moderators only (it would show every clan's units and
    characters); ``options`` gives (label, value) pairs."""

    @property
    def max_value(self) -> int:
        return REF_LENGTH

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None or not is_moderator(interaction, campaign):
            return []
        try:
            options = await self.options(interaction, campaign)
        except (UserError, StoreError):
            return []
        wanted = fold(value)
        return [Choice(name=clip(label), value=key) for label, key in options
                if wanted in fold(label) or wanted in fold(key)][:25]

    async def options(self, interaction: discord.Interaction, campaign: Campaign) -> list[tuple[str, str]]:
        raise NotImplementedError


def chosen_clan(interaction: discord.Interaction, campaign: Campaign, option: str | None = "clan") -> str | None:
    """The clan option of the command being typed, as an id (None if not given, not a clan, or no option)."""
    typed = getattr(interaction.namespace, option, None) if option else None
    clan = pick(typed, clans(campaign)) if typed else None
    return clan if clan in clans(campaign) else None


class ClanRef(ModeratorRef):
    """Any clan of the campaign (``nobody``: also a 'none' choice, shown as ``nobody``)."""

    def __init__(self, nobody: bool | str = False) -> None:
        self.nobody = "nobody" if nobody is True else nobody

    async def options(self, interaction, campaign):
        return [(f.name, f.id) for f in campaign.factions] + ([(self.nobody, "none")] if self.nobody else [])


class UnitRef(ModeratorRef):
    """Any unit of any clan in any state (of the clan typed in ``clan_option``, if any)."""

    def __init__(self, kinds: tuple[str, ...] = (), clan_option: str | None = None) -> None:
        self.kinds, self.clan_option = kinds, clan_option

    async def options(self, interaction, campaign):
        named, clan = clans(campaign), chosen_clan(interaction, campaign, self.clan_option)
        words = reader(interaction, campaign.ruleset)  # a unit's kind and state are the ruleset's words
        return [(f"{u['name']} — {named.get(u['owner'], u['owner'])} {words._(u['kind'].replace('_', ' '))}"
                 + ("" if u["state"] == "active" else f", {words._(u['state'])}"), u["id"])
                for u in (await roster(interaction, campaign))["units"]
                if clan in (None, u["owner"]) and (not self.kinds or u["kind"] in self.kinds)]


Clan = app_commands.Transform[str, ClanRef()]
Owner = app_commands.Transform[str, ClanRef(nobody=True)]
AnyUnit = app_commands.Transform[str, UnitRef()]


async def apply(interaction: discord.Interaction, campaign: Campaign, payload: dict[str, Any],
                reason: str | None = None) -> None:
    """Make the edit in the moderator's name and show what changed and the edit as recorded."""
    if reason and reason.strip():
        payload = {**payload, "reason": reason.strip()}
    try:
        description = await service_of(interaction).moderator_edit(campaign.id, payload, moderator_of(interaction))
        interaction.extras[AUDITED_EXTRA] = True
    finally:
        getattr(interaction.client, ROSTER_ATTRIBUTE, {}).pop(campaign.id, None)
    # As stored (cleaned); a backtick would end the code span and let the rest render as markdown.
    recorded = json.dumps(clean_payload(payload), ensure_ascii=False).replace("`", "ˋ")
    await reply(interaction, f"🛠️ **{campaign.name}** — {description}\n"  # the rules' description: part C's words
                             + reader(interaction)._("Edit: `{edit}`", edit=recorded))
