"""What a naval battle comes to (U6, U6.3, U7): a record per round with every die, bonus, attack
and allocation, the fate of every ship, captures, who must retreat and where to, and the war
exhaustion it awards.  ``BattleResult.events`` are the typed events the reports show (events.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.domain.events import Event
from bot.engine.dice import Roll
from bot.rulesets.royal_fleets.rules.battle.inputs import Side

Outcome = Literal["attacker_won", "defender_won", "no_winner"]
# How it ended (U6.2.7, U-OP-22, U-OP-23): a side got away; a side had no ship left in the battle;
# both withdrew; both lost their last ships in the same round; a moderator's round limit; neither
# side can deal a point of damage any more (attacks below 1, rounded down).
Ending = Literal["retreat", "eliminated", "mutual_withdrawal", "mutual_wipeout", "round_limit", "stalemate"]
ShipStatus = Literal["active", "out_of_battle", "sunk", "captured"]
Allocation = Literal["even", "concentrate", "capture", "explicit", "focus"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SideAttack(_Frozen):
    """U6.2.2-U6.2.3: one side's attack in one round."""

    side: Side
    effective: dict[str, Fraction] = Field(description="ship id → its effective attack this round")
    halved: tuple[str, ...] = Field(description="ships whose attack is halved (health ≤ ½ max)")
    subtotal: Fraction = Field(description="Σ effective attacks, unrounded")
    bonus: bool = Field(description="won the initiative: +10%")
    attack: int = Field(description="the side total, rounded (U-OP-17)")
    used: int = Field(description="what it dealt: the full attack in rounds 1-2, maybe less later (U6.2.4.2)")
    allocation: Allocation
    damage: dict[str, int] = Field(description="enemy ship id → damage dealt to it")
    lost: int = Field(0, description="damage that found no ship (overflow lost, U-OP-19, or no ship left)")


class RoundRecord(_Frozen):
    round: int
    initiative: tuple[Roll, ...] = Field(description="every initiative die, rerolls included (U6.2.1, U-OP-16)")
    bonus_side: Side | None
    attacks: dict[Side, SideAttack]
    health_before: dict[str, int] = Field(description="every ship of the battle at the start of the round, in "
                                                      "side and list order (0 sunk, 1 out of the battle)")
    health_after: dict[str, int] = Field(description="the same at the end of the round")
    sunk: tuple[str, ...]
    left_battle: tuple[str, ...] = Field(description="ships now at exactly 1 health (U6.2.5)")
    retreat_declared: tuple[Side, ...] = ()
    retreat_rolls: tuple[Roll, ...] = ()
    retreated: Side | None = Field(None, description="the side that got away after this round (U6.2.6)")


class ShipFate(_Frozen):
    id: str
    side: Side
    faction: str = Field(description="who controls it after the battle (the captor, if captured)")
    fleet: str | None = Field(description="its fleet after the battle; a captured ship's captor fleet")
    health: int
    status: ShipStatus


class Capture(_Frozen):
    """U6.3: a ship that joins the winner's fleet with its current health."""

    ship: str
    from_faction: str
    to_faction: str
    to_fleet: str | None
    health: int
    reason: Literal["side_retreated", "side_wiped_out"]


class RetreatOrder(_Frozen):
    """U7.1-U7.2: a fleet that must leave the battle area after the battle, even with no MP left.
    The route is the movement rules' to find (they have the map): the attacker to ``origin``, the
    defender to an adjacent area with no hostile fleet other than ``excluded``; U7.3 when none."""

    fleet: str
    side: Side
    rule: Literal["to_origin", "to_adjacent"]
    origin: str | None = None
    excluded: str | None = None
    ships: tuple[str, ...]


class ExhaustionAward(_Frozen):
    """U7.4: war exhaustion for a naval defeat."""

    faction: str
    points: int
    reason: Literal["defeated", "retreated"]


class BattleResult(_Frozen):
    area: str
    key: str = Field(description="the prefix of the battle's dice keys")
    rounds: tuple[RoundRecord, ...]
    outcome: Outcome
    ending: Ending
    winner: Side | None
    loser: Side | None
    ships: dict[str, ShipFate]
    captures: tuple[Capture, ...]
    retreats: tuple[RetreatOrder, ...]
    exhaustion: tuple[ExhaustionAward, ...]
    mp_cost: int = Field(description="U-OP-26: MP each fleet in the battle pays")
    events: tuple[Event, ...]

    def health(self, ship: str) -> int:
        return self.ships[ship].health
