"""Empires in Arms' slash-command parameters: the caller's squadrons and the places they are in,
sea zones and ports of the board (routes follow it: a port ↔ its zone, a zone ↔ the zones next to
it), the caller's armadas and land items; and ``resolve``, which makes the names typed by hand ids
after the command defers.

Every choice is shown by name (never an id); text that matches nothing is passed on unchanged, so
the rules refuse it by name (rules/validate.py).  Autocomplete answers from the caller's own
holdings (ruleset.units / holdings): another nation's squadrons are never listed to a player.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign
from bot.domain.text import N_, quote
from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard
from bot.services.errors import UserError
from cogs.common import reader, service_of
from cogs.params import ListRef, PlayerContext, QuietRef, fold, game_map, match_name, split_list

DOMAIN = "empires-in-arms"  # the catalogue of these texts (bot/rulesets/empires_in_arms/locale/)

# Which fields of an order (rules/orders.py) name what: names typed by hand become ids.
PLACE_FIELDS = {"at", "zone", "port"}
PLACE_LISTS = {"path", "nearest_ports"}
SQUADRON_FIELDS = {"squadron"}
SQUADRON_LISTS = {"squadrons"}
PLACE_KEYED = {"patrols", "drop", "pickup"}  # place → count or squadrons


def board(campaign: Campaign) -> EiaBoard:
    return game_map(campaign.map_id)  # type: ignore[return-value]


def place_names(campaign: Campaign) -> dict[str, str]:
    """Every zone and port of the board, by id → name."""
    found = board(campaign)
    return {**{k: z.name for k, z in found.zones.items()}, **{k: p.name for k, p in found.ports.items()}}


def zone_names(campaign: Campaign) -> dict[str, str]:
    return {k: z.name for k, z in board(campaign).zones.items()}


def port_names(campaign: Campaign) -> dict[str, str]:
    return {k: p.name for k, p in board(campaign).ports.items()}


async def resolve(interaction: discord.Interaction, ctx: PlayerContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Names typed by hand → ids; unknown text is kept for the rules to refuse by name."""
    places, service = place_names(ctx.campaign), service_of(interaction)
    squadrons = {u.id: u.name for u in ctx.units}
    holdings = await service.holding(ctx.campaign.id, ctx.faction.id, "land") or []
    armadas = await service.holding(ctx.campaign.id, ctx.faction.id, "armadas") or []
    tables = {**{f: places for f in PLACE_FIELDS | PLACE_LISTS}, **{f: squadrons for f in SQUADRON_FIELDS | SQUADRON_LISTS},
              "items": {i["id"]: i.get("name") or i["id"] for i in holdings},
              "armada": {a["id"]: a.get("name") or a["id"] for a in armadas}}
    out = {key: _resolved(value, tables.get(key)) for key, value in payload.items()}
    for key in PLACE_KEYED & set(out):  # the places named by hand; the squadrons in them too
        out[key] = {match_name(p, places): (_resolved(v, squadrons) if isinstance(v, list) else v)
                    for p, v in out[key].items()}
    return out


def _resolved(value: Any, table: dict[str, str] | None) -> Any:
    if table is None:
        return value
    if isinstance(value, (list, tuple)):
        return [match_name(v, table) for v in value]
    if isinstance(value, dict):
        return value
    return match_name(value, table)


MAX_PATROLS = 20  # rules/orders.py MoveFleet.patrols (E5.5: at most so many)


def _times(place: str, rest: str) -> int:
    """A patrol's count: 1 when left out; refused, saying the form, when not a whole number 1–20."""
    if not rest:
        return 1
    if rest.isascii() and rest.isdecimal() and 1 <= int(rest) <= MAX_PATROLS:
        return int(rest)
    raise UserError(N_("patrols: {given} is not a zone with a count from 1 to {most}; write "
                       "\"North Sea: 2; English Channel\" (E5.5)"), domain=DOMAIN,
                    given=quote(f"{place}: {rest}"), most=MAX_PATROLS)


def keyed(text: str | None, counted: bool) -> dict[str, Any] | None:
    """'Bay of Biscay: 2; North Sea' → {place: 2, …} (``counted``: a patrol's times, 1 when left out), or
    'Brest: Ponant, Rochefort; …' → {place: [squadrons]}.  None: the option was not given."""
    if text is None:
        return None
    out: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(";") if p.strip()):
        place, _, rest = part.partition(":")
        if counted:
            out[place.strip()] = _times(place.strip(), rest.strip())
        else:
            out[place.strip()] = split_list(rest)
    return out


# --- autocomplete -----------------------------------------------------------------------------------

class StackRef(QuietRef):
    """A place where the caller has squadrons (E4.4: one stack per nation and place), with how many."""

    async def options(self, interaction, campaign, faction):
        t, places = reader(interaction, DOMAIN), place_names(campaign)
        here: dict[str, list[str]] = {}
        for unit in await service_of(interaction).units(campaign.id, faction.id):
            here.setdefault(unit.location, []).append(unit.name)
        return [(t._("{place} — {squadrons}", place=places.get(p, p), squadrons=", ".join(names)), p)
                for p, names in sorted(here.items(), key=lambda kv: fold(places.get(kv[0], kv[0])))]


class SquadronRef(QuietRef):
    """One of the caller's squadrons, with where it is."""

    async def options(self, interaction, campaign, faction):
        places = place_names(campaign)
        return [(f"{u.name} — {places.get(u.location, u.location)}", u.id)
                for u in await service_of(interaction).units(campaign.id, faction.id)]


class PlaceRef(QuietRef):
    """A zone or port of the board (``zones``/``ports``: only those), those next to the last one first."""

    def __init__(self, zones: bool = True, ports: bool = True) -> None:
        self.zones, self.ports = zones, ports

    async def options(self, interaction, campaign, faction):
        found = board(campaign)
        table = {**(zone_names(campaign) if self.zones else {}), **(port_names(campaign) if self.ports else {})}
        here = _route_end(interaction, campaign)
        near = set(found.adjacent(here)) | set(found.ports_in(here)) if here in found.zones else (
            {found.zone_of(here)} if here in found.ports else set())
        ordered = sorted(table.items(), key=lambda kv: fold(kv[1]))
        return [(name, key) for key, name in ordered if key in near] + [
            (name, key) for key, name in ordered if key not in near]


def _route_end(interaction: discord.Interaction, campaign: Campaign) -> str | None:
    """Where the route typed so far ends (else where the fleet is: the ``at`` option)."""
    names = place_names(campaign)
    steps = [match_name(p, names) for p in split_list(getattr(interaction.namespace, "route", None) or "")]
    if steps and steps[-1] in names:
        return steps[-1]
    at = getattr(interaction.namespace, "at", None)
    return match_name(at, names) if at else None


class ItemRef(QuietRef):
    """A land unit or leader of the caller's (E11.1), with the port it is in."""

    async def options(self, interaction, campaign, faction):
        places = place_names(campaign)
        rows = await service_of(interaction).holding(campaign.id, faction.id, "land") or []
        return [(f"{r.get('name') or r['id']} — {places.get(r['location'], r['location'])}", r["id"]) for r in rows]


class ArmadaRef(QuietRef):
    """An armada the caller's fleet is in (E3)."""

    async def options(self, interaction, campaign, faction):
        places = place_names(campaign)
        rows = await service_of(interaction).holding(campaign.id, faction.id, "armadas") or []
        return [(f"{r.get('name') or r['id']} — {places.get(r['location'], r['location'])}", r["id"]) for r in rows]


Stack = app_commands.Transform[str, StackRef()]
Squadron = app_commands.Transform[str, SquadronRef()]
Squadrons = app_commands.Transform[list[str], ListRef(SquadronRef())]
Zone = app_commands.Transform[str, PlaceRef(ports=False)]
PortName = app_commands.Transform[str, PlaceRef(zones=False)]
Route = app_commands.Transform[list[str], ListRef(PlaceRef())]
Ports = app_commands.Transform[list[str], ListRef(PlaceRef(zones=False))]
Items = app_commands.Transform[list[str], ListRef(ItemRef())]
ArmadaName = app_commands.Transform[str, ArmadaRef()]
