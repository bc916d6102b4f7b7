"""A step's prompt survives a restart (issue 12): the real bot posts a question in a clan's channel of a
fake Discord, stops; a new bot on the same database logs in and answers a click on the old message's
button (its custom id says everything: a DynamicItem registered at start-up), and does not post the
prompt again."""

from __future__ import annotations

import asyncio

from bot.services.boot import new_boot_id
from bot.services.steps import StepService
from bot.services.turns import TurnLifecycle
from cogs.turn_posts import TurnPoster
from tests.e2e.test_bot_e2e import (  # noqa: F401  (fake: the fixture)
    ADMIN, GUILD, MORI, OTOMO, TIMEOUT, config, fake, posts, run, running_bot)
from tests.services.steps_ruleset import install


async def test_a_click_on_a_prompt_from_before_a_restart_is_answered(fake, tmp_path, monkeypatch):  # noqa: F811
    install(monkeypatch)  # after the orders, a "captains' choices" step asks Mōri and Ōtomo
    cfg = config(tmp_path)
    async with asyncio.timeout(TIMEOUT):
        async with running_bot(cfg, fake) as (bot, service):
            await run(fake, "campaign create", ADMIN, scenario="seto-demo")
            await run(fake, "campaign channel", ADMIN, channel=GUILD.channels["naval-reports"])
            for clan, player in (("mori", MORI), ("otomo", OTOMO)):
                await run(fake, "faction link", ADMIN, clan=clan, role=GUILD.roles[clan],
                          channel=GUILD.channels[f"{clan}-war-room"])
            await run(fake, "turn open", ADMIN)
            outcome = await TurnLifecycle(service).resolve(1)  # the orders step; the captains' choices open
            await TurnPoster(bot).step_opened(outcome.opened)
        (prompt,) = [c for c in posts(fake.calls, "mori-war-room") if c.content.startswith("❓")]
        monkeypatch.setattr("bot.services.campaigns.THIS_BOOT", new_boot_id())  # the next start of this process
        async with running_bot(cfg, fake) as (bot, service):
            await TurnPoster(bot).step_opened(await StepService(service).open_step(1))  # posted: nothing again
            start = len(fake.calls)
            payload = fake.click(prompt, "sail at once", MORI, "mori-war-room")
            await fake.dispatch("INTERACTION_CREATE", payload)
            await fake.wait_for(lambda: fake.sent("edit", payload["token"]))
            sent = fake.calls[start:]
            stored = (await service.repo.list_orders(1, 3, step=2))
        assert [c.type for c in sent if c.kind == "callback"] == [6]  # a deferred update of the prompt
        (edit,) = [c for c in sent if c.kind == "edit"]
        assert edit.content.endswith("✅ mori-player answered: sail at once")
        assert [o.payload["value"] for o in stored] == ["sail"]
        assert len([c for c in posts(fake.calls, "mori-war-room") if c.content.startswith("❓")]) == 1  # once
        assert fake.unhandled == []
