"""A real bot on a real SQLite campaign store, driven through the harness."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timezone

import discord
import pytest

from bot.discord_app import FleetwrightBot
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.discord.harness import GUILD_ID, MANAGE_GUILD, Harness, Member

CLOCK = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
SEED = "discord-tests-fixed-seed"
CLANS = ("mori", "otomo", "kono", "miyoshi")
ROLES = {"Moderators": 610, **{clan: 620 + i for i, clan in enumerate(CLANS)}, "Spectators": 690}
CHANNELS = {"general": 510, "naval-reports": 520, **{f"{clan}-war-room": 530 + i for i, clan in enumerate(CLANS)}}


@dataclass
class World:
    h: Harness
    bot: FleetwrightBot
    service: CampaignService
    admin: Member  # Manage Server
    mod: Member  # moderator role only
    players: dict[str, Member]
    outsider: Member  # no clan role

    async def run(self, path: str, member: Member, **values):
        return await self.h.invoke(path, member, **values)

    async def setup_campaign(self, link: tuple[str, ...] = CLANS) -> int:
        """A moderator creates the demo campaign, sets channels and links clans."""
        await self.run("campaign create", self.admin, scenario="seto-demo", name="Seto 1560")
        (campaign,) = await self.service.repo.campaigns_in_guild(GUILD_ID)
        await self.run("campaign channel", self.admin, channel=CHANNELS["naval-reports"])
        await self.run("campaign moderators", self.admin, role=ROLES["Moderators"])
        for clan in link:
            await self.run("faction link", self.admin, clan=clan, role=ROLES[clan],
                           channel=CHANNELS[f"{clan}-war-room"])
        return campaign.id


@pytest.fixture
async def world(tmp_path) -> AsyncIterator[World]:
    repo = await open_repository(tmp_path / "campaigns.db")
    service = CampaignService(repo, clock=lambda: CLOCK, seed_factory=lambda: SEED)
    bot = FleetwrightBot(service, intents=discord.Intents.none(), sync_commands=False)
    try:
        async with bot:
            await bot.setup_hook()
            harness = Harness(bot, ROLES, CHANNELS)
            players = {clan: Member(100 + i, f"{clan}-player", [ROLES[clan]]) for i, clan in enumerate(CLANS)}
            yield World(h=harness, bot=bot, service=service,
                        admin=Member(1, "admin", permissions=MANAGE_GUILD),
                        mod=Member(2, "mod", [ROLES["Moderators"]]), players=players,
                        outsider=Member(3, "outsider", [ROLES["Spectators"]]))
    finally:
        await repo.close()
