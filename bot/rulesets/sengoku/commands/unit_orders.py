"""/unit: the less common unit orders (the /order group is near Discord's size budget).

Same patterns as /order: every reply is ephemeral, the command defers first,
the payload is built from typed parameters (names typed by hand become ids
after the defer) and the rules' refusals reach the player as is.  Payload
fields follow the order models in bot/rulesets/sengoku/rules/orders/orders.py.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from typing import Literal

from bot.domain.text import quote
from bot.engine.ruleset import unit_slot
from bot.services.errors import UserError
from bot.i18n import N_
from cogs.common import MarksActing, campaign_autocomplete, defer, reader, reply, service_of
from bot.rulesets.sengoku.commands.battle_params import Engage, IfAttacked, Manoeuvre, Withdraw
from bot.rulesets.sengoku.commands.orders import (ART_HELP, HELP, SQUADRON_HELP, Stake, Subphase, _squadron, place,
                                                  submit)
from bot.rulesets.sengoku.commands.params import (ArmyId, Coast, Fleets, Leader, Leaders, Operation, Portless, Route,
                                                  Squadron, TradeFleet)
from cogs.order_book import receipt_text
from cogs.params import AnyUnit, Area, PlayerContext

Choice = app_commands.Choice
DOMAIN = "sengoku"  # the catalogue of these texts (bot/rulesets/sengoku/locale/)
ESCORT_HELP = {k: v for k, v in SQUADRON_HELP.items() if k != "route"}


@app_commands.guild_only()
class UnitOrderCog(MarksActing, commands.GroupCog, group_name="unit",
                   group_description="Less common unit orders: escorts, sweeps, LoCs, evacuations (private replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="escort", description="A squadron escorts one of your landings or evacuations (S4.5)")
    @app_commands.describe(unit="your squadron", operation="the lead trade fleet of your landing or evacuation",
                           **ESCORT_HELP, **ART_HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def escort(self, interaction: discord.Interaction, unit: Squadron, operation: Operation,
                     engage: Engage | None = None, if_attacked: IfAttacked | None = None,
                     stake: Stake | None = None, leader: Leader | None = None,
                     manoeuvre: Manoeuvre | None = None, stake_later: Stake | None = None,
                     subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await submit(interaction, campaign, "sq_escort", unit, operation=operation, subphase=subphase,
                     **_squadron(engage, if_attacked, stake, leader, manoeuvre, stake_later))

    @app_commands.command(name="sweep", description="A squadron sweeps a line of communication along a route (S4.4)")
    @app_commands.describe(unit="your squadron", route="the areas swept, comma separated, in order",
                           **ESCORT_HELP, **ART_HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def sweep(self, interaction: discord.Interaction, unit: Squadron, route: Route,
                    engage: Engage | None = None, if_attacked: IfAttacked | None = None,
                    stake: Stake | None = None, leader: Leader | None = None,
                    manoeuvre: Manoeuvre | None = None, stake_later: Stake | None = None,
                    subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await submit(interaction, campaign, "sq_locsweep", unit, route=route, subphase=subphase,
                     **_squadron(engage, if_attacked, stake, leader, manoeuvre, stake_later))

    @app_commands.command(name="tactics", description="Change the battle choices of a squadron's order (S1.2)")
    @app_commands.describe(unit="your squadron (its order for the sub-phase is changed)", **ESCORT_HELP, **ART_HELP,
                           if_forced="reinforced, forced by ordinary ones: fight or refuse (S5.7)",
                           withdraw="between rounds, if the moderators allow it (OP-33)")
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def tactics(self, interaction: discord.Interaction, unit: Squadron, engage: Engage | None = None,
                      if_attacked: IfAttacked | None = None, stake: Stake | None = None,
                      leader: Leader | None = None, manoeuvre: Manoeuvre | None = None,
                      stake_later: Stake | None = None, if_forced: Literal["accept", "refuse"] | None = None,
                      withdraw: Withdraw | None = None, subphase: Subphase | None = None,
                      campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        unit_id = ctx.unit_id(unit)
        slot = unit_slot(unit_id, None if subphase in (None, "SP1") else subphase)
        mine = {o.unit: o.payload for o in await service_of(interaction).orders(ctx.campaign.id, ctx.faction.id)}
        given = {k: v for k, v in {**_squadron(engage, if_attacked, stake, leader, manoeuvre, stake_later),
                                   "if_forced_by_ordinary": if_forced, "withdraw_if": withdraw}.items()
                 if v is not None}
        view = ctx.unit(unit_id)
        if view is None:  # another clan's unit reads exactly like one that does not exist
            raise UserError(N_("your clan has no unit {unit}; /fleet list shows your units (V1)"), domain=DOMAIN,
                            unit=quote(unit))
        name = view.name
        if slot not in mine:
            raise UserError(N_("{unit} has no order for {subphase} yet; give it one first (/order cruise, "
                               "/order idle, …), then change its battle choices here"), domain=DOMAIN,
                            unit=name, subphase=subphase or "SP1")
        if not given:
            raise UserError(N_("nothing to change for {unit}: give a stake, a policy, a manoeuvre, …"),
                            domain=DOMAIN, unit=name)
        await reply(interaction, receipt_text(await place(interaction, ctx, {**mine[slot], **given}),
                                              reader(interaction)))

    @app_commands.command(name="keep-loc", description="A trade fleet keeps a LoC open to a province without a port (S3.6)")
    @app_commands.describe(unit="your trade fleet", target="the coastal province without a port",
                           route="comma separated (default: shortest)", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def keep_loc(self, interaction: discord.Interaction, unit: TradeFleet, target: Portless,
                       route: Route | None = None, subphase: Subphase | None = None,
                       campaign: int | None = None) -> None:
        await submit(interaction, campaign, "tf_loc", unit, target=target, path=route, subphase=subphase)

    @app_commands.command(name="evacuate", description="Trade fleets evacuate an army to a friendly province (S3.8)")
    @app_commands.describe(unit="the lead trade fleet", army="your army", origin="where the army embarks",
                           destination="the friendly coastal province",
                           fleets="other trade fleets carrying, comma separated",
                           route="comma separated (default: shortest)",
                           passengers="characters sailing with the army (S9.5)", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def evacuate(self, interaction: discord.Interaction, unit: TradeFleet, army: ArmyId, origin: Area,
                       destination: Coast, fleets: Fleets | None = None, route: Route | None = None,
                       passengers: Leaders | None = None, subphase: Subphase | None = None,
                       campaign: int | None = None) -> None:
        await submit(interaction, campaign, "tf_evacuation", unit, army=army, origin=origin,
                     destination=destination, fleets=fleets, route=route, passengers=passengers, subphase=subphase)

    @app_commands.command(name="mothball", description="Lay a unit up on your own coast (S2.5)")
    @app_commands.describe(unit="your unit", area="your coastal province", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def mothball(self, interaction: discord.Interaction, unit: AnyUnit, area: Coast,
                       subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await submit(interaction, campaign, "mothball", unit, area=area, subphase=subphase)

    @app_commands.command(name="disband", description="Disband a unit (S2.5)")
    @app_commands.describe(unit="your unit (a mothballed one by its id)", **HELP)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def disband(self, interaction: discord.Interaction, unit: AnyUnit,
                      subphase: Subphase | None = None, campaign: int | None = None) -> None:
        await submit(interaction, campaign, "disband", unit, subphase=subphase)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(UnitOrderCog(bot))
