"""Summary cards: the few facts of a turn a reader wants first, in a shape any
chat client can show (Discord draws each as an embed: a title, a colour, a few
fields).  Ruleset-neutral: a ruleset's summariser fills them from the events
its audience may read; the cogs turn them into embeds.  The full report text
stays the detail behind them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FIELDS_PER_CARD = 25
CARDS_PER_MESSAGE = 10
CHARACTERS_PER_MESSAGE = 6000

_KEY_SUFFIX = re.compile(r"\s+\(key [^)]*\)$")


@dataclass(frozen=True)
class CardField:
    name: str
    value: str
    inline: bool = True


@dataclass(frozen=True)
class Card:
    title: str
    colour: str = "#888888"
    description: str = ""
    fields: tuple[CardField, ...] = field(default_factory=tuple)

    def size(self) -> int:
        """Characters as Discord counts them towards a message's 6,000."""
        return len(self.title) + len(self.description) + sum(len(f.name) + len(f.value) for f in self.fields)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def fitted(card: Card) -> Card:
    """The card within every per-embed limit: long values end in "…", extra fields are dropped
    behind a last one saying how many more there were (the full report has them)."""
    fields = [CardField(clip(f.name, FIELD_NAME_LIMIT), clip(f.value, FIELD_VALUE_LIMIT), f.inline)
              for f in card.fields if f.name and f.value]
    if len(fields) > FIELDS_PER_CARD:
        more = len(fields) - (FIELDS_PER_CARD - 1)
        fields = fields[: FIELDS_PER_CARD - 1] + [CardField("…", f"{more} more in the full report", False)]
    return Card(clip(card.title, TITLE_LIMIT), card.colour, clip(card.description, DESCRIPTION_LIMIT), tuple(fields))


def batches(cards: list[Card]) -> list[list[Card]]:
    """Cards grouped into messages: at most 10 a message and 6,000 characters in all."""
    out: list[list[Card]] = []
    size = 0
    for card in map(fitted, cards):
        if not out or len(out[-1]) == CARDS_PER_MESSAGE or size + card.size() > CHARACTERS_PER_MESSAGE:
            out.append([])
            size = 0
        out[-1].append(card)
        size += card.size()
    return out


def first_message_cards(cards: list[Card]) -> list[Card]:
    """The cards that fit on one message (the first of a posted report): those of the first batch;
    if there were more, the last place says how many more the report has."""
    found = batches(cards)
    if len(found) <= 1:
        return found[0] if found else []
    first = list(found[0])
    while True:  # room for the closing card, in count and in characters
        more = Card(f"… and {len(cards) - len(first)} more", description="The report below has every one of them.")
        if len(first) < CARDS_PER_MESSAGE and sum(c.size() for c in first) + more.size() <= CHARACTERS_PER_MESSAGE:
            return first + [more]
        first.pop()


def without_dice_keys(text: str) -> str:
    """The report as read in the channel: the "(key …)" a roll's line ends with is for checking the
    roll, so it stays in the attached full report and leaves the text people read."""
    return "\n".join(_KEY_SUFFIX.sub("", line) for line in text.splitlines())
