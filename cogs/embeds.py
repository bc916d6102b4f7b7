"""Summary cards as Discord embeds, and a planned report sent message by message.

Not an extension (it has no ``setup``): imported by cogs.turn_posts.
"""

from __future__ import annotations

import io

import discord

from bot.report.cards import Card
from bot.report.messages import PlannedMessage

NO_COLOUR = "#888888"


def colour_of(text: str) -> discord.Colour:
    """A card's colour; one Discord cannot read (a clan's colour in an imported state is never checked,
    and the map takes "crimson" where Discord does not) is grey, so the report still goes out."""
    try:
        return discord.Colour.from_str(text)
    except ValueError:
        return discord.Colour.from_str(NO_COLOUR)


def embed_of(card: Card) -> discord.Embed:
    embed = discord.Embed(title=card.title, description=card.description or None, colour=colour_of(card.colour))
    for item in card.fields:
        embed.add_field(name=item.name, value=item.value, inline=item.inline)
    return embed


def send_kwargs(message: PlannedMessage) -> dict:
    """What ``channel.send`` takes for one planned message; mentions in report text never ping."""
    kwargs: dict = {"allowed_mentions": discord.AllowedMentions.none()}
    if message.content:
        kwargs["content"] = message.content
    if message.cards:
        kwargs["embeds"] = [embed_of(card) for card in message.cards]
    if message.files:
        kwargs["files"] = [discord.File(io.BytesIO(f.data), filename=f.filename) for f in message.files]
    return kwargs


async def send_plan(channel: discord.abc.Messageable, plan: list[PlannedMessage]) -> int:
    for message in plan:
        await channel.send(**send_kwargs(message))
    return len(plan)
