"""Typed slash-command parameters for units, areas, ports and routes.

Each is an ``app_commands.Transformer`` with autocomplete: the caller sees
only their own clan's units, and the campaign map's areas and ports by name.
``transform`` stays pure (no store access before the command defers); names
typed by hand are matched to ids afterwards by ``PlayerContext.resolve``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign, Faction
from bot.domain.gamemap import GameMap
from bot.engine.ruleset import UnitView
from bot.mapfiles import load_shipped_map
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import campaign_for, player_faction, service_of

Choice = app_commands.Choice
AREA_FIELDS = {"target", "origin", "destination"}
PORT_FIELDS = {"port", "target_port"}
UNIT_FIELDS = {"unit"}
AREA_LISTS = {"route"}
UNIT_LISTS = {"fleets"}
_LIST_SEPARATOR = re.compile(r"\s*(?:,|→|->|;)\s*")


@lru_cache(maxsize=8)
def game_map(map_id: str) -> GameMap:
    return load_shipped_map(map_id)


def fold(text: str) -> str:
    """Compare names the way people type them: 'suo' finds 'Suō'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _match(text: str, named: dict[str, str]) -> str:
    """``named`` maps id → display name; return the id ``text`` means, or ``text`` unchanged."""
    if text in named:
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
    """A player's view of a campaign: their clan, its units and the map."""

    campaign: Campaign
    faction: Faction
    units: list[UnitView]
    gamemap: GameMap

    @classmethod
    async def load(cls, interaction: discord.Interaction, campaign_id: int | None) -> "PlayerContext":
        campaign = await campaign_for(interaction, campaign_id)
        faction = player_faction(interaction, campaign)
        units = await service_of(interaction).units(campaign.id, faction.id)
        return cls(campaign, faction, units, game_map(campaign.map_id))

    def unit(self, unit_id: str) -> UnitView | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def resolve(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Names typed by hand → ids; unknown text is kept for the rules to refuse by name."""
        areas = {k: a.name for k, a in self.gamemap.areas.items()}
        ports = {k: p.name for k, p in self.gamemap.ports.items()}
        units = {u.id: u.name for u in self.units}
        out = {}
        for key, value in payload.items():
            table = (areas if key in AREA_FIELDS | AREA_LISTS else ports if key in PORT_FIELDS
                     else units if key in UNIT_FIELDS | UNIT_LISTS else None)
            if table is None:
                out[key] = value
            elif isinstance(value, list):
                out[key] = [_match(v, table) for v in value]
            else:
                out[key] = _match(value, table)
        return out


async def campaign_quietly(interaction: discord.Interaction) -> Campaign | None:
    try:
        return await campaign_for(interaction, getattr(interaction.namespace, "campaign", None))
    except (UserError, StoreError):
        return None


def _choices(options: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    wanted = fold(current)
    hits = [Choice(name=label[:100], value=value) for label, value in options
            if wanted in fold(label) or wanted in fold(value)]
    return hits[:25]


class UnitRef(app_commands.Transformer):
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
        return _choices([(f"{u.name} — {u.summary}", u.id) for u in units
                         if self.kind in (None, u.kind)], value)


class AreaRef(app_commands.Transformer):
    """A province of the campaign's map, by name."""

    def __init__(self, coastal_only: bool = False) -> None:
        self.coastal_only = coastal_only

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        areas = sorted(game_map(campaign.map_id).areas.values(), key=lambda a: fold(a.name))
        return _choices([(a.name, a.id) for a in areas if a.coastal or not self.coastal_only], value)


class PortRef(app_commands.Transformer):
    """A port of the campaign's map, by name."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        gamemap = game_map(campaign.map_id)
        ports = sorted(gamemap.ports.values(), key=lambda p: fold(p.name))
        return _choices([(f"{p.name} ({gamemap.areas[p.area].name})", p.id) for p in ports], value)


class ListRef(app_commands.Transformer):
    """Several areas (a route) or units (fleets), comma separated; autocomplete completes the last."""

    def __init__(self, of: app_commands.Transformer) -> None:
        self.of = of

    async def transform(self, interaction: discord.Interaction, value: str) -> list[str]:
        return split_list(value)

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        done, _, last = value.rpartition(",")
        prefix = ", ".join(split_list(done))
        head = f"{prefix}, " if prefix else ""
        choices = await self.of.autocomplete(interaction, last.strip())
        return [Choice(name=f"{head}{c.name}"[:100], value=f"{head}{c.value}") for c in choices
                if len(f"{head}{c.value}") <= 100]


AnyUnit = app_commands.Transform[str, UnitRef()]
Squadron = app_commands.Transform[str, UnitRef("squadron")]
TradeFleet = app_commands.Transform[str, UnitRef("trade_fleet")]
Area = app_commands.Transform[str, AreaRef()]
Coast = app_commands.Transform[str, AreaRef(coastal_only=True)]
Port = app_commands.Transform[str, PortRef()]
Route = app_commands.Transform[list[str], ListRef(AreaRef(coastal_only=True))]
Fleets = app_commands.Transform[list[str], ListRef(UnitRef("trade_fleet"))]
