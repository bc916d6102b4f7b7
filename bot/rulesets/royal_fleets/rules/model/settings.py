"""Campaign settings and campaign tables of the royal fleets rules (spec U0.1, U13 "Settings").

Two kinds of field.  *Settings* settle an open point (U-OP-nn) and have the spec's proposal as
default.  *Campaign tables* hold the values the seed does not give (U-OP-01/15/28/37: ship types
with attack, health, price, capacity; the hired-transport fee; trade-post income): moderators fill
them in before play, so every value may be missing (``None``), and an order that needs a missing
value is refused by ``require`` saying which value and where a moderator sets it.  The demo
scenario ships the example-derived values of U6.1, labelled there as example values.

Arithmetic is exact (``Fraction``); rounding only where the rules say (U-OP-17).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected

SHIP_TYPE_ID = r"^[a-z][a-z0-9_-]{0,31}$"


class ShipType(BaseModel):
    """One row of the ship-type table (U13 ShipType, U-OP-15).  ``None`` = not set yet by a moderator."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: str = Field(min_length=1, max_length=60, description="as players read it")
    attack: Fraction | None = Field(None, gt=0, description="U6.1: base attack (a number > 0)")
    max_health: int | None = Field(None, gt=0, le=1000, description="U6.1: maximum health")
    price: int | None = Field(None, ge=0, description="U3: hiring (= construction) price in thalers")
    capacity_units: int | None = Field(None, ge=0, le=100, description="U-OP-28: army units it carries")
    can_cross_maps: bool = Field(True, description="U10.2: false for the galleass")
    can_occupy_trade_post: bool = Field(True, description="U10.2: false for the galleass")

    def upkeep(self) -> Fraction | None:
        """U3.3: 10% of the construction price per turn."""
        return None if self.price is None else Fraction(self.price, 10)

    def repair_cost(self) -> Fraction | None:
        """U3.2 / U-OP-07: half the hiring price, regardless of losses."""
        return None if self.price is None else Fraction(self.price, 2)

    def buy_over_price(self) -> Fraction | None:
        """U3.5: half the per-turn upkeep."""
        upkeep = self.upkeep()
        return None if upkeep is None else upkeep / 2


class RoyalSettings(BaseModel):
    """Every default is the spec's proposal unless its description says otherwise."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    # --- campaign tables (U-OP-01, U-OP-15, U-OP-28, U-OP-37): moderators fill them in ---------------
    ship_types: dict[str, ShipType] = Field(
        default_factory=dict, description="U-OP-15: ship types by id (attack, max_health, price, capacity_units)")
    transport_fee_per_unit_turn: int | None = Field(
        None, ge=0, description="U-OP-28: hired-transport fee in thalers per army unit per turn")
    trade_post_income: dict[str, int | None] = Field(
        default_factory=dict, description="U-OP-37: income per turn of each trade post (by the map's trade-post id), thalers")

    # --- settings (open points) ----------------------------------------------------------------
    fleet_cap: int = Field(20, ge=1, le=100, description="U1.1: ships per fleet")
    fleet_mp: int = Field(4, ge=1, le=20, description="U2.1: movement points per turn")
    # U-OP-05: movement is resolved in synchronous steps; fleets swapping areas meet in the area of
    # the one with fewer MP spent (a tie: the lower fleet id's, flagged for moderators).  The
    # proposal's alternative "moderator_sequence" is not offered: a moderator rules afterwards.
    initiative_tie: Literal["no_bonus", "reroll"] = Field("no_bonus", description="U-OP-16")
    rounding: Literal["half_up", "half_even", "down"] = Field("half_up", description="U-OP-17")
    strength_key: Literal["attack_then_health", "attack_then_current_health"] = Field(
        "attack_then_health", description="U-OP-18: effective attack, then maximum (or current) health, then the "
                                          "damaging side's choice")
    overflow: Literal["redistribute", "lost"] = Field("redistribute", description="U-OP-19")
    mutual_retreat: Literal["both_withdraw", "roll_off"] = Field("both_withdraw", description="U-OP-22")
    capture_when_wiped_out: bool = Field(
        True, description="U-OP-21: a side's 1-health ships are captured when it has no ship left in the battle")
    battle_mp_cost: int = Field(0, ge=0, le=4, description="U-OP-26")
    support_battles_per_turn: int = Field(1, ge=0, le=4, description="U-OP-13")
    blockade_upkeep_mp: int = Field(0, ge=0, le=4, description="U-OP-10: MP to keep a blockade each later turn")
    march_loss_at_sea: bool = Field(False, description="U-OP-31: army march loss for 4 MP spent at sea")
    sea_loss_per_turn: int = Field(1, ge=0, le=10, description="U9.6: health each carried unit loses per turn "
                                                                  "ending at sea")
    crossing_loss: int = Field(2, ge=0, le=10, description="U10.3: health each carried unit loses crossing maps")
    crossing_loss_mode: Literal["replace", "add"] = Field("replace", description="U-OP-36")
    war_exhaustion_per_defeat: int = Field(10, ge=0, le=100, description="U7.4")
    exhaustion_for_in_battle_retreat: bool = Field(True, description="U-OP-25: a successful retreat is a defeat")
    exhaustion_for_surrender: bool = Field(True, description="U-OP-25")
    # U-OP-03: captured ships above the cap form a second fleet of the winner (model/fleet_ops.py).
    deploy_on_trade_posts: bool = Field(True, description="U-OP-33")
    war_sharing_area_attack: bool = Field(True, description="U-OP-12 / U11.7: fleets of factions at war sharing "
                                                            "an area fight at the next turn's first step")
    # U9.8 [L246] "friendly ships" (дружественные): own or allied; false: own ships only.
    retreat_to_allied_ships: bool = Field(True, description="U9.8: an army may retreat onto allied ships")
    intercept_default: bool = Field(True, description="U-OP-29: a hostile fleet intercepts an embarkation in "
                                                      "its area unless its order says not to")
    troops_on_lost_ships: Literal["lost", "moderator"] = Field(
        "lost", description="U-OP-30: troops aboard sunk ships are lost and aboard captured or surrendered ships "
                            "are captured (the spec's suggested house rule; 'moderator' only flags them)")
    # U-OP-06: hired ships appear at the end of the turn (one step per turn): they sail next turn.

    @field_validator("ship_types")
    @classmethod
    def _ids(cls, value: dict[str, ShipType]) -> dict[str, ShipType]:
        import re
        bad = [key for key in value if not re.match(SHIP_TYPE_ID, key)]
        if bad:
            raise ValueError(f"ship type ids must be lower-case words (a-z, 0-9, _ or -), not {', '.join(bad)}")
        return value


# --- the refusal of an order that needs a value nobody set ------------------------------------------

MISSING_VALUE = N_("This order needs the {what}, which the campaign tables do not have yet: a moderator sets it "
                   "with the setting `{path}` (U-OP-01).")

_FIELDS = {"attack": N_("attack"), "max_health": N_("maximum health"), "price": N_("price"),
           "capacity_units": N_("capacity")}


def ship_type(settings: RoyalSettings, type_id: str) -> ShipType:
    """The row of the table for ``type_id``; refused naming the known types when there is none."""
    found = settings.ship_types.get(type_id)
    if found is None:
        known = ", ".join(t.name for t in settings.ship_types.values()) or "none yet"
        raise OrderRejected(N_("There is no ship type {type} in this campaign's table (known: {known}); a "
                               "moderator adds it with the setting `ship_types.{type}.name`."),
                            rule="U-OP-15", type=type_id, known=known)
    return found


def require(settings: RoyalSettings, type_id: str, field: str):
    """The value ``field`` of ship type ``type_id``, or OrderRejected saying which value is missing
    and the setting path a moderator fills in (U-OP-01: the bot refuses, it never guesses)."""
    value = getattr(ship_type(settings, type_id), field)
    if value is None:
        what = f"{_FIELDS.get(field, field)} of the {settings.ship_types[type_id].name}"
        raise OrderRejected(MISSING_VALUE, rule="U-OP-01", what=what, path=f"ship_types.{type_id}.{field}")
    return value


def require_fee(settings: RoyalSettings) -> int:
    if settings.transport_fee_per_unit_turn is None:
        raise OrderRejected(MISSING_VALUE, rule="U-OP-28", what="hired-transport fee per unit and turn",
                            path="transport_fee_per_unit_turn")
    return settings.transport_fee_per_unit_turn


def missing_values(settings: RoyalSettings) -> list[str]:
    """Every table value still unset, as setting paths: what a moderator must supply (the report's
    and the moderators' checklist)."""
    paths = [f"ship_types.{tid}.{f}" for tid, row in settings.ship_types.items()
             for f in ("attack", "max_health", "price", "capacity_units") if getattr(row, f) is None]
    if settings.transport_fee_per_unit_turn is None:
        paths.append("transport_fee_per_unit_turn")
    paths += [f"trade_post_income.{area}" for area, value in settings.trade_post_income.items() if value is None]
    return paths


def round_total(value: Fraction, settings: RoyalSettings) -> int:
    """U6.2.3 / U-OP-17: a side total rounded the campaign's way (the only rounding of the rules)."""
    floor = value.numerator // value.denominator
    rest = value - floor
    if settings.rounding == "down" or rest < Fraction(1, 2):
        return floor
    if rest > Fraction(1, 2) or settings.rounding == "half_up":
        return floor + 1
    return floor + (floor % 2)  # half_even
