"""Every configurable reading of the spec (H9 Settings), each with the open point it settles and the
spec's proposal as its default."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class CasualtyMode(StrEnum):
    SEQUENTIAL = "sequential"  # H-OP-22 default
    ODD_FIRST = "odd_first"


class LoserBan(StrEnum):
    NAVAL_MOVE_ONLY = "naval_move_only"  # H-OP-06 default (literal)
    ALL_NAVAL_MOVEMENT = "all_naval_movement"


class LeaderBonus(StrEnum):
    SUM_ALL_PRESENT = "sum_all_present"  # H-OP-32 default (ZH L115)
    HIGHEST_ONLY = "highest_only"  # RU L43


class HisSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    impulse_order: tuple[str, ...] = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")  # H-OP-18
    atlantic_zones: tuple[str, ...] = ("Atlantic Ocean",)  # H-OP-07
    no_atlantic_owners: tuple[str, ...] = ("genoa", "venice")  # H2.5.5
    ottoman_casualty_mode: CasualtyMode = CasualtyMode.SEQUENTIAL  # H-OP-22
    piracy_leader_bonus: LeaderBonus = LeaderBonus.SUM_ALL_PRESENT  # H-OP-32
    loser_ban_scope: LoserBan = LoserBan.NAVAL_MOVE_ONLY  # H-OP-06
    intercept_into_own_units_forbidden: bool = True  # H-OP-10 (R1)
    leader_may_move_alone: bool = False  # H-OP-05
    avoid_into_port_with_enemy_forbidden: bool = True  # H-OP-14
    port_retreat_none_eliminates: bool = True  # H-OP-25 (a)
    cancel_port_fights_after_retreat: bool = True  # H-OP-16
    piracy_losses_to_turn_track: bool = True  # H-OP-33
    piracy_reward_default_order: tuple[str, ...] = ("vp", "squadron", "card")  # H-OP-34
    besieged_port_can_build: bool = False  # H6 interpretation
    ask_combat_cards: bool = True  # H-OP-19: a moderators' step before each combat's roll
    ask_response_cards: bool = True  # H-OP-20/21: a moderators' step after it
    reaction_hours: int = Field(default=12, ge=1, le=336)  # H-OP-09 response windows' deadline
    prompt_hours: int = Field(default=24, ge=1, le=336)  # other prompts (H-OP-13, -15, -25, -34)
    # One Fleetwright turn is a segment of impulses (sequence.py): at most this many (0: until every
    # power has passed in a row, the end of the action phase), for forum play's pace.
    impulses_per_turn: int = Field(default=0, ge=0, le=100)
    # The CP a power has when its impulse opens, unless the moderators entered its card's (H-OP-18).
    impulse_cp: int = Field(default=0, ge=0, le=12)
