"""/eia: a nation's orders of E17 for the open impulse.

In its own impulse the active nation gives movement plans (``move``: a path with its conditions —
patrols per zone E5.5, evade if intercepted E6, continue or stop after a won battle E9.1 — so the
bot asks only what the plan leaves open, E-OP-09), patrols (``patrol``), its one convoy (``convoy``,
E11.4), armada command (``command``, E3.1.3) and leaving an armada (``leave``, E3.2.2/E4.3), and where
landed formations retreat (``landing-retreat``, E12.6).  Any nation, at any orders step, sets its
standing orders (``standing``): whether to intercept, to evade, to accept another power's armada
commander, combat cards, and its preferred nearest ports (E-OP-09, E-OP-18).

Every reply is ephemeral.  The payload follows rules/orders.py; the rules (through the service)
check ownership and every rule, and their refusal is shown as is.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.rulesets.empires_in_arms.commands.params import (ArmadaName, Items, PortName, Ports, Route, Squadron,
                                                           Squadrons, Stack, Zone, keyed, resolve)
from cogs import order_book
from cogs.common import CAMPAIGN, MarksActing, campaign_autocomplete, defer, reader, reply
from cogs.order_book import receipt_text
from cogs.params import PlayerContext

Condition = app_commands.Range[str, 1, 200]  # yes | no | ask | a condition (bot/engine/conditions.py)
Keyed = app_commands.Range[str, 1, 400]
CONDITION = "always, never, or a condition such as: if enemy_dice >= 6"


OWN = ("standing", "convoy", "landing_retreat")  # a nation's own orders: slotted by nation (rules/orders.py)


def _payload(kind: str, **fields: Any) -> dict[str, Any]:
    """The order payload; options left out are omitted so the rules' defaults apply."""
    return {"kind": kind, **{k: v for k, v in fields.items() if v is not None}}


async def place(interaction: discord.Interaction, campaign: int | None, payload: dict[str, Any]) -> None:
    """Submit the payload (names typed by hand made ids) for the caller's nation; reply privately."""
    await defer(interaction)
    ctx = await PlayerContext.load(interaction, campaign)
    if payload["kind"] in OWN:
        payload = {**payload, "nation": ctx.faction.id}
    receipt = await order_book.place(interaction, ctx, await resolve(interaction, ctx, payload))
    await reply(interaction, receipt_text(receipt, reader(interaction)))


@app_commands.guild_only()
class EiaOrderCog(MarksActing, commands.GroupCog, group_name="eia",
                  group_description="Empires in Arms: your nation's orders (only you see the replies)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="move", description="A movement plan: a fleet's path and its conditions (E2.2, "
                                                   "E-OP-09)")
    @app_commands.describe(at="where the fleet is", route="the zones and ports entered in order, comma separated",
                           squadrons="only these squadrons (default: the whole fleet)",
                           armada="move this whole armada (E3.2.1)",
                           patrols='patrols per zone, at most so many: "North Sea: 2; English Channel"',
                           evade="if intercepted: yes, no, ask, or a condition (E6)",
                           on_win="after a won battle: continue the path or stop (E9.1)",
                           drop='squadrons left behind: "Brest: Ponant; …" (E2.3)',
                           pickup='squadrons picked up: "Cadiz: Cartagena squadron; …" (E2.3)', campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def move(self, interaction: discord.Interaction, at: Stack, route: Route,
                   squadrons: Squadrons | None = None, armada: ArmadaName | None = None,
                   patrols: Keyed | None = None, evade: Condition | None = None,
                   on_win: Literal["continue", "stop"] | None = None, drop: Keyed | None = None,
                   pickup: Keyed | None = None, campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("move_fleet", at=at, path=route, squadrons=squadrons,
                                                    armada=armada, patrols=keyed(patrols, counted=True),
                                                    evade=evade, on_win=on_win, drop=keyed(drop, counted=False),
                                                    pickup=keyed(pickup, counted=False)))

    @app_commands.command(name="patrol", description="Patrol the zone a fleet is in, one maneuver a try (E5.3, "
                                                     "E5.5)")
    @app_commands.describe(zone="the zone your fleet is in", times="at most so many tries (default 1)",
                           squadrons="only these squadrons (default: the whole fleet)",
                           evade="if the enemy you find intercepts first: yes, no, ask", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def patrol(self, interaction: discord.Interaction, zone: Zone,
                     times: app_commands.Range[int, 1, 20] | None = None, squadrons: Squadrons | None = None,
                     evade: Condition | None = None, campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("patrol", zone=zone, times=times, squadrons=squadrons,
                                                    evade=evade))

    @app_commands.command(name="convoy", description="Your one convoy this impulse: up to five units or leaders "
                                                     "(E11)")
    @app_commands.describe(items="the units and leaders carried, comma separated",
                           route="from a port through zones to a port, comma separated (1 KO per entry, E11.5)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def convoy(self, interaction: discord.Interaction, items: Items, route: Route,
                     campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("convoy", items=items, path=route))

    @app_commands.command(name="command", description="Take command of an armada with one of your squadrons "
                                                      "(E3.1.3)")
    @app_commands.describe(armada="the armada", squadron="your squadron on top", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def command(self, interaction: discord.Interaction, armada: ArmadaName, squadron: Squadron,
                      campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("armada_command", armada=armada, squadron=squadron))

    @app_commands.command(name="leave", description="Your fleet leaves an armada: a stack of its own (E3.2.2, "
                                                    "E4.3)")
    @app_commands.describe(armada="the armada", separate="stay in the place as a separate stack, not leave it",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def leave(self, interaction: discord.Interaction, armada: ArmadaName, separate: bool = False,
                    campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("separate_stack" if separate else "leave_armada", armada=armada))

    @app_commands.command(name="landing-retreat", description="Where landed formations retreat to (E12.6)")
    @app_commands.describe(port="a friendly port in a zone passed through this impulse", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def landing_retreat(self, interaction: discord.Interaction, port: PortName,
                              campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("landing_retreat", port=port))

    @app_commands.command(name="standing", description="Your standing orders when you are not asked in time "
                                                       "(E-OP-09)")
    @app_commands.describe(intercept=f"intercept an enemy entering your zone: {CONDITION}",
                           evade=f"evade when intercepted: {CONDITION}",
                           armada_agree=f"accept another power's armada commander: {CONDITION}",
                           combat_cards="never: play no combat card without being asked (E-OP-14)",
                           nearest_ports="your preferred ports among equally near ones, in order (E-OP-18)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def standing(self, interaction: discord.Interaction, intercept: Condition | None = None,
                       evade: Condition | None = None, armada_agree: Condition | None = None,
                       combat_cards: Condition | None = None, nearest_ports: Ports | None = None,
                       campaign: int | None = None) -> None:
        await place(interaction, campaign, _payload("standing", intercept=intercept, evade=evade,
                                                    armada_agree=armada_agree, combat_cards=combat_cards,
                                                    nearest_ports=nearest_ports))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(EiaOrderCog(bot))
