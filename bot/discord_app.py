"""The Discord application: the bot, its one error handler, and ``run_bot``.

The bot receives its ``CampaignService`` through the constructor (so tests
build it with a real service on a temporary database); ``run_bot`` owns the
lifetime of the repository and the connection.  Cogs only parse, check,
defer, call the service and reply; every error reaches users through
``FleetwrightTree.on_error``.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Iterable, Iterator
from datetime import timedelta

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.command_surface import Surface, clashes, surface_problems
from bot.command_translator import CommandTranslator
from bot.domain.text import quote
from bot.i18n import DEFAULT_LANGUAGE, Messages, N_, messages
from bot.localized import Text
from bot.plugins import RulesetPlugin, plugins
from bot.scheduler import DeadlineScheduler
from bot.render import RenderTimeout
from bot.runtime import favour_event_loop, freeze_loaded, tune_collector
from bot.workers import configured_workers, start_workers, stop_workers
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.startup import log_campaigns, sync_command_tree, sync_hosted_servers, sync_ruleset_commands
from bot.store import StoreError, describe_location, open_repository

log = logging.getLogger(__name__)

# The core's extensions, in order: one cog (one slash group) each, synced globally.  Each ruleset's
# own come from its plug-in (``RulesetPlugin.commands``), synced per server (bot/startup.py).
EXTENSIONS: tuple[str, ...] = (
    "cogs.campaign",
    "cogs.faction",
    "cogs.order_book",
    "cogs.fleet",
    "cogs.turn",
    "cogs.step",
    "cogs.moderate",
    "cogs.map",
    "cogs.dice",
    "cogs.game",
    "cogs.help",
)

POLITE_FAILURE = N_("Something went wrong on our side; the moderators can see the log.")
RENDER_BUSY = N_("The map renderer is busy right now; please try again in a minute.")
STALE_COMMAND = N_("This command has changed since Discord last loaded it. "
                   "Please try again in a minute, or reload Discord.")
NOT_HERE = N_("You cannot use this command here.")
MESSAGE_LIMIT = 2000  # characters of one Discord message
TEXT_LIMIT = 100  # an option without a declared max_length (a choice's value): Discord's limit for choices


class TooLong(app_commands.CheckFailure):
    """A text option longer than its max_length: Discord refuses these itself, the bot checks again."""


def _leaf_options(options: list[dict]) -> list[dict]:
    leaves = []
    for option in options or ():
        leaves += _leaf_options(option["options"]) if option.get("type") in (1, 2) else [option]
    return leaves


def overlong_option(interaction: discord.Interaction) -> Text | None:
    """What is wrong if a text option is longer than the command declares, else ``None``: the refusal
    quotes only the start of what was typed, so it always fits in a message."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    declared = {p.display_name: p for p in command.parameters}
    for option in _leaf_options((interaction.data or {}).get("options", [])):
        value, parameter = option.get("value"), declared.get(option.get("name"))
        if not isinstance(value, str) or parameter is None:
            continue
        limit = parameter.max_value if parameter.max_value is not None else TEXT_LIMIT
        if len(value) > limit:
            return Text(N_("{option}: that is {length} characters, at most {limit} fit (you typed {typed})"),
                        option=option["name"], length=f"{len(value):,}", limit=int(limit), typed=quote(value))
    return None
from cogs.common import CUT_OFF, RESTARTING, reader, track_in_flight  # noqa: E402  (one wording for commands and buttons)
# How long a stopping bot lets commands under way finish.  Below docker's and systemd's default
# stop timeouts (10 s and 90 s): a post cut off here stays claimed by this boot, and the next boot
# takes it over at once and posts only what is missing (bot/services/posting.py).
SHUTDOWN_GRACE_S = 8.0


def minimal_intents() -> discord.Intents:
    """Slash commands need no privileged intents.  ``guilds`` keeps the
    guild cache (roles, channels) so a member's roles resolve to clans."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


def user_message(error: BaseException, t: Messages | None = None) -> str | None:
    """The text a user should read for ``error`` in ``t``'s language (default English), or ``None`` if
    it is our bug.  An error carrying a ``Text`` (``UserError``, the moderator checks) is worded for
    the reader; any other's message stays as it is."""
    t = t or messages(DEFAULT_LANGUAGE)
    cause = error
    if isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)):
        cause = getattr(error, "original", None) or error.__cause__ or error
    if isinstance(cause, (UserError, StoreError, app_commands.CheckFailure)):
        own = getattr(cause, "text", None)
        text = (own.render(t) if isinstance(own, Text) else str(cause)).strip() or t._(NOT_HERE)
        return text[0].upper() + text[1:]
    if isinstance(cause, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        return t._(STALE_COMMAND)
    if isinstance(cause, RenderTimeout):  # many /map at once, or a turn's maps being drawn
        return t._(RENDER_BUSY)
    return None


class FleetwrightTree(app_commands.CommandTree):
    """The one place that speaks errors to users (CONVENTIONS 9)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A stopping bot takes no new command (it answers so); the ones it takes are counted, so
        that shutting down can let them finish.  A text option longer than it may be is refused."""
        bot = self.client
        if getattr(bot, "stopping", False):
            if interaction.type is discord.InteractionType.application_command:
                await self.say_privately(interaction, reader(interaction)._(RESTARTING))
            return False
        if interaction.type is discord.InteractionType.application_command:
            problem = overlong_option(interaction)
            if problem is not None:
                refusal = TooLong(str(problem))
                refusal.text = problem
                raise refusal
        track_in_flight(bot, interaction)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        t = reader(interaction)
        text = user_message(error, t)
        if text is None:
            command = interaction.command.qualified_name if interaction.command else "?"
            original = getattr(error, "original", error)
            log.error("Unexpected error in /%s (interaction %s, guild %s, user %s)", command, interaction.id,
                      interaction.guild_id, interaction.user.id if interaction.user else "?", exc_info=original)
            text = t._(POLITE_FAILURE)
        elif text == t._(STALE_COMMAND):
            log.warning("Out-of-date command invoked: %s", error)
        detail = getattr(getattr(error, "original", error), "detail", None)
        if detail:  # the store's own words (the file, SQLite's error) are for the log, never for players
            log.error("Store error in interaction %s: %s", interaction.id, detail)
        await self.say_privately(interaction, text)

    @staticmethod
    async def say_privately(interaction: discord.Interaction, text: str) -> None:
        """One private message: a refusal longer than a message is cut, marked with …"""
        text = text if len(text) <= MESSAGE_LIMIT else text[:MESSAGE_LIMIT - 1] + "…"
        if interaction.is_expired():
            log.info("Interaction %s expired before we could answer: %s", interaction.id, text)
            return
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.exception("Could not send an error message for interaction %s", interaction.id)


class FleetwrightBot(commands.Bot):
    def __init__(self, service: CampaignService, *, config=None, intents: discord.Intents | None = None,
                 sync_commands: bool = True, run_scheduler: bool = True, freeze_after_setup: bool = False,
                 rulesets: Iterable[RulesetPlugin] | None = None, **options) -> None:
        """``rulesets``: the plug-ins whose commands it loads (default: every installed one);
        ``freeze_after_setup``: the running bot's (``run_bot``), so tests' bots freeze nothing."""
        # Reports quote names players chose; nothing the bot posts may ping anyone.
        super().__init__(command_prefix=commands.when_mentioned, help_command=None,
                         intents=intents or minimal_intents(), tree_cls=FleetwrightTree,
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.service = service
        self.config = config
        self.sync_commands = sync_commands
        self.failed_extensions: dict[str, BaseException] = {}
        self.rulesets = tuple(plugins().values() if rulesets is None else rulesets)
        # Ruleset id → its top-level commands, kept out of the global tree: each server gets those of
        # the rulesets its campaigns play (bot/startup.py sync_ruleset_commands).
        self.ruleset_commands: dict[str, list[app_commands.Command | app_commands.Group]] = {}
        self.refused_rulesets: dict[str, str] = {}  # ruleset id → why none of its commands were loaded
        self.run_scheduler = run_scheduler
        self.freeze_after_setup = freeze_after_setup
        self.scheduler: DeadlineScheduler | None = None
        self.stopping = False  # set by ``shutdown``: new commands are turned away
        self.in_flight: set[asyncio.Task] = set()  # the commands being run
        self.in_flight_interactions: dict[asyncio.Task, discord.Interaction] = {}  # who ran each

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandTranslator())  # the commands in each client's language
        await self.load_all_extensions()
        # Listeners, no slash group: the audit trail of moderators' actions, and stale confirmation buttons.
        from cogs.audit_trail import AuditTrail
        from cogs.confirm import ConfirmListener
        for listener in (AuditTrail, ConfirmListener):
            if self.get_cog(listener.__name__) is None:
                await self.add_cog(listener(self))
        if self.sync_commands:
            await sync_command_tree(self)
        await sync_hosted_servers(self)  # each server's ruleset groups (sent to Discord if sync_commands)
        await log_campaigns(self.service)
        if self.freeze_after_setup:
            freeze_loaded()  # extensions, cogs, plug-ins and maps are loaded: out of the collector's view
        if self.run_scheduler and self.scheduler is None:
            from cogs.turn_posts import TurnPoster  # the Discord side of the scheduler's announcements
            interval = getattr(self.config, "deadline_check_seconds", 60.0)
            self.scheduler = DeadlineScheduler(self.service, TurnPoster(self), interval=interval)
            self.scheduler.start()

    async def shutdown(self, grace: float = SHUTDOWN_GRACE_S) -> None:
        """A clean stop (SIGTERM, Ctrl-C): turn new commands away, let those under way finish for
        ``grace`` seconds (then cancel them: their posts stay claimable by the next boot), close."""
        if self.stopping:
            return
        self.stopping = True
        log.info("Shutting down: %d command(s) under way get %.0f s to finish", len(self.in_flight), grace)
        if self.scheduler is not None:
            await self.scheduler.stop()
            self.scheduler = None
        busy = set(self.in_flight)
        if busy:
            _, late = await asyncio.wait(busy, timeout=grace)
            for task in late:
                log.warning("A command did not finish within the shutdown grace period; cancelled")
                await self._tell_cut_off(self.in_flight_interactions.get(task))
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=1.0)
        await self.close()

    @staticmethod
    async def _tell_cut_off(interaction: discord.Interaction | None) -> None:
        """The one who ran a command cut off at shutdown is told so, not left with its last progress line."""
        if interaction is None or interaction.is_expired():
            return
        try:
            if interaction.response.is_done():
                await asyncio.wait_for(interaction.followup.send(reader(interaction)._(CUT_OFF), ephemeral=True), 2.0)
            else:
                await asyncio.wait_for(interaction.response.send_message(reader(interaction)._(CUT_OFF),
                                                                         ephemeral=True), 2.0)
        except Exception as exc:  # noqa: BLE001 - a courtesy: the stop goes on whatever happens here
            log.info("Could not tell interaction %s it was cut off: %s", interaction.id, exc)

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()  # before the connection and the store go away
            self.scheduler = None
        await super().close()

    def top_level_commands(self) -> list[app_commands.Command | app_commands.Group]:
        """Every top-level slash command: the core's (global) and every ruleset's (on its servers)."""
        return [*self.tree.get_commands(), *(c for own in self.ruleset_commands.values() for c in own)]

    def walk_all_commands(self) -> Iterator[app_commands.Command | app_commands.Group]:
        """Every command and group of ``top_level_commands``, and what they hold."""
        for command in self.top_level_commands():
            yield command
            if isinstance(command, app_commands.Group):
                yield from command.walk_commands()

    def surface(self) -> Surface:
        """The payloads a sync sends: the core's (global) and each ruleset's (to its servers)."""
        return Surface(core=[c.to_dict(self.tree) for c in self.tree.get_commands()],
                       rulesets={ruleset: [c.to_dict(self.tree) for c in own]
                                 for ruleset, own in sorted(self.ruleset_commands.items())})

    async def translated_surface(self) -> Surface:
        """The payloads a sync sends with every locale's names and descriptions (the tree's translator)."""
        translator = self.tree.translator or CommandTranslator()

        async def payloads(commands) -> list[dict]:
            return [await c.get_translated_payload(self.tree, translator) for c in commands]

        return Surface(core=await payloads(self.tree.get_commands()),
                       rulesets={ruleset: await payloads(own)
                                 for ruleset, own in sorted(self.ruleset_commands.items())})

    def command_problems(self) -> list[str]:
        """What is wrong with the whole command tree over every plug-in (bot/command_surface.py): a
        ruleset refused for a name clash, a limit of Discord's broken, a name owned twice; [] if none."""
        declared = {r.id: r.command_groups for r in self.rulesets if r.id not in self.refused_rulesets}
        return [*self.refused_rulesets.values(), *surface_problems(self.surface(), declared)]

    async def on_app_command_completion(self, interaction: discord.Interaction, command) -> None:
        """After a /campaign command (one may have created or imported a campaign of a ruleset new to
        the server), the server's ruleset commands are brought up to date; nothing is sent if unchanged."""
        if interaction.guild_id is not None and command.qualified_name.split()[0] == "campaign":
            await sync_ruleset_commands(self, interaction.guild_id)

    async def load_all_extensions(self) -> None:
        for name in EXTENSIONS:
            await self._load(name)
        self.refused_rulesets = clashes([c.name for c in self.tree.get_commands()], self.rulesets)
        for ruleset in self.rulesets:
            if ruleset.id in self.refused_rulesets:
                log.error("%s", self.refused_rulesets[ruleset.id])
                continue
            await self.load_ruleset_commands(ruleset)

    async def load_ruleset_commands(self, ruleset: RulesetPlugin) -> None:
        """Load the ruleset's extensions and take the top-level commands they add out of the global tree,
        into ``ruleset_commands``; a name it did not declare in ``command_groups`` is dropped (logged)."""
        before = {c.name for c in self.tree.get_commands()}
        for name in ruleset.commands:
            await self._load(name)
        own = self.ruleset_commands[ruleset.id] = []
        for command in [c for c in self.tree.get_commands() if c.name not in before]:
            self.tree.remove_command(command.name)
            if command.name in ruleset.command_groups:
                own.append(command)
            else:
                log.error("Ruleset %r added /%s, which its command_groups do not declare; it is not offered",
                          ruleset.id, command.name)

    async def _load(self, name: str) -> None:
        try:
            await self.load_extension(name)
        except Exception as exc:  # noqa: BLE001 - one broken cog must not stop the others
            self.failed_extensions[name] = exc
            log.exception("Failed to load extension %s", name)


class ShardedFleetwrightBot(FleetwrightBot, commands.AutoShardedBot):
    """The bot as one of several processes (``SHARD_COUNT``, ``SHARD_IDS``): its gateway connections
    are the shards given, so it serves the interactions of their servers only.  Its deadline
    scheduler runs like every process's, over every campaign: the store's leases give each
    deadline, reminder and post to one process (bot/services/leases.py); posts go to channels by id,
    so a process need not serve the server it posts in."""


def make_bot(service: CampaignService, config, **options) -> FleetwrightBot:
    """One process's bot: sharded if the configuration names shards, the plain bot otherwise."""
    shard_count = getattr(config, "shard_count", None)
    if shard_count is None:
        return FleetwrightBot(service, config=config, **options)
    shard_ids = getattr(config, "shard_ids", None)
    return ShardedFleetwrightBot(service, config=config, shard_count=shard_count, shard_ids=shard_ids, **options)


def stop_on_signals(bot: FleetwrightBot) -> None:
    """SIGTERM (what systemd and docker send) and SIGINT (Ctrl-C) shut the bot down cleanly."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task] = []  # held, so the task is not collected while it runs

    def on_signal(name: str) -> None:
        log.info("%s received", name)
        if not stopping:
            stopping.append(loop.create_task(bot.shutdown(), name="fleetwright-shutdown"))

    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, on_signal, sig.name)
        except (NotImplementedError, RuntimeError):  # not on this platform / not the main thread
            pass


def _config_problem(exc: ValidationError) -> str:
    missing = {str(e["loc"][0]) for e in exc.errors() if e["type"] == "missing"}
    if "discord_token" in missing:
        return ("DISCORD_TOKEN is not set. Put the bot token from the Discord developer portal "
                "in the environment or in a .env file (see .env.example).")
    return "the configuration is invalid: " + "; ".join(
        f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in exc.errors())


def run_bot() -> int:
    """Start the bot; return the process exit code (2: cannot start)."""
    from bot.config import BotConfig
    try:
        config = BotConfig()
    except ValidationError as exc:
        print(f"error: {_config_problem(exc)}", file=sys.stderr)
        return 2
    try:
        configured_workers()  # FLEETWRIGHT_WORKERS: refused now, not once a turn is under way
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    level = getattr(logging, config.log_level.upper(), None)
    discord.utils.setup_logging(level=level if isinstance(level, int) else logging.INFO)
    favour_event_loop()
    tune_collector()
    try:
        return asyncio.run(_serve(config))
    except KeyboardInterrupt:
        return 0


async def _serve(config) -> int:
    try:
        repo = await open_repository(config.database)
    except StoreError as exc:
        print(f"error: {exc}" + (f" ({exc.detail})" if exc.detail else ""), file=sys.stderr)  # the operator
        return 2
    applied = getattr(repo, "applied_migrations", [])  # the password of a URL is never logged
    log.info("campaign database %s: %s", describe_location(config.database),
             f"applied migrations {applied}" if applied else "schema up to date")
    if config.shard_count is not None:
        log.info("serving shards %s of %d", config.shard_ids or list(range(config.shard_count)), config.shard_count)
    service = CampaignService(repo, lease=timedelta(seconds=config.lease_seconds))
    # The worker processes warm while the bot logs in; until they are, the heavy work runs in threads.
    warming = asyncio.create_task(start_worker_pool(), name="fleetwright-workers")
    try:
        async with make_bot(service, config, freeze_after_setup=True) as bot:
            stop_on_signals(bot)
            await bot.start(config.discord_token.get_secret_value())
    except discord.LoginFailure:
        print("error: Discord rejected DISCORD_TOKEN; copy the token again from the developer portal.",
              file=sys.stderr)
        return 2
    except (OSError, aiohttp.ClientError) as exc:
        print(f"error: cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    finally:
        await warming
        await asyncio.to_thread(stop_workers)
        await repo.close()
    return 0


async def start_worker_pool() -> None:
    """The turn's worker processes (``FLEETWRIGHT_WORKERS``, bot/workers.py), started and warmed; should
    they fail to start, the bot runs the heavy work in its own threads, as with ``FLEETWRIGHT_WORKERS=0``."""
    try:
        count = await asyncio.to_thread(start_workers)
    except Exception:  # noqa: BLE001 - the bot still serves, more slowly
        log.exception("The worker processes did not start; the turns' heavy work runs in threads of the bot")
        return
    log.info("The turns' heavy work runs in %s", f"{count} worker processes" if count else "threads of the bot")
