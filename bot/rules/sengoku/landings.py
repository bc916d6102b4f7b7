"""Landing operations and evacuations (S3.7–S3.9, S5.8, S8.5, S8.7, S9.5, S12.5 6.5).

Not implemented yet: each hook below does nothing.
"""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def run(ctx: Ctx) -> None:
    return None


def end_subphase(ctx: Ctx) -> None:
    return None


def turn_end(ctx: Ctx) -> None:
    return None
