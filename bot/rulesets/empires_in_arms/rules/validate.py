"""Orders checked when given (E17): a refusal says what is wrong and what would be right, and
never tells a nation more than the open board shows."""

from __future__ import annotations

from pydantic import BaseModel

from bot.engine.ruleset import SubmittedOrder
from bot.rulesets.empires_in_arms.rules.board import Board
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings


def validate(state: EiaState, board: Board, settings: EiaSettings, nation: str, order: BaseModel,
             others: list[SubmittedOrder]) -> list[str]:
    return []
