"""What a naval battle is fought with (spec U6, U7): the two sides, their standing orders for the
battle, and the settings of the battle's open points.

Pure data.  The rules outside this package (R2's movement and encounters, U5) build these from the
campaign state; ``fight`` (battle.py) never looks at the state or the map.  Attack is exact
(``Fraction``: a halved flute attacks 1.5, U6.2.2); health is whole.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.engine.dice import DiceError, DieExpr

Side = Literal["attacker", "defender"]
SIDES: tuple[Side, Side] = ("attacker", "defender")


def other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


class BattleShip(BaseModel):
    """One ship as it enters the battle (U6.1; U13 Ship).  ``attack`` is the type's base attack with
    any upgrade already applied (U-OP-15); the battle halves it itself (U6.2.2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    type: str = Field(min_length=1, description="ship type id (U6.1), for the report")
    faction: str = Field(min_length=1, description="the faction that controls it (pirates included, U3.4)")
    fleet: str = Field(min_length=1, description="the fleet it sails in (U1)")
    attack: Fraction = Field(gt=0)
    health: int = Field(ge=1, description="current health; a sunk ship (0) does not enter a battle")
    max_health: int = Field(ge=1)


class RetreatPlan(BaseModel):
    """When the side declares a retreat at the end of a round (U6.2.6, U-OP-22: a standing order,
    declared secretly; the default is to stay).  The side declares when any condition holds;
    ``declarations`` (a prompt answered, or a moderator's ruling) decides a round outright."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    after_round: int | None = Field(None, ge=1, description="declare after this round and every later one")
    health_below: Fraction | None = Field(
        None, gt=0, le=1, description="declare when the side's health still in the battle is below this share "
                                      "of its health at the start of the battle")
    attack_ratio_below: Fraction | None = Field(
        None, gt=0, description="declare when the side's attack for the next round, over the enemy's, is below this")
    declarations: dict[int, bool] = Field(default_factory=dict, description="round → retreat or stay, outright")


class Targeting(BaseModel):
    """How the side deals its damage (U6.2.4).  Rounds 1 and 2: full attack, spread evenly; the side
    chooses only which of identical enemy ships take the extra points (``identical_first``; ships it
    does not list follow in list order; ``identical_by_round`` overrides it for one round).  From
    round 3 (U-OP-20): the standing order ``from_round_3``, or an outright ``allocations`` entry for
    the round (ship id → damage, at most the side's attack)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    identical_first: tuple[str, ...] = Field(
        (), description="enemy ship ids that take the extra damage first among identical ships (U6.2.4.1)")
    identical_by_round: dict[int, tuple[str, ...]] = Field(
        default_factory=dict, description="round → the same choice for that round only (a prompt answered)")
    from_round_3: Literal["even", "concentrate", "capture"] = Field(
        "even", description="U-OP-20: even = the round 1-2 rule with full attack (the default); concentrate = "
                            "the strongest enemy ship first, until it sinks, then the next; capture = the "
                            "strongest first but only down to 1 health, so that it can be captured (U6.2.5)")
    allocations: dict[int, dict[str, int]] = Field(
        default_factory=dict, description="round (3 or later) → enemy ship id → damage")
    focus: tuple[str, ...] = Field(
        (), description="U6.2.4.2 / U14 BATTLE_ROUND as a standing order: from round 3, these enemy ships "
                        "first, in this order, each until it sinks (capture: down to 1 health); what is left "
                        "goes by from_round_3 among the others")


class BattleSide(BaseModel):
    """One side of the battle: every ship that fights on it, supporters' included (U5.2, U-OP-13)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    factions: tuple[str, ...] = Field(min_length=1, description="the side's factions, the leading one first")
    ships: tuple[BattleShip, ...] = Field(min_length=1)
    retreat_plan: RetreatPlan = Field(default_factory=RetreatPlan)
    targeting: Targeting = Field(default_factory=Targeting)
    origin: str | None = Field(None, description="U7.2: the area the attacker attacked from (its retreat)")
    supporters: frozenset[str] = Field(
        frozenset(), description="U5.2: fleets that fight from an adjacent area and stay there afterwards")


class BattleSettings(BaseModel):
    """The battle's open points (U-OP-16…26), each defaulting to the spec's proposal."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    initiative_die: str = Field("d6", description="U6.2.1")
    initiative_bonus: Fraction = Field(Fraction(1, 10), ge=0, description="U6.2.1: +10% attack for the round")
    initiative_tie: Literal["no_bonus", "reroll"] = Field("no_bonus", description="U-OP-16")
    initiative_rerolls: int = Field(10, ge=1, le=100, description="U-OP-16 reroll: after this many ties, no bonus")
    rounding: Literal["half_up", "half_even", "down"] = Field("half_up", description="U-OP-17: of a side total")
    strength_key: Literal["attack_then_health", "attack_then_current_health"] = Field(
        "attack_then_health", description="U-OP-18: which ship is stronger: the higher effective attack this "
                                          "round, then the higher maximum (or current) health, then the "
                                          "damaging side's choice (Targeting.identical_first, else list order)")
    overflow: Literal["redistribute", "lost"] = Field("redistribute", description="U-OP-19")
    full_attack_rounds: int = Field(2, ge=0, description="U6.2.4: the rounds in which the full attack is spread")
    capture_when_wiped_out: bool = Field(
        True, description="U-OP-21: a side's 1-health ships are captured when it has no ship left in the "
                          "battle (false: only when it retreats, the seed's letter [L320])")
    mutual_retreat: Literal["both_withdraw", "roll_off"] = Field(
        "both_withdraw", description="U-OP-22: both withdraw (no roll, no winner, no captures, no exhaustion), "
                                     "or one roll each: the higher gets away, a tie fights on")
    retreat_die: str = Field("d6", description="U6.2.6")
    max_rounds: int | None = Field(None, ge=1, description="U-OP-23: none; a moderator's stop ends it undecided")
    war_exhaustion_per_defeat: int = Field(10, ge=0, description="U7.4 [L129]")
    exhaustion_for_in_battle_retreat: bool = Field(True, description="U-OP-25: a successful retreat is a defeat")
    exhaustion_factions: Literal["each_with_ships", "leading"] = Field(
        "each_with_ships", description="U-OP-25: every faction of the losing side that had ships in the battle "
                                       "(supporters included), or its leading faction only")
    battle_mp_cost: int = Field(0, ge=0, description="U-OP-26: MP a battle costs each fleet in it")

    @field_validator("initiative_die", "retreat_die")
    @classmethod
    def _die(cls, value: str) -> str:
        try:
            DieExpr.parse(value)
        except DiceError as exc:  # the same words as the dice: what was wrong and what would be right
            raise ValueError(str(exc)) from None
        return value
