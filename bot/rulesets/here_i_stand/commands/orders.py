"""/his: the power taking its impulse gives its naval action (H10.1, H10.3–H10.5) or passes; any
power sets its standing orders (H10.6), which answer the reactions' questions for it in advance.

An impulse's action is one order (its slot is the impulse's, rules/orders.py): a second one replaces
the first until the step resolves.  A naval move names its groups by where they start and how many
squadrons and corsairs go (default: all of them), so nobody types a unit's id; the leaders a move
leaves alone follow their units by themselves (H2.5.3, H-OP-04).  Reactions (interception, avoid
battle, Foul Weather, retreats, piracy rewards) are the step prompts' questions (cogs/step_prompts.py),
posted in the power's channel when they arise.

Every reply is ephemeral.  The payload follows rules/orders.py; the rules (through the service)
check every rule when the order is given, and their refusal is shown as is.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.text import quote
from bot.engine.ruleset import UnitView
from bot.i18n import N_
from bot.rulesets.here_i_stand.commands.params import (CORSAIR, DOMAIN, SQUADRON, Destination, Destination2,
                                                       Destination3, Formation, Landing, Leaders, OwnPort,
                                                       PiracyZone, Power, Route, Spaces, Stack, leaders_of,
                                                       own_units, port_names, power_names, sea_zone_names,
                                                       space_names, formations_of)
from bot.services.errors import UserError
from cogs import order_book
from cogs.common import CAMPAIGN, MarksActing, campaign_autocomplete, defer, reader, reply
from cogs.mod_common import apply
from cogs.order_book import receipt_text
from cogs.params import PlayerContext, match_name

Count = app_commands.Range[int, 0, 50]
Condition = app_commands.Range[str, 1, 200]
CLEAR = {"none", "-", "ask"}
NO_UNITS_THERE = N_("your power has no naval units in {space}; the from option lists where yours are")
TOO_MANY = {SQUADRON: N_("{space} holds {n} of your squadrons, not {wanted}"),
            CORSAIR: N_("{space} holds {n} of your corsairs, not {wanted}")}
NOTHING_MOVES = N_("the group from {space} moves nothing: give squadrons or corsairs above 0, or leave them out "
                   "(all of them go)")
NO_TO = N_("say where the group from {space} goes (to_{n}:…)")
NO_FROM = N_("say where the group going to {space} starts (from_{n}:…)")
NO_STANDING = N_("nothing to change: give at least one standing order (intercept, avoid, foul_weather, …)")
NOT_YOURS = N_("your power has no formation {formation}; the formation option lists yours")
UNKNOWN = N_("{typed} is not a space the {option} option takes; the option lists the ones it does")
UNKNOWN_POWER = N_("{typed} is not a power of this campaign; the {option} option lists them")


def known(typed: str, names: dict[str, str], option: str, message: str = UNKNOWN) -> str:
    """The id ``typed`` names among ``names``; a name none has is refused here, by the option to fix
    (the rules would only say "not adjacent" of a space that does not exist)."""
    found = match_name(typed, names)
    if found not in names:
        raise UserError(message, domain=DOMAIN, typed=quote(typed), option=option)
    return found


def _picked(units: list[UnitView], kind: str, wanted: int | None, space: str) -> list[str]:
    """The ids of ``wanted`` of the caller's ``kind`` units there (None: all of them), as the board lists them."""
    mine = [u for u in units if u.kind == kind]
    if wanted is None:
        return [u.id for u in mine]
    if wanted > len(mine):
        raise UserError(TOO_MANY[kind], domain=DOMAIN, space=space, n=len(mine), wanted=wanted)
    return [u.id for u in mine[:wanted]]


async def group(interaction: discord.Interaction, ctx: PlayerContext, origin: str, to: str, squadrons: int | None,
                corsairs: int | None, leaders: list[str] | None = None, to_option: str = "to") -> dict[str, Any]:
    """One group of a naval move (H2.6.1) as the rules read it: unit ids from the counts asked."""
    names = space_names(ctx.campaign)
    where, dest = match_name(origin, names), known(to, names, to_option)
    here = [u for u in await own_units(interaction, ctx.campaign, ctx.faction.id) if u.location == where]
    said = shown(origin, names)
    if not here:
        raise UserError(NO_UNITS_THERE, domain=DOMAIN, space=said)
    units = _picked(here, SQUADRON, squadrons, said) + _picked(here, CORSAIR, corsairs, said)
    if not units:
        raise UserError(NOTHING_MOVES, domain=DOMAIN, space=said)
    own = {x["id"]: x["name"] for x in await leaders_of(interaction, ctx.campaign, ctx.faction.id)}
    return {"units": units, "leaders": [match_name(x, own) for x in leaders or ()], "to": dest}


def shown(typed: str, names: dict[str, str]) -> str:
    """A space as the player reads it: its name (autocomplete sends its id), else what was typed, quoted."""
    found = match_name(typed, names)
    return names[found] if found in names else quote(typed)


async def place(interaction: discord.Interaction, ctx: PlayerContext, payload: dict[str, Any]) -> None:
    receipt = await order_book.place(interaction, ctx, payload)
    await reply(interaction, receipt_text(receipt, reader(interaction)))


def _cleared(value: str | None) -> str | None:
    """'none' / 'ask' → "" (the power is asked again), else the condition as typed."""
    if value is None:
        return None
    return "" if value.strip().casefold() in CLEAR else value.strip()


def _cleared_list(values: list[str] | None, names: dict[str, str]) -> list[str] | None:
    if values is None:
        return None
    if len(values) == 1 and values[0].strip().casefold() in CLEAR:
        return []
    return [match_name(v, names) for v in values]


@app_commands.guild_only()
class HisOrderCog(MarksActing, commands.GroupCog, group_name="his",
                  group_description="Here I Stand: your power's naval action and standing orders (only you see)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="move", description="Naval move, 1 CP: up to three groups, each to an adjacent space")
    @app_commands.rename(origin="from", origin_2="from_2", origin_3="from_3")
    @app_commands.describe(origin="where the group starts (a space of your units)", to="the adjacent space it enters",
                           squadrons="how many squadrons go (default: all there)",
                           corsairs="how many corsairs go (default: all there)",
                           leaders="naval leaders going along (those left alone follow anyway)",
                           origin_2="a second group: where it starts", to_2="where it goes",
                           squadrons_2="its squadrons (default: all)", corsairs_2="its corsairs (default: all)",
                           origin_3="a third group: where it starts", to_3="where it goes",
                           squadrons_3="its squadrons (default: all)", corsairs_3="its corsairs (default: all)",
                           fight_first="spaces whose combats come first, in order (H2.6.7)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def move(self, interaction: discord.Interaction, origin: Stack, to: Destination,
                   squadrons: Count | None = None, corsairs: Count | None = None, leaders: Leaders | None = None,
                   origin_2: Stack | None = None, to_2: Destination2 | None = None,
                   squadrons_2: Count | None = None, corsairs_2: Count | None = None,
                   origin_3: Stack | None = None, to_3: Destination3 | None = None,
                   squadrons_3: Count | None = None, corsairs_3: Count | None = None,
                   fight_first: Spaces | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        names = space_names(ctx.campaign)
        groups = [await group(interaction, ctx, origin, to, squadrons, corsairs, leaders)]
        for n, (start, end, sq, co) in enumerate(((origin_2, to_2, squadrons_2, corsairs_2),
                                                  (origin_3, to_3, squadrons_3, corsairs_3)), start=2):
            if start is None and end is None:
                continue
            if end is None:
                raise UserError(NO_TO, domain=DOMAIN, space=shown(start, names), n=n)
            if start is None:
                raise UserError(NO_FROM, domain=DOMAIN, space=shown(end, names), n=n)
            groups.append(await group(interaction, ctx, start, end, sq, co, to_option=f"to_{n}"))
        order = [{"space": known(s, names, "fight_first")} for s in fight_first or ()]
        await place(interaction, ctx, {"kind": "naval_move", "groups": groups, "combat_order": order})

    @app_commands.command(name="transport", description="Naval transport: a formation by sea, 1 CP a leg (H4)")
    @app_commands.describe(formation="your formation in a port (at most 5 land units)",
                           route="the sea zones it crosses, in order, each holding your naval units",
                           to="the port where it lands", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def transport(self, interaction: discord.Interaction, formation: Formation, route: Route, to: Landing,
                        campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        rows = await formations_of(interaction, ctx.campaign, ctx.faction.id)
        found = match_name(formation, {f["id"]: f.get("name") or f["id"] for f in rows})
        start = next((f["location"] for f in rows if f["id"] == found), None)
        if start is None:  # another power's formation reads exactly like one that does not exist
            raise UserError(NOT_YOURS, domain=DOMAIN, formation=quote(formation))
        zones, ports = sea_zone_names(ctx.campaign), port_names(ctx.campaign)
        path = [start, *(known(z, zones, "route") for z in route), known(to, ports, "to")]
        await place(interaction, ctx, {"kind": "naval_transport", "formation": found, "path": path})

    @app_commands.command(name="piracy", description="Ottomans, 2 CP: piracy in a sea zone against a power (H5)")
    @app_commands.describe(zone="a sea zone with your corsairs", target="the power whose port borders it",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def piracy(self, interaction: discord.Interaction, zone: PiracyZone, target: Power,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        await place(interaction, ctx, {"kind": "initiate_piracy", "zone": known(zone, sea_zone_names(ctx.campaign), "zone"),
                                       "target": known(target, power_names(ctx.campaign), "target", UNKNOWN_POWER)})

    @app_commands.command(name="build", description="Build a squadron (2 CP) or a corsair (1 CP) in your port (H6)")
    @app_commands.describe(port="a port you control", unit="what to build", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def build(self, interaction: discord.Interaction, port: OwnPort,
                    unit: Literal["squadron", "corsair"] = "squadron", campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        await place(interaction, ctx, {"kind": f"build_{unit}", "port": known(port, port_names(ctx.campaign), "port")})

    @app_commands.command(name="pass", description="No naval action: your impulse ends, spending nothing")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def pass_(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        await place(interaction, await PlayerContext.load(interaction, campaign), {"kind": "pass"})

    @app_commands.command(name="standing", description="Your standing reactions, answered without asking you (H10.6)")
    @app_commands.describe(intercept="when to intercept: always, never, or a condition ('none': ask me)",
                           avoid="when to avoid battle, as intercept", avoid_to="spaces to avoid into, in order",
                           foul_weather="when to play Foul Weather, as intercept",
                           retreat_to="spaces to retreat to, in order", casualties="mixed sides: whose units go first",
                           piracy_rewards="what to give a pirate, in order: vp, squadron, card", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def standing(self, interaction: discord.Interaction, intercept: Condition | None = None,
                       avoid: Condition | None = None, avoid_to: Spaces | None = None,
                       foul_weather: Condition | None = None, retreat_to: Spaces | None = None,
                       casualties: Literal["own_first", "allies_first", "ask"] | None = None,
                       piracy_rewards: app_commands.Range[str, 1, 40] | None = None,
                       campaign: int | None = None) -> None:
        await defer(interaction)
        ctx = await PlayerContext.load(interaction, campaign)
        await apply(interaction, ctx.campaign, standing_payload(ctx.faction.id, space_names(ctx.campaign), intercept,
                                                                avoid, avoid_to, foul_weather, retreat_to,
                                                                casualties, piracy_rewards))


def standing_payload(power: str, names: dict[str, str], intercept, avoid, avoid_to, foul_weather, retreat_to,
                     casualties, piracy_rewards) -> dict[str, Any]:
    """The ``standing`` edit (rules/edits.py Standing): a field left out keeps what it had."""
    rewards = piracy_rewards.replace(",", " ").split() if piracy_rewards else None
    fields = {"intercept": _cleared(intercept), "avoid": _cleared(avoid), "avoid_to": _cleared_list(avoid_to, names),
              "foul_weather": _cleared(foul_weather), "retreat_to": _cleared_list(retreat_to, names),
              "casualties": _cleared(casualties), "piracy_rewards": _cleared_list(rewards, {})}
    given = {k: v for k, v in fields.items() if v is not None}
    if not given:
        raise UserError(NO_STANDING, domain=DOMAIN)
    return {"kind": "standing", "power": power, **given}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HisOrderCog(bot))
