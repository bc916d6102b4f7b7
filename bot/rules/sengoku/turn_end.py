"""The Turn End Phase for squadrons, credits and leaders (S12.5 step 7)."""

from __future__ import annotations

from bot.rules.sengoku.context import Ctx


def run(ctx: Ctx) -> None:
    _clear_turn_flags(ctx)


def _clear_turn_flags(ctx: Ctx) -> None:
    """S12.5 7.7: per-turn flags end with the turn."""
    for sq in ctx.state.squadrons.values():
        sq.dispersed = False
    for fleet in ctx.state.fleets.values():
        fleet.repaired_this_turn = False
        fleet.plundered_this_turn = False
