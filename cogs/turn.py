"""/turn: moderators open, lock, reopen, resolve, undo and redo turns, set
deadlines and fetch a resolved turn's moderator log; anyone asks the status.

The bot speaks publicly only in the campaign's report channel and each clan's
linked channel (``cogs/turn_posts.py``); every reply to the person who typed
the command is ephemeral.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Faction, Phase
from bot.domain.viewer import Viewer
from bot.domain.text import quote
from bot.engine.dice import KEY_SCHEME, SEED_SCHEME
from bot.plugins import plugin
from bot.services.errors import UserError
from bot.services.posting import PostLedger
from bot.services.stored_turns import StoredTurns
from bot.services.turns import TurnLifecycle
from cogs.common import (
    CAMPAIGN,
    campaign_autocomplete,
    campaign_for,
    deadline_text,
    defer,
    is_moderator,
    moderator_of,
    moderator_only,
    reply,
    role_ids,
    send_split,
    service_of,
)
from cogs.confirm import ask
from cogs.params import named_clan
from cogs.turn_posts import Progress, TurnPoster, report_name, text_file

log = logging.getLogger(__name__)


def report_channel(campaign: Campaign) -> int:
    if campaign.report_channel_id is None:
        raise UserError(f"{campaign.name} has no report channel yet; set it with /campaign channel "
                        f"(turn announcements and the public report go there)")
    return campaign.report_channel_id


async def as_asked(interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase]) -> Campaign:
    """The campaign a confirmed prompt acts on, if it is still at the turn and phase the prompt named: a
    click on an old prompt must not resolve (or undo) a turn the moderator was never asked about."""
    campaign = await service_of(interaction).campaign(campaign_id)
    turn, phase = asked
    if (campaign.turn, campaign.phase) != asked:
        raise UserError(f"this prompt was about turn {turn} of {campaign.name} ({phase.value}); the campaign has "
                        f"moved on since (turn {campaign.turn}, {campaign.phase.value}), so nothing was done. "
                        f"Run the command again if you still want it")
    return campaign


def commitment_words(commitment: str, dice_scheme: str, undone: bool = False) -> str:
    """What a turn's commitment is and what its report reveals (``undone``: revealed already, by the
    report a correction took back): a signed turn's (rsa-vrf) is its public key's, and no seed is ever
    revealed; a turn stored before signed dice keeps its seed's words."""
    if undone:
        secret = "seed" if dice_scheme == SEED_SCHEME else "public dice key"
        return f"Commitment: `{commitment}` (SHA-256); its {secret} was revealed with the report that was undone."
    if dice_scheme == SEED_SCHEME:
        return f"Seed commitment: `{commitment}` (SHA-256); the seed is revealed with the report."
    return (f"Dice commitment: `{commitment}` (SHA-256 of the turn's public dice key); the key is revealed with "
            f"the report, and /dice verify then checks your rolls.")


def revealed_words(outcome) -> str:
    """What a resolution revealed, for the moderator's reply: a signed turn's public key, else its seed."""
    if outcome.data.dice_scheme == SEED_SCHEME:
        return f"seed `{outcome.seed}`"
    return f"its public dice key (SHA-256 `{outcome.data.commitment}`)"


def opening_text(campaign: Campaign, turn: int, commitment: str, dice_scheme: str = KEY_SCHEME) -> str:
    deadline = deadline_text(campaign.deadline)
    until = f"is open until {deadline}" if deadline else "is open (no deadline set)"
    auto = " The turn resolves by itself at the deadline." if deadline and campaign.auto_resolve else ""
    return (f"⚓ **{campaign.name}** — Turn {turn} planning {until}.{auto}\n"
            + commitment_words(commitment, dice_scheme))


def deadline_words(campaign: Campaign) -> str:
    deadline = deadline_text(campaign.deadline)
    then = "the turn resolves by itself" if campaign.auto_resolve else "the moderators resolve the turn"
    return f"Deadline: {deadline}; then {then}." if deadline else f"No deadline (when one is set, {then} at it)."


PREVIEW_MARK = "🔍 PREVIEW"
PREVIEW_KEY = "Throwaway preview dice key: a key pair made for this preview alone, not the turn's, and committed to nowhere."
PREVIEW_PAGE = 50  # lines: a long log is read a screenful at a time, and each one says it is a preview


def preview_log(log: str, turn: int) -> str:
    """A preview's moderator log, marked so that no one takes it for the real one: its title line, a
    banner heading every page of ``PREVIEW_PAGE`` lines, and the throwaway key (or seed) named as such."""
    banner = (f"{PREVIEW_MARK} — NOT the resolution of turn {turn}: throwaway dice, nothing stored or posted; "
              f"the real dice will differ.")
    lines = log.strip("\n").splitlines()
    if lines:
        lines[0] = f"{PREVIEW_MARK}: {lines[0]}"
    lines = [PREVIEW_KEY if line.startswith("Dice key of this turn: ") else
             line.replace("Seed revealed: ", "Throwaway preview seed (not the turn's): ", 1) for line in lines]
    pages = [lines[i:i + PREVIEW_PAGE] for i in range(0, len(lines), PREVIEW_PAGE)] or [[]]
    return "\n".join(line for page in pages for line in [banner, *page]) + "\n"


def resolve_prompt(campaign: Campaign, channel_id: int) -> str:
    if campaign.phase is Phase.CORRECTION:
        return redo_prompt(campaign, channel_id)
    if campaign.phase not in (Phase.PLANNING, Phase.LOCKED):
        raise UserError(f"no turn of {campaign.name} is open for orders; a moderator opens one with /turn open")
    return (f"Resolve turn {campaign.turn} of {campaign.name} now? Its dice are rolled as committed when it opened, "
            f"the public report and map are posted in <#{channel_id}> and each clan's report in its channel. "
            f"Orders can no longer be changed; /turn undo can take the resolution back, but its dice stay known.")


def redo_prompt(campaign: Campaign, channel_id: int) -> str:
    if campaign.phase is not Phase.CORRECTION:
        return (f"Resolve turn {campaign.turn} of {campaign.name} again? (/turn redo follows /turn undo; turn "
                f"{campaign.turn} is {campaign.phase.value}, so this will be refused.)")
    return (f"Resolve turn {campaign.turn} of {campaign.name} again with the same dice? The new reports are posted "
            f"in <#{channel_id}> and the clans' channels, with what changed against the undone ones.")


def undo_prompt(campaign: Campaign) -> str:
    return (f"Undo the last resolution of {campaign.name}? The state goes back to before it, its reports no longer "
            f"stand (a notice says so in the report channel) and that turn is open again for a correction by "
            f"the moderators; /turn redo then resolves it again with the same dice.")


def turns_of(interaction: discord.Interaction) -> TurnLifecycle:
    return TurnLifecycle(service_of(interaction))


def clan_of(campaign: Campaign, typed: str) -> Faction:
    """The clan ``typed`` names, by id or name (accents and case aside)."""
    found = named_clan(campaign, typed)
    if found is None:
        raise UserError(f"{campaign.name} has no clan {quote(typed)}; its clans: "
                        f"{', '.join(f.name for f in campaign.factions) or 'none yet'}")
    return found


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class TurnCog(commands.GroupCog, group_name="turn", group_description="Moderators: open, resolve and undo turns"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.poster = TurnPoster(bot)
        super().__init__()

    async def _notice(self, campaign: Campaign, text: str) -> list[str]:
        if campaign.report_channel_id is None:
            return []
        return [(await self.poster.post(campaign.report_channel_id, text, "notice"))[0]]

    @app_commands.command(name="open", description="Open the next turn for orders and publish its dice commitment")
    @app_commands.describe(deadline="e.g. 'in 48h', 'in 2d' or '2026-12-01 20:00' (UTC)", campaign=CAMPAIGN,
                           skip_unposted="give up the last turn's reports not posted yet (kept in the audit log)")
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def open_turn(self, interaction: discord.Interaction,
                        deadline: app_commands.Range[str, 1, 40] | None = None,
                        campaign: int | None = None, skip_unposted: bool = False) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        ledger = PostLedger(service_of(interaction))
        skipped = await ledger.skip(chosen, moderator_of(interaction)) if skip_unposted else []
        await ledger.require_posted(chosen)  # clans must never read turn 5 before turn 4
        record = await service_of(interaction).open_turn(chosen.id, deadline)
        chosen = await service_of(interaction).campaign(chosen.id)
        opening = opening_text(chosen, record.turn, record.commitment, record.dice_scheme)
        line, _ = await self.poster.post(channel_id, opening, "announcement")
        gave_up = [f"Given up, as you asked (in the audit log): {', '.join(skipped)}."] if skipped else []
        await reply(interaction, "\n".join([f"Turn {record.turn} of {chosen.name} is open for orders.", *gave_up,
                                            line]))

    @app_commands.command(name="deadline", description="Set, move or clear the deadline; resolve by itself at it?")
    @app_commands.describe(when="'in 24h', 'in 2d', '2026-12-01 20:00' (UTC), or 'clear'",
                           auto_resolve="resolve the turn by itself at the deadline (kept for later turns)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def deadline(self, interaction: discord.Interaction, when: app_commands.Range[str, 1, 40] | None = None,
                       auto_resolve: bool | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        updated = await turns_of(interaction).set_deadline(chosen.id, when, auto_resolve)
        lines = [f"Turn {updated.turn} of {updated.name}: {deadline_words(updated)}"]
        if updated.deadline != chosen.deadline:
            moved = deadline_text(updated.deadline)
            lines += await self._notice(updated, f"⏰ **{updated.name}** — turn {updated.turn}: " + (
                f"the deadline is now {moved}." if moved else "the deadline is lifted; the moderators resolve "
                                                               "the turn when all is in."))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="lock", description="Close the turn for players' orders (moderators still may)")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def lock(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await turns_of(interaction).lock((await campaign_for(interaction, campaign)).id)
        lines = [f"🔒 Turn {chosen.turn} of {chosen.name} is locked: players can no longer change orders; "
                 f"moderators still can. /turn resolve when ready, or /turn reopen."]
        lines += await self._notice(chosen, f"🔒 **{chosen.name}** — turn {chosen.turn} is closed for orders.")
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="reopen", description="Open a locked turn for players' orders again")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def reopen(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await turns_of(interaction).reopen((await campaign_for(interaction, campaign)).id)
        lines = [f"🔓 Turn {chosen.turn} of {chosen.name} is open for orders again. {deadline_words(chosen)}"]
        lines += await self._notice(chosen, f"🔓 **{chosen.name}** — turn {chosen.turn} is open for orders again. "
                                            f"{deadline_words(chosen)}")
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="preview", description="What the orders so far would do, on throwaway dice")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def preview(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        reports = await service_of(interaction).preview_turn(chosen.id)
        await reply(interaction, f"{PREVIEW_MARK} of turn {chosen.turn} of {chosen.name}: the orders given so far, "
                                 f"resolved on dice of a throwaway key (never the turn's own dice key, which "
                                 f"stays secret). Nothing is stored or posted; the preview's moderator log is attached.",
                    files=[text_file(preview_log(reports.moderators, chosen.turn), "preview-moderator-log.md")])

    @app_commands.command(name="resolve", description="Resolve the open turn and post the reports and maps")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def resolve(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        await ask(interaction, resolve_prompt(chosen, channel_id), lambda click: self.resolve_now(click, chosen.id, (chosen.turn, chosen.phase)),
                  label=f"Resolve turn {chosen.turn}")

    async def resolve_now(self, interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase]) -> None:
        """/turn resolve once confirmed (``interaction``: the click, already answered)."""
        chosen = await as_asked(interaction, campaign_id, asked)
        channel_id = report_channel(chosen)
        if chosen.phase is Phase.CORRECTION:  # resolving a corrected turn says what changed, like /turn redo
            await self._redo(interaction, chosen, channel_id)
            return
        progress = Progress(interaction, f"Turn {chosen.turn} of {chosen.name}: ")
        await progress.say("resolving…", force=True)
        try:
            outcome = await turns_of(interaction).resolve(chosen.id, chosen.turn)
            lines, files = await self.poster.deliver(outcome, channel_id, progress)
        except Exception:
            await progress.stopped()
            raise
        head = (f"Turn {outcome.turn} of {chosen.name} resolved; {revealed_words(outcome)} is revealed. "
                f"Next: /turn open for turn {outcome.campaign.turn}. The moderator log is attached.")
        await self.answer(interaction, "\n".join([head, *lines]),
                          [text_file(outcome.reports.moderators, "moderator-log.md"), *files])

    async def answer(self, interaction: discord.Interaction, text: str, files: list[discord.File]) -> None:
        """The moderator's summary of a resolution: the reply while the interaction's token lasts
        (15 minutes; a large turn at Discord's rate limits can take longer), else a direct message,
        which needs no token.  Nothing else to try if the moderator takes no direct messages."""
        if not interaction.is_expired():
            await reply(interaction, text, files)
            return
        async def send(content: str, **extra) -> None:
            await interaction.user.send(content, **extra)
        try:
            await send_split(send, f"(Your /turn command took longer than Discord lets a reply wait.)\n{text}",
                             files)
        except discord.HTTPException as exc:
            log.warning("Could not tell moderator %s how the resolution went: %s", interaction.user.id, exc)

    @app_commands.command(name="log", description="The moderator log of a resolved turn, or one clan's report")
    @app_commands.describe(turn="the turn's number (default: the last resolved turn)",
                           clan="that clan's report instead, e.g. to pass on one that could not be posted",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def moderator_log(self, interaction: discord.Interaction,
                            turn: app_commands.Range[int, 1, 9999] | None = None,
                            clan: app_commands.Range[str, 1, 40] | None = None,
                            campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        faction = None if clan is None else clan_of(chosen, clan)
        number, text = await StoredTurns(service_of(interaction)).moderator_log(
            chosen.id, turn, faction.id if faction else None)
        if faction is None:
            await reply(interaction, f"Moderator log of turn {number} of {chosen.name}, as stored with its "
                                     f"resolution (dice, hidden moves, every clan's view).",
                        files=[text_file(text, "moderator-log.md")])
            return
        await reply(interaction, f"{faction.name}'s report of turn {number} of {chosen.name}, as stored with its "
                                 f"resolution; only {faction.name} may read it.",
                    files=[text_file(text, report_name(Viewer.of(faction.id)))])

    @app_commands.command(name="undo", description="Undo the last resolution and reopen that turn for a correction")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def undo(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        await ask(interaction, undo_prompt(chosen), lambda click: self.undo_now(click, chosen.id, (chosen.turn, chosen.phase)),
                  label="Undo the last resolution")

    async def undo_now(self, interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase]) -> None:
        """/turn undo once confirmed (``interaction``: the click, already answered)."""
        chosen = await as_asked(interaction, campaign_id, asked)
        turn = await service_of(interaction).undo_last(chosen.id)
        lines = [f"↩️ The resolution of turn {turn} of {chosen.name} is undone: turn {turn} is open for a "
                 f"correction, with its orders and dice. Its dice were revealed with the report, so only moderators "
                 f"may change orders now ({plugin(chosen.ruleset).command_help.order or 'its orders'} as a "
                 f"moderator; /mod act-as clan:… to act for a clan whose "
                 f"role you do not hold); /turn redo then resolves again with the same dice for every order "
                 f"left untouched and posts what changed."]
        lines += await self._notice(chosen, f"↩️ **{chosen.name}** — the moderators have undone the resolution of "
                                            f"turn {turn}; its report no longer stands. Turn {turn} is open again.")
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="redo", description="After undo and a correction: resolve again, post what changed")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def redo(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        await ask(interaction, redo_prompt(chosen, channel_id), lambda click: self.redo_now(click, chosen.id, (chosen.turn, chosen.phase)),
                  label=f"Resolve turn {chosen.turn} again")

    async def redo_now(self, interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase]) -> None:
        """/turn redo once confirmed (``interaction``: the click, already answered)."""
        chosen = await as_asked(interaction, campaign_id, asked)
        await self._redo(interaction, chosen, report_channel(chosen))

    async def _redo(self, interaction: discord.Interaction, chosen: Campaign, channel_id: int) -> None:
        progress = Progress(interaction, f"Turn {chosen.turn} of {chosen.name}: ")
        await progress.say("resolving again…", force=True)
        try:
            correction = await turns_of(interaction).redo(chosen.id)
            lines = await self.poster.deliver_correction(correction, channel_id)
            posted, files = await self.poster.deliver(correction.outcome, channel_id, progress)
        except Exception:
            await progress.stopped()
            raise
        outcome, diff = correction.outcome, correction.diff
        changed = sum(1 for lines_ in diff.factions.values() if lines_)
        compared = (f"Public report: {len(diff.public)} line(s) changed; {changed} clan(s) see changes."
                    if diff.known else "The undone resolution was not kept, so nothing could be compared.")
        head = (f"Turn {outcome.turn} of {chosen.name} resolved again with the same dice: {revealed_words(outcome)}. "
                f"{compared} The new moderator log and its changes are attached.")
        changes = "\n".join(diff.moderators) or "Nothing in the moderator log changed."
        await self.answer(interaction, "\n".join([head, *lines, *posted]),
                          [text_file(outcome.reports.moderators, "moderator-log.md"),
                           text_file(changes, "moderator-log-changes.md"), *files])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TurnCog(bot))
