"""What the bot does once at start-up besides loading its cogs: sync the
command tree with Discord, and say which campaigns it serves.

A global sync is rate-limited and takes up to an hour to reach every client,
so it is made only when the command surface changed: the SHA-256 of the
exported payloads is kept in the campaign store (``bot_meta``) and compared.
A development guild (``DEV_GUILD_ID``) is synced on every start; that is
immediate and cheap.
"""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord import app_commands

from bot.services.campaigns import CampaignService
from bot.store import StoreError

log = logging.getLogger(__name__)

SYNC_HASH_KEY = "global_commands_sha256"


def command_hash(tree: app_commands.CommandTree) -> str:
    payloads = [c.to_dict(tree) for c in tree.get_commands()]
    return hashlib.sha256(json.dumps(payloads, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


async def sync_command_tree(bot) -> None:
    guild_id = getattr(bot.config, "dev_guild_id", None)
    repo = bot.service.repo
    try:
        if guild_id:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
            log.info("Synced %d commands to guild %s", len(synced), guild_id)
            return
        digest = command_hash(bot.tree)
        if await repo.get_meta(SYNC_HASH_KEY) == digest:
            log.info("Global commands unchanged since the last sync (%s…); not syncing", digest[:12])
            return
        synced = await bot.tree.sync()
        await repo.set_meta(SYNC_HASH_KEY, digest)
        log.info("Synced %d global commands (%s…)", len(synced), digest[:12])
    except discord.HTTPException:
        log.exception("Discord refused the command list; commands may be out of date")
    except StoreError:
        log.exception("Could not read or record the command hash; commands may be synced again next start")


async def log_campaigns(service: CampaignService) -> None:
    try:
        campaigns = await service.repo.list_campaigns()
    except StoreError:
        log.exception("Could not list the campaigns")
        return
    if not campaigns:
        log.info("Serving no campaign yet; a moderator starts one with /campaign create")
    for c in campaigns:
        auto = ", resolves at its deadline" if c.auto_resolve else ""
        log.info("Serving campaign #%s %r (guild %s): turn %s, %s%s%s", c.id, c.name, c.guild_id, c.turn,
                 c.phase.value, f", deadline {c.deadline}" if c.deadline else "", auto)
