"""The real bot stopped between posting a resolution's first message and marking it
(kill -9): the next start posts the rest at once, and finds the first message in the
channel's history instead of posting it again."""

from __future__ import annotations

import asyncio

from bot.services.boot import new_boot_id
from bot.services.posting import PostRun
from tests.e2e.test_bot_e2e import (  # noqa: F401  (fake: the fixture)
    ADMIN, GUILD, TIMEOUT, config, fake, posts, run, running_bot)


async def until(condition, timeout: float = 30.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.05)


async def test_a_restart_posts_the_rest_of_a_resolution_at_once_and_nothing_twice(fake, tmp_path,  # noqa: F811
                                                                                 monkeypatch):
    cfg = config(tmp_path)
    async with asyncio.timeout(TIMEOUT):
        async with running_bot(cfg, fake) as (bot, service):
            await run(fake, "campaign create", ADMIN, scenario="seto-demo")
            await run(fake, "campaign channel", ADMIN, channel=GUILD.channels["naval-reports"])
            await run(fake, "faction link", ADMIN, clan="mori", role=GUILD.roles["mori"],
                      channel=GUILD.channels["mori-war-room"])
            await run(fake, "turn open", ADMIN)
            outcome = await service.resolve_turn(1)  # committed and claimed by this boot …
            run_ = await PostRun.start(service, outcome)
            (first, *_) = run_.plan(outcome.campaign)["public"]
            await bot.get_channel(first.channel_id).send(first.text, nonce=first.nonce)  # … sent, never marked
        before = len(posts(fake.calls, "naval-reports"))
        monkeypatch.setattr("bot.services.campaigns.THIS_BOOT", new_boot_id())  # the next start of this process
        async with running_bot(cfg, fake) as (bot, service):
            await until(lambda: posts(fake.calls, "mori-war-room"))  # at start-up, by the first tick
            for _ in range(200):  # the last post (with its report file) and the mark follow the first
                if await service.repo.unposted_resolution(1) is None:
                    break
                await asyncio.sleep(0.05)
            assert await service.repo.unposted_resolution(1) is None
        public = [c.content for c in posts(fake.calls, "naval-reports")]
        parts = [m.text for m in run_.plan(outcome.campaign)["public"]]
        *reports, notice = public[before - 1:]
        assert reports == parts  # the first found in the history, the rest posted once each
        assert notice.startswith("⚠️ Moderators: the turn 3 reports of Ōtomo, Kōno, Miyoshi")  # not linked
        assert "GET /channels/520/messages" in fake.requests and fake.unhandled == []
