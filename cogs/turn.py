"""/turn: moderators open, resolve and undo turns; anyone asks the status.

The bot speaks publicly only in the campaign's report channel and each clan's
linked channel; every reply to the person who typed the command is ephemeral.
"""

from __future__ import annotations

import io
import logging
from collections import Counter

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign, Phase
from bot.services.errors import UserError
from cogs.common import (CAMPAIGN, campaign_autocomplete, campaign_for, deadline_text, defer, is_moderator,
                         moderator_only, phase_words, post, reply, role_ids, service_of)

log = logging.getLogger(__name__)


def text_file(text: str, filename: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


def report_channel(campaign: Campaign) -> int:
    if campaign.report_channel_id is None:
        raise UserError(f"{campaign.name} has no report channel yet; set it with /campaign channel "
                        f"(turn announcements and the public report go there)")
    return campaign.report_channel_id


def opening_text(campaign: Campaign, turn: int, commitment: str) -> str:
    deadline = deadline_text(campaign.deadline)
    until = f"is open until {deadline}" if deadline else "is open (no deadline set)"
    return (f"⚓ **{campaign.name}** — Turn {turn} planning {until}.\n"
            f"Seed commitment: `{commitment}` (SHA-256). The seed is revealed with the report.")


@app_commands.guild_only()
class TurnCog(commands.GroupCog, group_name="turn", group_description="Open, resolve and undo turns"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _post(self, channel_id: int, text: str, what: str,
                    file: discord.File | None = None) -> tuple[str, bool]:
        try:
            count = await post(self.bot, channel_id, text, file)
        except discord.HTTPException as exc:
            log.warning("Could not post %s in channel %s: %s", what, channel_id, exc)
            return f"⚠️ {what}: could not post in <#{channel_id}> ({exc.status} {exc.text}).", False
        return f"✅ {what}: {count} message(s) in <#{channel_id}>.", True

    @app_commands.command(name="open", description="Open the next turn for orders and publish the seed commitment")
    @app_commands.describe(deadline="e.g. 'in 48h', 'in 2d' or '2026-12-01 20:00' (UTC)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def open_turn(self, interaction: discord.Interaction,
                        deadline: app_commands.Range[str, 1, 40] | None = None,
                        campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        record = await service_of(interaction).open_turn(chosen.id, deadline)
        chosen = await service_of(interaction).campaign(chosen.id)
        line, _ = await self._post(channel_id, opening_text(chosen, record.turn, record.commitment), "announcement")
        await reply(interaction, f"Turn {record.turn} of {chosen.name} is open for orders.\n{line}")

    @app_commands.command(name="resolve", description="Resolve the open turn and post the reports")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def resolve(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)  # resolution and rendering take time
        chosen = await campaign_for(interaction, campaign)
        channel_id = report_channel(chosen)
        outcome = await service_of(interaction).resolve_turn(chosen.id)
        lines, files = await self.deliver(outcome, channel_id)
        head = (f"Turn {outcome.turn} of {chosen.name} resolved; seed `{outcome.seed}` revealed. "
                f"Next: /turn open for turn {outcome.campaign.turn}. The moderator log is attached.")
        await reply(interaction, "\n".join([head, *lines]),
                    files=[text_file(outcome.reports.moderators, "moderator-log.md"), *files])

    @app_commands.command(name="preview", description="What the orders so far would do, on throwaway dice")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def preview(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        reports = await service_of(interaction).preview_turn(chosen.id)
        await reply(interaction, f"Preview of turn {chosen.turn} of {chosen.name}: the orders given so far, "
                                 f"resolved on dice of a throwaway seed (never the turn's own, which stays "
                                 f"secret). Nothing is stored or posted; the moderator log is attached.",
                    files=[text_file(reports.moderators, "preview-moderator-log.md")])

    async def deliver(self, outcome, channel_id: int) -> tuple[list[str], list[discord.File]]:
        """Public report (with the map) to the report channel; each clan's only to its own channel."""
        maps = await self.bot.service.render_maps(outcome.campaign.ruleset, outcome.data, ["public"])
        map_png = discord.File(io.BytesIO(maps["public"]), filename="map.png")
        line, ok = await self._post(channel_id, outcome.reports.public, "public report", map_png)
        lines, files = [line], [] if ok else [text_file(outcome.reports.public, "report-public.md")]
        for faction_id, text in outcome.reports.factions.items():
            faction = outcome.campaign.faction(faction_id)
            name = faction.name if faction else faction_id
            if faction is None or faction.channel_id is None:
                line, ok = f"⚠️ {name} has no linked channel: its report is attached; pass it on privately.", False
            else:
                line, ok = await self._post(faction.channel_id, text, f"{name}'s report")
            lines.append(line)
            if not ok:
                files.append(text_file(text, f"report-{faction_id}.md"))
        return lines, files

    @app_commands.command(name="undo", description="Undo the last resolution and reopen that turn")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def undo(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        turn = await service_of(interaction).undo_last(chosen.id)
        lines = [f"↩️ The resolution of turn {turn} of {chosen.name} is undone: turn {turn} is open for a "
                 f"correction, with its orders and seed. The seed was revealed in the report, so only moderators "
                 f"may change orders now (/order … as a moderator; /mod act-as clan:… to act for a clan whose "
                 f"role you do not hold); resolving again rolls the same dice for every order left untouched."]
        if chosen.report_channel_id is not None:
            notice = (f"↩️ **{chosen.name}** — the moderators have undone the resolution of turn {turn}; "
                      f"its report no longer stands. Turn {turn} is open again.")
            lines.append((await self._post(chosen.report_channel_id, notice, "notice"))[0])
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="status", description="The turn, its phase and deadline, and how many orders are in")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def status(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        lines = [f"**{chosen.name}** (#{chosen.id}) — turn {chosen.turn}: {phase_words(chosen)}"]
        if chosen.phase in (Phase.PLANNING, Phase.CORRECTION):
            record = await service_of(interaction).current_turn(chosen.id)
            if record is not None:
                revealed = ("its seed was revealed with the report that was undone"
                            if chosen.phase is Phase.CORRECTION else "the seed is revealed with the report")
                lines.append(f"Seed commitment: `{record.commitment}` (SHA-256); {revealed}.")
            lines += await self.order_counts(interaction, chosen)
        await reply(interaction, "\n".join(lines))

    async def order_counts(self, interaction: discord.Interaction, campaign: Campaign) -> list[str]:
        """Moderators see every clan's count; a player only their own clan's."""
        service = service_of(interaction)
        mine = {f.id for f in campaign.factions if f.role_id in role_ids(interaction)}
        shown = campaign.factions if is_moderator(interaction, campaign) else \
            [f for f in campaign.factions if f.id in mine]
        units = Counter(u.owner for u in await service.units(campaign.id, None))
        orders = await service.orders(campaign.id, None)
        ordered = Counter(owner for owner, _ in {(o.faction, o.payload.get("unit")) for o in orders})
        return [f"• {f.name}: {ordered[f.id]} of {units[f.id]} units ordered" for f in shown]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TurnCog(bot))
