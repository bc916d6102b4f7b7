"""A bot and its store on an event loop of their own, for Hypothesis tests
(which are synchronous): the harness world of tests/discord, turn 3 of the
demo open, every clan linked; ``run`` drives one coroutine to the end;
``snapshot`` is the whole database as SQL text, to prove a refusal changed
nothing.  Maps are not drawn (a stub PNG): these tests are about inputs."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import discord

from bot.discord_app import FleetwrightBot, user_message
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.discord.conftest import CHANNELS, CLANS, CLOCK, ROLES, SEED, World, give_armies_credits_and_rice
from tests.discord.harness import MANAGE_GUILD, Harness, Member

PNG_STUB = b"\x89PNG\r\n\x1a\n"


class LoopWorld:
    roles, channels, private = ROLES, CHANNELS, None

    def __init__(self, folder: Path) -> None:
        self.path = folder / "campaigns.db"
        self.loop = asyncio.new_event_loop()
        self.errors: list[BaseException] = []
        self.world: World = self.run(self._start())

    def run(self, coro) -> Any:
        return self.loop.run_until_complete(coro)

    async def _start(self) -> World:
        self.repo = await open_repository(self.path)
        service = CampaignService(self.repo, clock=lambda: CLOCK, seed_factory=lambda: SEED)

        async def no_maps(ruleset_id, data, audiences):
            return {audience: PNG_STUB for audience in audiences}
        service.render_maps = no_maps
        self.bot = FleetwrightBot(service, intents=discord.Intents.none(), sync_commands=False)
        await self.bot.__aenter__()
        await self.bot.setup_hook()
        self._record_errors()
        players = {clan: Member(100 + i, f"{clan}-player", [self.roles[clan]])
                   for i, clan in enumerate(self.factions())}
        world = World(h=Harness(self.bot, self.roles, self.channels, self.private), bot=self.bot, service=service,
                      admin=Member(1, "admin", permissions=MANAGE_GUILD),
                      mod=Member(2, "mod", [self.roles["Moderators"]]), players=players,
                      outsider=Member(3, "outsider", [self.roles["Spectators"]]))
        await self.set_up(world)
        await world.run("turn open", world.admin, deadline="in 48h")
        return world

    def factions(self) -> tuple[str, ...]:
        return CLANS

    async def set_up(self, world: World) -> None:
        """The campaign the commands meet: the Sengoku demo, with armies, credits and rice."""
        await world.setup_campaign()
        await world.edit_state(1, give_armies_credits_and_rice)

    def _record_errors(self) -> None:
        handler = self.bot.tree.on_error

        async def recording(interaction, error):
            self.errors.append(error)
            await handler(interaction, error)
        self.bot.tree.on_error = recording

    def members(self) -> list[Member]:
        w = self.world
        return [w.admin, w.mod, *w.players.values(), w.outsider]

    def snapshot(self) -> str:
        con = sqlite3.connect(self.path)
        try:
            return "\n".join(con.iterdump())
        finally:
            con.close()

    def refusals_and_crashes(self) -> tuple[list[str], list[BaseException]]:
        texts = [user_message(e) for e in self.errors]
        return [t for t in texts if t is not None], [e for e, t in zip(self.errors, texts) if t is None]

    def close(self) -> None:
        async def stop():
            await self.bot.__aexit__(None, None, None)
            await self.repo.close()
        self.run(stop())
        self.loop.close()
