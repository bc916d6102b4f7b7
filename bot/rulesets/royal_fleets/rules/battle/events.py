"""Typed events of a naval battle (U6, U7), the words of which the report's templates make.

Audiences (set where each is emitted, battle.py): that a battle was fought, ships sunk, left the
battle or were captured, and how it ended is public; the dice, attacks and allocations of a round
go to the factions of both sides (they were there); a side's retreat declaration, its refused
allocation and its war exhaustion to that side's factions; defaults applied to moderators only.
Every kind starts with ``battle_`` so that it cannot clash with the kinds of the rest of the rules.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field

from bot.domain.events import Event
from bot.rulesets.royal_fleets.rules.battle.inputs import Side
from bot.rulesets.royal_fleets.rules.battle.results import Ending, Outcome


class BattleStarted(Event):
    kind: Literal["battle_started"] = "battle_started"
    battle: str
    area: str
    factions: dict[Side, list[str]]
    ships: dict[Side, list[str]]
    supporters: dict[Side, list[str]] = Field(default_factory=dict)


class BattleInitiative(Event):
    """U6.2.1: both dice of the round (and of any reroll, U-OP-16) and who gets +10%."""

    kind: Literal["battle_initiative"] = "battle_initiative"
    battle: str
    round: int
    dice: list[dict[Side, int]] = Field(description="one pair per throw, rerolls after the first")
    keys: list[dict[Side, str]]
    bonus_side: Side | None


class BattleAttack(Event):
    """U6.2.2-U6.2.4: one side's attack and where its damage went."""

    kind: Literal["battle_attack"] = "battle_attack"
    battle: str
    round: int
    side: Side
    effective: dict[str, Fraction]
    halved: list[str]
    subtotal: Fraction
    bonus: bool
    attack: int
    used: int
    allocation: str
    damage: dict[str, int]
    health_after: dict[str, int]
    lost: int = 0


class BattleShipSunk(Event):
    kind: Literal["battle_ship_sunk"] = "battle_ship_sunk"
    battle: str
    round: int
    ship: str
    faction: str


class BattleShipLeft(Event):
    """U6.2.5: at exactly 1 health a ship leaves the battle."""

    kind: Literal["battle_ship_left"] = "battle_ship_left"
    battle: str
    round: int
    ship: str
    faction: str


class BattleRetreatDeclared(Event):
    """U6.2.6: what triggered the side's declaration (its standing order is its own business)."""

    kind: Literal["battle_retreat_declared"] = "battle_retreat_declared"
    battle: str
    round: int
    side: Side
    trigger: Literal["declared", "after_round", "health_below", "attack_ratio_below"]


class BattleRetreatRolled(Event):
    """U6.2.6 (and U-OP-22 roll_off): both dice; the retreat succeeds on a strictly higher roll."""

    kind: Literal["battle_retreat_rolled"] = "battle_retreat_rolled"
    battle: str
    round: int
    retreating: list[Side]
    dice: dict[Side, int]
    keys: dict[Side, str]
    retreated: Side | None


class BattleMutualWithdrawal(Event):
    """U-OP-22 both_withdraw: both declared; both go, no roll, no winner."""

    kind: Literal["battle_mutual_withdrawal"] = "battle_mutual_withdrawal"
    battle: str
    round: int


class BattleShipCaptured(Event):
    """U6.3: joins the winner's fleet with its health."""

    kind: Literal["battle_ship_captured"] = "battle_ship_captured"
    battle: str
    ship: str
    from_faction: str
    to_faction: str
    to_fleet: str | None
    health: int


class BattleAllocationRefused(Event):
    """U6.2.4.2: an allocation the side entered for a round could not be used; ``fallback`` was."""

    kind: Literal["battle_allocation_refused"] = "battle_allocation_refused"
    battle: str
    round: int
    side: Side
    reason: str = Field(description="a message id (N_), worded with ``values``")
    values: dict[str, str] = Field(default_factory=dict)
    fallback: str


class BattleDefaultApplied(Event):
    """For moderators: a default of an open point the battle applied (U-OP-16/18/20/22/23)."""

    kind: Literal["battle_default_applied"] = "battle_default_applied"
    battle: str
    round: int | None
    rule: str
    detail: str = Field(description="a message id (N_), worded with ``values``")
    values: dict[str, str] = Field(default_factory=dict)


class BattleEnded(Event):
    kind: Literal["battle_ended"] = "battle_ended"
    battle: str
    area: str
    rounds: int
    outcome: Outcome
    ending: Ending
    winner: Side | None
    sunk: list[str]
    captured: list[str]


class BattleExhaustion(Event):
    """U7.4: war exhaustion a faction gains for this naval defeat."""

    kind: Literal["battle_exhaustion"] = "battle_exhaustion"
    battle: str
    faction: str
    points: int
    reason: Literal["defeated", "retreated"]


def battle_event_types() -> dict[str, type[Event]]:
    """Every battle event class by kind (for the ruleset's ``event_kinds``)."""
    return {cls.model_fields["kind"].default: cls for cls in (
        BattleStarted, BattleInitiative, BattleAttack, BattleShipSunk, BattleShipLeft, BattleRetreatDeclared,
        BattleRetreatRolled, BattleMutualWithdrawal, BattleShipCaptured, BattleAllocationRefused,
        BattleDefaultApplied, BattleEnded, BattleExhaustion)}
