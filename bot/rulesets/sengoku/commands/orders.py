"""/order: players give their clan's units orders for the open turn.

Every reply is ephemeral.  The cog builds the order payload from typed
parameters; the ruleset (through the service) checks ownership and every rule
and its refusal is shown to the player as is.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.rulesets.sengoku.commands.battle_params import Engage, IfAttacked, Manoeuvre
from bot.rulesets.sengoku.commands.params import (ArmyId, Coast, Detachments, Fleets, Leader, Leaders, Route,
                                                  Squadron, TradeFleet, resolve, resolve_people)
from bot.services.campaigns import OrderReceipt
from cogs import order_book
from cogs.common import CAMPAIGN, MarksActing, campaign_autocomplete, defer, reader, reply, service_of
from cogs.order_book import receipt_text
from cogs.params import AnyUnit, Area, PlayerContext, Port

Choice = app_commands.Choice
Stake = Literal["low", "high"]
Subphase = Literal["SP1", "SP2", "SP3"]

# engage and if_attacked are autocompleted (battle_params.py PolicyRef): presets, a condition on a
# clan (OP-26), or a condition typed by hand; no choices, which Discord would count toward the
# command's size.
SQUADRON_HELP = dict(engage="when to seek battle (S5.5)", if_attacked="when an enemy seeks battle (S5.5)",
                     stake="default low", leader="character id", route="comma separated (default: shortest)",
                     subphase="default SP1", campaign=CAMPAIGN)
ART_HELP = dict(manoeuvre="round 1 manoeuvre; needs the leader's naval art (S9.3)",
                stake_later="stake from round 2 (default: same)")
HELP = dict(subphase="default SP1", campaign=CAMPAIGN)


def _payload(kind: str, unit: str, **fields: Any) -> dict[str, Any]:
    """The order payload; options left out are omitted so the rules' defaults apply."""
    return {"kind": kind, "unit": unit, **{k: v for k, v in fields.items() if v is not None}}


def _squadron(engage: str | None, if_attacked: str | None, stake: str | None, leader: str | None,
              manoeuvre: str | None = None, stake_later: str | None = None) -> dict[str, Any]:
    """The fields of every squadron order (S12.4, S1.2); PolicyRef has made the policy text."""
    return {"want_battle": engage, "when_enemy_wants": if_attacked, "stake": stake, "leader": leader,
            "manoeuvre": manoeuvre, "stake_later_rounds": stake_later}


async def submit(interaction: discord.Interaction, campaign: int | None, kind: str, unit: str,
                 **fields: Any) -> None:
    """Defer, build the payload (names typed by hand → ids), submit it as the caller's clan, reply privately."""
    await defer(interaction)
    ctx = await PlayerContext.load(interaction, campaign)
    await reply(interaction, receipt_text(await place(interaction, ctx, _payload(kind, unit, **fields)),
                                          reader(interaction)))


async def place(interaction: discord.Interaction, ctx: PlayerContext, payload: dict[str, Any]) -> OrderReceipt:
    """Submit ``payload`` for the caller's clan, names typed by hand made ids (cogs/order_book.py)."""
    payload = await resolve_people(ctx, service_of(interaction), resolve(ctx, payload))
    return await order_book.place(interaction, ctx, payload)


@app_commands.guild_only()
class OrderCog(MarksActing, commands.GroupCog, group_name="order",
               group_description="Give orders to your clan's units (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def submit(self, interaction: discord.Interaction, campaign: int | None, kind: str, unit: str,
                     **fields: Any) -> None:
        await submit(interaction, campaign, kind, unit, **fields)

    @app_commands.command(name="base", description="Re-base a unit to one of your ports (S2)")
    @app_commands.describe(unit="your unit", port="the new base port", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def base(self, interaction: discord.Interaction, unit: AnyUnit, port: Port,
                   subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "base", unit, port=port, subphase=subphase)

    @app_commands.command(name="idle", description="A squadron stays in port (S4.2)")
    @app_commands.describe(unit="your squadron", help_friends="sail to help friends attacked in home waters",
                           **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def idle(self, interaction: discord.Interaction, unit: Squadron, help_friends: bool = False,
                   subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "sq_idle", unit, subphase=subphase,
                          help_friendly_in_home_waters=help_friends)

    @app_commands.command(name="repair", description="A damaged squadron repairs in its base port (OP-18)")
    @app_commands.describe(unit="your squadron", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def repair(self, interaction: discord.Interaction, unit: Squadron,
                     subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "sq_repair", unit, subphase=subphase)

    @app_commands.command(name="cruise", description="A squadron cruises off a coastal province (S4.3)")
    @app_commands.describe(unit="your squadron", target="the province to cruise off", **SQUADRON_HELP, **ART_HELP,
                           intercept="intercept enemy landings (S8.5; default yes)",
                           direction="an intercepted landing: pin it or push it back (default)",
                           intercept_stake="stake when intercepting (default low)")
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def cruise(self, interaction: discord.Interaction, unit: Squadron, target: Coast,
                     engage: Engage | None = None, if_attacked: IfAttacked | None = None,
                     stake: Stake | None = None, leader: Leader | None = None, route: Route | None = None,
                     manoeuvre: Manoeuvre | None = None, stake_later: Stake | None = None,
                     intercept: bool | None = None, direction: Literal["pin", "push_back"] | None = None,
                     intercept_stake: Stake | None = None,
                     subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "sq_cruise", unit, target=target, route=route,
                          subphase=subphase, intercept_landings=intercept, intercept_direction=direction,
                          intercept_stake=intercept_stake,
                          **_squadron(engage, if_attacked, stake, leader, manoeuvre, stake_later))

    @app_commands.command(name="ravage", description="A squadron ravages or plunders an enemy coast (S4.6)")
    @app_commands.describe(unit="your squadron", target="the enemy coastal province",
                           action="default: plunder if reinforced, else ravage",
                           **SQUADRON_HELP, **ART_HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def ravage(self, interaction: discord.Interaction, unit: Squadron, target: Coast,
                     action: Literal["ravage", "plunder"] | None = None, engage: Engage | None = None,
                     if_attacked: IfAttacked | None = None, stake: Stake | None = None,
                     leader: Leader | None = None, route: Route | None = None,
                     manoeuvre: Manoeuvre | None = None, stake_later: Stake | None = None,
                     subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "sq_ravage", unit, target=target, coast_action=action,
                          route=route, subphase=subphase,
                          **_squadron(engage, if_attacked, stake, leader, manoeuvre, stake_later))

    @app_commands.command(name="attack-port", description="A squadron attacks an enemy port (S4.8)")
    @app_commands.describe(unit="your squadron", port="the enemy port", destroy="destroy the port (default yes)",
                           **SQUADRON_HELP, **ART_HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def attack_port(self, interaction: discord.Interaction, unit: Squadron, port: Port,
                          destroy: bool | None = None, engage: Engage | None = None,
                          if_attacked: IfAttacked | None = None, stake: Stake | None = None,
                          leader: Leader | None = None, route: Route | None = None,
                          manoeuvre: Manoeuvre | None = None, stake_later: Stake | None = None,
                          subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "sq_attack_port", unit, target_port=port, destroy_port=destroy,
                          route=route, subphase=subphase,
                          **_squadron(engage, if_attacked, stake, leader, manoeuvre, stake_later))

    @app_commands.command(name="piracy", description="A squadron or trade fleet goes pirating off an enemy port")
    @app_commands.describe(unit="your squadron or trade fleet", port="the enemy port",
                           route=SQUADRON_HELP["route"], **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def piracy(self, interaction: discord.Interaction, unit: AnyUnit, port: Port,
                     route: Route | None = None, subphase: Subphase | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        view = ctx.unit(ctx.unit_id(unit))
        kind = "tf_piracy" if view is not None and view.kind == "trade_fleet" else "sq_piracy"
        payload = _payload(kind, unit, target_port=port, route=route, subphase=subphase)
        await reply(interaction, receipt_text(await place(interaction, ctx, payload), reader(interaction)))

    @app_commands.command(name="trade", description="A trade fleet trades this turn (S3.3)")
    @app_commands.describe(unit="your trade fleet", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def trade(self, interaction: discord.Interaction, unit: TradeFleet,
                    subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "tf_trade", unit, subphase=subphase)

    @app_commands.command(name="fleet-idle", description="A trade fleet lies in port, and may repair (S3.2)")
    @app_commands.describe(unit="your trade fleet", repair="repair (needs timber at the base port)",
                           **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def fleet_idle(self, interaction: discord.Interaction, unit: TradeFleet, repair: bool = False,
                         subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "tf_idle", unit, repair=repair, subphase=subphase)

    @app_commands.command(name="plunder", description="A trade fleet plunders an enemy coast (S3.5)")
    @app_commands.describe(unit="your trade fleet", target="the enemy coastal province",
                           route=SQUADRON_HELP["route"], **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def plunder(self, interaction: discord.Interaction, unit: TradeFleet, target: Coast,
                      route: Route | None = None, subphase: Subphase | None = None,
                      campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "tf_plunder", unit, target=target, route=route, subphase=subphase)

    @app_commands.command(name="landing", description="Trade fleets carry an army to a landing zone (S3.7)")
    @app_commands.describe(unit="the lead trade fleet", army="army id of your clan",
                           origin="where the army embarks", destination="the coastal landing zone",
                           fleets="other trade fleets carrying, comma separated", mode="quick or prepared",
                           detachments="those carried (default: the whole army)",
                           embark_route="base to the origin (default: shortest)",
                           route="origin to the destination (default: shortest)",
                           on_melee="meeting an enemy landing fleet (S8.7)",
                           melee_losses="detachments losing the d3 first (S8.7.3)",
                           evacuate_to="where it evacuates to if it must (S3.8)",
                           passengers="characters sailing with the army (S9.5)", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def landing(self, interaction: discord.Interaction, unit: TradeFleet, army: ArmyId, origin: Area,
                      destination: Coast, fleets: Fleets | None = None,
                      mode: Literal["quick", "prepared"] | None = None, detachments: Detachments | None = None,
                      embark_route: Route | None = None, route: Route | None = None,
                      on_melee: Literal["continue", "retreat"] | None = None,
                      melee_losses: Detachments | None = None, evacuate_to: Area | None = None,
                      passengers: Leaders | None = None, subphase: Subphase | None = None,
                      campaign: int | None = None) -> None:
        await self.submit(interaction, campaign, "tf_landing", unit, army=army, origin=origin,
                          destination=destination, fleets=fleets, mode=mode, subphase=subphase,
                          detachments=detachments, route_to_embark=embark_route, route_to_destination=route,
                          on_fleet_melee=on_melee, melee_extra_loss_allocation=melee_losses,
                          auto_evacuation_target=evacuate_to, passengers=passengers)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrderCog(bot))
