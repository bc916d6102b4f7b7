"""How a report becomes chat messages: summary cards and the map first, the
text people read (without dice keys) split evenly, the full report with its
keys attached last.  Pure: the cogs turn each planned message into a Discord
send, and a poster that tracks deliveries can count on a fixed, numbered plan.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from bot.report import split_message
from bot.report.cards import Card, batches, without_dice_keys

MESSAGE_LIMIT = 2000
FILES_PER_MESSAGE = 10


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class PlannedMessage:
    content: str = ""
    cards: tuple[Card, ...] = ()
    files: tuple[Attachment, ...] = field(default_factory=tuple)


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


def report_plan(text: str, cards: list[Card], images: list[Attachment],
                full_report: Attachment | None) -> list[PlannedMessage]:
    """The messages of one report, in order.  The first carries the report's title line, the first
    cards and the images; further cards follow ten (and 6,000 characters) a message; then the rest of
    the text; the full report rides on the last message so the dice keys are one click away."""
    title, _, text = text.partition("\n")
    card_batches = batches(cards) or [[]]
    plan = [PlannedMessage(title, tuple(card_batches[0]), tuple(images[:FILES_PER_MESSAGE]))]
    plan += [PlannedMessage("", tuple(batch)) for batch in card_batches[1:]]
    plan += [PlannedMessage(chunk) for chunk in split_evenly(without_dice_keys(text.strip("\n")))]
    if full_report is not None:
        last = plan[-1]
        plan[-1] = PlannedMessage(last.content, last.cards, (*last.files, full_report)) \
            if len(last.files) < FILES_PER_MESSAGE else last
        if plan[-1] is last:
            plan.append(PlannedMessage("", (), (full_report,)))
    return plan
