"""What the bot does once at start-up besides loading its cogs: sync the
command tree with Discord, and say which campaigns it serves.

The core's commands are global; each ruleset's own groups are guild commands of
the servers that host a campaign of that ruleset (``sync_ruleset_commands``):
players see only the commands of the games they play, and a server's list
changes at once when a campaign of a new ruleset starts there (docs/decisions.md).

A global sync is rate-limited and takes up to an hour to reach every client,
so it is made only when the command surface changed: the SHA-256 of the
exported payloads is kept in the campaign store (``bot_meta``) and compared;
each server's ruleset commands likewise, under a key of their own.  A
development guild (``DEV_GUILD_ID``) gets every command instead, the core's and
every ruleset's, as guild commands: that is immediate and cheap.
"""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord import app_commands

from bot.command_translator import translations_fingerprint
from bot.services.campaigns import CampaignService
from bot.store import StoreError

log = logging.getLogger(__name__)

SYNC_HASH_KEY = "global_commands_sha256"
GUILD_HASH_KEY = "guild_commands_sha256:{guild}"  # one server's ruleset commands


def command_hash(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> str:
    """A digest of what a sync sends: the payloads and, with a translator, the catalogues it reads
    (``to_dict`` holds no translations, and a new translation must reach Discord too)."""
    payloads = [c.to_dict(tree) for c in tree.get_commands(guild=guild)]
    text = json.dumps(payloads, sort_keys=True, ensure_ascii=False)
    if tree.translator is not None:
        text += translations_fingerprint()
    return hashlib.sha256(text.encode()).hexdigest()


def dev_guild(bot) -> int | None:
    return getattr(bot.config, "dev_guild_id", None)


async def sync_command_tree(bot) -> None:
    guild_id = dev_guild(bot)
    repo = bot.service.repo
    try:
        if guild_id:  # the dev guild gets the core's commands with every ruleset's: sync_hosted_servers
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
    except app_commands.TranslationError:  # the translator failed (no HTTPException): the commands stay as they were
        log.exception("The bot could not translate the commands; the command list was not sent")
    except StoreError:
        log.exception("Could not read or record the command hash; commands may be synced again next start")


async def hosted_rulesets(bot, guild_id: int) -> set[str]:
    """The rulesets of the campaigns a server hosts (the dev guild: every ruleset)."""
    if guild_id == dev_guild(bot):
        return set(bot.ruleset_commands)
    return {c.ruleset for c in await bot.service.repo.campaigns_in_guild(guild_id)}


def register_ruleset_commands(bot, guild_id: int, rulesets: set[str]) -> None:
    """The bot's tree holds, for the server, the groups of ``rulesets`` and no other ruleset's
    (the dev guild also a copy of the core's), so its interactions find them."""
    guild = discord.Object(id=guild_id)
    bot.tree.clear_commands(guild=guild)
    if guild_id == dev_guild(bot):
        bot.tree.copy_global_to(guild=guild)
    for ruleset in sorted(rulesets):
        for command in bot.ruleset_commands.get(ruleset, ()):
            bot.tree.add_command(command, guild=guild, override=True)


async def sync_ruleset_commands(bot, guild_id: int) -> None:
    """Give a server the command groups of the rulesets its campaigns play, and no others: in the
    bot's tree at once, and sent to Discord (if the bot syncs) when they differ from the last sent.
    Call it when a campaign is created, imported or deleted there; start-up calls it for every
    server that hosts one.  A failure is logged: the commands may then be out of date there."""
    guild = discord.Object(id=guild_id)
    try:
        register_ruleset_commands(bot, guild_id, await hosted_rulesets(bot, guild_id))
        if not bot.sync_commands:
            return
        key, digest = GUILD_HASH_KEY.format(guild=guild_id), command_hash(bot.tree, guild)
        stored = await bot.service.repo.get_meta(key)
        if stored == digest or (stored is None and not bot.tree.get_commands(guild=guild)):
            return
        synced = await bot.tree.sync(guild=guild)
        await bot.service.repo.set_meta(key, digest)
        log.info("Synced %d commands to guild %s (%s…)", len(synced), guild_id, digest[:12])
    except discord.HTTPException:
        log.exception("Discord refused the commands of guild %s; they may be out of date there", guild_id)
    except app_commands.TranslationError:
        log.exception("The bot could not translate the commands of guild %s; they were not sent", guild_id)
    except StoreError:
        log.exception("Could not read the campaigns or the command hash of guild %s", guild_id)


async def sync_hosted_servers(bot) -> None:
    """At start-up: every server that hosts a campaign (and the dev guild) gets its ruleset commands."""
    try:
        guilds = {c.guild_id for c in await bot.service.repo.list_campaigns() if c.guild_id is not None}
    except StoreError:
        log.exception("Could not list the campaigns; no server has its ruleset commands yet")
        return
    for guild_id in sorted(guilds | ({dev_guild(bot)} - {None})):
        await sync_ruleset_commands(bot, guild_id)


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
