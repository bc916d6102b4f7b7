"""What the bot posts about turns, and where: the report channel gets public
facts only (the public report and map, reminders, the public part of a
correction); each clan's linked channel gets its own report and map and its
own part of a correction.  Used by /turn and by the deadline scheduler
(``bot/scheduler.py``'s ``Announcer``).

Not an extension (it has no ``setup``): imported by cogs.turn and bot.discord_app.
"""

from __future__ import annotations

import io
import logging
import time
from dataclasses import dataclass
from datetime import timedelta

import discord

from bot.domain.campaign import Campaign, Faction
from bot.domain.viewer import Viewer
from bot.services.campaigns import TurnOutcome
from bot.services.posting import PUBLIC, Message, PostRun
from bot.services.sheet_maps import SheetMap, sheet_file_name
from bot.services.steps import StepService
from bot.engine.steps import OnDeadline
from bot.report.cards import Card, first_message_cards
from bot.report.presenters import presenter
from bot.services.turns import Correction
from bot.i18n import Messages, N_, messages
from cogs.common import deadline_text, post, public_reader, reader
from cogs.embeds import embed_of
from cogs.step_prompts import StepPrompts, asking as asking_step

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()  # a report never pings, whatever a name holds

HISTORY = 50  # recent messages a recovered run looks through for one it may have sent already
PROGRESS_EVERY = 1.0  # seconds between edits of a command's progress line (Discord's rate limits)


def monotonic() -> float:
    """The progress throttle's clock (a test replaces it)."""
    return time.monotonic()


def audience_of(key: str) -> Viewer:
    """The map audience of a post key ("public" or "faction:<clan id>"): a ``Viewer``, never a bare
    id, since a clan's id may itself be "public"."""
    return Viewer.public() if key == PUBLIC else Viewer.of(key.removeprefix("faction:"))


def map_name(viewer: Viewer, sheet: str | None = None) -> str:
    """The audience's map file; one per sheet of a map of several (bot/services/sheet_maps.py)."""
    return sheet_file_name("map.png" if viewer.is_public else f"map-{viewer.file_stem}.png", sheet)


class Progress:
    """What a long command is doing, shown by editing its deferred response: at most one edit a
    ``every`` seconds (a later line replaces one not shown yet), none once the token expired."""

    def __init__(self, interaction: discord.Interaction | None, head: str = "", *,
                 every: float = PROGRESS_EVERY) -> None:
        self.interaction, self.head, self.every = interaction, head, every
        self._last: float | None = None
        self.t = reader(interaction) if interaction is not None else messages()  # the moderator's words

    async def stopped(self) -> None:
        """The command failed after showing progress: the line must not go on saying it is at work
        (the error itself follows as a reply)."""
        if self._last is not None:
            await self.say(self.t._("stopped; see below."), force=True)

    async def say(self, text: str, force: bool = False) -> None:
        if self.interaction is None or self.interaction.is_expired():
            return
        now = monotonic()
        if not force and self._last is not None and now - self._last < self.every:
            return
        self._last = now
        try:
            await self.interaction.edit_original_response(content=f"{self.head}{text}")
        except discord.HTTPException as exc:  # progress is a courtesy; the work goes on
            log.info("Could not show progress on interaction %s: %s", self.interaction.id, exc)


class Counter:
    """Messages posted out of all of a resolution's, said as progress."""

    def __init__(self, progress: Progress, total: int, done: int) -> None:
        self.progress, self.total, self.done = progress, total, done

    async def one_more(self) -> None:
        self.done += 1
        await self.progress.say(self.progress.t._("posting {done}/{total}…", done=self.done, total=self.total),
                                force=self.done == self.total)


def text_file(text: str, filename: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


def png_file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)


PUBLIC_REPORT = "report-public.md"


def report_name(viewer: Viewer) -> str:
    """A report's file name: a clan whose id is "public" gets another than the public report's."""
    return PUBLIC_REPORT if viewer.is_public else f"report-{viewer.file_stem}.md"


def duration(left: timedelta, t: Messages | None = None) -> str:
    t = t or messages()
    minutes = max(1, round(left.total_seconds() / 60))
    if minutes < 120:
        return t.n_("{n} minute", "{n} minutes", minutes)
    return t.n_("{n} hours", "{n} hours", round(minutes / 60))


def names(factions: list[Faction]) -> str:
    return ", ".join(f.name for f in factions)


def posted_line(t: Messages, what: str, count: int, channel_id: int) -> str:
    return t.n_("✅ {what}: {n} message(s) in {channel}.", "✅ {what}: {n} message(s) in {channel}.", count, what=what,
                channel="<#{}>".format(channel_id))


def failed_line(t: Messages, what: str, channel_id: int, exc: discord.HTTPException) -> str:
    return t._("⚠️ {what}: could not post in {channel} ({status} {error}).", what=what, channel="<#{}>".format(channel_id),
               status=exc.status, error=exc.text)


POST_WHATS = (N_("notice"), N_("announcement"))
TURN_DIGEST = N_("turn digest")  # the lines of /turn's own posts (cogs/turn.py)


def changes_text(head: str, lines: list[str], nothing: str) -> str:
    return "\n".join([head, *lines]) if lines else f"{head}\n{nothing}"


@dataclass(frozen=True)
class Extras:
    """What a resolution's first messages carry besides text, per audience."""

    maps: dict[Viewer, list[SheetMap]]  # every sheet of the map, in order
    cards: dict[Viewer, list[Card]]


class TurnPoster:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service  # type: ignore[attr-defined]

    async def post(self, channel_id: int, text: str, what: str,
                   file: discord.File | None = None, t: Messages | None = None) -> tuple[str, bool]:
        """Post; return a line for the moderator saying how it went (``t``: in their words; ``what`` is
        also the log's), and whether it did."""
        try:
            count = await post(self.bot, channel_id, text, file)
        except discord.HTTPException as exc:
            log.warning("Could not post %s in channel %s: %s", what, channel_id, exc)
            return failed_line(t or messages(), (t or messages())._(what), channel_id, exc), False
        return posted_line(t or messages(), (t or messages())._(what), count, channel_id), True

    async def deliver(self, outcome: TurnOutcome, channel_id: int,
                      progress: Progress | None = None) -> tuple[list[str], list[discord.File]]:
        """The public report with the public map to the report channel (``channel_id``, the campaign's);
        each clan's report with its own map only to its own channel.  Message by message, each marked
        in the store once Discord confirmed it, so a run after a restart posts only what is missing
        (``bot/services/posting.py``).  Returns lines for the moderator and files to hand on (what
        could not be posted)."""
        campaign, progress = outcome.campaign, progress or Progress(None)
        run = await PostRun.start(self.service, outcome)
        plan = run.plan(campaign)
        wanted = [key for key, messages in plan.items() if not run.is_out(messages[0])]  # a map goes with the first
        # The claim is renewed from here on, maps included: drawing them may outlast a short lease, and a
        # claim left unrenewed meanwhile would be taken over by another process while this one posts.
        async with run.kept():
            await progress.say(progress.t._("drawing {count} map(s)…", count=len(wanted)), force=True)  # always shown
            maps = await self.maps(outcome, [audience_of(key) for key in wanted]) if wanted else {}
            cards = {audience_of(key): self.summary(outcome, audience_of(key)) for key in wanted}
            counter = Counter(progress, sum(len(m) for m in plan.values()), len(run.delivered))
            lines, files = await self.post_all(run, plan, Extras(maps, cards), counter, bool(wanted))
        await run.finish()
        return lines, files

    async def post_all(self, run: PostRun, plan: dict[str, list[Message]], extras: Extras,
                       counter: Counter, drew: bool) -> tuple[list[str], list[discord.File]]:
        """The public post first (it is the news), then each clan's; lines and files as ``deliver``'s."""
        outcome, campaign = run.outcome, run.outcome.campaign
        lines: list[str] = []
        files: list[discord.File] = []
        t = counter.progress.t
        if PUBLIC in plan:
            line, ok = await self.post_messages(run, plan[PUBLIC], "public report", extras, counter,
                                                t._("public report"))
            lines.append(line)
            if not ok:
                files.append(text_file(outcome.reports.public, PUBLIC_REPORT))
        if drew and not extras.maps:
            lines.append(t._("⚠️ The maps could not be drawn (see the bot's log); the reports went out without them."))
        for faction_id, text in outcome.reports.factions.items():
            faction, viewer = campaign.faction(faction_id), Viewer.of(faction_id)
            name = faction.name if faction else faction_id
            messages = plan.get(f"faction:{faction_id}")
            if messages is None:
                line, ok = t._("⚠️ {clan} has no linked channel: its report is attached; pass it on privately.",
                               clan=name), False
            else:
                line, ok = await self.post_messages(run, messages, f"{name}'s report", extras, counter,
                                                    t._("{clan}'s report", clan=name))
            lines.append(line)
            if not ok:
                files.append(text_file(text, report_name(viewer)))
        return lines, files

    async def post_messages(self, run: PostRun, messages: list[Message], what: str, extras: Extras,
                            counter: Counter, shown: str | None = None) -> tuple[str, bool]:
        """One post's messages not yet out, in order; the map goes with the first.  A line for the
        moderator (``shown``: ``what`` in their words; the log says ``what``), and whether the post is out."""
        t, shown = counter.progress.t, shown or what
        channel_id = messages[0].channel_id
        checked = not run.recovered  # a recovered run may have sent the first missing one before it stopped
        for message in messages:
            if run.is_out(message):
                continue
            if not await run.keep_claim():
                return t._("⏩ {what}: another bot process took over posting it.", what=shown), True
            try:
                found = None if checked else await self.already_sent(message)
                checked = True
                if found is None:
                    found = await self.send(message, *self.extras(run, message, extras))
            except discord.HTTPException as exc:
                log.warning("Could not post %s in channel %s: %s", what, channel_id, exc)
                return failed_line(t, shown, channel_id, exc), False
            await run.mark(message, found)
            await counter.one_more()
        return posted_line(t, shown, len(messages), channel_id), True

    def channel(self, channel_id: int):
        return self.bot.get_channel(channel_id) or self.bot.get_partial_messageable(channel_id)

    @staticmethod
    def extras(run: PostRun, message: Message, extras: Extras) -> tuple[list[discord.File], list[discord.Embed]]:
        """What rides on a message besides its text: on the first, the audience's map and summary
        cards; on the last, the full report with its dice keys (the text people read has none)."""
        viewer = audience_of(message.key)
        files, embeds = [], []
        if message.part == 0:
            files += [png_file(drawn.png, map_name(viewer, drawn.sheet))
                      for drawn in extras.maps.get(viewer, [])]
            embeds = [embed_of(card) for card in first_message_cards(extras.cards.get(viewer, []))]
        if message.last:
            full = run.outcome.reports.public if viewer.is_public else run.outcome.reports.factions.get(viewer.faction)
            if full is not None:
                files.append(text_file(full, report_name(viewer)))
        return files, embeds

    @staticmethod
    def summary(outcome: TurnOutcome, viewer: Viewer) -> list[Card]:
        """The audience's summary cards; none if they cannot be made (the report matters more)."""
        try:
            return presenter(outcome.campaign.ruleset).cards(outcome.data, viewer)
        except Exception:  # noqa: BLE001 - logged; the report goes out without its summary
            log.exception("Could not make the summary cards of turn %s of campaign %s", outcome.turn,
                          outcome.campaign.id)
            return []

    async def send(self, message: Message, files: list[discord.File], embeds: list[discord.Embed]) -> int:
        sent = await self.channel(message.channel_id).send(message.text, nonce=message.nonce, files=files,
                                                           embeds=embeds, allowed_mentions=NO_MENTIONS)
        return sent.id

    async def already_sent(self, message: Message) -> int | None:
        """The id of this very message if it is the bot's latest in the channel's recent history (same
        nonce, or the same text): sent by a run that stopped before marking it.  Only the latest: the
        same text further up is an earlier resolution's (a redo's report often reads as the one it
        replaced, and its correction notice came after that).  None if not, or unreadable."""
        me = self.bot.user
        try:
            async for earlier in self.channel(message.channel_id).history(limit=HISTORY):
                if me is None or earlier.author.id != me.id:
                    continue  # players' messages in between
                same = earlier.nonce == message.nonce or earlier.content == message.text
                return earlier.id if same else None
        except discord.HTTPException as exc:  # no Read Message History: sending again is the lesser harm
            log.warning("Cannot read the history of channel %s to check a post: %s", message.channel_id, exc)
        return None

    async def maps(self, outcome: TurnOutcome, audiences: list[Viewer]) -> dict[Viewer, list[SheetMap]]:
        """Each audience's map (every sheet of it), or none at all if drawing fails: the turn is
        resolved and stored by now, so its reports must go out even without maps."""
        try:
            return await self.service.render_sheet_maps(outcome.campaign.ruleset, outcome.data, audiences)
        except Exception:  # noqa: BLE001 - logged; the reports matter more than the pictures
            log.exception("Could not draw the maps of turn %s of campaign %s", outcome.turn, outcome.campaign.id)
            return {}

    async def deliver_correction(self, correction: Correction, channel_id: int) -> list[str]:
        """What changed against the undone report: the public part to the report channel, each clan's
        part (its report's lines and its own units) to its channel.  Then the new reports follow."""
        outcome, diff = correction.outcome, correction.diff
        campaign = outcome.campaign
        t = public_reader(campaign)  # a clan's own language once clans have one (issue 16 part A)
        values = {"campaign": campaign.name, "turn": outcome.turn}
        if outcome.secret:  # a secret step's correction: its clans' changes only (Step.secret)
            return await self.faction_changes(campaign, outcome, diff)
        if not diff.known:
            return [(await self.post(channel_id, t._(
                "🔁 **{campaign}** — turn {turn} resolved again after a correction, with the same dice. The new "
                "report follows; the earlier one was not kept, so no comparison.", **values), "correction notice"))[0]]
        lines = [(await self.post(channel_id, changes_text(t._(
            "🔁 **{campaign}** — turn {turn} resolved again after a correction, with the same dice. The new report "
            "follows; what changed in the public report:", **values),
            diff.public, t._("Nothing in the public report changed.")), "public changes"))[0]]
        return lines + await self.faction_changes(campaign, outcome, diff)

    async def faction_changes(self, campaign: Campaign, outcome: TurnOutcome, diff) -> list[str]:
        """Each clan's part of a correction (its report's lines and its own units) to its own channel."""
        t, lines = public_reader(campaign), []
        for faction_id, changes in diff.factions.items():
            faction = campaign.faction(faction_id)
            if faction is None or faction.channel_id is None:
                continue
            text = changes_text(t._("🔁 **{clan}** — turn {turn} resolved again after a correction; what changed for "
                                    "you:", clan=faction.name, turn=outcome.turn),
                                changes, t._("Nothing in your report changed."))
            lines.append((await self.post(faction.channel_id, text, f"{faction.name}'s changes"))[0])
        return lines

    # The scheduler's Announcer

    async def reminder(self, campaign: Campaign, left: timedelta, not_ready: list[Faction]) -> None:
        if campaign.report_channel_id is None:
            return
        asking = await asking_step(StepService(self.service), campaign.id)
        if asking is not None:
            await self.step_reminder(campaign, asking, left, not_ready)
            return
        t = public_reader(campaign)
        waiting = (t._("Not marked ready yet: {clans}.", clans=names(not_ready)) if not_ready
                   else t._("Every clan has marked its orders ready."))
        values = {"campaign": campaign.name, "turn": campaign.turn, "left": duration(left, t),
                  "deadline": deadline_text(campaign.deadline)}
        text = (t._("⏰ **{campaign}** — turn {turn}: the deadline is in {left}, {deadline}; the turn then resolves by "
                    "itself.", **values) if campaign.auto_resolve else
                t._("⏰ **{campaign}** — turn {turn}: the deadline is in {left}, {deadline}; the turn then is resolved "
                    "by the moderators.", **values)) + f"\n{waiting} (/orders ready)"
        await self.post(campaign.report_channel_id, text, "reminder")

    async def step_reminder(self, campaign: Campaign, opened, left: timedelta, waiting: list[Faction]) -> None:
        """A prompt step's reminder: its deadline, what it does then, and the clans with questions left
        (``waiting``: the scheduler's, StepService.waiting_factions)."""
        if opened.step.secret:  # its existence is the asked clans' and the moderators' (Step.secret)
            return
        t = public_reader(campaign, campaign.ruleset)
        values = {"campaign": campaign.name, "label": opened.label.render(t), "left": duration(left, t),
                  "deadline": deadline_text(opened.deadline)}
        text = (t._("⏰ **{campaign}** — {label}: the deadline is in {left}, {deadline}; then the questions not "
                    "answered get the rules' defaults.", **values)
                if opened.step.deadline.on_deadline is OnDeadline.DEFAULTS else
                t._("⏰ **{campaign}** — {label}: the deadline is in {left}, {deadline}.", **values))
        # Never the clans' names: the report channel is public, and who is asked can be a secret (e.g.
        # a clan asked about a captive whose capture only some clans saw); /step show tells each its own.
        text += "\n" + (t._("Questions are still waiting for answers in the asked clans' channels.") if waiting
                        else t._("Every question is answered.")) + " (/step show)"
        await self.post(campaign.report_channel_id, text, "reminder")

    async def deadline_passed(self, campaign: Campaign, not_ready: list[Faction]) -> None:
        if campaign.report_channel_id is None:
            return
        t = public_reader(campaign)
        waiting = t._(" Not marked ready: {clans}.", clans=names(not_ready)) if not_ready else ""
        text = t._("⌛ **{campaign}** — the deadline of turn {turn} has passed; the moderators will resolve it.",
                   campaign=campaign.name, turn=campaign.turn) + waiting
        await self.post(campaign.report_channel_id, text, "deadline notice")

    async def step_opened(self, opened) -> None:
        """A step opened (issue 12): its questions to the clans asked, each once (cogs/step_prompts.py)."""
        posted = await StepPrompts(self.bot).step_opened(opened)
        if posted:
            log.info("Campaign %s turn %s step %s: %d prompt(s) posted", opened.campaign.id, opened.turn,
                     opened.number, posted)

    async def turn_digest(self, campaign: Campaign, turn: int, digest) -> None:
        """The turn's digest once its last step resolved (``TurnDigest``, bot/services/steps.py): one line
        per step, in the report channel.  Once: ``StepService.announce_digest`` calls it under its claim."""
        if campaign.report_channel_id is None:
            return
        t = public_reader(campaign, campaign.ruleset)
        log.info("Campaign %s: %s", campaign.id, digest.text().render(t).replace("\n", "; "))  # the counts: moderators'
        text = digest.public_text().render(t)  # public: never who answered how, nor how many were asked
        _, ok = await self.post(campaign.report_channel_id, text, TURN_DIGEST)
        if not ok:  # the claim is given up: the scheduler's next tick tries again
            raise RuntimeError(f"could not post the digest of turn {turn} of campaign {campaign.id}")

    async def resolved(self, outcome: TurnOutcome) -> None:
        channel_id = outcome.campaign.report_channel_id
        if channel_id is None:  # resolved at its deadline, or found unposted after a restart: by the scheduler
            log.warning("Campaign %s: turn %s is resolved, but the campaign has no report channel to post its "
                        "reports in; they stay stored, not posted", outcome.campaign.id, outcome.turn)
            return
        lines, undelivered = await self.deliver(outcome, channel_id)
        log.info("Turn %s of campaign %s posted: %s", outcome.turn, outcome.campaign.id, " ".join(lines))
        files = {f.filename for f in undelivered}
        clans = [f for f in outcome.campaign.factions if report_name(Viewer.of(f.id)) in files]
        if clans and PUBLIC_REPORT not in files:  # nobody asked for these: tell the moderators where they are
            names = ", ".join(f.name for f in clans)
            await self.post(channel_id, public_reader(outcome.campaign)._(
                "⚠️ Moderators: the turn {turn} reports of {clans} could not be posted in their channels; /turn log "
                "clan:… gives each, to pass on.", turn=outcome.turn, clans=names),
                            "notice of reports not posted")
