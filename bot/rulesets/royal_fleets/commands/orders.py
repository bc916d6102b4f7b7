"""/royal: players give their faction's fleets the orders of U14 for the open turn.

One main order per fleet (move, hold, blockade, support, transport); its standing battle choices
(avoid battle U5.3, retreat in battle U6.2.6, targeting from round 3 U6.2.4, retreat after a lost
battle or surrender U7.2-U7.3, interception U9.3) are set with /royal battle and kept when the main
order changes, so the bot never has to ask in the middle of a turn.  The faction's other orders
(hire, repair, upkeep, buy-over, merge, split, joint command, deploy, an army's retreat onto ships U9.8)
have slots of their own.

Every reply is ephemeral.  The payload follows rules/orders/orders.py; the rules (through the
service) check ownership and every rule, and their refusal is shown as is.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.text import quote
from bot.engine.ruleset import unit_slot
from bot.i18n import Messages, N_
from bot.rulesets.royal_fleets.commands.params import (DOMAIN, NOT_YOURS, Army, EnemyShips, Fleet, FriendlyFleet,
                                                       JoinRequest, OnOffer, Port, sighted_names,
                                                       Landing, NearSea, Province, Route, Sea, Seas, Ships, ShipTypes,
                                                       area_names,
                                                       resolve)
from bot.services.errors import UserError
from cogs import order_book
from cogs.common import CAMPAIGN, MarksActing, campaign_autocomplete, defer, reader, reply, service_of
from cogs.order_book import receipt_text
from cogs.params import NewName, PlayerContext, campaign_quietly, matching_choices

Units = app_commands.Range[int, 1, 200]
CLEAR = {"none", "-", "never"}
PLAN_FIELDS = ("avoid", "avoid_margin_pct", "avoid_to", "retreat_after_round", "retreat_below_pct", "targeting",
               "retreat_to", "if_cornered", "intercept", "focus")
NO_PLAN = N_("nothing to change for {fleet}: give at least one battle choice (avoid, retreat_after, targeting, …)")


OWN = ("hire", "upkeep", "retreat_to_ships", "join_command")  # a faction's own orders


def _payload(kind: str, **fields: Any) -> dict[str, Any]:
    """The order payload; options left out are omitted so the rules' defaults apply."""
    return {"kind": kind, **{k: v for k, v in fields.items() if v is not None}}


async def _mine(interaction: discord.Interaction, ctx: PlayerContext) -> dict[str, dict[str, Any]]:
    """The caller's stored orders of the open turn, by slot."""
    return {o.unit: o.payload for o in await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id)}


async def place(interaction: discord.Interaction, ctx: PlayerContext, payload: dict[str, Any],
                with_plan: bool = False) -> None:
    """Submit the payload (names typed by hand made ids) for the caller's faction; reply privately
    (``with_plan``: the fleet's battle choices as stored, after the order)."""
    payload = await resolve(interaction, ctx, payload)
    receipt = await order_book.place(interaction, ctx, payload)
    text = receipt_text(receipt, reader(interaction))
    if with_plan:
        rows = await service_of(interaction).holding(ctx.campaign.id, ctx.faction.id, "sighted_ships") or []
        text += "\n" + plan_text(receipt.order.payload.get("plan") or {}, ctx, reader(interaction, DOMAIN),
                                 sighted_names(rows))
    await reply(interaction, text)


def plan_text(plan: dict[str, Any], ctx: PlayerContext, t: Messages, ships: dict[str, str] | None = None) -> str:
    """A fleet's standing battle choices as its player reads them (rules/orders/orders.py BattlePlan)."""
    areas = area_names(ctx.campaign)
    avoid = {"fight": t._("fight"), "avoid": t._("avoid battle"),
             "outmatched": t._("avoid battle if the enemy's attack is over ours by {pct}%",
                               pct=plan.get("avoid_margin_pct", 50))}[plan.get("avoid", "fight")]
    if plan.get("avoid", "fight") != "fight" and plan.get("avoid_to"):
        avoid = t._("{avoid}, into {area}", avoid=avoid, area=areas.get(plan["avoid_to"], plan["avoid_to"]))
    retreat = [t._("after round {round}", round=plan["retreat_after_round"])] if plan.get("retreat_after_round") else []
    if plan.get("retreat_below_pct"):
        retreat.append(t._("below {pct}% of its health", pct=plan["retreat_below_pct"]))
    targeting = {"even": t._("spread evenly"), "concentrate": t._("the strongest enemy ship first"),
                 "capture": t._("down to 1 health, to capture")}[plan.get("targeting", "even")]
    after = ", ".join(areas.get(a, a) for a in plan.get("retreat_to") or ()) or t._("the first free area")
    cornered = t._("fight its way out") if plan.get("if_cornered", "attack") == "attack" else t._("surrender")
    if plan.get("focus"):  # U6.2.4.2: the named enemy ships first (names as the caller's fleets see them)
        targeting = t._("{ships} first, then {targeting}", targeting=targeting,
                        ships=", ".join((ships or {}).get(s, s) for s in plan["focus"]))
    return t._("⚔️ Battle choices: {avoid}; retreat in battle: {retreat}; targeting from round 3: {targeting}; after "
               "a lost battle to {after}, if cornered {cornered}.", avoid=avoid,
               retreat=t._(" or ").join(retreat) if retreat else t._("never"), targeting=targeting, after=after,
               cornered=cornered)


async def main_order(interaction: discord.Interaction, campaign: int | None, kind: str, fleet: str,
                     **fields: Any) -> None:
    """A fleet's main order; the battle choices of the order it replaces are kept (U14)."""
    await defer(interaction)
    ctx = await PlayerContext.load(interaction, campaign)
    fleet_id = ctx.unit_id(fleet)
    previous = (await _mine(interaction, ctx)).get(unit_slot(fleet_id), {})
    plan = {"plan": previous["plan"]} if previous.get("plan") else {}
    await place(interaction, ctx, {**_payload(kind, fleet=fleet_id, **fields), **plan})


def _cleared(value: Any) -> Any:
    """'none' / 0 → the field's default (None), so a choice once given can be taken back."""
    if isinstance(value, str) and value.strip().casefold() in CLEAR:
        return None
    if isinstance(value, list) and len(value) == 1 and value[0].strip().casefold() in CLEAR:
        return []
    return None if value == 0 else value


@app_commands.guild_only()
class RoyalOrderCog(MarksActing, commands.GroupCog, group_name="royal",
                    group_description="Royal fleets: orders for your faction's fleets (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="move", description="Move a fleet along a route, one area per MP (U2)")
    @app_commands.describe(fleet="your fleet", route="the areas entered in order, comma separated", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def move(self, interaction: discord.Interaction, fleet: Fleet, route: Route,
                   campaign: int | None = None) -> None:
        await main_order(interaction, campaign, "move", fleet, path=route)

    @app_commands.command(name="hold", description="A fleet stays where it is (U14)")
    @app_commands.describe(fleet="your fleet", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def hold(self, interaction: discord.Interaction, fleet: Fleet, campaign: int | None = None) -> None:
        await main_order(interaction, campaign, "hold", fleet)

    @app_commands.command(name="blockade", description="Blockade an enemy port, after an optional route (U4)")
    @app_commands.describe(fleet="your fleet", port="the enemy port", route="areas entered first (default: none)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def blockade(self, interaction: discord.Interaction, fleet: Fleet, port: Port,
                       route: Route | None = None, campaign: int | None = None) -> None:
        await main_order(interaction, campaign, "blockade", fleet, port=port, path=route)

    @app_commands.command(name="support", description="Join a battle in an adjacent area on one side (U5.2)")
    @app_commands.describe(fleet="your fleet", area="the adjacent sea area", side="the faction you support",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def support(self, interaction: discord.Interaction, fleet: Fleet, area: NearSea,
                      side: app_commands.Range[str, 1, 100], campaign: int | None = None) -> None:
        await main_order(interaction, campaign, "support", fleet, area=area, side=side)

    @support.autocomplete("side")
    async def side_autocomplete(self, interaction: discord.Interaction, current: str):
        chosen = await campaign_quietly(interaction)
        return matching_choices([(f.name, f.id) for f in chosen.factions], current) if chosen else []

    @app_commands.command(name="transport", description="Embark an army, sail, land it (U9)")
    @app_commands.describe(fleet="your fleet", army="your army", embark="its province (omit if aboard)",
                           route="the areas entered, comma separated", land="where it lands (omit: stays aboard)",
                           units="how many units go (default: all)",
                           hired_units="of them, on hired transports (U9.5, U9.7)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def transport(self, interaction: discord.Interaction, fleet: Fleet, army: Army,
                        embark: Province | None = None, route: Route | None = None, land: Landing | None = None,
                        units: Units | None = None, hired_units: app_commands.Range[int, 0, 200] | None = None,
                        campaign: int | None = None) -> None:
        await main_order(interaction, campaign, "transport", fleet, army=army, embark=embark, path=route, land=land,
                         units=units, hired_units=hired_units)

    @app_commands.command(name="battle", description="A fleet's standing battle choices (U5.3, U6.2, U7)")
    @app_commands.describe(fleet="your fleet (its order this turn keeps them)",
                           avoid="avoid battle (U5.3; default fight)",
                           margin="outmatched: enemy attack over ours by this %",
                           avoid_to="area to avoid into ('none': any)",
                           retreat_after="declare a retreat after this round (0: never)",
                           retreat_below="or below this % of health (0: never)",
                           targeting="from round 3 (U6.2.4; default even)",
                           retreat_to="after a lost battle, areas in order",
                           if_cornered="no retreat possible: attack or surrender",
                           intercept="intercept embarkations here (U9.3)",
                           focus="from round 3, enemy ships you see to hit first, in order ('none': clear)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def battle(self, interaction: discord.Interaction, fleet: Fleet,
                     avoid: Literal["fight", "avoid", "outmatched"] | None = None,
                     margin: app_commands.Range[int, 0, 1000] | None = None, avoid_to: NearSea | None = None,
                     retreat_after: app_commands.Range[int, 0, 50] | None = None,
                     retreat_below: app_commands.Range[int, 0, 100] | None = None,
                     targeting: Literal["even", "concentrate", "capture"] | None = None,
                     retreat_to: Seas | None = None, if_cornered: Literal["attack", "surrender"] | None = None,
                     intercept: bool | None = None, focus: EnemyShips | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        fleet_id = ctx.unit_id(fleet)
        if ctx.unit(fleet_id) is None:  # another faction's fleet reads exactly like one that does not exist
            raise UserError(NOT_YOURS, domain=DOMAIN, fleet=quote(fleet))
        given = dict(zip(PLAN_FIELDS, (avoid, margin, avoid_to, retreat_after, retreat_below, targeting,
                                       retreat_to, if_cornered, intercept, focus)))
        given = {k: _cleared(v) for k, v in given.items() if v is not None}
        if not given:
            raise UserError(NO_PLAN, domain=DOMAIN, fleet=ctx.unit(fleet_id).name)
        order = (await _mine(interaction, ctx)).get(unit_slot(fleet_id)) or {"kind": "hold", "fleet": fleet_id}
        plan = {**(order.get("plan") or {}), **given}
        await place(interaction, ctx, {**order, "plan": await resolve(interaction, ctx, plan)}, with_plan=True)

    @app_commands.command(name="retreat-to-ships",
                          description="If your army loses a land battle on the coast, it retreats aboard (U9.8)")
    @app_commands.describe(army="your army ashore", fleet="your fleet or an ally's, in a sea area next to it",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def retreat_to_ships(self, interaction: discord.Interaction, army: Army, fleet: FriendlyFleet,
                               campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "retreat_to_ships", army=army, fleet=fleet)

    @app_commands.command(name="hire", description="Hire ships in a sea area by a port of yours (U3.1)")
    @app_commands.describe(area="the sea area", ships="ship types, comma separated (repeat one to hire several)",
                           fleet="your fleet there to join (default: a new fleet)", name="the new fleet's name",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def hire(self, interaction: discord.Interaction, area: Sea, ships: ShipTypes, fleet: Fleet | None = None,
                   name: NewName | None = None, campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "hire", area=area, ships=ships, fleet=fleet, name=name)

    @app_commands.command(name="repair", description="Repair ships fully at half their price (U3.2)")
    @app_commands.describe(fleet="your fleet by a port of yours", ships="which (default: every damaged one)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def repair(self, interaction: discord.Interaction, fleet: Fleet, ships: Ships | None = None,
                     campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "repair", fleet=fleet, ships=ships)

    @app_commands.command(name="upkeep", description="Pay upkeep, disbanding the crews of some ships (U3.3, U3.5)")
    @app_commands.describe(unpaid="ships left unpaid, comma separated ('none': pay all)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def upkeep(self, interaction: discord.Interaction, unpaid: Ships, campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "upkeep", unpaid=_cleared(unpaid))

    @app_commands.command(name="buy-over", description="Buy over unpaid ships nearby for half their upkeep (U3.5)")
    @app_commands.describe(fleet="your fleet they join", ships="ships on offer, comma separated", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def buy_over(self, interaction: discord.Interaction, fleet: Fleet, ships: OnOffer,
                       campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "buy_over", fleet=fleet, ships=ships)

    @app_commands.command(name="merge", description="Join a fleet to another in its area (U1.2)")
    @app_commands.describe(fleet="your fleet", into="the fleet it joins (an ally's: joint command)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def merge(self, interaction: discord.Interaction, fleet: Fleet, into: Fleet,
                    campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "merge", fleet=fleet, into=into)

    @app_commands.command(name="split", description="Split ships off a fleet as a new fleet (U14)")
    @app_commands.describe(fleet="your fleet", ships="the ships leaving, comma separated", name="the new fleet's name",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def split(self, interaction: discord.Interaction, fleet: Fleet, ships: Ships, name: NewName,
                    campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "split", fleet=fleet, ships=ships, name=name)

    @app_commands.command(name="joint", description="Accept or refuse an ally's fleet joining yours (U1.2)")
    @app_commands.describe(fleet="the ally's fleet asking to join", into="your fleet",
                           accept="true: joint command (default)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def joint(self, interaction: discord.Interaction, fleet: JoinRequest, into: Fleet,
                    accept: bool = True, campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "join_command", fleet=fleet, into=into, accept=accept)

    @app_commands.command(name="deploy", description="Before the game: place a fleet (U1.3)")
    @app_commands.describe(fleet="your fleet", area="by your province or your trade post", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def deploy(self, interaction: discord.Interaction, fleet: Fleet, area: Sea,
                     campaign: int | None = None) -> None:
        await self.side_order(interaction, campaign, "deploy", fleet=fleet, area=area)

    async def side_order(self, interaction: discord.Interaction, campaign: int | None, kind: str,
                         **fields: Any) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        if kind in OWN:  # a faction's own order is slotted by faction (rules/orders/orders.py order_slot)
            fields = {**fields, "faction": ctx.faction.id}
        await place(interaction, ctx, _payload(kind, **fields))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RoyalOrderCog(bot))
