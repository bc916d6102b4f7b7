"""A real bot on a real SQLite campaign store, driven through the harness."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime, timezone

import discord
import pytest

from bot.discord_app import FleetwrightBot
from bot.scenarios import load_shipped_scenario
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.discord.harness import GUILD_ID, MANAGE_GUILD, Harness, Member

CLOCK = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
SEED = "discord-tests-fixed-seed"
CLANS = ("mori", "otomo", "kono", "miyoshi")
ROLES = {"Moderators": 610, **{clan: 620 + i for i, clan in enumerate(CLANS)}, "Spectators": 690}
CHANNELS = {"general": 510, "naval-reports": 520, **{f"{clan}-war-room": 530 + i for i, clan in enumerate(CLANS)},
            "spectators-lounge": 540, "moderators-room": 550}
# Each war room is private to its clan's role (and the lounge to the Spectators): /faction link checks it;
# the moderators' room to the moderators (/campaign channel moderators: checks it).
PRIVATE = {**{f"{clan}-war-room": [ROLES[clan]] for clan in CLANS}, "spectators-lounge": [ROLES["Spectators"]],
           "moderators-room": [ROLES["Moderators"]]}
PNG = b"\x89PNG\r\n\x1a\n"


def channel_posts(sent, channel: int) -> list:
    """What of ``sent`` was posted in ``channel`` (not replies to an interaction)."""
    return [s for s in sent if s.kind == "channel" and s.target == channel]


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
        """Run a command; if it asks for confirmation (cogs/confirm.py), confirm it as ``member``."""
        sent = await self.h.invoke(path, member, **values)
        yes = next((cid for cid in self.h.buttons(sent[-1]).values() if cid.endswith(":yes")), None) if sent else None
        if yes is not None:
            sent += await self.h.click(sent[-1], "", member, custom_id=yes)
        return sent

    async def ask(self, path: str, member: Member, **values):
        """Run a command and leave any confirmation it asks for unanswered."""
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

    async def submit_demo_orders(self, campaign_id: int = 1) -> None:
        """Every clan's orders of the demo scenario, given through the service (a long public report)."""
        for clan, payloads in load_shipped_scenario("seto-demo").file.orders.items():
            for payload in payloads:
                await self.service.submit_order(campaign_id, clan, payload)

    async def captives_defaults(self, member: Member | None = None) -> list:
        """The demo turn's captives' choices (OP-46 c; tests/captives.py), which its orders step opens,
        given their defaults by a moderator's confirmed /turn defaults, as its deadline would: the
        step resolves, its reports and the turn's digest are posted.  What the bot sent."""
        return await self.run("turn defaults", member or self.admin)

    async def edit_state(self, campaign_id: int, change: Callable[[dict], None]) -> None:
        """Change the stored game state (as JSON) in place, e.g. to give a clan an army or a credit."""
        record = await self.service.repo.load_state(campaign_id)
        state = json.loads(json.dumps(record.state))
        change(state)
        await self.service.repo.save_state(campaign_id, state)


@pytest.fixture
async def world(tmp_path) -> AsyncIterator[World]:
    repo = await open_repository(tmp_path / "campaigns.db")
    service = CampaignService(repo, clock=lambda: CLOCK, seed_factory=lambda: SEED)
    bot = FleetwrightBot(service, intents=discord.Intents.none(), sync_commands=False, run_scheduler=False)
    try:
        async with bot:
            await bot.setup_hook()
            harness = Harness(bot, ROLES, CHANNELS, PRIVATE)
            players = {clan: Member(100 + i, f"{clan}-player", [ROLES[clan]]) for i, clan in enumerate(CLANS)}
            yield World(h=harness, bot=bot, service=service,
                        admin=Member(1, "admin", permissions=MANAGE_GUILD),
                        mod=Member(2, "mod", [ROLES["Moderators"]]), players=players,
                        outsider=Member(3, "outsider", [ROLES["Spectators"]]))
    finally:
        await repo.close()


ARMIES = {
    "mori-kikkawa": {"id": "mori-kikkawa", "name": "Kikkawa army", "clan": "mori", "area": "bingo",
                     "detachments": [{"id": "kikkawa-1", "infantry": 3}]},
    "otomo-bungo": {"id": "otomo-bungo", "name": "Bungo army", "clan": "otomo", "area": "bungo",
                    "detachments": [{"id": "bungo-1", "infantry": 3}]},
}
CREDITS = [
    {"id": "credit:2:mori", "holder": "mori", "kind": "squadron", "turn_captured": 2},
    {"id": "credit:2:otomo", "holder": "otomo", "kind": "heavy_detachment", "turn_captured": 2},
    {"id": "credit:2:void", "holder": "mori", "kind": "squadron", "turn_captured": 2, "void": True},
]


def give_armies_credits_and_rice(state: dict) -> None:
    """Mōri and Ōtomo each get an army and a capture credit won last turn, and the rice to redeem it;
    Murakami Takeyoshi trained at the academy and won once (naval art active)."""
    state["armies"] = json.loads(json.dumps(ARMIES))
    state["credits"] = json.loads(json.dumps(CREDITS))
    for clan in ("mori", "otomo"):
        state["clans"][clan].update(rice=3, development=1)
    state["characters"]["murakami-takeyoshi"].update(academy_naval_art=True, victories=1)


@pytest.fixture
async def planned(world) -> World:
    """Every clan linked, turn 3 open with a deadline in 48h, the demo scenario's orders in."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    await world.submit_demo_orders()
    return world


@pytest.fixture
async def armed(world) -> World:
    """Every clan linked, armies and credits given, turn 3 open."""
    await world.setup_campaign()
    await world.edit_state(1, give_armies_credits_and_rice)
    await world.run("turn open", world.admin, deadline="in 48h")
    return world


@pytest.fixture
def steps(monkeypatch):
    """The two-question test ruleset of issue 12 (tests/services/steps_ruleset.py) on Sengoku's rules."""
    from tests.services.steps_ruleset import install
    return install(monkeypatch)


@pytest.fixture
async def prompted(planned, steps) -> World:
    """Turn 3's orders resolved with /turn resolve: the captains' choices are open, their prompts posted."""
    world = planned
    world.resolved = await world.run("turn resolve", world.mod)
    return world
