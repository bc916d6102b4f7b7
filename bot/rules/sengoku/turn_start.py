"""The start of resolution: clan-wide orders, capture credits redeemed,
units left without a base (S2.5, S2.6, S8.4.6, S12.5 steps 3–4).

Not implemented yet: the hooks below do nothing.
"""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def run(ctx: Ctx, clan_orders: list) -> None:
    return None


def unbased(ctx: Ctx, orders: list) -> None:
    return None
