"""/here-i-stand: moderators enter what the naval rules read but never make (H0.3: the cards, the
land game, diplomacy): war and peace, alliances (H9 Power); a port's controller, unrest, siege,
Pirate Haven (H6.5.3) and enemy land units (H6.3.1); Barbary Pirates (H6.5.1, H-OP-38); a power's
hand size (H-OP-35: the count only), piracy VP, Janissaries this turn and counter mix (H-OP-37); the
CP of an impulse (H-OP-18); naval leaders' ratings and places (H-OP-11, H-OP-26); a unit's
orientation, place or controller (H0.1, H-OP-01); new units and leaders; any power's standing orders
(H10.6).  The combat and response cards' dice are the step prompts' moderators' forms, not these.

Moderators only (hidden from players by default); every reply is ephemeral.  Each edit goes through
the rules' ``apply_edit`` (rules/edits.py), is recorded in the audit log with who, when and why,
and the reply shows what changed.  Names typed by hand are matched to ids after the command defers;
text that matches nothing is passed on, so the rules refuse it by name.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.rulesets.here_i_stand.commands.orders import Condition, standing_payload
from bot.rulesets.here_i_stand.commands.params import DOMAIN, Spaces, port_names, space_names
from bot.rulesets.here_i_stand.rules.model import POOL, track_turn
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reader
from cogs.mod_common import ModeratorRef, apply, clans, names, pick, roster
from cogs.params import NewName, Reason, fold

Rating = app_commands.Range[int, 0, 6]
Counters = app_commands.Range[int, 0, 50]


class PowerRef(ModeratorRef):
    async def options(self, interaction, campaign):
        return [(f.name, f.id) for f in campaign.factions]


class PlaceRef(ModeratorRef):
    """A space of the board (``ports``: only ports); ``off_board``: also the pool and this turn's Turn Track."""

    def __init__(self, ports: bool = False, off_board: bool = False) -> None:
        self.ports, self.off_board = ports, off_board

    async def options(self, interaction, campaign):
        named = port_names(campaign) if self.ports else space_names(campaign)
        found = sorted(((name, key) for key, name in named.items()), key=lambda p: fold(p[0]))
        if self.off_board:
            t = reader(interaction, DOMAIN)
            found += [(t._("the pool"), POOL), (t._("Turn Track (turn {turn})", turn=campaign.turn + 1),
                                                f"turn_track:{campaign.turn + 1}")]
        return found


class UnitRef(ModeratorRef):
    async def options(self, interaction, campaign):
        powers, spaces, t = clans(campaign), space_names(campaign), reader(interaction, DOMAIN)
        return [(f"{u['name']} — {powers.get(u['owner'], u['owner'])}, {_place(u['state'], spaces, t)}", u["id"])
                for u in (await roster(interaction, campaign))["units"]]


class LeaderRef(ModeratorRef):
    async def options(self, interaction, campaign):
        powers, spaces, t = clans(campaign), space_names(campaign), reader(interaction, DOMAIN)
        return [(f"{x['name']} — {powers.get(x['clan'], x['clan'])}, {_place(x['status'], spaces, t)}", x["id"])
                for x in (await roster(interaction, campaign))["characters"]]


def _place(where: str, spaces: dict[str, str], t) -> str:
    """A roster's place (views.roster: a space id, ``pool`` or ``turn_track:<n>``, maybe " (vertical)")
    as moderators read it: "Turn Track (turn 2)", never the stored id."""
    space, _, rest = where.partition(" ")
    turn = track_turn(space)
    if turn is not None:
        name = t._("Turn Track (turn {turn})", turn=turn)
    else:
        name = t._("the pool") if space == POOL else spaces.get(space, space)
    return f"{name}, {t._('vertical')}" if rest == "(vertical)" else name


PowerName = app_commands.Transform[str, PowerRef()]
Port = app_commands.Transform[str, PlaceRef(ports=True)]
Place = app_commands.Transform[str, PlaceRef(off_board=True)]
Unit = app_commands.Transform[str, UnitRef()]
LeaderName = app_commands.Transform[str, LeaderRef()]


def new_id(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", fold(name)).strip("-")[:40] or "unit"
    found, n = base, 2
    while found in taken:
        found, n = f"{base}-{n}", n + 1
    return found


def _given(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class HisModerateCog(commands.GroupCog, group_name="here-i-stand",
                     group_description="Moderators: Here I Stand wars, ports, hands, CP, leaders, units"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def edit(self, interaction: discord.Interaction, campaign: int | None, payload: dict[str, Any],
                   reason: str | None) -> None:
        await defer(interaction)
        await apply(interaction, await campaign_for(interaction, campaign), payload, reason)

    @app_commands.command(name="war", description="Two powers at war, or at peace (H9)")
    @app_commands.describe(power_a="one power", power_b="the other", at_war="true: war; false: peace",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def war(self, interaction: discord.Interaction, power_a: PowerName, power_b: PowerName, at_war: bool,
                  reason: Reason | None = None, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        named = clans(chosen)
        await self.edit(interaction, campaign, {"kind": "war", "a": pick(power_a, named), "b": pick(power_b, named),
                                                "at_war": at_war}, reason)

    @app_commands.command(name="alliance", description="Two powers allied, or no longer (H9)")
    @app_commands.describe(power_a="one power", power_b="the other", allied="true: allied; false: not",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def alliance(self, interaction: discord.Interaction, power_a: PowerName, power_b: PowerName, allied: bool,
                       reason: Reason | None = None, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        named = clans(chosen)
        await self.edit(interaction, campaign, {"kind": "alliance", "a": pick(power_a, named),
                                                "b": pick(power_b, named), "allied": allied}, reason)

    @app_commands.command(name="port", description="A port's controller, unrest, siege, Pirate Haven (H6)")
    @app_commands.describe(port="the port", controller="the power controlling it (default: unchanged)",
                           unrest="in unrest (H6.3.1)", besieged="under siege", pirate_haven="a Pirate Haven (H6.5.3)",
                           enemy_land_units="occupied by enemy land units (H6.3.1)", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def port(self, interaction: discord.Interaction, port: Port, controller: PowerName | None = None,
                   unrest: bool | None = None, besieged: bool | None = None, pirate_haven: bool | None = None,
                   enemy_land_units: bool | None = None, reason: Reason | None = None,
                   campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        payload = {"kind": "port", "port": pick(port, port_names(chosen)),
                   **_given(controller=pick(controller, clans(chosen)), unrest=unrest, besieged=besieged,
                            pirate_haven=pirate_haven, enemy_land_units=enemy_land_units)}
        await self.edit(interaction, campaign, payload, reason)

    @app_commands.command(name="power", description="A power's hand size, piracy VP, Janissaries, counter mix")
    @app_commands.describe(power="the power", hand_size="cards in hand (H-OP-35: the count only)",
                           piracy_vp="Ottoman piracy VP (H5.1.4)", janissaries_used="played this turn (H3.3.6)",
                           squadrons="squadron counters in its mix (H-OP-37)", corsairs="corsair counters (Ottomans)",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def power(self, interaction: discord.Interaction, power: PowerName,
                    hand_size: app_commands.Range[int, 0, 30] | None = None,
                    piracy_vp: app_commands.Range[int, 0, 10] | None = None, janissaries_used: bool | None = None,
                    squadrons: Counters | None = None, corsairs: Counters | None = None,
                    reason: Reason | None = None, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        payload = {"kind": "power", "power": pick(power, clans(chosen)),
                   **_given(hand_size=hand_size, piracy_vp=piracy_vp, janissaries_used=janissaries_used,
                            squadrons=squadrons, corsairs=corsairs)}
        await self.edit(interaction, campaign, payload, reason)

    @app_commands.command(name="cp", description="The CP of the card a power plays for its impulse (H-OP-18)")
    @app_commands.describe(power="the power (taking its impulse: now; else its next one)", cp="CP",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def cp(self, interaction: discord.Interaction, power: PowerName, cp: app_commands.Range[int, 0, 12],
                 reason: Reason | None = None, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        await self.edit(interaction, campaign, {"kind": "cp", "power": pick(power, clans(chosen)), "cp": cp}, reason)

    @app_commands.command(name="barbary-pirates", description="The event Barbary Pirates has happened (H6.5.1)")
    @app_commands.describe(happened="true: the Ottomans may build corsairs", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def barbary_pirates(self, interaction: discord.Interaction, happened: bool = True,
                              reason: Reason | None = None, campaign: int | None = None) -> None:
        await self.edit(interaction, campaign, {"kind": "barbary_pirates", "happened": happened}, reason)

    @app_commands.command(name="leader", description="A naval leader's ratings or place (H-OP-11, H-OP-26)")
    @app_commands.describe(leader="the naval leader", battle_rating="its battle rating", piracy_rating="piracy bonus",
                           location="a space, the pool or the Turn Track", no_atlantic="never enters the Atlantic",
                           reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def leader(self, interaction: discord.Interaction, leader: LeaderName, battle_rating: Rating | None = None,
                     piracy_rating: Rating | None = None, location: Place | None = None,
                     no_atlantic: bool | None = None, reason: Reason | None = None,
                     campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        leaders = names((await roster(interaction, chosen))["characters"])
        payload = {"kind": "leader", "leader": pick(leader, leaders),
                   **_given(battle_rating=battle_rating, piracy_rating=piracy_rating,
                            location=pick(location, space_names(chosen)), no_atlantic=no_atlantic)}
        await self.edit(interaction, campaign, payload, reason)

    @app_commands.command(name="leader-add", description="Place a new naval leader (H-OP-11)")
    @app_commands.describe(name="its name", power="its power", location="a space, the pool or the Turn Track",
                           battle_rating="its battle rating", piracy_rating="piracy bonus (Barbarossa 1, Dragut 2)",
                           no_atlantic="never enters the Atlantic (Andrea Doria)", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def leader_add(self, interaction: discord.Interaction, name: NewName, power: PowerName, location: Place,
                         battle_rating: Rating = 0, piracy_rating: Rating = 0, no_atlantic: bool = False,
                         reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        taken = {x["id"] for x in (await roster(interaction, chosen, fresh=True))["characters"]}
        await apply(interaction, chosen, {"kind": "leader_add", "id": new_id(name, taken), "name": name.strip(),
                                          "power": pick(power, clans(chosen)),
                                          "location": pick(location, space_names(chosen)),
                                          "battle_rating": battle_rating, "piracy_rating": piracy_rating,
                                          "no_atlantic": no_atlantic}, reason)

    @app_commands.command(name="unit", description="A naval unit's orientation, place or controller (H0.1, H-OP-01)")
    @app_commands.describe(unit="the naval unit", orientation="vertical: just arrived without friends (H0.1)",
                           location="a space, the pool or the Turn Track",
                           controller="the power moving it (a loan, an activated minor: H-OP-01)", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def unit(self, interaction: discord.Interaction, unit: Unit,
                   orientation: Literal["vertical", "normal"] | None = None, location: Place | None = None,
                   controller: PowerName | None = None, reason: Reason | None = None,
                   campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        units = names((await roster(interaction, chosen))["units"])
        payload = {"kind": "unit", "unit": pick(unit, units),
                   **_given(orientation=orientation, location=pick(location, space_names(chosen)),
                            controller=pick(controller, clans(chosen)))}
        await self.edit(interaction, campaign, payload, reason)

    @app_commands.command(name="unit-add", description="Place a new squadron or corsair (a ruling or an event)")
    @app_commands.describe(type="squadron or corsair (Ottomans only)", owner="its power (its nationality)",
                           location="a space, the pool or the Turn Track", name="its name (default: numbered)",
                           controller="the power moving it, if not its owner (H-OP-01)", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def unit_add(self, interaction: discord.Interaction, type: Literal["squadron", "corsair"],
                       owner: PowerName, location: Place, name: NewName | None = None,
                       controller: PowerName | None = None, reason: Reason | None = None,
                       campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        powers = clans(chosen)
        owner_id = pick(owner, powers)
        taken = {u["id"] for u in (await roster(interaction, chosen, fresh=True))["units"]}
        payload = {"kind": "unit_add", "id": new_id(name or f"{owner_id}-{type}", taken), "type": type,
                   "owner": owner_id, "location": pick(location, space_names(chosen)),
                   **_given(name=name.strip() if name else None, controller=pick(controller, powers))}
        await apply(interaction, chosen, payload, reason)

    @app_commands.command(name="standing", description="Set a power's standing reactions for it (H10.6)")
    @app_commands.describe(power="the power", intercept="always, never, or a condition ('none': ask)",
                           avoid="when to avoid battle", avoid_to="spaces to avoid into, in order",
                           foul_weather="when to play Foul Weather", retreat_to="spaces to retreat to, in order",
                           casualties="mixed sides: whose units go first",
                           piracy_rewards="in order: vp, squadron, card", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def standing(self, interaction: discord.Interaction, power: PowerName, intercept: Condition | None = None,
                       avoid: Condition | None = None, avoid_to: Spaces | None = None,
                       foul_weather: Condition | None = None, retreat_to: Spaces | None = None,
                       casualties: Literal["own_first", "allies_first", "ask"] | None = None,
                       piracy_rewards: app_commands.Range[str, 1, 40] | None = None,
                       reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload = standing_payload(pick(power, clans(chosen)), space_names(chosen), intercept, avoid, avoid_to,
                                   foul_weather, retreat_to, casualties, piracy_rewards)
        await apply(interaction, chosen, payload, reason)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HisModerateCog(bot))
