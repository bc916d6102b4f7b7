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
from bot.domain.text import sentence
from bot.engine.ruleset import UnitView
from bot.mapfiles import load_shipped_map
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import ACTING_EXTRA, acting_faction, campaign_for, player_faction, service_of

Choice = app_commands.Choice
AREA_FIELDS = {"target", "origin", "destination", "area", "auto_evacuation_target"}
PORT_FIELDS = {"port", "target_port"}
UNIT_FIELDS = {"unit", "operation", "attach_to"}
AREA_LISTS = {"route", "path", "route_to_embark", "route_to_destination"}
UNIT_LISTS = {"fleets"}
CLAN_FIELDS = {"transfer_to"}
CLAN_LISTS = {"multi_clan_priority"}
POLICY_FIELDS = {"want_battle", "when_enemy_wants", "withdraw_if"}  # S5.5, OP-33: text that may name a clan
_CLAN_CONDITION = re.compile(r"(enemy_clan\s*(?:==|!=)\s*)(.+?)(?=\s+and\s+|\s*$)", re.IGNORECASE)
LANDING_KINDS = ("tf_landing", "tf_evacuation")
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


def _match(text: str, named: dict[str, str]) -> str:
    """``named`` maps id → display name; return the id ``text`` means, or ``text`` unchanged
    (also anything not text: a stored order's field left empty, ``None``)."""
    if not isinstance(text, str) or text in named:
        return text
    wanted = fold(text)
    for key, name in named.items():
        if wanted in (fold(key), fold(name)):
            return key
    return text


def clan_ids_in(policy: str, clans: dict[str, str]) -> str:
    """OP-26: 'if enemy_clan == Ōtomo' → 'if enemy_clan == otomo' (a clan by name stored as its id)."""
    return _CLAN_CONDITION.sub(lambda m: m.group(1) + _match(m.group(2).strip(), clans), policy)


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

    def resolve(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Names typed by hand → ids; unknown text is kept for the rules to refuse by name."""
        areas = {k: a.name for k, a in self.gamemap.areas.items()}
        ports = {k: p.name for k, p in self.gamemap.ports.items()}
        units = {u.id: u.name for u in self.units}
        clans = {f.id: f.name for f in self.campaign.factions}
        out = {}
        for key, value in payload.items():
            if key in POLICY_FIELDS and isinstance(value, str):
                out[key] = clan_ids_in(value, clans)
                continue
            table = (areas if key in AREA_FIELDS | AREA_LISTS else ports if key in PORT_FIELDS
                     else units if key in UNIT_FIELDS | UNIT_LISTS
                     else clans if key in CLAN_FIELDS | CLAN_LISTS else None)
            if table is None:
                out[key] = value
            elif isinstance(value, list):
                out[key] = [_match(v, table) for v in value]
            else:
                out[key] = _match(value, table)
        return out

    async def resolve_people(self, service, payload: dict[str, Any]) -> dict[str, Any]:
        """A leader's or an army's name typed by hand → its id; the state is read only if one is named."""
        out = dict(payload)
        if out.get("leader") or out.get("passengers"):
            characters = await service.characters(self.campaign.id, self.faction.id)
            named = {c["id"]: c["name"] for c in characters}
            if out.get("leader"):
                out["leader"] = _match(out["leader"], named)
            if out.get("passengers"):
                out["passengers"] = [_match(p, named) for p in out["passengers"]]
        if out.get("army"):
            armies = await service.armies(self.campaign.id, self.faction.id)
            out["army"] = _match(out["army"], {a["id"]: a.get("name", a["id"]) for a in armies})
        return out


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
    """A province of the campaign's map, by name (``portless``: coastal provinces without a port)."""

    def __init__(self, coastal_only: bool = False, portless: bool = False) -> None:
        self.coastal_only = coastal_only or portless
        self.portless = portless

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        gamemap = game_map(campaign.map_id)
        areas = sorted(gamemap.areas.values(), key=lambda a: fold(a.name))
        return matching_choices([(a.name, a.id) for a in areas if (a.coastal or not self.coastal_only)
                         and not (self.portless and gamemap.port_in(a.id) is not None)], value)


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


class _Quiet(_Named):
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


def victories(count: int | None) -> str:
    count = count or 0
    return f"{count} victor{'y' if count == 1 else 'ies'}"


def area_name(campaign: Campaign, area: str | None) -> str:
    gamemap = game_map(campaign.map_id)
    return gamemap.areas[area].name if area in gamemap.areas else (area or "?")


class CharacterRef(_Quiet):
    """One of the caller's own characters who is free (a squadron's leader)."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).characters(campaign.id, faction.id)
        return [(f"{c['name']} — {c['kind']}, {victories(c['victories'])}"
                 + (f", leads {', '.join(c['leads'])}" if c["leads"] else ""), c["id"])
                for c in rows if c["status"] == "free"]


class ArmyRef(_Quiet):
    """One of the caller's own armies."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).armies(campaign.id, faction.id)
        return [(f"{a.get('name') or a['id']} — in {area_name(campaign, a.get('area'))}", a["id"]) for a in rows]


class DetachmentRef(_Quiet):
    """A land detachment of one of the caller's armies (S12.2 LandDetachment)."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).armies(campaign.id, faction.id)
        return [(f"{d['id']} — {a.get('name') or a['id']}: {d.get('infantry', 0)} inf., {d.get('cavalry', 0)} cav.",
                 d["id"]) for a in rows for d in a.get("detachments", [])]


class CreditRef(_Quiet):
    """One of the caller's clan's capture credits."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).credits(campaign.id, faction.id)
        return [(sentence(name), credit) for credit, name, turn in rows]


class OperationRef(_Quiet):
    """The lead trade fleet of one of the caller's landings or evacuations this turn; then their other fleets."""

    async def options(self, interaction, campaign, faction):
        service = service_of(interaction)
        orders = await service.orders(campaign.id, faction.id)
        lines = {line.slot: line.text for line in await service.order_lines(campaign.id, faction.id)}
        leads = {o.payload["unit"]: lines.get(o.unit, o.payload["unit"]) for o in orders
                 if o.payload.get("kind") in LANDING_KINDS}
        fleets = [u for u in await service.units(campaign.id, faction.id) if u.kind == "trade_fleet"]
        return ([(text, unit) for unit, text in leads.items()]
                + [(f"{u.name} — no landing ordered yet", u.id) for u in fleets if u.id not in leads])


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
    """Several areas (a route) or units (fleets), comma separated; autocomplete completes the last."""

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
Squadron = app_commands.Transform[str, UnitRef("squadron")]
TradeFleet = app_commands.Transform[str, UnitRef("trade_fleet")]
Area = app_commands.Transform[str, AreaRef()]
Coast = app_commands.Transform[str, AreaRef(coastal_only=True)]
Port = app_commands.Transform[str, PortRef()]
Route = app_commands.Transform[list[str], ListRef(AreaRef(coastal_only=True))]
Fleets = app_commands.Transform[list[str], ListRef(UnitRef("trade_fleet"))]
Portless = app_commands.Transform[str, AreaRef(portless=True)]
Leader = app_commands.Transform[str, CharacterRef()]
ArmyId = app_commands.Transform[str, ArmyRef()]
Credit = app_commands.Transform[str, CreditRef()]
Operation = app_commands.Transform[str, OperationRef()]
Clan = app_commands.Transform[str, ClanRef()]
Clans = app_commands.Transform[list[str], ListRef(ClanRef())]
Leaders = app_commands.Transform[list[str], ListRef(CharacterRef())]
Detachments = app_commands.Transform[list[str], ListRef(DetachmentRef())]
Typed = app_commands.Range[str, 1, REF_LENGTH]  # a clan or unit typed by hand, without a transformer
NewName = app_commands.Range[str, 1, NAME_LENGTH]
Reason = app_commands.Range[str, 1, REASON_LENGTH]
