"""The tree's one error handler, extension loading, and ``run_bot``'s exits."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta, timezone

import discord

import pytest

from bot import discord_app
from bot.discord_app import POLITE_FAILURE, run_bot
from discord.webhook.async_ import async_context


async def test_an_unexpected_error_after_defer_is_answered_politely_and_logged(world, caplog):
    await world.setup_campaign()

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    world.service.units = broken
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        sent = await world.run("fleet list", world.players["mori"])
    assert sent[0].type == 5
    assert sent[-1].kind == "followup" and sent[-1].ephemeral and sent[-1].content == POLITE_FAILURE
    (record,) = [r for r in caplog.records if r.name == "bot.discord_app"]
    assert "/fleet list" in record.getMessage() and f"interaction {sent[0].target}" in record.getMessage()
    assert record.exc_info and "database on fire" in str(record.exc_info[1])


async def test_a_render_that_times_out_says_the_renderer_is_busy(world):
    from bot.discord_app import RENDER_BUSY
    from bot.render import RenderTimeout
    await world.setup_campaign()

    async def busy(*args, **kwargs):
        raise RenderTimeout("no free render slot within 30 s")

    world.service.render_maps = busy
    sent = await world.run("map", world.players["mori"])
    assert sent[0].type == 5 and sent[-1].ephemeral and sent[-1].content == RENDER_BUSY


async def test_an_unexpected_error_before_any_response_is_answered_too(world, caplog):
    await world.setup_campaign()

    async def broken(guild_id):
        raise RuntimeError("store unreachable")

    world.service.repo.campaigns_in_guild = broken
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        sent = await world.run("turn open", world.mod)  # the moderator check fails before the defer
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral and sent[0].content == POLITE_FAILURE
    assert any(r.exc_info and "store unreachable" in str(r.exc_info[1]) for r in caplog.records)


async def test_a_domain_error_is_shown_privately_as_written(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    sent = await world.run("turn open", world.admin)
    assert sent[-1].kind == "followup" and sent[-1].ephemeral
    assert sent[-1].content == "Turn 3 is already open for orders; resolve it first"


async def invoke_expired(world, path, member, **values):
    """Run a command whose interaction is older than Discord's 15 minutes (a stalled bot, a long queue)."""
    payload = world.h.payload(path, member, values)
    payload["id"] = str(discord.utils.time_snowflake(datetime.now(timezone.utc) - timedelta(minutes=16)))
    token = async_context.set(world.h.adapter)
    try:
        world.bot._connection.parse_interaction_create(payload)
        await asyncio.gather(*[t for t in asyncio.all_tasks() if t.get_name() == "CommandTree-invoker"])
    finally:
        async_context.reset(token)
    return payload["id"]


async def test_an_expired_interaction_is_not_answered_and_the_error_is_logged(world, caplog):
    await world.setup_campaign()
    before = len(world.h.log)
    with caplog.at_level(logging.INFO, logger="bot.discord_app"):
        interaction_id = await invoke_expired(world, "turn lock", world.players["mori"])
    assert world.h.log[before:] == []  # answering an expired interaction would only fail
    (record,) = [r for r in caplog.records if r.name == "bot.discord_app"]
    assert record.getMessage().startswith(f"Interaction {interaction_id} expired before we could answer: Only the "
                                          f"moderators of Seto 1560 can do this")


async def test_a_broken_extension_is_logged_and_the_others_load(world, monkeypatch, caplog):
    for name in list(world.bot.extensions):
        await world.bot.unload_extension(name)
    monkeypatch.setattr(discord_app, "EXTENSIONS", ("cogs.does_not_exist", "cogs.fleet"))
    monkeypatch.setattr(world.bot, "rulesets", ())  # the core's extensions only
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        await world.bot.setup_hook()
    assert list(world.bot.extensions) == ["cogs.fleet"]
    assert "cogs.does_not_exist" in world.bot.failed_extensions
    assert any("cogs.does_not_exist" in r.getMessage() for r in caplog.records)


@pytest.fixture
def clean_env(tmp_path, monkeypatch):
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))  # run_bot installs a log handler
    monkeypatch.setattr(root, "level", root.level)
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("DISCORD_TOKEN", "DATABASE", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_run_bot_without_a_token_says_so_and_exits_2(clean_env, capsys):
    assert run_bot() == 2
    err = capsys.readouterr().err
    assert err.startswith("error: DISCORD_TOKEN is not set.") and "Traceback" not in err


def test_run_bot_with_an_unusable_database_says_so_and_exits_2(clean_env, capsys):
    clean_env.setenv("DISCORD_TOKEN", "not-a-real-token")
    clean_env.setenv("DATABASE", "postgresql://db/fleet")
    assert run_bot() == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "postgresql" in err and "Traceback" not in err


def test_run_bot_lets_the_event_loop_take_the_gil_back_quickly(clean_env, monkeypatch):
    """bot/runtime.py: worker threads resolving and drawing must not starve order submissions."""
    import sys

    from bot import discord_app
    from bot.runtime import SWITCH_INTERVAL_S
    clean_env.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(discord_app.asyncio, "run", lambda coroutine: coroutine.close() or 0)
    before = sys.getswitchinterval()
    try:
        assert run_bot() == 0
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL_S)
    finally:
        sys.setswitchinterval(before)


async def test_a_5000_character_unit_gets_a_short_refusal_that_arrives(world):
    """Issue 17: Discord caps option lengths itself; the bot checks again, and its refusal quotes only the start
    of what was typed, so it is never longer than a message (and the rules never see the text)."""
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    sent = await world.run("order cruise", world.players["mori"], unit="K" * 5000, target="Iyo")
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
    assert sent[0].content == f"Unit: that is 5,000 characters, at most 100 fit (you typed “{'K' * 39}…”)"
    assert await world.service.orders(1, "mori") == []


async def test_a_refusal_longer_than_a_message_is_cut_to_fit(world):
    from bot.services.errors import UserError
    await world.setup_campaign()

    async def refuses(*args, **kwargs):
        raise UserError("no such unit: " + "x" * 5000)

    world.service.units = refuses
    sent = await world.run("fleet list", world.players["mori"])
    assert sent[-1].ephemeral and len(sent[-1].content) == 2000 and sent[-1].content.endswith("…")


async def test_a_database_failure_shows_players_a_sentence_and_logs_the_path(world, monkeypatch, caplog, tmp_path):
    """Issue 10: a store error used to show the player the database's absolute path and SQLite's words."""
    import sqlite3
    from contextlib import asynccontextmanager

    from bot.store import sqlite_group as store  # where the units of work begin (group commit)
    await world.setup_campaign()

    @asynccontextmanager
    async def failing(db, immediate=False):
        raise sqlite3.OperationalError("disk I/O error")
        yield  # pragma: no cover

    monkeypatch.setattr(store, "transaction", failing)
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        sent = await world.run("fleet list", world.players["mori"])
    text = sent[-1].content
    assert sent[-1].ephemeral and text == ("The campaign database could not do this just now, so nothing was changed; "
                                           "try again, and if it keeps failing tell the moderators (the bot's log "
                                           "has the details)")
    assert str(tmp_path) not in text and "disk I/O" not in text
    assert any(str(tmp_path) in r.getMessage() and "disk I/O error" in r.getMessage() for r in caplog.records)


async def test_a_closed_database_names_no_file(world, tmp_path):
    await world.setup_campaign()
    await world.service.repo.close()
    sent = await world.run("fleet list", world.players["mori"])
    assert sent[-1].content == ("The campaign database is closed (the bot is shutting down or restarting); try "
                                "again in a minute")


async def test_a_database_failure_in_the_moderator_check_is_logged_with_its_detail(world, monkeypatch, caplog):
    from bot.store import StoreError
    await world.setup_campaign()

    async def failing(guild_id):
        raise StoreError("the campaign database could not do this just now", detail="/srv/db/campaigns.db: locked")

    monkeypatch.setattr(world.service.repo, "campaigns_in_guild", failing)
    with caplog.at_level(logging.ERROR, logger="bot.discord_app"):
        sent = await world.run("turn open", world.mod)
    assert sent[-1].content == "The campaign database could not do this just now"
    assert any("/srv/db/campaigns.db: locked" in r.getMessage() for r in caplog.records)
