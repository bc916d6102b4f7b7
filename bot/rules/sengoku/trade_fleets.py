"""Trade-fleet tasks: trade, piracy and plunder in wave W5, lines of communication (S3, S8.1, S12.5 6.4).

Not implemented yet: each hook below does nothing.
"""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def run_w5(ctx: Ctx) -> None:
    return None


def turn_end(ctx: Ctx) -> None:
    return None
