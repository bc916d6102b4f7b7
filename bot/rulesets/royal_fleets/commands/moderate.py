"""/royal-fleets: moderators enter, between turns, what the royal fleets rules read but never make
(U-OP-38: the land module, diplomacy and economy are outside the naval rules): relations, treasuries
and war exhaustion, provinces (owner, fortress, siege), trade-post control, armies; the pirates'
fleets (U3.4, U-OP-09) and any fleet or ship a ruling places or corrects; the deployment window
(U1.3); and, under ``table``, the campaign tables (tables.py).  The pirates' orders are given with
/mod act-as clan:pirates and /royal, like a player's.

Moderators only (hidden from players by default); every reply is ephemeral.  Each edit goes through
the rules' ``apply_edit`` (rules/moderation/edits.py), is recorded in the audit log with who, when and
why, and the reply shows what changed.  Names typed by hand are matched to ids after the command
defers; text that matches nothing is passed on, so the rules refuse it by name.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.text import quote
from bot.i18n import N_
from bot.localized import Text
from bot.rulesets.royal_fleets.commands.params import DOMAIN, area_names, province_names, ship_label, ship_types
from bot.rulesets.royal_fleets.commands.tables import NOT_THALERS, TableCommands, TradePost, attack_value, type_id
from bot.services.errors import UserError
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reader, service_of
from cogs.confirm import ask
from cogs.mod_common import ModeratorRef, apply, clans, names, optional, pick, roster
from cogs.params import NewName, Reason, fold, game_map

Choice = app_commands.Choice
PIRATES = "pirates"  # U3.4: the moderators' pseudo-faction (rules/model/state.py PIRATES)
RELATIONS = [Choice(name="at war", value="at_war"), Choice(name="allied", value="allied"),
             Choice(name="neutral", value="neutral")]
SHIPS_FORMAT = N_('write the ships as types, comma separated, each with its health after a colon if it is not the '
                  'type\'s maximum: "galleon, galleon:3, frigate"')
_SHIP = re.compile(r"^(?P<type>[^:]+?)\s*(?::\s*(?P<health>\d+))?$")


def factions(campaign) -> dict[str, str]:
    """The campaign's factions and the pirates (U3.4), by id → name."""
    return {**clans(campaign), PIRATES: "Pirates"}


class FactionRef(ModeratorRef):
    def __init__(self, pirates: bool = False, nobody: bool = False) -> None:
        self.pirates, self.nobody = pirates, nobody

    async def options(self, interaction, campaign):
        named = factions(campaign) if self.pirates else clans(campaign)
        return [(name, key) for key, name in named.items()] + ([("nobody", "none")] if self.nobody else [])


class PlaceRef(ModeratorRef):
    """A sea area, province or port of the campaign's map, by name."""

    def __init__(self, section: str) -> None:
        self.section = section

    async def options(self, interaction, campaign):
        entries = getattr(game_map(campaign.map_id), self.section)
        return sorted(((entry.name, key) for key, entry in entries.items()), key=lambda p: fold(p[0]))


class AnyFleetRef(ModeratorRef):
    async def options(self, interaction, campaign):
        named, areas = factions(campaign), area_names(campaign)
        return [(f"{u['name']} — {named.get(u['owner'], u['owner'])}, {areas.get(u['state'], u['state'])}", u["id"])
                for u in (await roster(interaction, campaign))["units"]]


class AnyShipRef(ModeratorRef):
    """Any faction's ship (of the fleet typed in the ``fleet`` option, if any)."""

    async def options(self, interaction, campaign):
        service, t = service_of(interaction), reader(interaction, DOMAIN)
        rows = ship_types(await service.settings(campaign.id))
        fleets = names((await roster(interaction, campaign))["units"])
        ships = [s for f in factions(campaign) for s in await service.holding(campaign.id, f, "ships") or []]
        seen = {s["id"]: s for s in ships}  # a jointly commanded fleet's ships are listed by each owner
        return [(ship_label(s, rows, t, fleets, area_names(campaign)), key) for key, s in seen.items()]


class AnyArmyRef(ModeratorRef):
    async def options(self, interaction, campaign):
        named = factions(campaign)
        return [(f"{a['name']} — {named.get(a['clan'], a['clan'])}", a["id"])
                for a in (await roster(interaction, campaign))["armies"]]


Faction = app_commands.Transform[str, FactionRef()]
FleetOwner = app_commands.Transform[str, FactionRef(pirates=True)]
Owner = app_commands.Transform[str, FactionRef(nobody=True)]
SeaArea = app_commands.Transform[str, PlaceRef("areas")]
Province = app_commands.Transform[str, PlaceRef("provinces")]
AnyFleet = app_commands.Transform[str, AnyFleetRef()]
AnyShip = app_commands.Transform[str, AnyShipRef()]
AnyArmy = app_commands.Transform[str, AnyArmyRef()]


def parse_ships(text: str, rows: dict[str, dict[str, Any]], fleet_id: str) -> list[dict[str, Any]]:
    """'galleon, galleon:3' → ships with ids of the new fleet; the health is the type's maximum unless given."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    ships = []
    for number, part in enumerate(parts, start=1):
        match = _SHIP.match(part)
        key = type_id(match["type"], rows) if match else None
        if key not in rows:
            known = ", ".join(r.get("name") or k for k, r in rows.items()) or "none yet"
            raise UserError(N_("{part} is not a ship type of this campaign's table (known: {known}); {format}"),
                            domain=DOMAIN, part=quote(part), known=known, format=_format())
        health = int(match["health"]) if match["health"] else rows[key].get("max_health")
        if health is None:
            raise UserError(N_("{type} has no maximum health in the table yet: give each one's health (\"{type}:4\") "
                               "or set it with /royal-fleets table ship-type"), domain=DOMAIN,
                            type=rows[key].get("name") or key)
        ships.append({"id": f"{fleet_id}-{number}", "type": key, "health": health})
    if not ships:
        raise UserError(N_("no ships given; {format}"), domain=DOMAIN, format=_format())
    return ships


def _format() -> Text:
    return Text(SHIPS_FORMAT, domain=DOMAIN)


def new_id(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-")[:32] or "fleet"
    found, n = base, 2
    while found in taken:
        found, n = f"{base}-{n}", n + 1
    return found


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class RoyalModerateCog(commands.GroupCog, group_name="royal-fleets",
                       group_description="Moderators: royal fleets tables, pirates, fleets, provinces, diplomacy"):
    table = TableCommands()

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="relation", description="Set two factions at war, allied or neutral (U13)")
    @app_commands.describe(faction_a="one faction", faction_b="the other", relation="their relation", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.choices(relation=RELATIONS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def relation(self, interaction: discord.Interaction, faction_a: Faction, faction_b: Faction,
                       relation: Choice[str], reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        named = clans(chosen)
        await apply(interaction, chosen, {"kind": "relation", "a": pick(faction_a, named), "b": pick(faction_b, named),
                                          "relation": relation.value}, reason)

    @app_commands.command(name="treasury", description="Set a faction's thalers and war exhaustion (U3, U7.4)")
    @app_commands.describe(faction="the faction", thalers="its treasury (default: unchanged)",
                           war_exhaustion="default: unchanged", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def treasury(self, interaction: discord.Interaction, faction: Faction,
                       thalers: app_commands.Range[str, 1, 20] | None = None,
                       war_exhaustion: app_commands.Range[int, 0, 1000] | None = None,
                       reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "faction", "id": pick(faction, clans(chosen))}
        if thalers is not None:
            payload["treasury"] = attack_value(thalers, NOT_THALERS)  # exact: 1200 or 1202.5
        if war_exhaustion is not None:
            payload["war_exhaustion"] = war_exhaustion
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="province", description="A province's owner, fortress and siege (U11, U-OP-38)")
    @app_commands.describe(province="the province", owner="its owner, or 'nobody' (default: unchanged)",
                           fortress="it has a fortress", besieged="it is besieged",
                           food_depot="its food depot (U11.1)", chain_of_forts="the besieger built one (U11.1)",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def province(self, interaction: discord.Interaction, province: Province, owner: Owner | None = None,
                       fortress: bool | None = None, besieged: bool | None = None,
                       food_depot: Literal["none", "basic", "improved"] | None = None,
                       chain_of_forts: bool | None = None, reason: Reason | None = None,
                       campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "province", "id": pick(province, province_names(chosen))}
        if owner is not None:
            payload["owner"] = optional(pick(owner, clans(chosen)))
        for key, value in (("fortress", fortress), ("besieged", besieged), ("food_depot", food_depot),
                           ("chain_of_forts", chain_of_forts)):
            if value is not None:
                payload[key] = value
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="trade-post", description="Who controls a trade post (U10.4)")
    @app_commands.describe(post="the trade post", controller="a faction, or 'nobody'", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def trade_post(self, interaction: discord.Interaction, post: TradePost, controller: Owner,
                         reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        posts = {k: p.name for k, p in game_map(chosen.map_id).trade_posts.items()}
        await apply(interaction, chosen, {"kind": "trade_post", "id": pick(post, posts),
                                          "controller": optional(pick(controller, clans(chosen)))}, reason)

    @app_commands.command(name="fleet-add", description="Place a fleet: the pirates' (U3.4) or a ruling's")
    @app_commands.describe(faction="its faction, or the pirates", area="the sea area", name="the fleet's name",
                           ships='types, comma separated: "galleon, galleon:3, frigate"', reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def fleet_add(self, interaction: discord.Interaction, faction: FleetOwner, area: SeaArea, name: NewName,
                        ships: app_commands.Range[str, 1, 400], reason: Reason | None = None,
                        campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        rows = ship_types(await service_of(interaction).settings(chosen.id))
        fleet_id = new_id(name, {u["id"] for u in (await roster(interaction, chosen, fresh=True))["units"]})
        await apply(interaction, chosen, {"kind": "fleet_add", "id": fleet_id, "name": name.strip(),
                                          "faction": pick(faction, factions(chosen)),
                                          "area": pick(area, area_names(chosen)),
                                          "ships": parse_ships(ships, rows, fleet_id)}, reason)

    @app_commands.command(name="fleet", description="Move, rename or remove any fleet (a ruling)")
    @app_commands.describe(fleet="the fleet", area="its new sea area", name="its new name",
                           remove="take it off the map", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def fleet(self, interaction: discord.Interaction, fleet: AnyFleet, area: SeaArea | None = None,
                    name: NewName | None = None, remove: bool = False, reason: Reason | None = None,
                    campaign: int | None = None) -> None:
        if remove:  # asks first, so it answers the command itself (cogs/confirm.py): no defer
            await self.remove_fleet(interaction, fleet, reason, campaign)
            return
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        fleets = names((await roster(interaction, chosen))["units"])
        payload: dict[str, Any] = {"kind": "fleet", "id": pick(fleet, fleets)}
        if area is not None:
            payload["area"] = pick(area, area_names(chosen))
        if name is not None:
            payload["name"] = name.strip()
        await apply(interaction, chosen, payload, reason)

    async def remove_fleet(self, interaction: discord.Interaction, fleet: str, reason: str | None,
                           campaign: int | None) -> None:
        """A fleet off the map for good (its ships with it): said first, done on Confirm."""
        chosen = await campaign_for(interaction, campaign)
        units = {u["id"]: u for u in (await roster(interaction, chosen))["units"]}
        fleet_id = pick(fleet, names(list(units.values())))
        if fleet_id not in units:
            raise UserError(N_("{campaign} has no fleet {fleet}; pick one from the list as you type"), domain=DOMAIN,
                            campaign=chosen.name, fleet=quote(fleet))
        found, t = units[fleet_id], reader(interaction, DOMAIN)
        prompt = t._("Remove {fleet} ({faction}) and all its ships from {campaign} for good? A fleet sunk in battle "
                     "is already gone; this is for a ruling or a mistake.", fleet=found["name"],
                     faction=factions(chosen).get(found["owner"], found["owner"]), campaign=chosen.name)
        payload = {"kind": "fleet", "id": fleet_id, "remove": True}
        await ask(interaction, prompt, lambda click: apply(click, chosen, payload, reason),
                  label=t._("Remove {fleet}", fleet=found["name"]))

    @app_commands.command(name="ship", description="Correct a ship: health, unpaid, upgrades (U-OP-15)")
    @app_commands.describe(ship="the ship", health="its health (0 sinks it)", unpaid="offered for buy-over (U3.5)",
                           attack_bonus="an upgrade's attack", health_bonus="an upgrade's health", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def ship(self, interaction: discord.Interaction, ship: AnyShip,
                   health: app_commands.Range[int, 0, 1000] | None = None, unpaid: bool | None = None,
                   attack_bonus: app_commands.Range[int, -100, 100] | None = None,
                   health_bonus: app_commands.Range[int, -100, 100] | None = None,
                   reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "ship", "id": ship}
        for key, value in (("health", health), ("unpaid", unpaid), ("attack_bonus", attack_bonus),
                           ("health_bonus", health_bonus)):
            if value is not None:
                payload[key] = value
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="army", description="Place, change or remove an army (the land module's, U13)")
    @app_commands.describe(army="an army, or a new one's name", owner="its faction",
                           units='health of each unit: "3, 3, 2"',
                           province="where it stands",
                           beaten_mp="lost a land battle this turn, MP left (U9.8; -1: not beaten)",
                           remove="take it off", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def army(self, interaction: discord.Interaction, army: AnyArmy, owner: Faction | None = None,
                   units: app_commands.Range[str, 1, 400] | None = None, province: Province | None = None,
                   beaten_mp: app_commands.Range[int, -1, 6] | None = None, remove: bool = False,
                   reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        armies = names((await roster(interaction, chosen, fresh=True))["armies"])
        known = pick(army, armies)
        payload: dict[str, Any] = {"kind": "army", "id": known if known in armies else new_id(army, set(armies)),
                                   "remove": remove}
        if known not in armies:
            payload["name"] = army.strip()
        if owner is not None:
            payload["owner"] = pick(owner, clans(chosen))
        if units is not None:
            payload["units"] = unit_healths(units)
        if province is not None:
            payload["province"] = pick(province, province_names(chosen))
        if beaten_mp is not None:
            payload["beaten_mp"] = beaten_mp
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="deployment", description="Open or close the deployment before the game (U1.3)")
    @app_commands.describe(open="true: /royal deploy is open", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def deployment(self, interaction: discord.Interaction, open: bool, reason: Reason | None = None,
                         campaign: int | None = None) -> None:
        await defer(interaction)
        await apply(interaction, await campaign_for(interaction, campaign), {"kind": "deployment", "open": open},
                    reason)


def unit_healths(text: str) -> list[int]:
    parts = [p.strip() for p in re.split(r"[,;\s]+", text) if p.strip()]
    if not parts or not all(re.fullmatch(r"[0-9]{1,6}", p) and int(p) > 0 for p in parts):  # not isdigit: "²"
        raise UserError(N_("units: {text} is not a list of healths; write each unit's health, comma separated: "
                           "\"3, 3, 2\""), domain=DOMAIN, text=quote(text))
    return [int(p) for p in parts]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RoyalModerateCog(bot))
