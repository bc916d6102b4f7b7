"""A LoopWorld hosting a Here I Stand campaign (tests/discord/data/his-discord.yaml: the Ottomans, the
Hapsburgs and France, turn 1 open, every power linked), for the bad-input tests of /his and
/here-i-stand."""

from __future__ import annotations

import bot.scenarios
from tests.discord.his_world import CHANNELS, POWERS, PRIVATE, ROLES as HIS_ROLES, SCENARIO
from tests.robustness.loop_world import LoopWorld

ROLES = {**HIS_ROLES, "Spectators": 690}


class HisLoopWorld(LoopWorld):
    roles, channels, private = ROLES, CHANNELS, PRIVATE

    def factions(self) -> tuple[str, ...]:
        return POWERS

    def __init__(self, folder) -> None:
        shipped = bot.scenarios.shipped_scenarios  # the test scenario among the shipped ones while the
        bot.scenarios.shipped_scenarios = lambda: {**shipped(), "his-discord": SCENARIO}  # tree is built
        try:
            super().__init__(folder)
        finally:
            bot.scenarios.shipped_scenarios = shipped

    async def set_up(self, world) -> None:
        await world.run("campaign create", world.admin, scenario="his-discord")
        await world.run("campaign moderators", world.admin, role=ROLES["Moderators"])
        await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"],
                        moderators=CHANNELS["moderators-room"])
        for p in POWERS:
            await world.run("faction link", world.admin, clan=p, role=ROLES[p], channel=CHANNELS[f"{p}-room"])
