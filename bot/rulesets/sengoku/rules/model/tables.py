"""The dice tables of the source, as data (S8.4, S8.5, S9.4, S9.5).

Each table maps a d6 face (or a range) to its row.  Row ranges are checked
against the seed's lines given in the comments.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from bot.rulesets.sengoku.rules.model.model import Category, Stake


class LossResult(StrEnum):
    NO_LOSSES = "no_losses"
    SMALL = "small_losses"
    HEAVY = "heavy_losses"
    CAPTURED = "captured"


class LossRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    result: LossResult
    damage: int = 0
    dispersed: bool = False


def _rows(spec: dict[tuple[int, int], LossRow]) -> dict[int, LossRow]:
    return {face: row for (lo, hi), row in spec.items() for face in range(lo, hi + 1)}


_NONE = LossRow(result=LossResult.NO_LOSSES)
_SMALL = LossRow(result=LossResult.SMALL, damage=1)
_HEAVY = LossRow(result=LossResult.HEAVY, damage=2)
_CAPTURED = LossRow(result=LossResult.CAPTURED)

LOSS_TABLES: dict[tuple[bool, Stake], dict[int, LossRow]] = {
    # S8.4-A, victory at low stake [L88–L91]
    (True, Stake.LOW): _rows({(1, 1): _HEAVY, (2, 4): _SMALL, (5, 6): _NONE}),
    # S8.4-B, victory at high stake [L92–L94]
    (True, Stake.HIGH): _rows({(1, 2): _HEAVY, (3, 6): _SMALL}),
    # S8.4-C, defeat at low stake [L95–L98]
    (False, Stake.LOW): _rows({
        (1, 1): _CAPTURED,
        (2, 4): LossRow(result=LossResult.HEAVY, damage=2, dispersed=True),
        (5, 6): LossRow(result=LossResult.SMALL, damage=1, dispersed=True)}),
    # S8.4-D, defeat at high stake [L99–L101]; no dispersal stated (OP-33)
    (False, Stake.HIGH): _rows({(1, 2): _CAPTURED, (3, 6): _HEAVY}),
}


def loss_row(won: bool, stake: Stake, face: int) -> LossRow:
    """S8.4.2: a modified d6 is held within 1–6."""
    return LOSS_TABLES[(won, stake)][min(6, max(1, face))]


class Harm(StrEnum):
    UNHARMED = "unharmed"
    WOUND = "wound"
    TWO_WOUNDS = "two_wounds"
    CAPTURED = "captured"
    KILLED = "killed"
    GENERAL_KILLED_COMMANDER_CAPTURED = "general_killed_commander_captured"


def _harm(spec: dict[tuple[int, int], Harm]) -> dict[int, Harm]:
    return {face: harm for (lo, hi), harm in spec.items() for face in range(lo, hi + 1)}


BATTLE_RISK: dict[tuple[bool, Stake], dict[int, Harm]] = {
    # S9.4-A, defeat at low stake [L149–L153]
    (False, Stake.LOW): _harm({(1, 1): Harm.CAPTURED, (2, 2): Harm.TWO_WOUNDS,
                               (3, 4): Harm.WOUND, (5, 6): Harm.UNHARMED}),
    # S9.4-B, defeat at high stake [L154–L159]
    (False, Stake.HIGH): _harm({(1, 1): Harm.KILLED, (2, 2): Harm.CAPTURED, (3, 3): Harm.TWO_WOUNDS,
                                (4, 5): Harm.WOUND, (6, 6): Harm.UNHARMED}),
    # S9.4-C, victory at low stake [L160–L162]; 6 missing in the source, OP-46 (a)
    (True, Stake.LOW): _harm({(1, 1): Harm.WOUND, (2, 6): Harm.UNHARMED}),
    # S9.4-D, victory at high stake [L163–L166]
    (True, Stake.HIGH): _harm({(1, 1): Harm.TWO_WOUNDS, (2, 2): Harm.WOUND, (3, 6): Harm.UNHARMED}),
}

INTERCEPTION_RISK: dict[Category, dict[int, Harm] | None] = {
    # S9.5-A, interceptor failed at low stake [L168–L170]
    Category.FL: _harm({(1, 2): Harm.WOUND, (3, 6): Harm.UNHARMED}),
    # S9.5-B, interceptor failed at high stake [L171]: no roll
    Category.FH: None,
    # S9.5-C, interceptor succeeded at low stake [L172–L176]
    Category.SL: _harm({(1, 1): Harm.CAPTURED, (2, 2): Harm.TWO_WOUNDS, (3, 3): Harm.WOUND,
                        (4, 6): Harm.UNHARMED}),
    # S9.5-D, interceptor succeeded at high stake [L177–L182]
    Category.SH: _harm({(1, 1): Harm.GENERAL_KILLED_COMMANDER_CAPTURED, (2, 2): Harm.CAPTURED,
                        (3, 3): Harm.TWO_WOUNDS, (4, 4): Harm.WOUND, (5, 6): Harm.UNHARMED}),
}

# S8.5-A: the interceptor's category decides each transported detachment's loss die.
INTERCEPTION_LOSS_DICE: dict[Category, str] = {
    Category.FH: "d3",
    Category.FL: "d6",
    Category.SL: "2d6",
    Category.SH: "3d6",
}
