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
from datetime import timedelta

import discord

from bot.domain.campaign import Campaign, Faction
from bot.domain.viewer import PUBLIC, Viewer
from bot.services.campaigns import TurnOutcome
from bot.services.turns import Correction
from cogs.common import deadline_text, post

log = logging.getLogger(__name__)


def text_file(text: str, filename: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


def png_file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)


PUBLIC_REPORT = "report-public.md"


def report_name(viewer: Viewer) -> str:
    """A report's file name: a clan whose id is "public" gets another than the public report's."""
    return PUBLIC_REPORT if viewer.is_public else f"report-{viewer.file_stem}.md"


def duration(left: timedelta) -> str:
    minutes = max(1, round(left.total_seconds() / 60))
    if minutes < 120:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    return f"{hours} hours"


def names(factions: list[Faction]) -> str:
    return ", ".join(f.name for f in factions)


def changes_text(head: str, lines: list[str], nothing: str) -> str:
    return "\n".join([head, *lines]) if lines else f"{head}\n{nothing}"


class TurnPoster:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service  # type: ignore[attr-defined]

    async def post(self, channel_id: int, text: str, what: str,
                   file: discord.File | None = None) -> tuple[str, bool]:
        """Post; return a line for the moderator saying how it went, and whether it did."""
        try:
            count = await post(self.bot, channel_id, text, file)
        except discord.HTTPException as exc:
            log.warning("Could not post %s in channel %s: %s", what, channel_id, exc)
            return f"⚠️ {what}: could not post in <#{channel_id}> ({exc.status} {exc.text}).", False
        return f"✅ {what}: {count} message(s) in <#{channel_id}>.", True

    async def deliver(self, outcome: TurnOutcome, channel_id: int) -> tuple[list[str], list[discord.File]]:
        """The public report with the public map to the report channel; each clan's report with its own
        map only to its own channel.  Returns lines for the moderator and files to hand on (what could
        not be posted)."""
        campaign = outcome.campaign
        linked = [f.id for f in campaign.factions if f.channel_id is not None and f.id in outcome.reports.factions]
        # Keyed by Viewer, not by id: a clan whose id is "public" must not get (or give) the public map.
        maps = await self.maps(outcome, [PUBLIC, *map(Viewer.of, linked)])
        line, ok = await self.post(channel_id, outcome.reports.public, "public report",
                                   png_file(maps[PUBLIC], "map.png") if maps else None)
        lines, files = [line], [] if ok else [text_file(outcome.reports.public, PUBLIC_REPORT)]
        if not maps:
            lines.append("⚠️ The maps could not be drawn (see the bot's log); the reports went out without them.")
        for faction_id, text in outcome.reports.factions.items():
            faction, viewer = campaign.faction(faction_id), Viewer.of(faction_id)
            name = faction.name if faction else faction_id
            if faction_id not in linked:
                line, ok = f"⚠️ {name} has no linked channel: its report is attached; pass it on privately.", False
            else:
                own_map = png_file(maps[viewer], f"map-{viewer.file_stem}.png") if maps else None
                line, ok = await self.post(faction.channel_id, text, f"{name}'s report", own_map)
            lines.append(line)
            if not ok:
                files.append(text_file(text, report_name(viewer)))
        return lines, files

    async def maps(self, outcome: TurnOutcome, audiences: list[Viewer]) -> dict[Viewer, bytes]:
        """Each audience's map, or none at all if drawing fails: the turn is resolved and stored by
        now, so its reports must go out even without maps."""
        try:
            return await self.service.render_maps(outcome.campaign.ruleset, outcome.data, audiences)
        except Exception:  # noqa: BLE001 - logged; the reports matter more than the pictures
            log.exception("Could not draw the maps of turn %s of campaign %s", outcome.turn, outcome.campaign.id)
            return {}

    async def deliver_correction(self, correction: Correction, channel_id: int) -> list[str]:
        """What changed against the undone report: the public part to the report channel, each clan's
        part (its report's lines and its own units) to its channel.  Then the new reports follow."""
        outcome, diff = correction.outcome, correction.diff
        campaign = outcome.campaign
        head = (f"🔁 **{campaign.name}** — turn {outcome.turn} resolved again after a correction, with the same "
                f"seed. The new report follows;")
        if not diff.known:
            return [(await self.post(channel_id, f"{head} the earlier one was not kept, so no comparison.",
                                     "correction notice"))[0]]
        lines = [(await self.post(channel_id, changes_text(f"{head} what changed in the public report:",
                                                           diff.public, "Nothing in the public report changed."),
                                  "public changes"))[0]]
        for faction_id, changes in diff.factions.items():
            faction = campaign.faction(faction_id)
            if faction is None or faction.channel_id is None:
                continue
            text = changes_text(f"🔁 **{faction.name}** — turn {outcome.turn} resolved again after a correction; "
                                f"what changed for you:", changes, "Nothing in your report changed.")
            lines.append((await self.post(faction.channel_id, text, f"{faction.name}'s changes"))[0])
        return lines

    # The scheduler's Announcer

    async def reminder(self, campaign: Campaign, left: timedelta, not_ready: list[Faction]) -> None:
        if campaign.report_channel_id is None:
            return
        then = "resolves by itself" if campaign.auto_resolve else "is resolved by the moderators"
        waiting = (f"Not marked ready yet: {names(not_ready)}." if not_ready
                   else "Every clan has marked its orders ready.")
        text = (f"⏰ **{campaign.name}** — turn {campaign.turn}: the deadline is in {duration(left)}, "
                f"{deadline_text(campaign.deadline)}; the turn then {then}.\n{waiting} (/orders ready)")
        await self.post(campaign.report_channel_id, text, "reminder")

    async def deadline_passed(self, campaign: Campaign, not_ready: list[Faction]) -> None:
        if campaign.report_channel_id is None:
            return
        waiting = f" Not marked ready: {names(not_ready)}." if not_ready else ""
        text = (f"⌛ **{campaign.name}** — the deadline of turn {campaign.turn} has passed; the moderators "
                f"will resolve it.{waiting}")
        await self.post(campaign.report_channel_id, text, "deadline notice")

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
            await self.post(channel_id, f"⚠️ Moderators: the turn {outcome.turn} reports of {names} could not be "
                                        f"posted in their channels; /turn log clan:… gives each, to pass on.",
                            "notice of reports not posted")
