"""/sengoku army: moderators create, replace and remove armies and their land
detachments (S12.2 land references, S3.7.2), the facts landings carry."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only
from bot.rulesets.sengoku.commands.mod_params import ArmyOf, FreeCharacter, Province, parse_detachments, provinces
from cogs.mod_common import Clan, apply, clans, names, pick, roster
from cogs.params import Reason


class ArmyCommands(app_commands.Group, name="army", description="Create, replace or remove an army"):
    @app_commands.command(name="set", description="Create or replace an army: clan, province, detachments, leader")
    @app_commands.describe(clan="the army's clan", name="its name; that clan's army of this name is replaced",
                           area="the province it stands in",
                           detachments='e.g. "ashigaru:18i, samurai:8i, horse:6c" (i: infantry, c: cavalry)',
                           leader="a free character of the clan (default: none)",
                           army="id of the army to replace (default: by name, else a new army)", reason="why",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def set(self, interaction: discord.Interaction, clan: Clan, name: app_commands.Range[str, 1, 80],
                  area: Province, detachments: app_commands.Range[str, 1, 500], leader: FreeCharacter | None = None,
                  army: ArmyOf | None = None, reason: Reason | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        clan_id = pick(clan, clans(chosen))
        units = parse_detachments(detachments)
        payload: dict[str, Any] = {"kind": "army_set", "name": name.strip(), "clan": clan_id,
                                   "area": pick(area, provinces(chosen, seas=True)), "detachments": units}
        data = await roster(interaction, chosen, fresh=True)
        if leader:  # a name is looked for in the army's clan first, so the rules can say whose character it is
            own = names([c for c in data["characters"] if c["clan"] == clan_id])
            found = pick(leader, own)
            payload["leader"] = found if found in own else pick(leader, names(data["characters"]))
        if army:
            payload["id"] = pick(army, names([a for a in data["armies"] if a["clan"] == clan_id]))
        if reason:
            payload["reason"] = reason
        await apply(interaction, chosen, payload)

    @app_commands.command(name="remove", description="Take an army off the map")
    @app_commands.describe(army="the army", reason="why", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def remove(self, interaction: discord.Interaction, army: ArmyOf, reason: Reason | None = None,
                     campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        armies = names((await roster(interaction, chosen, fresh=True))["armies"])
        payload = {"kind": "army_remove", "id": pick(army, armies)}
        await apply(interaction, chosen, payload | ({"reason": reason} if reason else {}))
