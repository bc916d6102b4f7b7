"""What every cog needs: which campaign a command is about, which clan the
caller plays (or, for a moderator, acts for), the moderator check, and replies
within Discord's limits.

Not an extension (it has no ``setup``): the cogs import it.
"""

from __future__ import annotations

import asyncio

from collections.abc import Sequence
from datetime import datetime, timezone

import discord
from discord import app_commands

from bot.domain.campaign import Campaign, Faction, Phase
from bot.i18n import CORE_DOMAIN, DEFAULT_LANGUAGE, LANGUAGES, Messages, N_, language_of_locale, messages
from bot.localized import Text
from bot.report import split_message
from bot.services.audit import Moderator
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.services.posting import PostLedger
from bot.store import StoreError

CAMPAIGN = "campaign id (default: your own)"  # yours, else the channel's: default_campaign
# Interaction.extras keys read by the audit trail (cogs/audit_trail.py) once a command is done.
CAMPAIGN_EXTRA = "fleetwright.campaign"  # the campaign the command was about
REPLY_EXTRA = "fleetwright.reply"  # the first private reply: what the command did
AUDITED_EXTRA = "fleetwright.audited"  # the command's moderator edit wrote its own audit entry
ORDER_EXTRA = "fleetwright.order_changed"  # the command gave or withdrew an order
CONFIRM_EXTRA = "fleetwright.confirmation"  # the command only asked (cogs/confirm.py); the click acts
NO_CAMPAIGN = N_("there is no campaign on this server yet; a moderator starts one with /campaign create")
RESTARTING = N_("The bot is restarting; please try again in a minute.")  # to commands and clicks while it stops
CUT_OFF = N_("⚠️ The bot had to stop before this finished. What it had stored by then stays (a resolved turn's "
              "reports are posted when the bot starts again); /game status shows where things stand.")


# Each language offered by its own name (a choice's name is shown as it is: it is not translated).
LANGUAGE_CHOICES = [app_commands.Choice(name=f"{name} ({code})", value=code) for code, name in LANGUAGES.items()]


def reader(interaction: discord.Interaction, domain: str = CORE_DOMAIN) -> Messages:
    """The texts of a reply only the one who asked sees: in their Discord client's language
    (``interaction.locale``; English where the bot has no catalogue for it)."""
    locale = getattr(interaction, "locale", None)
    return messages(language_of_locale(getattr(locale, "value", locale)), domain)


def public_reader(campaign: Campaign | None, domain: str = CORE_DOMAIN) -> Messages:
    """The texts of a post everyone reads (the report channel, the moderators' log): the campaign's
    language (English without a campaign)."""
    return messages(getattr(campaign, "language", None) or DEFAULT_LANGUAGE, domain)


def clan_reader(campaign: Campaign, faction_id: str, domain: str = CORE_DOMAIN) -> Messages:
    """The texts of a post in a clan's private channel: the clan's language, else the campaign's."""
    return messages(campaign.faction_languages().get(faction_id, campaign.language), domain)


def track_in_flight(client: discord.Client, interaction: discord.Interaction) -> None:
    """Count the running task as a command under way, so a clean stop waits for it (bot/discord_app.py)
    and, if it must cut it off, can tell the one who ran it (``CUT_OFF``)."""
    in_flight, task = getattr(client, "in_flight", None), asyncio.current_task()
    if in_flight is None or task is None:
        return
    asked = getattr(client, "in_flight_interactions", None)
    in_flight.add(task)
    if asked is not None:
        asked[task] = interaction
    task.add_done_callback(lambda done: (in_flight.discard(done), asked.pop(done, None) if asked is not None else None))


def service_of(interaction: discord.Interaction) -> CampaignService:
    return interaction.client.service  # type: ignore[attr-defined]


async def guild_campaigns(interaction: discord.Interaction) -> list[Campaign]:
    if interaction.guild_id is None:
        return []
    # CampaignService has no per-guild listing yet; the repository has one.
    return await service_of(interaction).campaigns_in_guild(interaction.guild_id)


async def campaign_for(interaction: discord.Interaction, campaign_id: int | None) -> Campaign:
    """The campaign a command names, else the server's most recent one.

    A campaign of another server answers exactly like one that does not exist.
    """
    if interaction.guild_id is None:
        raise UserError(N_("Fleetwright commands work inside a server, not in direct messages"))
    if campaign_id is not None:
        campaign = await service_of(interaction).campaign(campaign_id)
        if campaign.guild_id != interaction.guild_id:
            raise UserError(N_("there is no campaign #{campaign}"), campaign=campaign_id)
    else:
        campaigns = await guild_campaigns(interaction)
        if not campaigns:
            raise UserError(NO_CAMPAIGN)
        campaign = default_campaign(interaction, campaigns)
    interaction.extras[CAMPAIGN_EXTRA] = campaign.id  # the audit trail notes a moderator's action there
    return campaign


SEVERAL_CAMPAIGNS = (  # a player's, then a moderator's
    N_("you play in several campaigns on this server ({names}); say which with the campaign option, "
       "or use the command in that campaign's report or clan channel"),
    N_("you moderate several campaigns on this server ({names}); say which with the campaign option, "
       "or use the command in that campaign's report or clan channel"))


def default_campaign(interaction: discord.Interaction, campaigns: list[Campaign]) -> Campaign:
    """The campaign a command means when it names none: the one the caller plays in (a clan role,
    or a clan acted for), else the one they moderate by role, each narrowed by the channel when
    several qualify; with neither, the channel's, else the newest (a server manager moderates all).
    Several left after the channel: refused with their names, never guessed."""
    if len(campaigns) == 1:
        return campaigns[0]
    here = [c for c in campaigns if interaction.channel_id in channels_of(c)]
    roles = role_ids(interaction)
    tiers = ([c for c in campaigns if any(f.role_id in roles for f in c.factions if f.role_id is not None)
              or acting_table(interaction.client).get(acting_key(interaction, c)) is not None],
             [c for c in campaigns if c.moderator_role_id is not None and c.moderator_role_id in roles])
    for tier, refusal in zip(tiers, SEVERAL_CAMPAIGNS):
        narrowed = [c for c in tier if c in here] or tier
        if len(narrowed) == 1:
            return narrowed[0]
        if narrowed:
            names = ", ".join(c.name for c in sorted(narrowed, key=lambda c: c.id or 0))
            raise UserError(refusal, names=names)
    if len(here) == 1:
        return here[0]
    return max(campaigns, key=lambda c: c.id or 0)


def channels_of(campaign: Campaign) -> set[int]:
    """The channels that belong to a campaign: its report channel, its moderators' and its clans' channels."""
    linked = {f.channel_id for f in campaign.factions} | {campaign.report_channel_id, campaign.moderator_channel_id}
    return {c for c in linked if c is not None}


def campaign_label(campaign: Campaign) -> str:
    return f"#{campaign.id} {campaign.name} — turn {campaign.turn}, {campaign.phase.value}"


async def campaign_autocomplete(interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[int]]:
    wanted = current.casefold()
    campaigns = sorted(await guild_campaigns(interaction), key=lambda c: -(c.id or 0))
    return [app_commands.Choice(name=campaign_label(c)[:100], value=c.id) for c in campaigns
            if wanted in campaign_label(c).casefold()][:25]


def moderator_of(interaction: discord.Interaction) -> Moderator:
    """Who an edit is recorded under in the audit log."""
    return Moderator(interaction.user.id, interaction.user.display_name)


def role_ids(interaction: discord.Interaction) -> set[int]:
    return {role.id for role in getattr(interaction.user, "roles", ())}


def player_faction(interaction: discord.Interaction, campaign: Campaign) -> Faction:
    """The clan the caller acts for (a moderator, with /mod act-as), else the clan whose linked
    role the caller holds; refuses none or several."""
    acting = acting_faction(interaction, campaign)
    if acting is not None:
        return acting
    mine = [f for f in campaign.factions if f.role_id is not None and f.role_id in role_ids(interaction)]
    if not mine:
        if is_moderator(interaction, campaign):
            raise UserError(N_("none of your roles is linked to a clan of {campaign}; as a moderator you can "
                               "act for one with /mod act-as clan:<clan>"), campaign=campaign.name)
        raise UserError(N_("you are not a player of {campaign}: none of your roles is linked to one of "
                           "its clans. Ask a moderator for your clan's role (they link roles with /faction link)"),
                        campaign=campaign.name)
    if len(mine) > 1:
        names = ", ".join(f.name for f in mine)
        raise UserError(N_("you hold the roles of several clans of {campaign} ({names}); a player belongs "
                           "to one clan, so ask a moderator to remove the others"), campaign=campaign.name,
                        names=names)
    return mine[0]


async def require_results_out(interaction: discord.Interaction, campaign: Campaign) -> None:
    """Players read a resolved turn's results (units, the map) only once its public report is posted:
    a report is the news, and the state must not tell it first.  Moderators read at once."""
    if is_moderator(interaction, campaign) and acting_faction(interaction, campaign) is None:
        return
    if await PostLedger(service_of(interaction)).public_out(campaign):
        return
    # The turn of the last resolution: this one once a step of it resolved (issue 12), else the one before.
    values = {"turn": campaign.turn if campaign.step > 1 else campaign.turn - 1, "campaign": campaign.name}
    if campaign.report_channel_id:
        raise UserError(N_("turn {turn} of {campaign} has just been resolved; its results show here once its "
                           "report is posted in {channel}. Try again in a minute"),
                        channel=f"<#{campaign.report_channel_id}>", **values)
    raise UserError(N_("turn {turn} of {campaign} has just been resolved; its results show here once its "
                       "report is posted. Try again in a minute"), **values)


def manages_server(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator


def is_moderator(interaction: discord.Interaction, campaign: Campaign) -> bool:
    if manages_server(interaction):
        return True
    return campaign.moderator_role_id is not None and campaign.moderator_role_id in role_ids(interaction)


# Acting for a clan (/mod act-as).  Kept in memory on the bot, so a restart ends it:
# (guild id, moderator's user id, campaign id) → the clan's id.
ACTING_ATTRIBUTE = "acting_as"
ACTING_EXTRA = "fleetwright.acting_as"  # Interaction.extras: the clan's name, once a command acts for it


def acting_table(client: discord.Client) -> dict[tuple[int, int, int], str]:
    table = getattr(client, ACTING_ATTRIBUTE, None)
    if table is None:
        table = {}
        setattr(client, ACTING_ATTRIBUTE, table)
    return table


def acting_key(interaction: discord.Interaction, campaign: Campaign) -> tuple[int, int, int]:
    return interaction.guild_id or 0, interaction.user.id, campaign.id or 0


def acting_faction(interaction: discord.Interaction, campaign: Campaign) -> Faction | None:
    """The clan a moderator acts for in ``campaign``; ``None`` if none is set, the clan is gone, or the
    caller is no moderator (now): the moderator check is made on every use, not only when it was set."""
    if interaction.guild_id is None:
        return None
    clan = acting_table(interaction.client).get(acting_key(interaction, campaign))
    if clan is None or not is_moderator(interaction, campaign):
        return None
    return campaign.faction(clan)


ACTING_AS = N_("(acting as {clan}) ")
ACTING_AS_REFUSAL = N_("(acting as {clan}) {refusal}")  # the same marker before a refusal


def acting_marker(interaction: discord.Interaction) -> str:
    """"(acting as Mōri) " once the command acts for a clan (``PlayerContext.load`` notes it), else "";
    in the reader's language."""
    name = interaction.extras.get(ACTING_EXTRA)
    return reader(interaction)._(ACTING_AS, clan=name) if name else ""


class MarksActing:
    """Mixin for the cogs whose commands act for the caller's clan: a refusal (a ``UserError`` or
    ``StoreError`` after the clan is known) carries the acting marker like every reply.  discord.py
    calls this hook before the tree's ``on_error``, which then shows the marked text."""

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        name = interaction.extras.get(ACTING_EXTRA)
        original = getattr(error, "original", None)
        if name and isinstance(original, (UserError, StoreError)):
            own = getattr(original, "text", None)
            text = own if isinstance(own, Text) else Text(str(original).strip())
            marked = UserError(Text(ACTING_AS_REFUSAL, clan=name, refusal=text.sentence()))
            marked.detail = getattr(original, "detail", None)  # a store error's detail still reaches the log
            error.original = marked  # type: ignore[attr-defined]


class NotModerator(app_commands.CheckFailure):
    """Raised by the moderator checks; the message says who may do it (``text``: in the reader's words)."""

    def __init__(self, message: Text | str) -> None:
        self.text = Text.of(message)
        super().__init__(str(self.text))


def _who(campaign: Campaign) -> Text:
    if campaign.moderator_role_id:
        return Text(N_("the {role} role or the Manage Server permission"), role=f"<@&{campaign.moderator_role_id}>")
    return Text(N_("the Manage Server permission"))


def _guarded(predicate):
    """A check's own failures reach the tree's ``on_error``: discord.py only routes
    ``AppCommandError`` from checks, so anything else is wrapped as an invoke error."""
    async def check(interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        if manages_server(interaction):
            return True
        try:
            return await predicate(interaction)
        except app_commands.AppCommandError:
            raise
        except (UserError, StoreError) as exc:
            refusal = NotModerator(getattr(exc, "text", None) or str(exc))
            refusal.detail = getattr(exc, "detail", None)  # for the log, never the reply
            raise refusal from None
        except Exception as exc:
            raise app_commands.CommandInvokeError(interaction.command, exc) from exc
    check.fleetwright_moderator = True  # type: ignore[attr-defined]  # the audit trail records such commands
    return app_commands.check(check)


def moderator_command(command: app_commands.Command | None) -> bool:
    """Whether only moderators may run ``command`` (it carries one of the checks below)."""
    return command is not None and any(getattr(c, "fleetwright_moderator", False) for c in command.checks)


def moderator_only():
    """Moderators of the campaign the command is about: its moderator role, or Manage Server."""
    async def predicate(interaction: discord.Interaction) -> bool:
        campaign = await campaign_for(interaction, getattr(interaction.namespace, "campaign", None))
        if is_moderator(interaction, campaign):
            return True
        raise NotModerator(Text(N_("only the moderators of {campaign} can do this: {who}"), campaign=campaign.name,
                                who=_who(campaign)))
    return _guarded(predicate)


def server_moderator_only():
    """For commands before any campaign: Manage Server, or a moderator of any campaign here."""
    async def predicate(interaction: discord.Interaction) -> bool:
        if any(is_moderator(interaction, c) for c in await guild_campaigns(interaction)):
            return True
        raise NotModerator(Text(N_("only moderators can do this: the Manage Server permission, or the moderator "
                                   "role of a campaign on this server")))
    return _guarded(predicate)


MAX_FILES = 10  # Discord's limit of attachments on one message
DEFAULT_SIZE_LIMIT = 25 * 1024 * 1024  # Discord's upload limit without boosts, when an interaction does not say


def file_size(file: discord.File) -> int:
    position = file.fp.tell()
    size = file.fp.seek(0, 2)
    file.fp.seek(position)
    return size


def file_batches(files: Sequence[discord.File], limit: int = DEFAULT_SIZE_LIMIT,
                 t: Messages | None = None) -> tuple[list[list[discord.File]], list[str]]:
    """``files`` in messages Discord takes: at most ten each, together within ``limit`` bytes (a
    little kept for the message itself).  Also the lines for files too large for any message."""
    t = t or messages()
    room = limit - 64 * 1024
    batches: list[list[discord.File]] = []
    too_large: list[str] = []
    used = room + 1
    for file in files:
        size = file_size(file)
        if size > room:
            mib, limit_mib = "{:.1f}".format(size / 1024 / 1024), "{:.0f}".format(limit / 1024 / 1024)
            too_large.append(t._("⚠️ {file} ({size} MiB) is larger than Discord takes ({limit} MiB), so it is not "
                                 "attached; /turn log gives its text.", file=file.filename, size=mib, limit=limit_mib))
            continue
        if not batches or len(batches[-1]) == MAX_FILES or used + size > room:
            batches.append([])
            used = 0
        batches[-1].append(file)
        used += size
    return batches, too_large


async def send_split(send, text: str, files: Sequence[discord.File] = (), *, marker: str = "",
                     limit: int = DEFAULT_SIZE_LIMIT, t: Messages | None = None) -> None:
    """Send ``text`` split at line ends through ``send(content, files=...)``, the first batch of files
    with the first part and each further batch (ten files at most, within ``limit``) in a message of
    its own after the text (its own words in ``t``'s language)."""
    t = t or messages()
    batches, too_large = file_batches(files, limit, t)
    chunks = split_message("\n".join([text, *too_large]), 2000 - len(marker)) or [t._("(nothing to show)")]
    for index, chunk in enumerate(chunks):
        extra = {"files": batches[0]} if index == 0 and batches else {}
        await send(marker + chunk, **extra)
    for number, batch in enumerate(batches[1:], start=2):
        await send(marker + t._("(attachments, {number} of {count})", number=number, count=len(batches)),
                   files=batch)


async def reply(interaction: discord.Interaction, text: str,
                files: Sequence[discord.File] = ()) -> None:
    """Answer a deferred interaction privately, split at line ends; files go with the first part
    (more than ten, or more than Discord's size limit, in further messages).
    When the command acts for a clan (/mod act-as), every part starts with the marker."""
    marker = acting_marker(interaction)
    interaction.extras.setdefault(REPLY_EXTRA, text)

    async def send(content: str, **extra) -> None:
        await interaction.followup.send(content, ephemeral=True, **extra)

    limit = getattr(interaction, "filesize_limit", None) or DEFAULT_SIZE_LIMIT
    await send_split(send, text, files, marker=marker, limit=limit, t=reader(interaction))


async def defer(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)


async def post(bot: discord.Client, channel_id: int, text: str, file: discord.File | None = None) -> int:
    """Post ``text`` in a channel, split at line ends, ``file`` on the first message; return the count."""
    channel = bot.get_channel(channel_id) or bot.get_partial_messageable(channel_id)
    chunks = split_message(text) or ["(empty report)"]
    for index, chunk in enumerate(chunks):
        if index == 0 and file is not None:
            await channel.send(chunk, file=file)
        else:
            await channel.send(chunk)
    return len(chunks)


def deadline_text(deadline: str | None) -> str | None:
    """An ISO deadline as Discord timestamps: the date and time, and how long from now, which every
    client shows in its reader's own time zone and language (``<t:…:F> (<t:…:R>)``)."""
    if not deadline:
        return None
    when = datetime.fromisoformat(deadline)
    when = when if when.tzinfo else when.replace(tzinfo=timezone.utc)
    return f"{discord.utils.format_dt(when, 'F')} ({discord.utils.format_dt(when, 'R')})"


CORRECTION_NOTE = N_("the turn was resolved and undone for a correction: its dice are known, so only the "
                      "moderators may change its orders")


def phase_words(campaign: Campaign, t: Messages | None = None) -> str:
    """The phase as people read it, with what comes next; every phase, including a correction."""
    t = t or messages()
    if campaign.phase is Phase.PLANNING:
        deadline = deadline_text(campaign.deadline)
        if deadline:
            return t._("open for orders until {deadline}.", deadline=deadline)
        return t._("open for orders (no deadline).")
    if campaign.phase is Phase.LOCKED:
        return t._("locked: closed for players' orders; the moderators resolve it (or reopen it).")
    if campaign.phase is Phase.CORRECTION:
        return t._("undone for a correction: only moderators may change orders; /turn resolve when done.")
    if campaign.phase is Phase.RESOLVED:
        return t._("the last turn is resolved; a moderator opens this one with /turn open.")
    return t._("not started; a moderator opens the first turn with /turn open.")
