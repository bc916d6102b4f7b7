"""Typed slash-command parameters every ruleset's commands use: the caller's units, the map's
areas and ports, the campaign's clans, lists of them; and ``PlayerContext``, a player's view.

Each is an ``app_commands.Transformer`` with autocomplete: the caller sees
only their own clan's units, and the campaign map's areas and ports by name.
``transform`` stays pure (no store access before the command defers); names
typed by hand are matched to ids afterwards (``match_name``; a ruleset's commands
know which of its order's fields name what).  A ruleset's own parameters live
with its commands (``bot/rulesets/<id>/commands/``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign, Faction
from bot.domain.gamemap import GameMap
from bot.domain.text import quote
from bot.engine.ruleset import UnitView
from bot.i18n import N_
from bot.mapfiles import load_shipped_map
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import ACTING_EXTRA, acting_faction, campaign_for, player_faction, service_of

Choice = app_commands.Choice
# Longest text each kind of option takes (Discord refuses longer input; the tree checks again): a name
# typed or picked, a list of names, a new unit's or character's name, a moderator's reason.
REF_LENGTH = 100
LIST_LENGTH = 400
NAME_LENGTH = 64
REASON_LENGTH = 300
_LIST_SEPARATOR = re.compile(r"\s*(?:,|→|->|;)\s*")


@lru_cache(maxsize=8)
def game_map(map_id: str) -> GameMap:
    return load_shipped_map(map_id)


def fold(text: str) -> str:
    """Compare names the way people type them: 'suo' finds 'Suō'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def named_clan(campaign: Campaign, typed: str) -> Faction | None:
    """The clan ``typed`` names, by id or name, accents and case aside."""
    wanted = fold(typed)
    return next((f for f in campaign.factions if wanted in (fold(f.id), fold(f.name))), None)


def clan_of(campaign: Campaign, typed: str) -> Faction:
    """The clan ``typed`` names, by id or name (accents and case aside)."""
    found = named_clan(campaign, typed)
    if found is None:
        if not campaign.factions:
            raise UserError(N_("{campaign} has no clan {clan}; its clans: none yet"), campaign=campaign.name,
                            clan=quote(typed))
        raise UserError(N_("{campaign} has no clan {clan}; its clans: {known}"), campaign=campaign.name,
                        clan=quote(typed), known=", ".join(f.name for f in campaign.factions))
    return found


def match_name(text: str, named: dict[str, str]) -> str:
    """``named`` maps id → display name; return the id ``text`` means, or ``text`` unchanged
    (also anything not text: a stored order's field left empty, ``None``)."""
    if not isinstance(text, str) or text in named:
        return text
    wanted = fold(text)
    for key, name in named.items():
        if wanted in (fold(key), fold(name)):
            return key
    return text


def split_list(text: str) -> list[str]:
    return [part for part in _LIST_SEPARATOR.split(text.strip()) if part]


@dataclass
class PlayerContext:
    """A player's view of a campaign: their clan, its units and the map.

    For a moderator acting for a clan (/mod act-as) the clan is that one, not the one of their
    roles; ``load`` then notes its name on the interaction, so every reply and refusal is marked."""

    campaign: Campaign
    faction: Faction
    units: list[UnitView]
    gamemap: GameMap

    @classmethod
    async def load(cls, interaction: discord.Interaction, campaign_id: int | None) -> "PlayerContext":
        campaign = await campaign_for(interaction, campaign_id)
        acting = acting_faction(interaction, campaign)
        if acting is not None:
            interaction.extras[ACTING_EXTRA] = acting.name
        faction = acting or player_faction(interaction, campaign)
        units = await service_of(interaction).units(campaign.id, faction.id)
        return cls(campaign, faction, units, game_map(campaign.map_id))

    def unit(self, unit_id: str) -> UnitView | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def unit_id(self, typed: str) -> str:
        """The id of the caller's unit ``typed`` names (by id or name), else ``typed`` for the rules to refuse."""
        return match_name(typed, {u.id: u.name for u in self.units})


async def campaign_quietly(interaction: discord.Interaction) -> Campaign | None:
    try:
        return await campaign_for(interaction, getattr(interaction.namespace, "campaign", None))
    except (UserError, StoreError):
        return None


def clip(label: str) -> str:
    """A choice name within Discord's 100 characters, marked when cut."""
    return label if len(label) <= 100 else label[:99] + "…"


def matching_choices(options: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    wanted = fold(current)
    hits = [Choice(name=clip(label), value=value) for label, value in options
            if wanted in fold(label) or wanted in fold(value)]
    return hits[:25]


class _Named(app_commands.Transformer):
    """A name (of a unit, area, port, clan …) typed or picked: at most ``REF_LENGTH`` characters."""

    @property
    def max_value(self) -> int:
        return REF_LENGTH


class UnitRef(_Named):
    """One of the caller's own units (optionally of one kind)."""

    def __init__(self, kind: str | None = None) -> None:
        self.kind = kind

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        try:
            faction = player_faction(interaction, campaign)
            units = await service_of(interaction).units(campaign.id, faction.id)
        except (UserError, StoreError):
            return []
        return matching_choices([(f"{u.name} — {u.summary}", u.id) for u in units
                         if self.kind in (None, u.kind)], value)


class AreaRef(_Named):
    """An area of the campaign's map, by name (``keep``: only the areas it accepts, e.g. a ruleset's coasts)."""

    def __init__(self, keep: Callable[[GameMap, Any], bool] | None = None) -> None:
        self.keep = keep

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        gamemap = game_map(campaign.map_id)
        areas = sorted(gamemap.areas.values(), key=lambda a: fold(a.name))
        return matching_choices([(a.name, a.id) for a in areas if self.keep is None or self.keep(gamemap, a)],
                                value)


class PortRef(_Named):
    """A port of the campaign's map, by name."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        gamemap = game_map(campaign.map_id)
        ports = sorted(gamemap.ports.values(), key=lambda p: fold(p.name))
        return matching_choices([(f"{p.name} ({gamemap.areas[p.area].name})", p.id) for p in ports], value)


async def player_of(interaction: discord.Interaction) -> tuple[Campaign, Faction] | None:
    """The campaign and the caller's clan, or ``None`` (autocomplete then offers nothing)."""
    campaign = await campaign_quietly(interaction)
    if campaign is None:
        return None
    try:
        return campaign, player_faction(interaction, campaign)
    except UserError:
        return None


class QuietRef(_Named):
    """A text option whose autocomplete reads the caller's clan from the state; ``options``
    returns (label, value) pairs and any store or rules error offers nothing."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        player = await player_of(interaction)
        if player is None:
            return []
        try:
            return matching_choices(await self.options(interaction, *player), value)
        except (UserError, StoreError):
            return []

    async def options(self, interaction: discord.Interaction, campaign: Campaign,
                      faction: Faction) -> list[tuple[str, str]]:
        raise NotImplementedError


def area_name(campaign: Campaign, area: str | None) -> str:
    gamemap = game_map(campaign.map_id)
    return gamemap.areas[area].name if area in gamemap.areas else (area or "?")


class ClanRef(_Named):
    """Another clan of the campaign, by name."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        player = await player_of(interaction)
        if player is None:
            return []
        campaign, faction = player
        return matching_choices([(f.name, f.id) for f in campaign.factions if f.id != faction.id], value)


class ListRef(app_commands.Transformer):
    """Several areas (a route), units or clans, comma separated; autocomplete completes the last."""

    def __init__(self, of: app_commands.Transformer) -> None:
        self.of = of

    @property
    def max_value(self) -> int:
        return LIST_LENGTH

    async def transform(self, interaction: discord.Interaction, value: str) -> list[str]:
        return split_list(value)

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        done, _, last = value.rpartition(",")
        prefix = ", ".join(split_list(done))
        head = f"{prefix}, " if prefix else ""
        choices = await self.of.autocomplete(interaction, last.strip())
        return [Choice(name=clip(f"{head}{c.name}"), value=f"{head}{c.value}") for c in choices
                if len(f"{head}{c.value}") <= 100]


AnyUnit = app_commands.Transform[str, UnitRef()]
Area = app_commands.Transform[str, AreaRef()]
Port = app_commands.Transform[str, PortRef()]
Clan = app_commands.Transform[str, ClanRef()]
Clans = app_commands.Transform[list[str], ListRef(ClanRef())]
Typed = app_commands.Range[str, 1, REF_LENGTH]  # a clan or unit typed by hand, without a transformer
NewName = app_commands.Range[str, 1, NAME_LENGTH]
Reason = app_commands.Range[str, 1, REASON_LENGTH]
