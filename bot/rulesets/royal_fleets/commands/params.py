"""The royal fleets' own slash-command parameters: the caller's fleets and ships, sea areas, routes
that follow the map's adjacency, ports, provinces, armies, ship types of the campaign's table and
ships on offer; and ``resolve``, which makes the names typed by hand ids after the command defers.

Every choice is shown by name (never an id); text that matches nothing is passed on unchanged,
so the rules refuse it by name (validation/validate.py).  Autocomplete answers from the caller's
own holdings only (ruleset.holdings): another faction's fleets are never listed to a player.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign, Faction
from bot.i18n import N_
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import player_faction, reader, service_of
from cogs.params import ListRef, PlayerContext, QuietRef, campaign_quietly, fold, game_map, match_name, \
    matching_choices, split_list

DOMAIN = "royal-fleets"  # the catalogue of these texts (bot/rulesets/royal_fleets/locale/)
MAX_CHOICES = 25

# Which fields of an order (rules/orders/orders.py) name what: names typed by hand become ids.
AREA_FIELDS = {"area", "avoid_to"}
AREA_LISTS = {"path", "retreat_to"}
PORT_FIELDS = {"port"}
PROVINCE_FIELDS = {"embark", "land"}
FLEET_FIELDS = {"fleet", "into"}
SHIP_LISTS = {"ships", "unpaid"}
FACTION_FIELDS = {"side"}


# --- what the tables are read from ------------------------------------------------------------------

def area_names(campaign: Campaign) -> dict[str, str]:
    return {key: area.name for key, area in game_map(campaign.map_id).areas.items()}


def port_names(campaign: Campaign) -> dict[str, str]:
    return {key: port.name for key, port in game_map(campaign.map_id).ports.items()}


def province_names(campaign: Campaign) -> dict[str, str]:
    return {key: province.name for key, province in game_map(campaign.map_id).provinces.items()}


def ship_types(settings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The campaign's ship-type table (U-OP-15) from its flattened settings: id → row."""
    rows: dict[str, dict[str, Any]] = {}
    for key, value in settings.items():
        if key.startswith("ship_types."):
            _, type_id, field = key.split(".", 2)
            rows.setdefault(type_id, {})[field] = value
    return rows


async def table_of(interaction: discord.Interaction, campaign: Campaign) -> dict[str, dict[str, Any]]:
    return ship_types(await service_of(interaction).settings(campaign.id))


def type_label(type_id: str, rows: dict[str, dict[str, Any]]) -> str:
    return rows.get(type_id, {}).get("name") or type_id


def ship_label(ship: dict[str, Any], rows: dict[str, dict[str, Any]], t, fleets: dict[str, str],
               areas: dict[str, str]) -> str:
    """'galleon San Felipe (health 17) — Armada of Galicia, Coast of Portugal' (a ship without a name: its type)."""
    kind = type_label(ship["type"], rows)
    named = f"{kind} {ship['name']}" if ship.get("name") else kind
    if "health" not in ship:  # another faction's ship on offer: its health is not public (U3.5)
        return t._("{type} — {fleet}, {area}", type=named, fleet=fleets.get(ship["fleet"], "?"),
                   area=areas.get(ship["area"], "?"))
    return t._("{type} (health {health}) — {fleet}, {area}", type=named, health=ship["health"],
               fleet=fleets.get(ship["fleet"], "?"), area=areas.get(ship["area"], "?"))


async def fleet_names(interaction: discord.Interaction, campaign: Campaign, faction: Faction) -> dict[str, str]:
    return {u.id: u.name for u in await service_of(interaction).units(campaign.id, faction.id)}


# --- payloads ---------------------------------------------------------------------------------------

async def resolve(interaction: discord.Interaction, ctx: PlayerContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Names typed by hand → ids; unknown text is kept for the rules to refuse by name."""
    campaign, service = ctx.campaign, service_of(interaction)
    tables = {**{f: area_names(campaign) for f in AREA_FIELDS | AREA_LISTS},
              **{f: port_names(campaign) for f in PORT_FIELDS},
              **{f: province_names(campaign) for f in PROVINCE_FIELDS},
              **{f: {u.id: u.name for u in ctx.units} for f in FLEET_FIELDS},
              **{f: {x.id: x.name for x in campaign.factions} for f in FACTION_FIELDS}}
    if payload.get("army"):
        tables["army"] = {a["id"]: a["name"] for a in await service.armies(campaign.id, ctx.faction.id)}
    if payload.get("kind") == "join_command":  # the asking fleet is an ally's: named by its request
        rows = await service.holding(campaign.id, ctx.faction.id, "join_requests") or []
        tables["fleet"] = {r["fleet"]: r["name"] for r in rows}
    if payload.get("focus"):  # U6.2.4.2: enemy ships by the names the caller's fleets see, nothing else
        tables["focus"] = sighted_names(await service.holding(campaign.id, ctx.faction.id, "sighted_ships") or [])
    if payload.get("kind") == "retreat_to_ships":  # U9.8: own or allied fleets
        tables["fleet"] = {u.id: u.name for u in await friendly_fleets(interaction, campaign, ctx.faction)}
    if payload.get("kind") == "hire":
        rows = await table_of(interaction, campaign)
        tables["ships"] = {key: row.get("name") or key for key, row in rows.items()}
    elif any(payload.get(f) for f in SHIP_LISTS):
        own = await service.holding(campaign.id, ctx.faction.id, "ships") or []
        offer = await service.holding(campaign.id, ctx.faction.id, "on_offer") or []
        named = {s["id"]: s.get("name") or s["id"] for s in [*own, *offer]}  # "San Felipe" → sp-galleon-1
        tables.update({f: named for f in SHIP_LISTS})
    return {key: _resolved(value, tables.get(key)) for key, value in payload.items()}


def sighted_names(rows: list[dict[str, Any]]) -> dict[str, str]:
    return {r["id"]: r.get("name") or r["id"] for r in rows}


async def friendly_fleets(interaction: discord.Interaction, campaign: Campaign, faction: Faction) -> list:
    """The caller's fleets, then its allies' (U9.8 "friendly ships"; fleets and relations are public)."""
    service = service_of(interaction)
    relations = await service.holding(campaign.id, faction.id, "relations") or {}
    units = list(await service.units(campaign.id, faction.id))
    for other in sorted(o for o, rel in relations.items() if rel == "allied"):
        units += [u for u in await service.units(campaign.id, other) if u.id not in {x.id for x in units}]
    return units


def _resolved(value: Any, table: dict[str, str] | None) -> Any:
    if table is None:
        return value
    if isinstance(value, (list, tuple)):
        return [match_name(v, table) for v in value]
    if isinstance(value, dict):
        return value
    return match_name(value, table)


# --- autocomplete -----------------------------------------------------------------------------------

class FleetRef(QuietRef):
    """One of the caller's fleets: its name, where it is and how many ships."""

    async def options(self, interaction, campaign, faction):
        t, areas = reader(interaction, DOMAIN), area_names(campaign)
        units = await service_of(interaction).units(campaign.id, faction.id)
        return [(t._("{fleet} — {area}", fleet=u.name, area=areas.get(u.location, "?")), u.id) for u in units]


def nearest_first(options: list[tuple[str, str]], near: tuple[str, ...]) -> list[tuple[str, str]]:
    """(label, id) pairs by name, those in ``near`` first (what the fleet can reach or use from where it is)."""
    ordered = sorted(options, key=lambda p: fold(p[0]))
    return [p for p in ordered if p[1] in near] + [p for p in ordered if p[1] not in near]


async def where(interaction: discord.Interaction, campaign: Campaign, faction: Faction,
                route_end: bool = False) -> str | None:
    """The sea area the command is about: the fleet's (the ``fleet`` option), or with ``route_end`` the
    last area of the ``route`` typed so far; None when neither is known."""
    names = area_names(campaign)
    if route_end:
        steps = [match_name(part, names) for part in split_list(getattr(interaction.namespace, "route", None) or "")]
        if steps and steps[-1] in names:
            return steps[-1]
    typed = getattr(interaction.namespace, "fleet", None)
    if not typed:
        return None
    units = await service_of(interaction).units(campaign.id, faction.id)
    fleet = match_name(typed, {u.id: u.name for u in units})
    return next((u.location for u in units if u.id == fleet), None)


class SeaRef(QuietRef):
    """A sea area of the map, by name; ``near``: those next to the fleet first (support U5.2, avoidance U5.3)."""

    def __init__(self, near: bool = False) -> None:
        self.near = near

    async def options(self, interaction, campaign, faction):
        here = await where(interaction, campaign, faction) if self.near else None
        near = game_map(campaign.map_id).adjacent(here) if here else ()
        return nearest_first([(name, key) for key, name in area_names(campaign).items()], near)


class PortRef(QuietRef):
    """A port by name, with the sea area it opens onto (U4: the area a blockader stands in); those on the
    route's last area (or the fleet's) first."""

    async def options(self, interaction, campaign, faction):
        sea, areas = game_map(campaign.map_id), area_names(campaign)
        here = await where(interaction, campaign, faction, route_end=True)
        return nearest_first([(f"{p.name} ({areas.get(p.sea, p.sea)})", key) for key, p in sea.ports.items()],
                             sea.ports_on(here) if here else ())


class ProvinceRef(QuietRef):
    """A coastal province by name (where an army embarks or lands, U9); those bordering the fleet's area
    (``route_end``: the route's last area, where it lands) first."""

    def __init__(self, route_end: bool = False) -> None:
        self.route_end = route_end

    async def options(self, interaction, campaign, faction):
        here = await where(interaction, campaign, faction, self.route_end)
        near = game_map(campaign.map_id).bordering_provinces(here) if here else ()
        return nearest_first([(name, key) for key, name in province_names(campaign).items()], near)


class ArmyRef(QuietRef):
    """One of the caller's armies, where it is (U13 Army, the land module's)."""

    async def options(self, interaction, campaign, faction):
        t, provinces = reader(interaction, DOMAIN), province_names(campaign)
        rows = await service_of(interaction).armies(campaign.id, faction.id)
        return [(t._("{army} — {units} units, in {province}", army=a["name"], units=len(a["units"]),
                     province=provinces.get(a.get("province"), "?")) if a.get("province") else
                 t._("{army} — {units} units, at sea", army=a["name"], units=len(a["units"])), a["id"])
                for a in rows]


class ShipTypeRef(QuietRef):
    """A ship type of the campaign's table, with its values (U6.1, U-OP-15)."""

    async def options(self, interaction, campaign, faction):
        rows, t = await table_of(interaction, campaign), reader(interaction, DOMAIN)
        return [(t._("{type} — attack {attack}, health {health}, price {price}", type=row.get("name") or key,
                     attack=_shown(row.get("attack")), health=_shown(row.get("max_health")),
                     price=_shown(row.get("price"))), key) for key, row in rows.items()]


def _shown(value: Any) -> str:
    return "?" if value is None else str(value)


class ShipRef(QuietRef):
    """One of the caller's ships (of the fleet typed in the command's ``fleet`` option, if any);
    ``offer``: ships of other factions on offer for buy-over instead (U3.5)."""

    def __init__(self, offer: bool = False) -> None:
        self.offer = offer

    async def options(self, interaction, campaign, faction):
        service, t = service_of(interaction), reader(interaction, DOMAIN)
        ships = await service.holding(campaign.id, faction.id, "on_offer" if self.offer else "ships") or []
        fleets = await fleet_names(interaction, campaign, faction)
        typed = getattr(interaction.namespace, "fleet", None)
        chosen = match_name(typed, fleets) if typed else None
        if self.offer:
            fleets = {s["fleet"]: t._("on offer") for s in ships}
        elif chosen in fleets:
            ships = [s for s in ships if s["fleet"] == chosen]
        rows, areas = await table_of(interaction, campaign), area_names(campaign)
        return [(ship_label(s, rows, t, fleets, areas), s["id"]) for s in ships]


class SightedShipRef(QuietRef):
    """Another faction's ship the caller's fleets see (U6.2.4.2 focus; rules views.sighted_ships):
    never a ship it has not seen."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).holding(campaign.id, faction.id, "sighted_ships") or []
        t, areas, named = reader(interaction, DOMAIN), area_names(campaign), {f.id: f.name for f in campaign.factions}
        types = await table_of(interaction, campaign)
        return [(t._("{ship} ({owner}) — {fleet}, {area}", ship=_typed_name(r, types),
                     owner=named.get(r["owner"], "?"), fleet=r["fleet_name"], area=areas.get(r["area"], "?")), r["id"])
                for r in rows]


def _typed_name(ship: dict[str, Any], types: dict[str, dict[str, Any]]) -> str:
    kind = type_label(ship["type"], types)
    return f"{kind} {ship['name']}" if ship.get("name") else kind


class FriendlyFleetRef(QuietRef):
    """One of the caller's fleets or an ally's (U9.8)."""

    async def options(self, interaction, campaign, faction):
        t, areas = reader(interaction, DOMAIN), area_names(campaign)
        return [(t._("{fleet} — {area}", fleet=u.name, area=areas.get(u.location, "?")), u.id)
                for u in await friendly_fleets(interaction, campaign, faction)]


class RouteRef(app_commands.Transformer):
    """A fleet's route (U2.2): sea areas comma separated, each offered from those next to the last one
    typed (or to the fleet's area, for the first step): a route follows the map's adjacency."""

    @property
    def max_value(self) -> int:
        return 400

    async def transform(self, interaction: discord.Interaction, value: str) -> list[str]:
        return split_list(value)

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[app_commands.Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None:
            return []
        sea, names = game_map(campaign.map_id), area_names(campaign)
        done, _, last = value.rpartition(",")
        steps = [match_name(part, names) for part in split_list(done)]
        start = steps[-1] if steps else await _fleet_area(interaction, campaign)
        nearby = sorted(sea.adjacent(start) if start in sea.areas else names, key=lambda k: fold(names.get(k, k)))
        head = ", ".join(names.get(s, s) for s in steps)
        prefix = f"{head}, " if head else ""
        options = [(f"{prefix}{names[key]}", f"{prefix}{names[key]}") for key in nearby if key in names
                   and fold(last) in fold(names[key])]
        return [app_commands.Choice(name=label[:100], value=v) for label, v in options if len(v) <= 100][:MAX_CHOICES]


async def _fleet_area(interaction: discord.Interaction, campaign: Campaign) -> str | None:
    typed = getattr(interaction.namespace, "fleet", None)
    if not typed:
        return None
    try:
        units = await service_of(interaction).units(campaign.id, player_faction(interaction, campaign).id)
    except (UserError, StoreError):  # autocomplete offers every area rather than fail
        return None
    fleet = match_name(typed, {u.id: u.name for u in units})
    return next((u.location for u in units if u.id == fleet), None)


class JoinRequestRef(QuietRef):
    """An ally's fleet asking to join one of the caller's fleets under joint command (U1.2, U-OP-02)."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).holding(campaign.id, faction.id, "join_requests") or []
        fleets, t = await fleet_names(interaction, campaign, faction), reader(interaction, DOMAIN)
        return [(t._("{fleet} — asks to join {into}", fleet=r["name"], into=fleets.get(r["into"], "?")), r["fleet"])
                for r in rows]


NOT_YOURS = N_("your faction has no fleet {fleet}; /fleet list shows your fleets")

Fleet = app_commands.Transform[str, FleetRef()]
Sea = app_commands.Transform[str, SeaRef()]
Seas = app_commands.Transform[list[str], ListRef(SeaRef())]
Route = app_commands.Transform[list[str], RouteRef()]
Port = app_commands.Transform[str, PortRef()]
Province = app_commands.Transform[str, ProvinceRef()]
Landing = app_commands.Transform[str, ProvinceRef(route_end=True)]
NearSea = app_commands.Transform[str, SeaRef(near=True)]
Army = app_commands.Transform[str, ArmyRef()]
ShipTypes = app_commands.Transform[list[str], ListRef(ShipTypeRef())]
Ships = app_commands.Transform[list[str], ListRef(ShipRef())]
JoinRequest = app_commands.Transform[str, JoinRequestRef()]
OnOffer = app_commands.Transform[list[str], ListRef(ShipRef(offer=True))]
EnemyShips = app_commands.Transform[list[str], ListRef(SightedShipRef())]
FriendlyFleet = app_commands.Transform[str, FriendlyFleetRef()]
