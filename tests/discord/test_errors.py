"""The tree's one error handler, extension loading, and ``run_bot``'s exits."""

from __future__ import annotations

import logging

import pytest

from bot import discord_app
from bot.discord_app import POLITE_FAILURE, run_bot


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
    assert "/fleet list" in record.getMessage()
    assert record.exc_info and "database on fire" in str(record.exc_info[1])


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


async def test_a_broken_extension_is_logged_and_the_others_load(world, monkeypatch, caplog):
    for name in list(world.bot.extensions):
        await world.bot.unload_extension(name)
    monkeypatch.setattr(discord_app, "EXTENSIONS", ("cogs.does_not_exist", "cogs.fleet"))
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
