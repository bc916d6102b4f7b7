"""EiA naval combat (E8–E10, E12.2/E12.5, E13, E14.3): pure, with its own input/output types
(``types``), the dice of a round (``dice``), the rounds and consequences (``battle``), the moderators'
form (``form``) and the events the report shows (``events``)."""

from .battle import advance, enter_round, open_battle
from .consequences import nearest_port_question, nearest_ports
from .dice import DICE_COMMAND, nation_dice, roll_round, side_dice, squadron_dice
from .form import read_form, round_question
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
    "ACTIVE", "INACTIVE", "TIE", "DICE_COMMAND", "Battery", "Battle", "BattleKind", "BattleOutcome", "BattleSide",
    "BattleState", "CombatError", "CombatModule", "CombatSettings", "CombatSquadron", "ModeratorEnteredCombat",
    "Placement", "RoundDice", "RoundRecord", "RoundResult", "ScriptedCombat", "advance", "enter_round",
    "nation_dice", "nearest_port_question", "nearest_ports", "open_battle", "read_form", "roll_round", "round_question", "side_dice", "squadron_dice",
]
