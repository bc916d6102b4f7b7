"""Start-up: which campaigns the bot serves (logged), and the command hash that
decides whether a global sync is needed."""

from __future__ import annotations

import logging

from discord import app_commands

from bot.startup import command_hash, log_campaigns
from tests.discord.harness import GUILD_ID


async def test_the_campaigns_served_are_logged(world, caplog):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    await world.run("turn deadline", world.admin, auto_resolve=True)
    with caplog.at_level(logging.INFO, logger="bot.startup"):
        await log_campaigns(world.service)
    assert caplog.messages == [f"Serving campaign #1 'Seto 1560' (guild {GUILD_ID}): turn 3, planning, "
                               f"deadline 2026-03-03T12:00+00:00, resolves at its deadline"]


async def test_the_command_hash_follows_the_command_surface(world):
    before = command_hash(world.bot.tree)
    assert before == command_hash(world.bot.tree) and len(before) == 64

    @app_commands.command(name="ping", description="A command added in a new version")
    async def ping(interaction) -> None: ...

    world.bot.tree.add_command(ping)
    assert command_hash(world.bot.tree) != before


async def test_the_command_hash_follows_the_translations(world, tmp_path, monkeypatch):
    """Issue 16: a sync sends each locale's names and descriptions, which ``to_dict`` does not hold: a
    changed catalogue changes the hash, so the new translation is sent at the next start."""
    po = tmp_path / "ru" / "LC_MESSAGES" / "commands.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgctxt "command name"\nmsgid "turn"\nmsgstr "ход"\n', encoding="utf-8")
    monkeypatch.setattr("bot.command_translator.catalogue_dirs", lambda: [tmp_path])
    before = command_hash(world.bot.tree)
    po.write_text('msgctxt "command name"\nmsgid "turn"\nmsgstr "тур"\n', encoding="utf-8")
    assert command_hash(world.bot.tree) != before
