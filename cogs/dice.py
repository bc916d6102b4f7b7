"""/dice verify: check the dice.  Lists each turn's commitment and, once its report is out, what it
revealed beside it: a turn stored before signed dice, its seed; any other, its public key.  With
``key`` it checks one roll of the caller's reports.  On a signed turn it also attaches the proofs of
every roll the caller's reports show, with the public key, for ``python -m bot dice verify``; a roll
the caller is not shown cannot be checked, nor computed, by it (docs/decisions.md, signed dice).
An open turn's secret is never shown: it would tell everyone the dice before the deadline."""

from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.engine.dice import SEED_SCHEME, Roll
from bot.services.errors import UserError
from bot.services.queries import TurnProofs, TurnSeed, recompute_roll, turn_proofs, turn_seeds
from cogs.common import (CAMPAIGN, acting_faction, campaign_autocomplete, campaign_for, defer, is_moderator,
                         player_faction, reply, service_of)


def seeds_text(campaign: Campaign, seeds: list[TurnSeed]) -> str:
    lines = [f"🎲 **{campaign.name}** — dice of each turn"]
    for seed in seeds:
        lines.append(_seed_line(seed))
    if not seeds:
        lines.append("No turn has been opened yet.")
    lines.append("Check a roll of your report: /dice verify turn:<n> key:<the key after 'key'>.")
    return "\n".join(lines)


def _seed_line(seed: TurnSeed) -> str:
    check = "✅ matches" if seed.matches else "❌ does NOT match"
    if seed.dice_scheme == SEED_SCHEME:
        if seed.seed is None:
            return (f"Turn {seed.turn}: commitment `{seed.commitment}` (SHA-256); the seed stays secret "
                    f"until the report reveals it.")
        return (f"Turn {seed.turn}: seed `{seed.seed}` (a roll is HMAC-SHA256(seed, key)) — its SHA-256 {check} "
                f"the commitment `{seed.commitment}` published when the turn opened.")
    if seed.seed is None:
        return (f"Turn {seed.turn}: commitment `{seed.commitment}` (SHA-256 of the turn's public dice key); its "
                f"rolls' proofs come with the report.")
    return (f"Turn {seed.turn}: public dice key revealed (RSA, attached for the last turn asked about) — its "
            f"SHA-256 {check} the commitment `{seed.commitment}` published when the turn opened.")


def roll_text(campaign: Campaign, turn: int, roll: Roll, recorded: Roll | None) -> str:
    faces = "·".join(map(str, roll.faces))
    source = ("checked against its proof and the turn's public key" if roll.proof
              else "recomputed from the revealed seed")
    text = f"🎲 {campaign.name}, turn {turn}: key `{roll.key}` → {roll.expr} [{faces}] = {roll.total}, {source}."
    if recorded is None:
        return text
    if (recorded.faces, recorded.total) == (roll.faces, roll.total):
        return text + " ✅ The same as the resolution rolled."
    return text + (f" ❌ The resolution recorded {recorded.expr} {list(recorded.faces)} = {recorded.total}: "
                   f"tell the moderators.")


def proofs_file(proofs: TurnProofs) -> discord.File:
    data = json.dumps(proofs.document(), ensure_ascii=False, indent=2).encode()
    return discord.File(io.BytesIO(data), filename=f"dice-proofs-turn-{proofs.turn}.json")


def proofs_note(proofs: TurnProofs) -> str:
    return (f"Attached: the public key of turn {proofs.turn} and the proofs of the {len(proofs.rolls)} rolls your "
            f"reports show; check them offline with `python -m bot dice verify --proofs "
            f"dice-proofs-turn-{proofs.turn}.json`.")


def last_resolved(seeds: list[TurnSeed], campaign: Campaign) -> int:
    revealed = [s.turn for s in seeds if s.seed is not None]
    if not revealed:
        raise UserError(f"no turn of {campaign.name} has been resolved yet, so no dice are revealed")
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
class DiceCog(commands.GroupCog, group_name="dice", group_description="Check the dice: commitments and single rolls"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="verify", description="Commitments, your rolls' proofs; with key: check a roll")
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
        reader = reader_of(interaction, chosen)
        if key is None:
            text = seeds_text(chosen, seeds)
        else:
            number = turn or last_resolved(seeds, chosen)
            roll, recorded = await recompute_roll(service, chosen.id, number, key.strip(), dice, reader=reader)
            text = roll_text(chosen, number, roll, recorded)
        asked = turn or next((s.turn for s in reversed(seeds) if s.seed is not None), None)
        proofs = await turn_proofs(service, chosen.id, asked, reader=reader) if asked else None
        if proofs is None:
            await reply(interaction, text)
            return
        await reply(interaction, f"{text}\n{proofs_note(proofs)}", files=[proofs_file(proofs)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
