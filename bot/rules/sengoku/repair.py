"""Repairs of trade fleets and squadrons (S3.2, S4.9, OP-18, S12.5 6.7).

Not implemented yet: each hook below does nothing.
"""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def end_subphase(ctx: Ctx) -> None:
    return None
