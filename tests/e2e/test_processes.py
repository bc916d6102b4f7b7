"""Three real bot processes (shards 0, 1 and 2 of one bot) on one PostgreSQL database, a deadline
due in all of them, and the process that claimed the work killed with SIGKILL half-way (while
computing the turn, or after sending the first message of its reports and before marking it).
Each process is on a "host" of its own, so only the lease's end can hand the work over.  The turn
resolves once, one more process computes it (the one that took over), and every message of its
posts reaches the fake Discord exactly once."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import discord
import pytest

from bot.services.campaigns import CampaignService
from bot.services.posting import planned_posts
from bot.services.stored_turns import reports_of
from bot.store import open_repository
from tests.e2e.fake_discord import TOKEN
from tests.e2e.test_bot_e2e import GUILD, fake  # noqa: F401  (the fixture)

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
LEASE_S = 5
REPORTS, MORI_ROOM = GUILD.channels["naval-reports"], GUILD.channels["mori-war-room"]


async def until(condition, timeout: float = 120.0, every: float = 0.2) -> None:
    async with asyncio.timeout(timeout):
        while not await condition():
            await asyncio.sleep(every)


@pytest.fixture
def url(postgres):
    made = postgres.fresh()
    yield made
    postgres.drop(made)


async def campaign_due(url: str) -> None:
    """Turn 3 of the demo campaign, resolved at its deadline, which has passed; the public report
    goes to #naval-reports and Mōri's to its war room."""
    async with await open_repository(url) as repo:
        service = CampaignService(repo, seed_factory=lambda: "e2e-fixed-seed")
        await service.create_campaign("seto-demo", "Seto 1560", guild_id=GUILD.id)
        await service.set_channels(1, report_channel_id=REPORTS)
        await service.link_faction(1, "mori", GUILD.roles["mori"], MORI_ROOM)
        await service.open_turn(1, "in 1h")
        campaign = await repo.get_campaign(1)
        campaign.deadline, campaign.auto_resolve = "2026-01-01T00:00+00:00", True
        await repo.update_campaign(campaign)


async def start(fake, url: str, shard: int, tmp_path: Path, stall: str):  # noqa: F811
    env = {k: v for k, v in os.environ.items() if k != "DEV_GUILD_ID"} | {
        "DISCORD_TOKEN": TOKEN, "DATABASE": url, "LOG_LEVEL": "INFO", "SHARD_COUNT": str(PROCESSES),
        "SHARD_IDS": str(shard), "LEASE_SECONDS": str(LEASE_S), "DEADLINE_CHECK_SECONDS": "0.5",
        "FLEETWRIGHT_TEST_HOST": f"host-{shard}", "FLEETWRIGHT_TEST_STALL": stall, "PYTHONPATH": str(ROOT)}
    log = open(tmp_path / f"bot-{shard}.log", "wb")
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.bot_child", discord.http.Route.BASE, str(fake.gateway_url),
        cwd=tmp_path, env=env, stdout=log, stderr=log)


@pytest.mark.parametrize("where", ["compute", "post"])
async def test_a_deadline_due_in_three_processes_resolves_once_and_posts_once_though_its_claimant_is_killed(
        fake, url, tmp_path, where):  # noqa: F811
    await campaign_due(url)
    marker = tmp_path / "stalled"
    children = [await start(fake, url, shard, tmp_path, f"{where}:{marker}") for shard in range(PROCESSES)]
    try:
        async def stalled() -> bool:
            return marker.exists() and marker.read_text() != ""

        await until(stalled)
        victim = int(marker.read_text())
        assert victim in [c.pid for c in children]
        async with await open_repository(url) as repo:
            if where == "compute":  # the killed one holds the turn's claim, by its boot id
                claim = await repo.work_claim(1, 3, "resolve")
                assert claim is not None and claim.claimed_by.split(":")[1] == str(victim)
            os.kill(victim, signal.SIGKILL)

            async def posted() -> bool:
                async with repo._unit() as db:
                    rows = await db.execute_fetchall("SELECT posted_at FROM resolution_posts")
                return bool(rows) and all(r[0] is not None for r in rows)

            await until(posted)
            await asyncio.sleep(2 * LEASE_S)  # time for any process to do anything a second time
            record = await repo.last_resolution(1)
            campaign = await repo.get_campaign(1)
            async with repo._unit() as db:
                resolutions = await db.execute_fetchall("SELECT turn FROM resolutions")
    finally:
        for child in children:
            if child.returncode is None:
                child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                await asyncio.wait_for(child.wait(), 30)
            except TimeoutError:
                child.kill()
    logs = [(tmp_path / f"bot-{i}.log").read_text(errors="replace") for i in range(PROCESSES)]
    assert [r[0] for r in resolutions] == [3] and campaign.turn == 4  # resolved once
    computed = sum(len(re.findall(r"Campaign 1: resolving turn 3 ", text)) for text in logs)
    assert computed == (2 if where == "compute" else 1), logs  # the killed one, and the one taking over
    plan = planned_posts(campaign.model_copy(update={"turn": 3}), reports_of(record), record.created_seq)
    expected = sorted(m.nonce for messages in plan.values() for m in messages)
    sent = [c for c in fake.calls if c.kind == "channel" and c.target in (str(REPORTS), str(MORI_ROOM))]
    nonces = sorted(n for c in sent if str(n := c.payload.get("nonce")).startswith("fw"))  # the posts' own
    assert nonces == expected  # every message of the posts, each exactly once
    notices = [c for c in sent if c.content.startswith("⚠️ Moderators: the turn 3 reports")]
    assert len(notices) == 1  # and the one notice that follows them
    assert len(fake.identifies) >= PROCESSES and {tuple(i["shard"]) for i in fake.identifies} == {
        (s, PROCESSES) for s in range(PROCESSES)}
