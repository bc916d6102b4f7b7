"""The real bot logs in to a fake Discord on 127.0.0.1, syncs its commands,
receives INTERACTION_CREATE over the gateway and answers over HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator

import discord
import pytest

from bot.config import BotConfig
from bot.discord_app import EXTENSIONS, FleetwrightBot, minimal_intents
from bot.services.campaigns import CampaignService
from bot.services.dice_keys import turn_key
from bot.store import open_repository
from tests.e2e.fake_discord import APP_ID, TOKEN, Call, FakeDiscord, Guild, Member, commands_finished

SEED = "e2e-fixed-seed"
GUILD = Guild(id=700000000000000001, name="Seto players",
              roles={"Moderators": 610, "mori": 620, "otomo": 621},
              channels={"general": 510, "naval-reports": 520, "mori-war-room": 530, "otomo-war-room": 531})
ADMIN = Member(1, "admin", permissions=discord.Permissions(manage_guild=True, send_messages=True).value)
MOD = Member(2, "mod", [GUILD.roles["Moderators"]])
MORI = Member(100, "mori-player", [GUILD.roles["mori"]])
OTOMO = Member(101, "otomo-player", [GUILD.roles["otomo"]])
PNG = b"\x89PNG\r\n\x1a\n"
TIMEOUT = 60.0
# Client.close() asks for close code 1000, but discord.py 2.7.1's gateway reader, woken by that close,
# closes the socket first with 4000; so either code means "the bot hung up by itself".


@pytest.fixture
async def fake(monkeypatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(GUILD, [ADMIN, MOD, MORI, OTOMO])
    await server.start(monkeypatch)
    try:
        yield server
    finally:
        await server.close()


def config(tmp_path, **overrides) -> BotConfig:
    values = {"discord_token": TOKEN, "database": str(tmp_path / "campaigns.db"), "dev_guild_id": None,
              "log_level": "INFO"} | overrides
    return BotConfig(_env_file=None, **values)


@contextlib.asynccontextmanager
async def running_bot(cfg: BotConfig, fake: FakeDiscord) -> AsyncIterator[tuple[FleetwrightBot, CampaignService]]:
    """The bot as ``run_bot`` builds it (real SQLite store; the seed fixed), started and ready;
    on exit it is closed and must have stopped by itself."""
    repo = await open_repository(cfg.database)
    service = CampaignService(repo, seed_factory=lambda: SEED)
    try:
        async with FleetwrightBot(service, config=cfg, guild_ready_timeout=0.1) as bot:
            task = asyncio.create_task(bot.start(cfg.discord_token.get_secret_value()), name="bot")
            ready = asyncio.create_task(bot.wait_until_ready())
            await asyncio.wait({task, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
            ready.cancel()
            if task.done():
                task.result()  # login or connect failed: raise it here
            assert bot.is_ready(), "the bot did not become ready within 10 s"
            try:
                yield bot, service
            finally:
                await bot.close()
                await asyncio.wait_for(task, 10)  # start() returns once the connection is closed
            assert bot.is_closed()
    finally:
        await repo.close()


async def run(fake: FakeDiscord, path: str, member: Member, where: str = "general", /, **values) -> list[Call]:
    """Push one INTERACTION_CREATE (``/path`` typed by ``member`` in channel ``where``); return
    everything the bot sent until the command finished."""
    start = len(fake.calls)
    payload = fake.interaction(path, member, where, **values)
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("callback", payload["id"]))
    await commands_finished()
    sent = fake.calls[start:]
    mine = [c for c in sent if c.target in (payload["id"], payload["token"])]
    assert mine[0].kind == "callback", f"/{path}: the first answer was not the interaction callback"
    assert all(c.kind != "callback" for c in mine[1:]), f"/{path}: answered the callback twice"
    return sent


async def click(fake: FakeDiscord, message: Call, label: str, member: Member, where: str = "general") -> list[Call]:
    """Click a button of ``message`` as ``member``; return everything the bot sent until it was done."""
    start = len(fake.calls)
    payload = fake.click(message, label, member, where)
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("callback", payload["id"]))
    await commands_finished()
    return fake.calls[start:]


def deferred_privately(sent: list[Call]) -> bool:
    return sent[0].kind == "callback" and sent[0].type == 5 and sent[0].ephemeral


def followups(sent: list[Call]) -> list[Call]:
    return [c for c in sent if c.kind == "followup"]


def posts(sent: list[Call], channel: str) -> list[Call]:
    return [c for c in sent if c.kind == "channel" and c.target == str(GUILD.channels[channel])]


@pytest.fixture(params=["threads", "workers"])
def heavy_work(request) -> str:
    """Where the turn's heavy work runs: threads of the bot (FLEETWRIGHT_WORKERS=0), or the
    session's real worker processes (issue 18, bot/workers.py)."""
    if request.param == "workers":
        request.getfixturevalue("through_workers")
    return request.param


async def test_the_real_bot_runs_a_turn_through_a_fake_discord(fake, tmp_path, caplog, heavy_work):
    caplog.set_level(logging.WARNING)
    async with asyncio.timeout(TIMEOUT):
        async with running_bot(config(tmp_path), fake) as (bot, service):
            # Login, then the command sync, then the gateway (IDENTIFY with the minimal intents).
            rest = [r for r in fake.requests if not r.startswith("GATEWAY")]
            assert rest[:3] == ["GET /users/@me", "GET /oauth2/applications/@me",
                                f"PUT /applications/{APP_ID}/commands"]
            assert fake.identify["intents"] == minimal_intents().value
            assert bot.failed_extensions == {}
            (sync,) = fake.sent("sync", "global")
            names = {c["name"] for c in sync.payload}
            assert len(sync.payload) == len(EXTENSIONS)  # one slash group per cog
            assert {"campaign", "faction", "orders", "turn"} <= names
            assert names == {c.name for c in bot.tree.get_commands()}
            assert not fake.sent("sync", GUILD.id)  # no campaign on the server yet: none of a ruleset's commands
            assert bot.get_guild(GUILD.id).get_channel(GUILD.channels["naval-reports"]) is not None

            sent = await run(fake, "campaign create", ADMIN, scenario="seto-demo")
            assert deferred_privately(sent)
            (created,) = followups(sent)
            assert created.ephemeral and created.content.startswith('Campaign #1 "')
            assert "created: Sengoku naval rules, map Seto Inland Sea, 4 clans" in created.content
            await fake.wait_for(lambda: fake.sent("sync", GUILD.id))  # synced once the command is done
            (guild_sync,) = fake.sent("sync", GUILD.id)  # its ruleset's commands, to this server alone
            assert {c["name"] for c in guild_sync.payload} == {"order", "unit", "clan", "sengoku"}

            sent = await run(fake, "campaign channel", ADMIN, channel=GUILD.channels["naval-reports"])
            assert deferred_privately(sent) and followups(sent)[-1].ephemeral
            sent = await run(fake, "campaign moderators", ADMIN, role=GUILD.roles["Moderators"])
            assert deferred_privately(sent) and followups(sent)[-1].ephemeral
            sent = await run(fake, "faction link", ADMIN, clan="mori", role=GUILD.roles["mori"],
                             channel=GUILD.channels["mori-war-room"])
            assert deferred_privately(sent)
            assert f"<@&{GUILD.roles['mori']}>" in followups(sent)[-1].content
            sent = await run(fake, "faction link", MOD, clan="otomo", role=GUILD.roles["otomo"],
                             channel=GUILD.channels["otomo-war-room"])
            assert deferred_privately(sent) and "its private reports go to" in followups(sent)[-1].content

            sent = await run(fake, "turn open", MOD)  # a moderator by role, not by Manage Server
            assert deferred_privately(sent)
            (announcement,) = posts(sent, "naval-reports")
            assert "Turn 3 planning is open" in announcement.content and SEED not in announcement.content
            assert announcement.payload["allowed_mentions"] == {"parse": []}  # nothing the bot posts pings
            assert "is open for orders" in followups(sent)[-1].content

            sent = await run(fake, "order cruise", MORI, "mori-war-room", unit="Kobayakawa-1",
                             target="Iyo", route="Aki, Geiyo Islands, Iyo", engage="if-not-outnumbered",
                             stake="high")
            assert deferred_privately(sent) and not posts(sent, "naval-reports")
            (receipt,) = followups(sent)
            assert receipt.ephemeral and receipt.content == (
                "✅ Kobayakawa-1 will cruise off Iyo: Aki → Geiyo Islands → Iyo (2 steps). "
                "engage: if enemy_count <= own_count; high stake.")
            assert len(await service.orders(1, "mori")) == 1
            sent = await run(fake, "order cruise", OTOMO, "otomo-war-room", unit="Usuki-3", target="Iyo")
            assert deferred_privately(sent) and followups(sent)[0].content.startswith("✅ Usuki-3")
            sent = await run(fake, "orders ready", OTOMO, "otomo-war-room")
            assert followups(sent)[0].ephemeral and "Ōtomo's orders for turn 3 are marked ready" in \
                followups(sent)[0].content
            sent = await run(fake, "game status", MORI, "mori-war-room")
            status = followups(sent)[0].content
            assert "• Ōtomo: ✅ ready\n" in status and "• Mōri: not ready; 1 of 7 units ordered" in status
            assert "Usuki-3" not in status and not [c for c in sent if c.kind == "channel"]

            asked = await run(fake, "turn resolve", MOD)
            (prompt,) = asked
            assert prompt.type == 4 and prompt.ephemeral and prompt.content.startswith("Resolve turn 3 of ")
            sent = await click(fake, prompt, "Resolve turn 3", MOD)
            assert sent[0].kind == "callback" and sent[0].type == 7  # the prompt updated at once
            assert "Confirmed" in sent[0].body["content"] and sent[0].body["components"] == []
            public = posts(sent, "naval-reports")
            assert public and list(public[0].files) == ["map.png"] and public[0].files["map.png"].startswith(PNG)
            assert all(not p.files for p in public[1:-1]) and all(len(p.content) <= 2000 for p in public)
            assert list(public[-1].files) == ["report-public.md"] and public[0].payload["embeds"]
            assert turn_key(SEED).fingerprint in "\n".join(p.content for p in public)  # named with the report
            assert all(p.payload["allowed_mentions"] == {"parse": []} for p in public)
            for clan, name in (("mori", "Mōri"), ("otomo", "Ōtomo")):
                own = posts(sent, f"{clan}-war-room")
                assert own and f"{name}, your turn" in own[0].content
                assert list(own[0].files) == [f"map-{clan}.png"] and own[0].files[f"map-{clan}.png"].startswith(PNG)
                assert all(not p.files for p in own[1:-1]) and all(len(p.content) <= 2000 for p in own)
                assert all(p.payload["allowed_mentions"] == {"parse": []} for p in own)
            summary = followups(sent)
            assert all(s.ephemeral for s in summary)
            assert summary[0].content.startswith("Turn 3 of ")
            assert f"SHA-256 `{turn_key(SEED).fingerprint}`)" in summary[0].content
            assert {"moderator-log.md", "report-kono.md"} <= set(summary[0].files)  # unlinked clans: attached
            assert "report-otomo.md" not in summary[0].files
            edits = [c.content for c in sent if c.kind == "edit"]  # progress, on the deferred response
            assert edits[0].endswith(": resolving…") and re.search(r" posting (\d+)/\1…$", edits[-1]), edits
            assert {c.kind for c in sent} == {"callback", "edit", "followup", "channel"}
            assert fake.unhandled == []

    assert fake.close_codes in ([1000], [4000]), fake.close_codes  # the bot closed the gateway itself
    assert fake.heartbeats >= 1
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_a_restart_syncs_global_commands_only_when_they_changed(fake, tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="bot.startup")
    async with asyncio.timeout(TIMEOUT):
        async with running_bot(config(tmp_path), fake):
            assert len(fake.sent("sync", "global")) == 1
        async with running_bot(config(tmp_path), fake):
            assert len(fake.sent("sync", "global")) == 1  # same commands, same database: no second sync
        assert "Global commands unchanged since the last sync" in caplog.text
        monkeypatch.setattr("bot.startup.command_hash", lambda tree, guild=None: "a-changed-surface")
        async with running_bot(config(tmp_path), fake):
            assert len(fake.sent("sync", "global")) == 2
    assert "Serving no campaign yet" in caplog.text


async def test_a_dev_guild_gets_the_commands_at_once(fake, tmp_path):
    async with asyncio.timeout(TIMEOUT):
        async with running_bot(config(tmp_path, dev_guild_id=GUILD.id), fake) as (bot, _):
            (sync,) = fake.sent("sync", GUILD.id)
            assert f"PUT /applications/{APP_ID}/guilds/{GUILD.id}/commands" in fake.requests
            assert {c["name"] for c in sync.payload} == {c.name for c in bot.top_level_commands()}  # every ruleset's too
            assert all(c["guild_id"] == str(GUILD.id) for c in sync.payload)
            sent = await run(fake, "campaign create", ADMIN, scenario="seto-demo")
            assert deferred_privately(sent) and "created" in followups(sent)[-1].content
    assert fake.close_codes in ([1000], [4000]), fake.close_codes


async def test_a_wrong_token_fails_login_before_the_gateway(fake, tmp_path):
    async with asyncio.timeout(TIMEOUT):
        with pytest.raises(discord.LoginFailure):
            async with running_bot(config(tmp_path, discord_token="not-the-token"), fake):
                pass
    assert fake.requests == ["GET /users/@me"] and fake.sent("sync") == []
