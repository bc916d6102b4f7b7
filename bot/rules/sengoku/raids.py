"""Mission effects of wave W3 at their targets (S4.6, S4.7, S8.8, S12.5 6.3).

Not implemented yet: each hook below does nothing.
"""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def w3_effects(ctx: Ctx) -> None:
    return None
