"""/sengoku: moderators enter, between turns, the facts Sengoku's rules read but never make
— armies and their detachments, the turn's weather, the diplomacy matrix, the basing
agreements (S2.4), who owns provinces and ports, port land guards, each clan's treasury —, and
add, correct and remove units and characters (a correction with a reason is how a
resolution's result is overridden).  The generic moderator commands (the audit log, acting for a
clan) are /mod's (cogs/moderate.py).

Moderators only; every reply is ephemeral.  Each edit is recorded in the
campaign's audit log with who made it, when and why, and the reply shows what
changed and the edit as stored.  Names typed by hand are matched to ids after
the command defers; text that matches nothing is passed on, so the rules refuse
it by name.  Autocomplete offers nothing to anyone but a moderator (it would
otherwise show every clan's units, armies and characters).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.rulesets.sengoku.commands.mod_armies import ArmyCommands
from bot.rulesets.sengoku.commands.mod_params import Province, provinces
from bot.rulesets.sengoku.commands.mod_units import CommanderCommands, UnitCommands
from bot.i18n import Messages, N_, messages
from bot.services.errors import UserError
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reader, reply, service_of
from cogs.mod_common import Clan, Owner, apply, clans, owner_of, pick, ports
from cogs.params import Port, Reason

Choice = app_commands.Choice
DOMAIN = "sengoku"  # the catalogue of these texts (bot/rulesets/sengoku/locale/)
RELATIONS = [Choice(name="at war", value="at_war"), Choice(name="allied", value="allied"),
             Choice(name="neutral", value="neutral")]
AGREEMENT = [Choice(name="add", value="add"), Choice(name="remove", value="remove"), Choice(name="list", value="list")]
Figures = app_commands.Range[int, 0, 10000]
Points = app_commands.Range[int, 0, 1000000]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class SengokuModerateCog(commands.GroupCog, group_name="sengoku",
                         group_description="Moderators: Sengoku's units, commanders, armies, ports, diplomacy, "
                                           "weather"):
    unit = UnitCommands()
    commander = CommanderCommands()
    army = ArmyCommands()

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="weather", description="Declare stormy weather for the turn, or fair (S3.9)")
    @app_commands.describe(storm="true: storms threaten landings and evacuations", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def weather(self, interaction: discord.Interaction, storm: bool, reason: Reason | None = None,
                      campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "weather", "storm": storm}, reason)

    @app_commands.command(name="relation", description="Set two clans at war, allied or neutral (OP-48)")
    @app_commands.describe(clan_a="one clan", clan_b="the other clan", relation="their relation",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.choices(relation=RELATIONS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def relation(self, interaction: discord.Interaction, clan_a: Clan, clan_b: Clan,
                       relation: Choice[str], reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        named = clans(chosen)
        await apply(interaction, chosen, {"kind": "relation", "a": pick(clan_a, named), "b": pick(clan_b, named),
                                          "relation": relation.value}, reason)

    @app_commands.command(name="basing", description="Record, withdraw or list basing agreements (S2.4)")
    @app_commands.describe(action="add, remove or list", host="the clan whose port it is",
                           guest="the clan whose ships base there", port="one port (default: all the host's)",
                           turn="default: this turn", reason="why", campaign=CAMPAIGN)
    @app_commands.choices(action=AGREEMENT)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def basing(self, interaction: discord.Interaction, action: Choice[str], host: Clan | None = None,
                     guest: Clan | None = None, port: Port | None = None,
                     turn: app_commands.Range[int, 1, 10000] | None = None, reason: Reason | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        if action.value == "list":
            await reply(interaction, await agreements_text(interaction, chosen, reader(interaction, DOMAIN)))
            return
        if host is None or guest is None:
            raise UserError(N_("name the host (whose port it is) and the guest (whose ships base there)"),
                            domain=DOMAIN)
        payload: dict[str, Any] = {"kind": "basing_agreement", "action": action.value,
                                   "host": pick(host, clans(chosen)), "guest": pick(guest, clans(chosen))}
        if port is not None:
            payload["port"] = pick(port, ports(chosen))
        if turn is not None:
            payload["turn"] = turn
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="province", description="Give a province (and its port) to a clan, or to nobody")
    @app_commands.describe(area="the province", clan="its new owner, or 'nobody'", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def province(self, interaction: discord.Interaction, area: Province, clan: Owner,
                       reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "province_owner", "area": pick(area, provinces(chosen, seas=True)),
                                          "clan": owner_of(clan, chosen)}, reason)

    @app_commands.command(name="port", description="Set a port's owner and its land guard (S8.8.4)")
    @app_commands.describe(port="the port", owner="its owner, or 'nobody' (default: unchanged)",
                           guard="land troops guarding it, in figures (default: unchanged)",
                           guard_cavalry="how many of the guard are cavalry (default: unchanged)", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def port(self, interaction: discord.Interaction, port: Port, owner: Owner | None = None,
                   guard: Figures | None = None, guard_cavalry: Figures | None = None,
                   reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "port", "port": pick(port, ports(chosen))}
        if owner is not None:
            payload["owner"] = owner_of(owner, chosen)
        if guard is not None:
            payload["land_guard"] = guard
        if guard_cavalry is not None:
            payload["land_guard_cavalry"] = guard_cavalry
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="treasury", description="Set a clan's rice and development points (S8.4.6)")
    @app_commands.describe(clan="the clan", rice="rice points, RP (default: unchanged)",
                           development="development points, DP (default: unchanged)", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def treasury(self, interaction: discord.Interaction, clan: Clan, rice: Points | None = None,
                       development: Points | None = None, reason: Reason | None = None,
                       campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "treasury", "clan": pick(clan, clans(chosen))}
        if rice is not None:
            payload["rice"] = rice
        if development is not None:
            payload["development"] = development
        await apply(interaction, chosen, payload, reason)


async def agreements_text(interaction: discord.Interaction, campaign, t: Messages | None = None) -> str:
    """S2.4: every basing agreement of this turn or later, by name."""
    t = t or messages(domain=DOMAIN)
    service, seen = service_of(interaction), []
    for faction in campaign.factions:
        for row in await service.holding(campaign.id, faction.id, "basing_agreements") or []:
            if row not in seen:
                seen.append(row)
    if not seen:
        return t._("🤝 **{campaign}** — no basing agreements are recorded (S2.4); /sengoku basing action:add records "
                   "one.", campaign=campaign.name)
    named, where = clans(campaign), ports(campaign)
    lines = [t._("• {guest} at {host}'s port {port} — turn {turn}", guest=named.get(r["guest"], r["guest"]),
                 host=named.get(r["host"], r["host"]), port=where.get(r["port"], r["port"]), turn=r["turn"])
             if r["port"] else
             t._("• {guest} at every port of {host} — turn {turn}", guest=named.get(r["guest"], r["guest"]),
                 host=named.get(r["host"], r["host"]), turn=r["turn"])
             for r in sorted(seen, key=lambda r: (r["turn"], r["host"], r["guest"], r["port"] or ""))]
    return "\n".join([t._("🤝 **{campaign}** — basing agreements (S2.4):", campaign=campaign.name), *lines])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SengokuModerateCog(bot))
