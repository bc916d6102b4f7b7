"""/sengoku unit and /sengoku commander: moderators add, correct and remove units
(squadrons, trade fleets, heavy detachments) and characters (generals and
commanders).  A unit correction is how a moderator overrides a resolution's
result — restore a sunk unit, undo a capture, change damage, experience or
location — so it needs a reason; the audit log keeps it.

Options left out stay as they are; 'none' clears a base port, location,
attachment, leader or captor.  Names typed by hand are matched to ids after the
command defers, and the rules refuse what matches nothing, by name.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.domain.campaign import Campaign
from bot.i18n import N_
from bot.services.errors import UserError
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reader
from cogs.confirm import ask
from bot.rulesets.sengoku.commands.mod_params import (AnyCharacter, AnyFreeCharacter, CharacterRef, SquadronOf,
                                                      provinces)
from bot.rulesets.sengoku.commands.params import Coast
from cogs.mod_common import AnyUnit, Clan, ModeratorRef, apply, clans, names, optional, pick, ports, roster
from cogs.params import NewName, Port, Reason

Choice = app_commands.Choice
KINDS = [Choice(name="squadron", value="squadron"), Choice(name="trade fleet", value="trade_fleet"),
         Choice(name="heavy detachment", value="heavy_detachment")]
RANKS = [Choice(name="general", value="general"), Choice(name="commander", value="commander")]
UNIT_STATES = ("active", "mothballed", "disbanded", "destroyed", "captured", "lost")
CHARACTER_STATES = ("free", "captured", "dead")
Damage = app_commands.Range[int, 0, 5]
Experience = app_commands.Range[int, 0, 2]
Count = app_commands.Range[int, 0, 99]

DOMAIN = "sengoku"  # the catalogue of these texts (bot/rulesets/sengoku/locale/)


class _StateRef(ModeratorRef):
    def __init__(self, states: tuple[str, ...]) -> None:
        self.states = states

    async def options(self, interaction, campaign):
        return [(state, state) for state in self.states]


UnitState = app_commands.Transform[str, _StateRef(UNIT_STATES)]
CharacterState = app_commands.Transform[str, _StateRef(CHARACTER_STATES)]
OwnersCharacter = app_commands.Transform[str, CharacterRef(clan_option="owner")]


async def _edit_fields(interaction: discord.Interaction, campaign: Campaign, given: dict[str, Any]) -> dict[str, Any]:
    """The options given, as the edit's fields: names → ids, 'none' → null."""
    data = await roster(interaction, campaign, fresh=True)
    lookups = {"owner": clans(campaign), "base_port": ports(campaign), "location": provinces(campaign, seas=True),
               "attached_to": names([u for u in data["units"] if u["kind"] == "squadron"]),
               "leader": names(data["characters"]), "id": names(data["units"]), "captor": clans(campaign),
               "clan": clans(campaign)}
    fields = {}
    for key, value in given.items():
        if value is None:
            continue
        value = optional(value) if isinstance(value, str) and key not in ("reason", "name") else value
        fields[key] = pick(value, lookups[key]) if isinstance(value, str) and key in lookups else value
    return fields


class UnitCommands(app_commands.Group, name="unit", description="Add, correct or remove a unit"):
    @app_commands.command(name="add", description="Add a squadron, trade fleet or heavy detachment")
    @app_commands.describe(kind="kind", owner="clan", name="name (not for a heavy detachment)", base_port="port",
                           location="coast (default: the port's)", damage="0–4; trade fleet 0/1", experience="0–2",
                           attached_to="heavy det.: its squadron", leader="squadron: its leader", id="default: from "
                           "the name", reason="why", campaign=CAMPAIGN)
    @app_commands.choices(kind=KINDS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def add(self, interaction: discord.Interaction, kind: Choice[str], owner: Clan, name: NewName | None = None,
                  base_port: Port | None = None, location: Coast | None = None, damage: Damage | None = None,
                  experience: Experience | None = None, attached_to: SquadronOf | None = None,
                  leader: OwnersCharacter | None = None, id: NewName | None = None, reason: Reason | None = None,
                  campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        fields = await _edit_fields(interaction, chosen, {
            "owner": owner, "name": name, "base_port": base_port, "location": location, "damage": damage,
            "experience": experience, "attached_to": attached_to, "leader": leader, "id": None, "reason": reason})
        if id:
            fields["id"] = id.strip()
        await apply(interaction, chosen, {"kind": "unit_add", "unit_kind": kind.value, **fields})

    @app_commands.command(name="edit", description="Correct a unit, e.g. a resolution's result; needs a reason")
    @app_commands.describe(unit="unit", reason="why (kept in the audit log)", owner="clan", name="name",
                           base_port="port or 'none'", location="coast or 'none'", damage="0–5; trade fleet 0/1",
                           experience="0–2", state="active, destroyed, captured …",
                           attached_to="squadron or 'none'", leader="character or 'none'", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def edit(self, interaction: discord.Interaction, unit: AnyUnit, reason: Reason, owner: Clan | None = None,
                   name: NewName | None = None, base_port: Port | None = None, location: Coast | None = None,
                   damage: Damage | None = None, experience: Experience | None = None,
                   state: UnitState | None = None, attached_to: SquadronOf | None = None,
                   leader: AnyFreeCharacter | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        fields = await _edit_fields(interaction, chosen, {
            "id": unit, "reason": reason, "owner": owner, "name": name, "base_port": base_port,
            "location": location, "damage": damage, "experience": experience, "state": state,
            "attached_to": attached_to, "leader": leader})
        await apply(interaction, chosen, {"kind": "unit_edit", **fields})

    @app_commands.command(name="remove", description="Delete a unit entered by mistake (a sunk one: edit state)")
    @app_commands.describe(unit="unit", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def remove(self, interaction: discord.Interaction, unit: AnyUnit, reason: Reason | None = None,
                     campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        fields = await _edit_fields(interaction, chosen, {"id": unit, "reason": reason})
        units = {u["id"]: u for u in (await roster(interaction, chosen))["units"]}
        if fields["id"] not in units:
            raise UserError(N_("{campaign} has no unit {unit}; pick one from the list as you type"), domain=DOMAIN,
                            campaign=chosen.name, unit=repr(unit))
        found, t = units[fields["id"]], reader(interaction, DOMAIN)
        prompt = t._("Remove {unit} ({kind} of {clan}) from {campaign} for good, as if it had never been entered? A "
                     "unit that was sunk or captured stays: /sengoku unit edit state:… says so.", unit=found["name"],
                     kind=found["kind"].replace("_", " "), clan=clans(chosen).get(found["owner"], found["owner"]),
                     campaign=chosen.name)
        await ask(interaction, prompt, lambda click: apply(click, chosen, {"kind": "unit_remove", **fields}),
                  label=t._("Remove {unit}", unit=found["name"]))


class CommanderCommands(app_commands.Group, name="commander", description="Add, correct or remove a general "
                                                                          "or commander"):
    @app_commands.command(name="add", description="Add a general or commander (S9.2)")
    @app_commands.describe(name="name", clan="clan", rank="rank", veteran="led in battle before (S9.2.3)",
                           victories="naval victories", academy="academy naval art", wounds="wounds",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.choices(rank=RANKS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def add(self, interaction: discord.Interaction, name: NewName, clan: Clan, rank: Choice[str],
                  veteran: bool = False, victories: Count = 0, academy: bool = False, wounds: Count = 0,
                  reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        fields = await _edit_fields(interaction, chosen, {"clan": clan, "reason": reason})
        await apply(interaction, chosen, {"kind": "character_add", "name": name.strip(), "rank": rank.value,
                                          "veteran": veteran, "victories": victories, "academy_naval_art": academy,
                                          "wounds": wounds, **fields})

    @app_commands.command(name="edit", description="Correct a general or commander")
    @app_commands.describe(commander="character", name="name", clan="clan", rank="rank",
                           status="free, captured, dead", captor="clan holding them", veteran="S9.2.3",
                           victories="naval victories", academy="academy naval art", wounds="wounds",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.choices(rank=RANKS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def edit(self, interaction: discord.Interaction, commander: AnyCharacter, name: NewName | None = None,
                   clan: Clan | None = None, rank: Choice[str] | None = None, status: CharacterState | None = None,
                   captor: Clan | None = None, veteran: bool | None = None, victories: Count | None = None,
                   academy: bool | None = None, wounds: Count | None = None, reason: Reason | None = None,
                   campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        fields = await _edit_fields(interaction, chosen, {"clan": clan, "captor": captor, "reason": reason})
        character = pick(commander, names((await roster(interaction, chosen, fresh=True))["characters"]))
        given = {"name": name, "rank": rank.value if rank else None, "status": status, "veteran": veteran,
                 "victories": victories, "academy_naval_art": academy, "wounds": wounds}
        await apply(interaction, chosen, {"kind": "character_edit", "id": character, **fields,
                                          **{k: v for k, v in given.items() if v is not None}})

    @app_commands.command(name="remove", description="Delete a character entered by mistake")
    @app_commands.describe(commander="character", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def remove(self, interaction: discord.Interaction, commander: AnyCharacter, reason: Reason | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        character = pick(commander, names((await roster(interaction, chosen, fresh=True))["characters"]))
        payload = {"kind": "character_remove", "id": character}
        await apply(interaction, chosen, payload | ({"reason": reason} if reason else {}))
