"""EiA naval combat (E8–E10, E12.2/E12.5, E13, E14.3): pure, with its own input/output types
(``types``), a battle built from the game's state (``adapt``), the dice of a round (``dice``), the rounds
and consequences (``battle``), the loser's port (``consequences``), the moderators' form (``form``), the
events the report shows (``events``) and the case procedure ``naval_battle`` (``cases``)."""

from .adapt import battle_from, side_from
from .battle import advance, enter_round, open_battle
from .consequences import nearest_port_question, nearest_ports
from .dice import DICE_COMMAND, nation_dice, roll_round, side_dice, squadron_dice
from .form import read_form, round_question
from .events import EVENT_TYPES
from .types import (
    ACTIVE,
    INACTIVE,
    TIE,
    Battery,
    Battle,
    BattleKind,
    BattleOutcome,
    BattleSide,
    BattleState,
    CombatError,
    CombatModule,
    CombatSettings,
    CombatSquadron,
    ModeratorEnteredCombat,
    Placement,
    RoundDice,
    RoundRecord,
    RoundResult,
    ScriptedCombat,
)

__all__ = [
    "ACTIVE", "INACTIVE", "TIE", "DICE_COMMAND", "EVENT_TYPES", "Battery", "Battle", "BattleKind", "BattleOutcome",
    "BattleSide", "BattleState", "CombatError", "CombatModule", "CombatSettings", "CombatSquadron",
    "ModeratorEnteredCombat",
    "Placement", "RoundDice", "RoundRecord", "RoundResult", "ScriptedCombat", "advance", "battle_from", "enter_round",
    "nation_dice", "nearest_port_question", "nearest_ports", "open_battle", "read_form", "roll_round",
    "round_question", "side_dice", "side_from", "squadron_dice",
]
