"""/clan: clan-wide standing orders and the clan's characters (every reply ephemeral).

``policy`` is a standing order (its ``unit`` is the caller's clan id): options
left out keep their current value (this turn's policy order if there is one,
else the standing one), so changing one choice never resets the others.
``redeem`` spends a capture credit (its ``unit`` is the credit id).  Payload
fields follow ClanPolicy and RedeemCapture in bot/rulesets/sengoku/rules/orders/orders.py.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Faction
from bot.domain.text import escape, sentence
from bot.plugins import get_ruleset
from bot.i18n import Messages, N_, messages
from bot.services.errors import UserError
from bot.rulesets.sengoku.commands.orders import place
from bot.rulesets.sengoku.commands.params import Credit, Squadron, resolve, victories
from cogs.common import CAMPAIGN, MarksActing, campaign_autocomplete, defer, reader, reply, service_of
from cogs.params import Clan, Clans, PlayerContext, Port, game_map

log = logging.getLogger(__name__)
DOMAIN = "sengoku"  # the catalogue of these texts (bot/rulesets/sengoku/locale/)
Choice = app_commands.Choice
PAIRING_OWN = [Choice(name="strongest squadrons first", value="strongest_first"),
               Choice(name="weakest squadrons first", value="weakest_first")]
PAIRING_TARGET = [Choice(name="the most damaged enemy squadron", value="most_damaged"),
                  Choice(name="the least damaged enemy squadron", value="least_damaged")]
LAST_PORT = [Choice(name="the squadrons are lost", value="lose"),
             Choice(name="hand them over to an enemy clan", value="transfer")]
BUILD = [Choice(name="a squadron", value="squadron"), Choice(name="a heavy detachment", value="heavy_detachment")]
CLEAR = {"none", "-", "default"}
NOT_POLICY = ("kind", "unit", "subphase")


def _names(campaign: Campaign) -> dict[str, str]:
    return {f.id: f.name for f in campaign.factions}


def policy_lines(campaign: Campaign, policy: dict[str, Any], t: Messages | None = None) -> list[str]:
    """The whole policy (every field filled in by the rules' defaults) as a player reads it."""
    t = t or messages(domain=DOMAIN)
    names = _names(campaign)
    strongest = policy["pairing_own_order"] == "strongest_first"
    most = policy["pairing_target"] == "most_damaged"
    pairing = {(True, True): t._("• Pairing (OP-39): your strongest squadrons first, each against the most damaged enemy"),
               (True, False): t._("• Pairing (OP-39): your strongest squadrons first, each against the least damaged enemy"),
               (False, True): t._("• Pairing (OP-39): your weakest squadrons first, each against the most damaged enemy"),
               (False, False): t._("• Pairing (OP-39): your weakest squadrons first, each against the least damaged enemy")}
    priority = t._(", then ").join(names.get(c, c) for c in policy["multi_clan_priority"])
    if policy["on_last_port_lost"] == "lose":
        last_port = t._("your squadrons are lost")
    else:
        receiver = names.get(policy["transfer_to"], policy["transfer_to"]) or t._("the clan that took the port")
        last_port = t._("your squadrons are handed over to {clan}", clan=receiver)
    sides = t._("fight {clans} first", clans=priority) if priority else t._("the rules default order")
    return [pairing[strongest, most],
            t._("• Three or more sides (S5.9): {order}", order=sides),
            t._("• If your last port falls (S2.6): {what}", what=last_port)]


def full_policy(campaign: Campaign, faction: Faction, fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with the rules' defaults for the rest (the ruleset's own order model)."""
    order = get_ruleset(campaign.ruleset).parse_order({"kind": "clan_policy", "unit": faction.id, **fields})
    return order.model_dump(mode="json")


def readable_policy(campaign: Campaign, faction: Faction, stored: dict[str, Any]) -> dict[str, Any]:
    """The stored policy's fields, or none (the rules' defaults) if the rules can no longer read it:
    a stored order that cannot be shown must not break every later /clan policy."""
    base = {k: v for k, v in stored.items() if k not in NOT_POLICY}
    try:
        full_policy(campaign, faction, base)
    except Exception:
        log.warning("The stored clan policy of %s in campaign %s cannot be read: %s", faction.id, campaign.id,
                    stored, exc_info=True)
        return {}
    return base


def check_complete(policy: dict[str, Any]) -> None:
    """A receiver named for squadrons that are lost anyway would be silently ignored (S2.6)."""
    if policy.get("transfer_to") and policy.get("on_last_port_lost", "lose") == "lose":
        raise UserError(N_("transfer_to only applies when your squadrons are handed over: add "
                           "on_last_port_lost:transfer (or leave transfer_to out to keep losing them, S2.6)"),
                        domain=DOMAIN)


def leader_line(row: dict[str, Any], t: Messages | None = None) -> str:
    t = t or messages(domain=DOMAIN)
    art = t._("naval art active ✨") if row["art_active"] else t._("naval art not active")
    leads = t._("; leads {units}", units=", ".join(row["leads"])) if row["leads"] else ""
    return t._("• **{name}** — {kind}, {status}; wounds {wounds}; {victories}; {art}", name=row["name"],
               kind=row["kind"], status=row["status"], wounds=row["wounds"] or 0,
               victories=victories(row["victories"], t), art=art) + leads


@app_commands.guild_only()
class ClanOrderCog(MarksActing, commands.GroupCog, group_name="clan",
                   group_description="Your clan's standing orders, capture credits and leaders (private replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="policy", description="Show or change your clan's standing battle policy")
    @app_commands.describe(pairing_own_order="which of your squadrons are paired first (OP-39)",
                           pairing_target="which enemy squadron each is paired against (OP-39)",
                           multi_clan_priority="clans to fight first when 3+ sides meet, in order; 'none' clears",
                           on_last_port_lost="what happens to your squadrons if your last port falls (S2.6)",
                           transfer_to="the enemy clan that receives them (default: the captor)",
                           campaign=CAMPAIGN)
    @app_commands.choices(pairing_own_order=PAIRING_OWN, pairing_target=PAIRING_TARGET,
                          on_last_port_lost=LAST_PORT)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def policy(self, interaction: discord.Interaction, pairing_own_order: Choice[str] | None = None,
                     pairing_target: Choice[str] | None = None, multi_clan_priority: Clans | None = None,
                     on_last_port_lost: Choice[str] | None = None, transfer_to: Clan | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        service = service_of(interaction)
        pending = next((o.payload for o in await service.orders(ctx.campaign.id, ctx.faction.id)
                        if o.payload.get("kind") == "clan_policy"), None)
        current = pending or await service.clan_policy(ctx.campaign.id, ctx.faction.id) or {}
        base = readable_policy(ctx.campaign, ctx.faction, current)
        given = {k: v for k, v in {
            "pairing_own_order": pairing_own_order.value if pairing_own_order else None,
            "pairing_target": pairing_target.value if pairing_target else None,
            "on_last_port_lost": on_last_port_lost.value if on_last_port_lost else None,
            "multi_clan_priority": multi_clan_priority, "transfer_to": transfer_to}.items() if v is not None}
        t = reader(interaction, DOMAIN)
        if not given:
            title = (t._("**{clan}** — clan policy (ordered this turn: it applies from this turn's resolution and "
                         "stands until changed):", clan=ctx.faction.name) if pending
                     else t._("**{clan}** — clan policy (standing):", clan=ctx.faction.name))
            await reply(interaction, "\n".join([title,
                                                *policy_lines(ctx.campaign, full_policy(ctx.campaign, ctx.faction,
                                                                                        base), t),
                                                t._("Change any part with /clan policy; the rest stays as it is.")]))
            return
        given = resolve(ctx, given)
        check_complete({**base, **given})
        priority = given.get("multi_clan_priority")
        if priority is not None and len(priority) == 1 and priority[0].casefold() in CLEAR:
            given["multi_clan_priority"] = []
        if str(given.get("transfer_to", "")).casefold() in CLEAR:
            given["transfer_to"] = None
        receipt = await place(interaction, ctx, {"kind": "clan_policy", "unit": ctx.faction.id, **base, **given})
        policy = receipt.order.payload
        lines = [t._("✅ {clan}'s clan policy from this turn's resolution on (it stands until you change it):",
                     clan=ctx.faction.name), *policy_lines(ctx.campaign, full_policy(ctx.campaign, ctx.faction, policy), t)]
        if receipt.replaced:
            lines.append(t._("Replaces the policy you ordered earlier this turn."))
        lines += [f"⚠️ {warning}" for warning in receipt.warnings]
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="redeem", description="Rebuild a captured prize at one of your ports (S8.4.6)")
    @app_commands.describe(credit="your capture credit", build="what to build", port="one of your ports",
                           name="the new squadron's name",
                           attach_to="for a heavy detachment: your squadron based at that port", campaign=CAMPAIGN)
    @app_commands.choices(build=BUILD)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def redeem(self, interaction: discord.Interaction, credit: Credit, build: Choice[str], port: Port,
                     name: app_commands.Range[str, 1, 40] | None = None, attach_to: Squadron | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        payload = {"kind": "redeem_capture", "unit": credit, "build": build.value, "port": port}
        payload |= {k: v for k, v in {"name": name, "attach_to": attach_to}.items() if v is not None}
        receipt = await place(interaction, ctx, payload)
        order = receipt.order.payload
        gamemap = game_map(ctx.campaign.map_id)
        where = gamemap.ports[order["port"]].name if order["port"] in gamemap.ports else order["port"]
        t = reader(interaction, DOMAIN)
        if build.value == "squadron":
            what = (t._("a new squadron “{name}”", name=escape(order["name"])) if order.get("name")
                    else t._("a new squadron"))
        else:
            joins = ctx.unit(order.get("attach_to") or "")
            what = (t._("a new heavy detachment joining {unit}", unit=escape(joins.name)) if joins
                    else t._("a new heavy detachment"))
        credits = await service_of(interaction).credits(ctx.campaign.id, ctx.faction.id)
        named = {key: label for key, label, _ in credits}
        credit = named[order["unit"]] if order["unit"] in named else t._("the credit")
        lines = [t._("✅ {credit} will be redeemed when the turn is resolved: {what} at {port}.",
                     credit=sentence(credit), what=what, port=where)]
        if receipt.replaced:
            lines.append(t._("Replaces what you ordered for this credit earlier this turn."))
        lines += [f"⚠️ {warning}" for warning in receipt.warnings]
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="leaders", description="Your clan's characters: status, wounds, victories, naval art")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def leaders(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        rows = await service_of(interaction).characters(ctx.campaign.id, ctx.faction.id)
        t = reader(interaction, DOMAIN)
        if not rows:
            await reply(interaction, t._("{clan} has no characters in {campaign}.", clan=ctx.faction.name,
                                         campaign=ctx.campaign.name))
            return
        await reply(interaction, "\n".join([t.n_("**{clan}** — {n} character", "**{clan}** — {n} characters",
                                                  len(rows), clan=ctx.faction.name),
                                            *(leader_line(row, t) for row in rows)]))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ClanOrderCog(bot))
