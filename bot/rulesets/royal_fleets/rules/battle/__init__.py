"""Naval battle of the royal fleets (spec U6, U6.3, U7's battle-side parts, U8): ``fight`` and its
input and output types.  Pure: no state, no map, no clock; dice only through the ``Dice`` given."""

from bot.rulesets.royal_fleets.rules.battle.battle import BattleInputError, fight
from bot.rulesets.royal_fleets.rules.battle.events import battle_event_types
from bot.rulesets.royal_fleets.rules.battle.inputs import (
    SIDES, BattleSettings, BattleShip, BattleSide, RetreatPlan, Side, Targeting, other)
from bot.rulesets.royal_fleets.rules.battle.results import (
    BattleResult, Capture, ExhaustionAward, RetreatOrder, RoundRecord, ShipFate, SideAttack)

__all__ = ["SIDES", "BattleInputError", "BattleResult", "BattleSettings", "BattleShip", "BattleSide", "Capture",
           "ExhaustionAward", "RetreatOrder", "RetreatPlan", "RoundRecord", "ShipFate", "Side", "SideAttack",
           "Targeting", "battle_event_types", "fight", "other"]
