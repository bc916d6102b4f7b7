"""A LoopWorld hosting the royal fleets demo (Atlantic 1635, turn 5 open, every faction linked),
for the bad-input tests of /royal and /royal-fleets (issue 13, R4)."""

from __future__ import annotations

from tests.discord.harness import GUILD_ID
from tests.robustness.loop_world import LoopWorld

FACTIONS = ("spain", "dutch", "france")
ROLES = {"Moderators": 610, **{f: 620 + i for i, f in enumerate(FACTIONS)}, "Spectators": 690}
CHANNELS = {"general": 510, "naval-reports": 520, **{f"{f}-room": 530 + i for i, f in enumerate(FACTIONS)}}
PRIVATE = {f"{f}-room": [ROLES[f]] for f in FACTIONS}


class RoyalLoopWorld(LoopWorld):
    roles, channels, private = ROLES, CHANNELS, PRIVATE

    def factions(self) -> tuple[str, ...]:
        return FACTIONS

    async def set_up(self, world) -> None:
        await world.run("campaign create", world.admin, scenario="royal-demo", name="Atlantic 1635")
        (campaign,) = await world.service.repo.campaigns_in_guild(GUILD_ID)
        await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"])
        await world.run("campaign moderators", world.admin, role=ROLES["Moderators"])
        for f in FACTIONS:
            await world.run("faction link", world.admin, clan=f, role=ROLES[f], channel=CHANNELS[f"{f}-room"])
