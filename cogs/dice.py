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
from bot.i18n import Messages, N_, messages
from bot.services.queries import TurnProofs, TurnSeed, recompute_roll, turn_proofs, turn_seeds
from cogs.common import (CAMPAIGN, acting_faction, campaign_autocomplete, campaign_for, defer, is_moderator,
                         player_faction, reply, service_of)
from cogs.common import reader as reader_messages  # "reader" here is whose report a key must be in


def seeds_text(campaign: Campaign, seeds: list[TurnSeed], t: Messages | None = None) -> str:
    t = t or messages()
    lines = [t._("🎲 **{campaign}** — dice of each turn", campaign=campaign.name)]
    for seed in seeds:
        lines.append(_seed_line(seed, t))
    if not seeds:
        lines.append(t._("No turn has been opened yet."))
    lines.append(t._("Check a roll of your report: /dice verify turn:<n> key:<the key after 'key'>."))
    return "\n".join(lines)


def _seed_line(seed: TurnSeed, t: Messages) -> str:
    check = t._("✅ matches") if seed.matches else t._("❌ does NOT match")
    values = {"turn": seed.turn, "commitment": seed.commitment}
    if seed.dice_scheme == SEED_SCHEME:
        if seed.seed is None:
            return t._("Turn {turn}: commitment `{commitment}` (SHA-256); the seed stays secret until the report "
                       "reveals it.", **values)
        return t._("Turn {turn}: seed `{seed}` (a roll is HMAC-SHA256(seed, key)) — its SHA-256 {check} the "
                   "commitment `{commitment}` published when the turn opened.", seed=seed.seed, check=check, **values)
    if seed.seed is None:
        return t._("Turn {turn}: commitment `{commitment}` (SHA-256 of the turn's public dice key); its rolls' proofs "
                   "come with the report.", **values)
    return t._("Turn {turn}: public dice key revealed (RSA, attached for the last turn asked about) — its SHA-256 "
               "{check} the commitment `{commitment}` published when the turn opened.", check=check, **values)


def roll_text(campaign: Campaign, turn: int, roll: Roll, recorded: Roll | None, t: Messages | None = None) -> str:
    t = t or messages()
    faces = "·".join(map(str, roll.faces))
    source = (t._("checked against its proof and the turn's public key") if roll.proof
              else t._("recomputed from the revealed seed"))
    text = t._("🎲 {campaign}, turn {turn}: key `{key}` → {dice} [{faces}] = {total}, {source}.",
               campaign=campaign.name, turn=turn, key=roll.key, dice=roll.expr, faces=faces, total=roll.total,
               source=source)
    if recorded is None:
        return text
    if (recorded.faces, recorded.total) == (roll.faces, roll.total):
        return text + " " + t._("✅ The same as the resolution rolled.")
    return text + " " + t._("❌ The resolution recorded {dice} {faces} = {total}: tell the moderators.",
                            dice=recorded.expr, faces=list(recorded.faces), total=recorded.total)


def proofs_file(proofs: TurnProofs) -> discord.File:
    data = json.dumps(proofs.document(), ensure_ascii=False, indent=2).encode()
    return discord.File(io.BytesIO(data), filename=f"dice-proofs-turn-{proofs.turn}.json")


def proofs_note(proofs: TurnProofs, t: Messages | None = None) -> str:
    return (t or messages())._("Attached: the public key of turn {turn} and the proofs of the {count} rolls your "
                               "reports show; check them offline with `python -m bot dice verify --proofs "
                               "dice-proofs-turn-{turn}.json`.", turn=proofs.turn, count=len(proofs.rolls))


def last_resolved(seeds: list[TurnSeed], campaign: Campaign) -> int:
    revealed = [s.turn for s in seeds if s.seed is not None]
    if not revealed:
        raise UserError(N_("no turn of {campaign} has been resolved yet, so no dice are revealed"),
                        campaign=campaign.name)
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
        reader, t = reader_of(interaction, chosen), reader_messages(interaction)
        if key is None:
            text = seeds_text(chosen, seeds, t)
        else:
            number = turn or last_resolved(seeds, chosen)
            roll, recorded = await recompute_roll(service, chosen.id, number, key.strip(), dice, reader=reader)
            text = roll_text(chosen, number, roll, recorded, t)
        asked = turn or next((s.turn for s in reversed(seeds) if s.seed is not None), None)
        proofs = await turn_proofs(service, chosen.id, asked, reader=reader) if asked else None
        if proofs is None:
            await reply(interaction, text)
            return
        await reply(interaction, f"{text}\n{proofs_note(proofs, t)}", files=[proofs_file(proofs)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
