"""A Here I Stand campaign on the Discord harness (tests/discord/data/his-discord.yaml): the Ottomans,
the Hapsburgs and France, each power linked to a role and a private channel, a moderators' channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

import bot.scenarios
from bot.discord_app import FleetwrightBot
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.discord.conftest import CLOCK, SEED, World
from tests.discord.harness import MANAGE_GUILD, Harness, Member

SCENARIO = Path(__file__).with_name("data") / "his-discord.yaml"
POWERS = ("ottoman", "hapsburg", "france")
ROLES = {"Moderators": 610, **{p: 620 + i for i, p in enumerate(POWERS)}}
CHANNELS = {"general": 510, "naval-reports": 520, **{f"{p}-room": 530 + i for i, p in enumerate(POWERS)},
            "moderators-room": 550}
PRIVATE = {**{f"{p}-room": [ROLES[p]] for p in POWERS}, "moderators-room": [ROLES["Moderators"]]}


def ship_test_scenario(monkeypatch) -> None:
    """The test scenario among the shipped ones, for /campaign create (bot/scenarios.py)."""
    shipped = bot.scenarios.shipped_scenarios()
    monkeypatch.setattr(bot.scenarios, "shipped_scenarios", lambda: {**shipped, "his-discord": SCENARIO})


@pytest.fixture
async def his(tmp_path, monkeypatch) -> AsyncIterator[World]:
    """The campaign created, channels set, every power linked, the turn open: the Ottoman impulse."""
    ship_test_scenario(monkeypatch)
    repo = await open_repository(tmp_path / "his.db")
    service = CampaignService(repo, clock=lambda: CLOCK, seed_factory=lambda: SEED)
    bot_ = FleetwrightBot(service, intents=discord.Intents.none(), sync_commands=False, run_scheduler=False)
    try:
        async with bot_:
            await bot_.setup_hook()
            players = {p: Member(100 + i, f"{p}-player", [ROLES[p]]) for i, p in enumerate(POWERS)}
            world = World(h=Harness(bot_, ROLES, CHANNELS, PRIVATE), bot=bot_, service=service,
                          admin=Member(1, "admin", permissions=MANAGE_GUILD), mod=Member(2, "mod", [ROLES["Moderators"]]),
                          players=players, outsider=Member(3, "outsider", []))
            await world.run("campaign create", world.admin, scenario="his-discord")
            await world.run("campaign moderators", world.admin, role=ROLES["Moderators"])
            await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"],
                            moderators=CHANNELS["moderators-room"])
            for p in POWERS:
                await world.run("faction link", world.admin, clan=p, role=ROLES[p], channel=CHANNELS[f"{p}-room"])
            await world.run("turn open", world.admin, deadline="in 48h")
            yield world
    finally:
        await repo.close()
