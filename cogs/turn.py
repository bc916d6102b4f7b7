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

from bot.domain.campaign import Campaign, Phase
from bot.domain.viewer import Viewer
from bot.engine.dice import KEY_SCHEME, SEED_SCHEME
from bot.i18n import Messages, N_, messages
from bot.localized import Text, phase_name
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
    public_reader,
    reader,
    reply,
    role_ids,
    send_split,
    service_of,
)
from cogs.confirm import ask
from cogs.params import clan_of  # noqa: F401  (it lived here; other modules import it from here)
from cogs.step import announce_after, ask_defaults, ended, steps_of
from cogs.step_prompts import worded
from cogs.turn_posts import Progress, TurnPoster, report_name, text_file

log = logging.getLogger(__name__)


def report_channel(campaign: Campaign) -> int:
    if campaign.report_channel_id is None:
        raise UserError(N_("{campaign} has no report channel yet; set it with /campaign channel (turn "
                           "announcements and the public report go there)"), campaign=campaign.name)
    return campaign.report_channel_id


def position(campaign: Campaign) -> tuple[int, Phase, int]:
    """What a confirmation prompt is about: the campaign's turn, phase and open step (issue 12)."""
    return campaign.turn, campaign.phase, campaign.step


async def as_asked(interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase, int]) -> Campaign:
    """The campaign a confirmed prompt acts on, if it is still at the turn, phase and step the prompt
    named: a click on an old prompt must not resolve (or undo) a turn, or a step of it, the moderator
    was never asked about."""
    campaign = await service_of(interaction).campaign(campaign_id)
    turn, phase, step = asked
    if (campaign.turn, campaign.phase) != (turn, phase):
        raise UserError(N_("this prompt was about turn {turn} of {campaign} ({phase}); the campaign has moved on "
                           "since (turn {now}, {now_phase}), so nothing was done. Run the command again if you "
                           "still want it"), turn=turn, campaign=campaign.name, phase=phase_name(phase),
                        now=campaign.turn, now_phase=phase_name(campaign.phase))
    if campaign.step != step:  # e.g. "Resolve turn 3" asked at its orders, clicked at its captives' choices
        steps = steps_of(interaction.client)
        raise UserError(N_("this prompt was about {step} of {campaign}; the campaign has moved on since ({now}), so "
                           "nothing was done. Run the command again if you still want it"),
                        step=await steps.label_of(campaign, turn, step), campaign=campaign.name,
                        now=await steps.label_of(campaign, campaign.turn, campaign.step))
    return campaign


def commitment_words(commitment: str, dice_scheme: str, undone: bool = False, t: Messages | None = None) -> str:
    """What a turn's commitment is and what its report reveals (``undone``: revealed already, by the
    report a correction took back): a signed turn's (rsa-vrf) is its public key's, and no seed is ever
    revealed; a turn stored before signed dice keeps its seed's words."""
    t = t or messages()
    if undone:
        if dice_scheme == SEED_SCHEME:
            return t._("Commitment: `{commitment}` (SHA-256); its seed was revealed with the report that was undone.",
                       commitment=commitment)
        return t._("Commitment: `{commitment}` (SHA-256); its public dice key was revealed with the report that "
                   "was undone.", commitment=commitment)
    if dice_scheme == SEED_SCHEME:
        return t._("Seed commitment: `{commitment}` (SHA-256); the seed is revealed with the report.",
                   commitment=commitment)
    return t._("Dice commitment: `{commitment}` (SHA-256 of the turn's public dice key); the key is revealed with "
               "the report, and /dice verify then checks your rolls.", commitment=commitment)


def revealed_words(outcome, t: Messages | None = None) -> str:
    """What a resolution revealed, for the moderator's reply: a signed turn's public key, else its seed."""
    t = t or messages()
    if outcome.data.dice_scheme == SEED_SCHEME:
        return t._("seed `{seed}`", seed=outcome.seed)
    return t._("its public dice key (SHA-256 `{commitment}`)", commitment=outcome.data.commitment)


def opening_text(campaign: Campaign, turn: int, commitment: str, dice_scheme: str = KEY_SCHEME,
                 t: Messages | None = None) -> str:
    """The public announcement of an opened turn (``t``: the campaign's language)."""
    t = t or messages()
    deadline = deadline_text(campaign.deadline)
    values = {"campaign": campaign.name, "turn": turn}
    if not deadline:
        head = t._("⚓ **{campaign}** — Turn {turn} planning is open (no deadline set).", **values)
    elif campaign.auto_resolve:
        head = t._("⚓ **{campaign}** — Turn {turn} planning is open until {deadline}. The turn resolves by itself "
                   "at the deadline.", deadline=deadline, **values)
    else:
        head = t._("⚓ **{campaign}** — Turn {turn} planning is open until {deadline}.", deadline=deadline, **values)
    return head + "\n" + commitment_words(commitment, dice_scheme, t=t)


def deadline_words(campaign: Campaign, t: Messages | None = None) -> str:
    t = t or messages()
    deadline = deadline_text(campaign.deadline)
    if campaign.auto_resolve:
        return (t._("Deadline: {deadline}; then the turn resolves by itself.", deadline=deadline) if deadline
                else t._("No deadline (when one is set, the turn resolves by itself at it)."))
    return (t._("Deadline: {deadline}; then the moderators resolve the turn.", deadline=deadline) if deadline
            else t._("No deadline (when one is set, the moderators resolve the turn at it)."))


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


def resolve_prompt(campaign: Campaign, channel_id: int, t: Messages | None = None) -> str:
    t = t or messages()
    if campaign.phase is Phase.CORRECTION:
        return redo_prompt(campaign, channel_id, t)
    if campaign.phase not in (Phase.PLANNING, Phase.LOCKED):
        raise UserError(N_("no turn of {campaign} is open for orders; a moderator opens one with /turn open"),
                        campaign=campaign.name)
    return t._("Resolve turn {turn} of {campaign} now? Its dice are rolled as committed when it opened, the public "
               "report and map are posted in {channel} and each clan's report in its channel. Orders can no longer "
               "be changed; /turn undo can take the resolution back, but its dice stay known.",
               turn=campaign.turn, campaign=campaign.name, channel="<#{}>".format(channel_id))


def redo_prompt(campaign: Campaign, channel_id: int, t: Messages | None = None) -> str:
    t = t or messages()
    if campaign.phase is not Phase.CORRECTION:
        return t._("Resolve turn {turn} of {campaign} again? (/turn redo follows /turn undo; turn {turn} is {phase}, "
                   "so this will be refused.)", turn=campaign.turn, campaign=campaign.name,
                   phase=phase_name(campaign.phase).render(t))
    return t._("Resolve turn {turn} of {campaign} again with the same dice? The new reports are posted in {channel} "
               "and the clans' channels, with what changed against the undone ones.", turn=campaign.turn,
               campaign=campaign.name, channel="<#{}>".format(channel_id))


def undo_prompt(campaign: Campaign, t: Messages | None = None) -> str:
    return (t or messages())._(
        "Undo the last resolution of {campaign}? The state goes back to before it, its reports no longer stand (a "
        "notice says so in the report channel) and that turn is open again for a correction by the moderators; "
        "/turn redo then resolves it again with the same dice.", campaign=campaign.name)


def turns_of(interaction: discord.Interaction) -> TurnLifecycle:
    return TurnLifecycle(service_of(interaction))


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)  # hidden from players; a server admin may grant the moderators
class TurnCog(commands.GroupCog, group_name="turn", group_description="Moderators: open, resolve and undo turns"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.poster = TurnPoster(bot)
        super().__init__()

    async def _notice(self, campaign: Campaign, text: str, t: Messages | None = None) -> list[str]:
        """A public notice of what the moderators did to the turn, unless the step open now (after it)
        is secret (Step.secret): a deadline moved or a resolution undone would tell that it exists."""
        if campaign.report_channel_id is None:
            return []
        service = self.poster.service
        if (await service.open_step_of(await service.campaign(campaign.id))).secret:
            return [(t or messages())._("Not announced in the report channel: the open step is secret (only the "
                                        "clans it asks and the moderators know of it).")]
        return [(await self.poster.post(campaign.report_channel_id, text, "notice", t=t))[0]]

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
        opening = opening_text(chosen, record.turn, record.commitment, record.dice_scheme, public_reader(chosen))
        t = reader(interaction)
        line, _ = await self.poster.post(channel_id, opening, "announcement", t=t)
        gave_up = ([t._("Given up, as you asked (in the audit log): {reports}.", reports=", ".join(skipped))]
                   if skipped else [])
        await reply(interaction, "\n".join([t._("Turn {turn} of {campaign} is open for orders.", turn=record.turn,
                                                 campaign=chosen.name), *gave_up, line]))

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
        t, public = reader(interaction), public_reader(updated)
        lines = [t._("Turn {turn} of {campaign}: {deadline}", turn=updated.turn, campaign=updated.name,
                     deadline=deadline_words(updated, t))]
        if updated.deadline != chosen.deadline:
            moved = deadline_text(updated.deadline)
            values = {"campaign": updated.name, "turn": updated.turn}
            lines += await self._notice(updated, t=reader(interaction), text=public._(
                "⏰ **{campaign}** — turn {turn}: the deadline is now {deadline}.", deadline=moved, **values) if moved
                else public._("⏰ **{campaign}** — turn {turn}: the deadline is lifted; the moderators resolve the "
                              "turn when all is in.", **values))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="defaults", description="Apply the rules' defaults to the open step's unanswered "
                                                       "questions now")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def defaults(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await ask_defaults(interaction, campaign)  # cogs/step.py: with the rest of the steps' Discord side

    @app_commands.command(name="lock", description="Close the turn for players' orders (moderators still may)")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def lock(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await turns_of(interaction).lock((await campaign_for(interaction, campaign)).id)
        values = {"campaign": chosen.name, "turn": chosen.turn}
        lines = [reader(interaction)._("🔒 Turn {turn} of {campaign} is locked: players can no longer change "
                                       "orders; moderators still can. /turn resolve when ready, or /turn reopen.",
                                       **values)]
        lines += await self._notice(chosen, t=reader(interaction), text=public_reader(chosen)._(
            "🔒 **{campaign}** — turn {turn} is closed for orders.", **values))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="reopen", description="Open a locked turn for players' orders again")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def reopen(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await turns_of(interaction).reopen((await campaign_for(interaction, campaign)).id)
        t, public = reader(interaction), public_reader(chosen)
        values = {"campaign": chosen.name, "turn": chosen.turn}
        lines = [t._("🔓 Turn {turn} of {campaign} is open for orders again. {deadline}",
                     deadline=deadline_words(chosen, t), **values)]
        lines += await self._notice(chosen, t=reader(interaction), text=public._("🔓 **{campaign}** — turn {turn} is open for orders again. "
                                                     "{deadline}", deadline=deadline_words(chosen, public), **values))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="preview", description="What the orders so far would do, on throwaway dice")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def preview(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        reports = await service_of(interaction).preview_turn(chosen.id)
        await reply(interaction, reader(interaction)._(
                        "{mark} of turn {turn} of {campaign}: the orders given so far, resolved on dice of a throwaway "
                        "key (never the turn's own dice key, which stays secret). Nothing is stored or posted; the "
                        "preview's moderator log is attached.", mark=PREVIEW_MARK, turn=chosen.turn,
                        campaign=chosen.name),
                    files=[text_file(preview_log(reports.moderators, chosen.turn), "preview-moderator-log.md")])

    @app_commands.command(name="resolve", description="Resolve the open turn and post the reports and maps")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def resolve(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        t = reader(interaction)
        await ask(interaction, resolve_prompt(chosen, channel_id, t), lambda click: self.resolve_now(click, chosen.id, position(chosen)),
                  label=t._("Resolve turn {turn}", turn=chosen.turn))

    async def resolve_now(self, interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase, int]) -> None:
        """/turn resolve once confirmed (``interaction``: the click, already answered)."""
        chosen = await as_asked(interaction, campaign_id, asked)
        channel_id = report_channel(chosen)
        if chosen.phase is Phase.CORRECTION:  # resolving a corrected turn says what changed, like /turn redo
            await self._redo(interaction, chosen, channel_id)
            return
        progress = Progress(interaction, reader(interaction)._("Turn {turn} of {campaign}: ", turn=chosen.turn,
                                                               campaign=chosen.name))
        await progress.say(progress.t._("resolving…"), force=True)
        try:
            outcome = await turns_of(interaction).resolve(chosen.id, chosen.turn)
            lines, files = await self.poster.deliver(outcome, channel_id, progress)
        except Exception:
            await progress.stopped()
            raise
        t = reader(interaction)
        head = t._("Turn {turn} of {campaign} resolved; {revealed} is revealed. Next: /turn open for turn {next}. "
                   "The moderator log is attached.", turn=outcome.turn, campaign=chosen.name,
                   revealed=revealed_words(outcome, t), next=outcome.turn + 1) if ended(outcome) else self.step_head(
            outcome, chosen, t)
        await self.answer(interaction, "\n".join([head, *lines]),
                          [text_file(outcome.reports.moderators, "moderator-log.md"), *files])
        await announce_after(self.bot, outcome)  # the steps it set going, the next step's questions

    @staticmethod
    def step_head(outcome, chosen: Campaign, t: Messages) -> str:
        """The moderator's summary of a resolved step after which the turn goes on (issue 12)."""
        done, now = outcome.chain[-1] if outcome.chain else outcome, outcome.opened
        return t._("{label} of {campaign} resolved; {revealed} is revealed. Now open: {next}; its questions are "
                   "posted in the asked clans' channels. The moderator log is attached.",
                   label=worded(done.step_label or Text(N_("Turn {turn}"), turn=done.turn), t), campaign=chosen.name,
                   revealed=revealed_words(outcome, t),
                   next=worded(now.label, t) if now is not None else "?")

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
            t = reader(interaction)
            await send_split(send, t._("(Your /turn command took longer than Discord lets a reply wait.)") + f"\n{text}",
                             files, t=t)
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
            await reply(interaction, reader(interaction)._(
                            "Moderator log of turn {turn} of {campaign}, as stored with its resolution (dice, hidden "
                            "moves, every clan's view).", turn=number, campaign=chosen.name),
                        files=[text_file(text, "moderator-log.md")])
            return
        await reply(interaction, reader(interaction)._(
                        "{clan}'s report of turn {turn} of {campaign}, as stored with its resolution; only {clan} may "
                        "read it.", clan=faction.name, turn=number, campaign=chosen.name),
                    files=[text_file(text, report_name(Viewer.of(faction.id)))])

    @app_commands.command(name="undo", description="Undo the last resolution and reopen that turn for a correction")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def undo(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        t = reader(interaction)
        await ask(interaction, undo_prompt(chosen, t), lambda click: self.undo_now(click, chosen.id, position(chosen)),
                  label=t._("Undo the last resolution"))

    async def undo_now(self, interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase, int]) -> None:
        """/turn undo once confirmed (``interaction``: the click, already answered)."""
        chosen = await as_asked(interaction, campaign_id, asked)
        turn = await service_of(interaction).undo_last(chosen.id)
        t = reader(interaction)
        lines = [t._("↩️ The resolution of turn {turn} of {campaign} is undone: turn {turn} is open for a correction, "
                     "with its orders and dice. Its dice were revealed with the report, so only moderators may change "
                     "orders now ({commands} as a moderator; /mod act-as clan:… to act for a clan whose role you do "
                     "not hold); /turn redo then resolves again with the same dice for every order left untouched "
                     "and posts what changed.", turn=turn, campaign=chosen.name,
                     commands=plugin(chosen.ruleset).command_help.order or t._("its orders"))]
        lines += await self._notice(chosen, t=reader(interaction), text=public_reader(chosen)._(
            "↩️ **{campaign}** — the moderators have undone the resolution of turn {turn}; its report no longer "
            "stands. Turn {turn} is open again.", campaign=chosen.name, turn=turn))
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="redo", description="After undo and a correction: resolve again, post what changed")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def redo(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        t = reader(interaction)
        await ask(interaction, redo_prompt(chosen, channel_id, t), lambda click: self.redo_now(click, chosen.id, position(chosen)),
                  label=t._("Resolve turn {turn} again", turn=chosen.turn))

    async def redo_now(self, interaction: discord.Interaction, campaign_id: int, asked: tuple[int, Phase, int]) -> None:
        """/turn redo once confirmed (``interaction``: the click, already answered)."""
        chosen = await as_asked(interaction, campaign_id, asked)
        await self._redo(interaction, chosen, report_channel(chosen))

    async def _redo(self, interaction: discord.Interaction, chosen: Campaign, channel_id: int) -> None:
        progress = Progress(interaction, reader(interaction)._("Turn {turn} of {campaign}: ", turn=chosen.turn,
                                                               campaign=chosen.name))
        await progress.say(progress.t._("resolving again…"), force=True)
        try:
            correction = await turns_of(interaction).redo(chosen.id)
            lines = await self.poster.deliver_correction(correction, channel_id)
            posted, files = await self.poster.deliver(correction.outcome, channel_id, progress)
        except Exception:
            await progress.stopped()
            raise
        outcome, diff = correction.outcome, correction.diff
        changed = sum(1 for lines_ in diff.factions.values() if lines_)
        t = reader(interaction)
        compared = (t._("Public report: {lines} line(s) changed; {clans} clan(s) see changes.",
                        lines=len(diff.public), clans=changed)
                    if diff.known else t._("The undone resolution was not kept, so nothing could be compared."))
        head = t._("Turn {turn} of {campaign} resolved again with the same dice: {revealed}. {compared} The new "
                   "moderator log and its changes are attached.", turn=outcome.turn, campaign=chosen.name,
                   revealed=revealed_words(outcome, t), compared=compared)
        changes = "\n".join(diff.moderators) or t._("Nothing in the moderator log changed.")
        await self.answer(interaction, "\n".join([head, *lines, *posted]),
                          [text_file(outcome.reports.moderators, "moderator-log.md"),
                           text_file(changes, "moderator-log-changes.md"), *files])
        await announce_after(self.bot, outcome)  # the steps it set going, the next step's questions


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TurnCog(bot))
