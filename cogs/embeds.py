"""Summary cards as Discord embeds.

Not an extension (it has no ``setup``): imported by cogs.turn_posts.
"""

from __future__ import annotations

import discord

from bot.report.cards import Card

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
