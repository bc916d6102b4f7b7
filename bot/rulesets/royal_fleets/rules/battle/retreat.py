"""Retreat declarations at a round's end (U6.2.6, U-OP-22): what a side's standing order says."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from bot.rulesets.royal_fleets.rules.battle.inputs import RetreatPlan

Trigger = Literal["declared", "after_round", "health_below", "attack_ratio_below"]


def declaration(plan: RetreatPlan, round_: int, health_share: Fraction, own_next: Fraction,
                enemy_next: Fraction) -> Trigger | None:
    """Why the side declares a retreat after ``round_``, or None if it stays (the default).
    ``health_share``: its health still in the battle over its health when the battle began;
    ``own_next``/``enemy_next``: both sides' unrounded attacks for the next round, no bonus."""
    if round_ in plan.declarations:  # an answer given for this round decides it outright
        return "declared" if plan.declarations[round_] else None
    if plan.after_round is not None and round_ >= plan.after_round:
        return "after_round"
    if plan.health_below is not None and health_share < plan.health_below:
        return "health_below"
    if plan.attack_ratio_below is not None and enemy_next > 0 and own_next / enemy_next < plan.attack_ratio_below:
        return "attack_ratio_below"
    return None
