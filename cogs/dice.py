"""/dice verify: check the dice.  Lists the seed commitment of the open turn and
the revealed seed of every resolved turn beside the commitment published
before it; with ``key`` it recomputes one roll from a revealed seed, so a
player can audit any die in their clan's report.  An open turn's seed is
never shown: it would tell everyone the dice before the deadline."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.engine.dice import Roll
from bot.services.errors import UserError
from bot.services.queries import TurnSeed, recompute_roll, turn_seeds
from cogs.common import (CAMPAIGN, acting_faction, campaign_autocomplete, campaign_for, defer, is_moderator,
                         player_faction, reply, service_of)


def seeds_text(campaign: Campaign, seeds: list[TurnSeed]) -> str:
    lines = [f"🎲 **{campaign.name}** — dice of each turn (a roll is HMAC-SHA256(seed, key))"]
    for seed in seeds:
        if seed.seed is None:
            lines.append(f"Turn {seed.turn}: commitment `{seed.commitment}` (SHA-256); the seed stays secret "
                         f"until the report reveals it.")
        else:
            check = "✅ matches" if seed.matches else "❌ does NOT match"
            lines.append(f"Turn {seed.turn}: seed `{seed.seed}` — its SHA-256 {check} the commitment "
                         f"`{seed.commitment}` published when the turn opened.")
    if not seeds:
        lines.append("No turn has been opened yet.")
    lines.append("Recompute a roll of your report: /dice verify turn:<n> key:<the key after 'key'>.")
    return "\n".join(lines)


def roll_text(campaign: Campaign, turn: int, roll: Roll, recorded: Roll | None) -> str:
    faces = "·".join(map(str, roll.faces))
    text = (f"🎲 {campaign.name}, turn {turn}: key `{roll.key}` → {roll.expr} [{faces}] = {roll.total}, "
            f"recomputed from the revealed seed.")
    if recorded is None:
        return text
    if (recorded.faces, recorded.total) == (roll.faces, roll.total):
        return text + " ✅ The same as the resolution rolled."
    return text + (f" ❌ The resolution recorded {recorded.expr} {list(recorded.faces)} = {recorded.total}: "
                   f"tell the moderators.")


def last_resolved(seeds: list[TurnSeed], campaign: Campaign) -> int:
    revealed = [s.turn for s in seeds if s.seed is not None]
    if not revealed:
        raise UserError(f"no turn of {campaign.name} has been resolved yet, so no seed is revealed")
    return revealed[-1]


def reader_of(interaction: discord.Interaction, campaign: Campaign) -> str | None:
    """Whose report the key must appear in: the caller's clan; ``None`` for a moderator (any key);
    "" for someone of no clan (no report: the dice must be given)."""
    acting = acting_faction(interaction, campaign)
    if acting is not None:
        return acting.id
    if is_moderator(interaction, campaign):
        return None
    try:
        return player_faction(interaction, campaign).id
    except UserError:
        return ""


@app_commands.guild_only()
class DiceCog(commands.GroupCog, group_name="dice", group_description="Check the dice: seeds and single rolls"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="verify", description="Seeds against their commitments; with key: recompute a roll")
    @app_commands.describe(key="a dice key from your report, e.g. battle:b1:mori-kurushima:r1",
                           turn="the turn of the roll (default: the last resolved)",
                           dice="the dice, e.g. 2d6 (default: as rolled, for a key in your report)",
                           campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def verify(self, interaction: discord.Interaction, key: app_commands.Range[str, 1, 200] | None = None,
                     turn: app_commands.Range[int, 1, 10000] | None = None,
                     dice: app_commands.Range[str, 1, 20] | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        service = service_of(interaction)
        seeds = await turn_seeds(service, chosen.id)
        if key is None:
            await reply(interaction, seeds_text(chosen, seeds))
            return
        number = turn or last_resolved(seeds, chosen)
        roll, recorded = await recompute_roll(service, chosen.id, number, key.strip(), dice,
                                              reader=reader_of(interaction, chosen))
        await reply(interaction, roll_text(chosen, number, roll, recorded))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
