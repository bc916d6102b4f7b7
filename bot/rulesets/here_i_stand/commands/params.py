"""Here I Stand's own slash-command parameters: the spaces where the caller's naval units stand (a
stack, by name and what is in it), spaces next to one, the caller's formations, ports and leaders,
the other powers; a transport's sea route that follows the board's adjacency.

Every choice is shown by name (never an id); text that matches nothing is passed on unchanged, so
the rules refuse it by name.  The board is open (rules/views.py): every unit and port is public,
but a player's pickers offer only what the caller's power may use — its own units, formations,
leaders and ports — and never another power's standing orders or hand.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign
from bot.engine.ruleset import UnitView
from bot.rulesets.here_i_stand.rules.board import board
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import player_faction, reader, service_of
from cogs.params import ListRef, QuietRef, campaign_quietly, fold, game_map, match_name, split_list

DOMAIN = "here-i-stand"  # the catalogue of these texts (bot/rulesets/here_i_stand/locale/)
MAX_CHOICES = 25
SQUADRON, CORSAIR = "squadron", "corsair"


# --- the board and the caller's things --------------------------------------------------------------

def board_of(campaign: Campaign) -> HisMap:
    return board(game_map(campaign.map_id))


def space_names(campaign: Campaign) -> dict[str, str]:
    """Every sea zone and port of the campaign's board: id → name, in map order."""
    his = board_of(campaign)
    return {s: his.name(s) for s in his.spaces()}


def sea_zone_names(campaign: Campaign) -> dict[str, str]:
    his = board_of(campaign)
    return {s: his.name(s) for s in his.spaces() if his.is_sea_zone(s)}


def port_names(campaign: Campaign) -> dict[str, str]:
    his = board_of(campaign)
    return {s: his.name(s) for s in his.spaces() if his.is_port(s)}


def power_names(campaign: Campaign) -> dict[str, str]:
    return {f.id: f.name for f in campaign.factions}


async def own_units(interaction: discord.Interaction, campaign: Campaign, faction: str) -> list[UnitView]:
    """The naval units the caller's power controls (H-OP-01: loans and activated minors' too), on the board."""
    his = board_of(campaign)
    return [u for u in await service_of(interaction).units(campaign.id, faction)
            if u.owner == faction and u.location in set(his.spaces())]


def stacks(units: list[UnitView]) -> dict[str, list[UnitView]]:
    """The caller's units by the space they stand in, in the order first seen."""
    found: dict[str, list[UnitView]] = {}
    for unit in units:
        found.setdefault(unit.location or "", []).append(unit)
    return found


def stack_label(t, name: str, units: list[UnitView], leaders: list[str]) -> str:
    """'Gulf of Lyon — 2 squadrons, 1 corsair, Andrea Doria'."""
    squadrons = sum(1 for u in units if u.kind == SQUADRON)
    corsairs = sum(1 for u in units if u.kind == CORSAIR)
    parts = [t.n_("{n} squadron", "{n} squadrons", squadrons)] if squadrons else []
    if corsairs:
        parts.append(t.n_("{n} corsair", "{n} corsairs", corsairs))
    return t._("{space} — {units}", space=name, units=", ".join([*parts, *leaders]))


async def leaders_of(interaction: discord.Interaction, campaign: Campaign, faction: str) -> list[dict[str, Any]]:
    return await service_of(interaction).holding(campaign.id, faction, "leaders") or []


async def formations_of(interaction: discord.Interaction, campaign: Campaign, faction: str) -> list[dict[str, Any]]:
    return await service_of(interaction).holding(campaign.id, faction, "formations") or []


def nearest_first(options: list[tuple[str, str]], near: tuple[str, ...]) -> list[tuple[str, str]]:
    """(label, id) pairs: those in ``near`` first, in ``near``'s (map) order, then the rest by name."""
    first = sorted((p for p in options if p[1] in near), key=lambda p: near.index(p[1]))
    return first + sorted((p for p in options if p[1] not in near), key=lambda p: fold(p[0]))


def typed(interaction: discord.Interaction, option: str, names: dict[str, str]) -> str | None:
    """The space another option of the command being typed names (its id), if it names one."""
    text = getattr(interaction.namespace, option, None)
    found = match_name(text, names) if text else None
    return found if found in names else None


# --- autocomplete -----------------------------------------------------------------------------------

class StackRef(QuietRef):
    """A space where the caller's power has naval units, with what stands there (H2.6.1: a group
    moves from one space)."""

    async def options(self, interaction, campaign, faction):
        t, names = reader(interaction, DOMAIN), space_names(campaign)
        leaders: dict[str, list[str]] = {}
        for leader in await leaders_of(interaction, campaign, faction.id):
            leaders.setdefault(leader["location"], []).append(leader["name"])
        found = stacks(await own_units(interaction, campaign, faction.id))
        return [(stack_label(t, names.get(space, space), units, leaders.get(space, [])), space)
                for space, units in found.items()]


class SpaceRef(QuietRef):
    """A sea zone or port by name; ``near``: the spaces next to the one named in that option first
    (where a group from there may go, H2.3); ``kind``: only sea zones or only ports."""

    def __init__(self, near: str | None = None, kind: str | None = None) -> None:
        self.near, self.kind = near, kind

    async def options(self, interaction, campaign, faction):
        his = board_of(campaign)
        names = {"sea": sea_zone_names, "port": port_names}.get(self.kind, space_names)(campaign)
        here = typed(interaction, self.near, space_names(campaign)) if self.near else None
        return nearest_first([(name, key) for key, name in names.items()], his.adjacent(here) if here else ())


class OwnPortRef(QuietRef):
    """A port the caller's power controls (where it builds, H6.3.1), its home ports first."""

    async def options(self, interaction, campaign, faction):
        his, names = board_of(campaign), port_names(campaign)
        held = await service_of(interaction).holding(campaign.id, faction.id, "ports") or []
        ordered = sorted((p for p in held if p in names), key=lambda p: (his.home_of(p) != faction.id, fold(names[p])))
        return [(names[p], p) for p in ordered]


class FormationRef(QuietRef):
    """One of the caller's formations (land units for naval transport, H4), where it is."""

    async def options(self, interaction, campaign, faction):
        t, names = reader(interaction, DOMAIN), space_names(campaign)
        return [(t.n_("{formation} — {n} land unit in {space}", "{formation} — {n} land units in {space}",
                      f["land_units"], formation=f.get("name") or f["id"], space=names.get(f["location"], "?")),
                 f["id"]) for f in await formations_of(interaction, campaign, faction.id)]


class LeaderRef(QuietRef):
    """One of the caller's naval leaders, where it is."""

    async def options(self, interaction, campaign, faction):
        t, names = reader(interaction, DOMAIN), space_names(campaign)
        return [(t._("{leader} — {space}", leader=x["name"], space=names.get(x["location"], x["location"])), x["id"])
                for x in await leaders_of(interaction, campaign, faction.id)]


class PowerRef(QuietRef):
    """Another power of the campaign."""

    async def options(self, interaction, campaign, faction):
        return [(f.name, f.id) for f in campaign.factions if f.id != faction.id]


class RouteRef(app_commands.Transformer):
    """A transport's sea zones in order (H4.2.2), comma separated: each offered from those next to the
    last one typed, the first from those next to the formation's port."""

    @property
    def max_value(self) -> int:
        return 400

    async def transform(self, interaction: discord.Interaction, value: str) -> list[str]:
        return split_list(value)

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[app_commands.Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        his, zones = board_of(campaign), sea_zone_names(campaign)
        done, _, last = value.rpartition(",")
        steps = [match_name(part, zones) for part in split_list(done)]
        start = steps[-1] if steps else await formation_port(interaction, campaign)
        nearby = [s for s in his.adjacent(start) if s in zones] if start else sorted(zones, key=lambda s: fold(zones[s]))
        head = ", ".join(zones.get(s, s) for s in steps)
        prefix = f"{head}, " if head else ""
        options = [f"{prefix}{zones[s]}" for s in nearby if fold(last) in fold(zones[s])]
        return [app_commands.Choice(name=v, value=v) for v in options if len(v) <= 100][:MAX_CHOICES]


async def formation_port(interaction: discord.Interaction, campaign: Campaign) -> str | None:
    """The port of the formation typed in the command's ``formation`` option, if it names the caller's."""
    text = getattr(interaction.namespace, "formation", None)
    if not text:
        return None
    try:
        rows = await formations_of(interaction, campaign, player_faction(interaction, campaign).id)
    except (UserError, StoreError):
        return None
    found = match_name(text, {f["id"]: f.get("name") or f["id"] for f in rows})
    return next((f["location"] for f in rows if f["id"] == found), None)


class LandingRef(QuietRef):
    """The port a transport ends in: those next to the route's last sea zone first (H4.2.3)."""

    async def options(self, interaction, campaign, faction):
        his, zones, ports = board_of(campaign), sea_zone_names(campaign), port_names(campaign)
        steps = [match_name(p, zones) for p in split_list(getattr(interaction.namespace, "route", None) or "")]
        near = his.adjacent(steps[-1]) if steps and steps[-1] in zones else ()
        return nearest_first([(name, key) for key, name in ports.items()], near)


class PiracyZoneRef(QuietRef):
    """A sea zone, those where the caller's corsairs are first (H5.2.1)."""

    async def options(self, interaction, campaign, faction):
        zones = sea_zone_names(campaign)
        mine = tuple(dict.fromkeys(u.location for u in await own_units(interaction, campaign, faction.id)
                                   if u.kind == CORSAIR and u.location in zones))
        return nearest_first([(name, key) for key, name in zones.items()], mine)


Stack = app_commands.Transform[str, StackRef()]
Space = app_commands.Transform[str, SpaceRef()]
Port = app_commands.Transform[str, SpaceRef(kind="port")]
Destination = app_commands.Transform[str, SpaceRef(near="from")]
Destination2 = app_commands.Transform[str, SpaceRef(near="from_2")]
Destination3 = app_commands.Transform[str, SpaceRef(near="from_3")]
OwnPort = app_commands.Transform[str, OwnPortRef()]
Formation = app_commands.Transform[str, FormationRef()]
Leader = app_commands.Transform[str, LeaderRef()]
Power = app_commands.Transform[str, PowerRef()]
Route = app_commands.Transform[list[str], RouteRef()]
Landing = app_commands.Transform[str, LandingRef()]
PiracyZone = app_commands.Transform[str, PiracyZoneRef()]
Spaces = app_commands.Transform[list[str], ListRef(SpaceRef())]
Leaders = app_commands.Transform[list[str], ListRef(LeaderRef())]
