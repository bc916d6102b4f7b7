"""The battle loop (U6.2): rounds until a side gets away or has no ship left in the battle."""

from __future__ import annotations

from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.battle.inputs import BattleSettings, BattleSide
from bot.rulesets.royal_fleets.rules.battle.results import BattleResult


class BattleInputError(OrderRejected):
    """The sides cannot fight as given (a message id with values, like every refusal)."""


def fight(attacker: BattleSide, defender: BattleSide, settings: BattleSettings, dice: Dice, *,
          area: str, key: str | None = None) -> BattleResult:
    """Fight the battle in ``area``.  ``key`` prefixes every dice key (default ``battle:<area>``;
    give another when one area sees two battles in a turn, so that no key repeats)."""
    raise NotImplementedError
