"""Naval manoeuvres in round 1 (S9.3, Table S9.3-A, OP-45, R5).

Each side's admiral may use one manoeuvre if his art is active.  Defensive
formation cancels every effect that helps the enemy who manoeuvred; the
drawback of Tsuruyoki for its user is never cancelled.

The effects are worked out for one squadron at a time: ``own`` is the
manoeuvre of its side that covers it and ``enemy`` the enemy manoeuvre that
reaches it (with ``manoeuvre_scope = own_squadron`` that is only the admiral's
squadron and the enemies paired against it, OP-45 c).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rulesets.sengoku.rules.model.model import Manoeuvre


@dataclass
class RoundOneEffects:
    """What the manoeuvres do to one side's squadrons in round 1."""

    roll_modifiers: list[tuple[str, int]] = field(default_factory=list)
    heavy_bonus_denied: bool = False
    damage_if_defeated: int = 0          # Take the wind (own, −1) / Tsuruyoki drawback (+1)
    damage_if_enemy_won: int = 0         # enemy's Take the wind (+1 when the enemy is victorious)
    loss_roll_if_defeated: int = 0       # enemy's Feigned retreat (−1)


def effects(own: Manoeuvre | None, enemy: Manoeuvre | None,
            has_heavy: bool) -> tuple[RoundOneEffects, list[str]]:
    """Effects on one squadron, and the names of enemy effects cancelled by its Defensive formation.

    ``has_heavy``: whether "the enemy has heavy ships" for an enemy Feigned
    retreat: this squadron's whole side (R5 ``per_side``) or the squadron
    itself (``per_squadron``)."""
    result = RoundOneEffects()
    cancelled: list[str] = []
    defensive = own is Manoeuvre.DEFENSIVE
    if defensive:
        result.roll_modifiers.append(("Defensive formation", -1))
    if own is Manoeuvre.TSURUYOKI:
        result.damage_if_defeated += 1  # drawback, not cancellable
    if own is Manoeuvre.TAKE_WIND and enemy is not Manoeuvre.DEFENSIVE:
        result.damage_if_defeated -= 1
    if enemy is Manoeuvre.TAKE_WIND:
        if defensive:
            cancelled.append("Take the wind")
        else:
            result.damage_if_enemy_won += 1
    if enemy is Manoeuvre.FEIGNED_RETREAT:
        if defensive:
            cancelled.append("Feigned retreat")
        else:
            result.heavy_bonus_denied = True
            if not has_heavy:
                result.loss_roll_if_defeated -= 1
    if enemy is Manoeuvre.TSURUYOKI:
        if defensive:
            cancelled.append("Tsuruyoki −2")
        else:
            result.roll_modifiers.append(("enemy Tsuruyoki", -2))
    return result, cancelled
