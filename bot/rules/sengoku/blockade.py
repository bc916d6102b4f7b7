"""Blockades of trade, lines of communication and straits (S4.3, S6, S12.5 6.6).

Not implemented yet: each hook below does nothing.
"""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def update(ctx: Ctx) -> None:
    return None
