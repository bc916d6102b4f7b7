"""/empires-in-arms: moderators enter what the naval rules read but never make (chapter 13 leaves
them to the main rules): war, peace and alliances, zone control (E-OP-12), port control, a
squadron's status and place (E-OP-17), the KO ledger (E-OP-01), armadas, the nations' combat dice
(E8.4, E-OP-15: an unlisted nation is refused at resolution until it is set here), and the loss of
a port by land action (E14, E-OP-25), which opens a step of its own.

Moderators only (hidden from players by default); every reply is ephemeral.  Each edit goes through
the rules' ``apply_edit`` (rules/edits.py), is recorded in the audit log with who, when and why, and
the reply shows what changed.  Names typed by hand are matched to ids after the command defers;
text that matches nothing is passed on, so the rules refuse it by name.
"""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.rulesets.empires_in_arms.commands.params import DOMAIN, place_names, port_names, zone_names
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reader, reply, \
    service_of
from cogs.mod_common import ModeratorRef, apply, clans, names, optional, pick, roster
from cogs.params import NewName, Reason, fold

Choice = app_commands.Choice
RELATIONS = [Choice(name="at war", value="war"), Choice(name="at peace", value="peace"),
             Choice(name="allied", value="alliance")]
STATUSES = [Choice(name="ready", value="ready"), Choice(name="requires outfitting", value="requires_outfitting"),
            Choice(name="under construction", value="under_construction")]


class NationRef(ModeratorRef):
    def __init__(self, nobody: bool = False) -> None:
        self.nobody = nobody

    async def options(self, interaction, campaign):
        return [(name, key) for key, name in clans(campaign).items()] + ([("nobody", "none")] if self.nobody else [])


class PlaceRef(ModeratorRef):
    """A zone or port of the board (``section``: "zones", "ports", or both when None), by name."""

    def __init__(self, section: str | None = None) -> None:
        self.section = section

    async def options(self, interaction, campaign):
        table = {"zones": zone_names, "ports": port_names}.get(self.section or "", place_names)(campaign)
        return sorted(((name, key) for key, name in table.items()), key=lambda p: fold(p[0]))


class AnySquadronRef(ModeratorRef):
    async def options(self, interaction, campaign):
        named = clans(campaign)
        return [(f"{u['name']} — {named.get(u['owner'], u['owner'])}, {u['state']}", u["id"])
                for u in (await roster(interaction, campaign))["units"]]


Nation = app_commands.Transform[str, NationRef()]
Controller = app_commands.Transform[str, NationRef(nobody=True)]
AnyPlace = app_commands.Transform[str, PlaceRef()]
ZoneRef = app_commands.Transform[str, PlaceRef("zones")]
PortRef = app_commands.Transform[str, PlaceRef("ports")]
AnySquadron = app_commands.Transform[str, AnySquadronRef()]


def new_id(name: str, taken: set[str]) -> str:
    """A squadron's id from its name, unique in the campaign ("Channel Fleet" → channel-fleet, channel-fleet-2)."""
    base = "-".join("".join(c if c.isalnum() else " " for c in fold(name)).split())[:32] or "squadron"
    found, number = base, 1
    while found in taken:
        number += 1
        found = f"{base}-{number}"
    return found


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class EiaModerateCog(commands.GroupCog, group_name="empires-in-arms",
                     group_description="Moderators: Empires in Arms diplomacy, zones, ports, squadrons, dice, KO"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="relation", description="Set two nations at war, at peace or allied")
    @app_commands.describe(a="one nation", b="the other", relation="their relation", reason="why", campaign=CAMPAIGN)
    @app_commands.choices(relation=RELATIONS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def relation(self, interaction: discord.Interaction, a: Nation, b: Nation, relation: Choice[str],
                       reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        named = clans(chosen)
        await apply(interaction, chosen, {"kind": "relation", "a": pick(a, named), "b": pick(b, named),
                                          "relation": relation.value}, reason)

    @app_commands.command(name="zone", description="Who controls a sea zone (E-OP-12; blockades E7.1)")
    @app_commands.describe(zone="the zone", nation="its controller, or 'nobody'", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def zone(self, interaction: discord.Interaction, zone: ZoneRef, nation: Controller,
                   reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "zone_control", "zone": pick(zone, zone_names(chosen)),
                                          "nation": optional(pick(nation, clans(chosen)))}, reason)

    @app_commands.command(name="port", description="Correct a port's controller (a port lost in play: lose-port)")
    @app_commands.describe(port="the port", nation="its controller", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def port(self, interaction: discord.Interaction, port: PortRef, nation: Nation,
                   reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "port_control", "port": pick(port, port_names(chosen)),
                                          "nation": pick(nation, clans(chosen))}, reason)

    @app_commands.command(name="lose-port", description="A port taken by land action: its fleet puts to sea (E14)")
    @app_commands.describe(port="the port lost", nation="the nation that took it", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def lose_port(self, interaction: discord.Interaction, port: PortRef, nation: Nation,
                        reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "lose_port", "port": pick(port, port_names(chosen)),
                                          "nation": pick(nation, clans(chosen))}, reason)

    @app_commands.command(name="squadron", description="A squadron's status, place or maneuvers (E-OP-17)")
    @app_commands.describe(squadron="the squadron", status="ready, requires outfitting, under construction",
                           location="a zone or port it is moved to", maneuvers_spent="this impulse (E-OP-02)",
                           remove="take it out of play", reason="why", campaign=CAMPAIGN)
    @app_commands.choices(status=STATUSES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def squadron(self, interaction: discord.Interaction, squadron: AnySquadron,
                       status: Choice[str] | None = None, location: AnyPlace | None = None,
                       maneuvers_spent: app_commands.Range[int, 0, 99] | None = None, remove: bool = False,
                       reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "squadron", "id": pick(squadron, names((await roster(interaction,
                                                                                               chosen))["units"]))}
        if status is not None:
            payload["status"] = status.value
        if location is not None:
            payload["location"] = pick(location, place_names(chosen))
        if maneuvers_spent is not None:
            payload["maneuvers_spent"] = maneuvers_spent
        if remove:
            payload["remove"] = True
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="squadron-add", description="Place a new squadron (built, or a ruling's)")
    @app_commands.describe(nation="its nation", location="a zone or port", name="its name",
                           status="default: ready", reason="why", campaign=CAMPAIGN)
    @app_commands.choices(status=STATUSES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def squadron_add(self, interaction: discord.Interaction, nation: Nation, location: AnyPlace,
                           name: NewName, status: Choice[str] | None = None, reason: Reason | None = None,
                           campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        taken = {u["id"] for u in (await roster(interaction, chosen, fresh=True))["units"]}
        await apply(interaction, chosen, {"kind": "squadron_add", "id": new_id(name, taken), "name": name.strip(),
                                          "nation": pick(nation, clans(chosen)),
                                          "location": pick(location, place_names(chosen)),
                                          "status": status.value if status else "ready"}, reason)

    @app_commands.command(name="ko", description="A nation's KO left this impulse (E1.2, E-OP-01)")
    @app_commands.describe(nation="the nation", ko="KO left; leave out: not limited", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def ko(self, interaction: discord.Interaction, nation: Nation, ko: app_commands.Range[int, 0, 999] | None = None,
                 reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "ko", "nation": pick(nation, clans(chosen)), "ko": ko}, reason)

    @app_commands.command(name="armada", description="Form, move, command or dissolve an armada (E3)")
    @app_commands.describe(armada="its id (a new one: its name)", location="where it is",
                           powers="the major powers whose fleets are in it, comma separated",
                           commander="its commanding squadron (leave out: E3.1.2 decides)",
                           dissolve="break it up", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def armada(self, interaction: discord.Interaction, armada: NewName, location: AnyPlace | None = None,
                     powers: app_commands.Range[str, 1, 200] | None = None, commander: AnySquadron | None = None,
                     dissolve: bool = False, reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        named = clans(chosen)
        payload: dict[str, Any] = {"kind": "armada", "id": armada.strip(), "dissolve": dissolve}
        if location is not None:
            payload["location"] = pick(location, place_names(chosen))
        if powers is not None:
            payload["powers"] = [pick(p.strip(), named) for p in powers.split(",") if p.strip()]
        if commander is not None:
            payload["commander"] = pick(commander, names((await roster(interaction, chosen))["units"]))
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="dice", description="A nation's combat dice per squadron (E8.4, E-OP-15)")
    @app_commands.describe(nation="the nation", dice="combat dice per squadron", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def dice(self, interaction: discord.Interaction, nation: Nation, dice: app_commands.Range[int, 0, 10],
                   campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        service, t = service_of(interaction), reader(interaction, DOMAIN)
        key = pick(nation, clans(chosen))
        await service.set_setting(chosen.id, f"naval_dice_per_squadron.{key}", json.dumps(dice))
        prefix = "naval_dice_per_squadron."
        table = {k.removeprefix(prefix): v for k, v in (await service.settings(chosen.id)).items()
                 if k.startswith(prefix)}
        named = clans(chosen)
        await reply(interaction, t._("Combat dice per squadron (E8.4): {table}. A nation not listed cannot fight "
                                     "until it is set (E-OP-15).", table=", ".join(
                                         f"{named.get(k, k)} {v}" for k, v in sorted(table.items()))))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(EiaModerateCog(bot))
