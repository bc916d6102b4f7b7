"""How a report's text becomes chat messages: what people read, without the
dice keys, split evenly.  Pure: the poster (cogs/turn_posts.py) adds the map
and summary cards to the first and the full report to the last, and the ledger
of what is out (bot/services/posting.py) counts the same messages.
"""

from __future__ import annotations

import math

from bot.report import split_message
from bot.report.cards import without_dice_keys

MESSAGE_LIMIT = 2000


def post_texts(text: str) -> list[str]:
    """The texts of a posted report's messages, in order: what people read, without the dice keys
    (the full report rides along as a file), split evenly.  The one plan both the poster and the
    ledger of what is out use."""
    return split_evenly(without_dice_keys(text)) or ["(empty report)"]


def split_evenly(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """As many messages as a greedy split needs, but of even length (a greedy split leaves a last
    message of a few words, which reads like a fragment), and cut between a report's top-level lines
    where it can, so a battle's rounds stay with the battle."""
    greedy = _split_blocks(text, limit)
    if len(greedy) < 2:
        return greedy
    target = math.ceil(len(text) / len(greedy))
    for width in range(target, limit, max(1, (limit - target) // 20)):
        chunks = _split_blocks(text, width)
        if len(chunks) <= len(greedy):
            return chunks
    return greedy


def _split_blocks(text: str, limit: int) -> list[str]:
    """Greedy over blocks (a top-level line with the indented lines under it); a block longer than
    ``limit`` is split by ``split_message`` on its own."""
    chunks: list[str] = []
    for block in _blocks(text):
        pieces = split_message(block, limit) if len(block) > limit else [block]
        for piece in pieces:
            if chunks and len(chunks[-1]) + 1 + len(piece) <= limit:
                chunks[-1] = f"{chunks[-1]}\n{piece}"
            else:
                chunks.append(piece)
    return chunks


def _blocks(text: str) -> list[str]:
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if blocks and line[:1].isspace():
            blocks[-1].append(line)
        else:
            blocks.append([line])
    return ["\n".join(block) for block in blocks]
