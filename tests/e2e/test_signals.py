"""SIGTERM (what systemd and docker send) stops the real bot cleanly: the command under
way is answered, the gateway is closed by the bot, the process exits 0."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import discord
import pytest

from tests.e2e.fake_discord import TOKEN
from tests.e2e.test_bot_e2e import ADMIN, fake  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[2]


async def until(condition, timeout: float = 60.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_real_bot_cleanly_after_answering_the_command_under_way(fake, tmp_path, sig):  # noqa: F811
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID",)} | {
        "DISCORD_TOKEN": TOKEN, "DATABASE": str(tmp_path / "campaigns.db"), "LOG_LEVEL": "INFO"}
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.bot_child", discord.http.Route.BASE, str(fake.gateway_url),
        cwd=tmp_path, env=env | {"PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        await until(lambda: fake.identify is not None and fake.sent("sync"))
        await asyncio.sleep(0.5)  # READY and GUILD_CREATE handled
        payload = fake.interaction("campaign create", ADMIN, "general", scenario="seto-demo")
        await fake.dispatch("INTERACTION_CREATE", payload)
        await until(lambda: fake.sent("callback", payload["id"]))
        child.send_signal(sig)  # the command is under way: deferred, not answered yet
        out, err = await asyncio.wait_for(child.communicate(), 60)
    finally:
        if child.returncode is None:
            child.kill()
    log = err.decode()
    assert child.returncode == 0, log
    assert f"{sig.name} received" in log and "Shutting down" in log
    (answer,) = [c for c in fake.calls if c.kind == "followup" and c.target == payload["token"]]
    assert answer.content.startswith('Campaign #1 "')
    assert fake.close_codes in ([1000], [4000]), fake.close_codes
