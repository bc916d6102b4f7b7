"""The orders of the royal fleets rules (spec U14): payload models, one per order kind.

A fleet's *main* order (move, hold, blockade, support, transport) carries the standing fields a
player fills in advance (``BattlePlan``): whether to avoid battle (U5.3, U-OP-14), when to declare
a retreat in a battle (U6.2.6, U-OP-22), how to target from round 3 (U6.2.4, U-OP-20), where to
retreat after a lost battle or to surrender (U7.2-U7.3, U-OP-24), whether to intercept an
embarkation (U9.3, U-OP-29).  The bot never waits for a player in the middle of a turn: what a
prompt would ask is asked in advance, and an unfilled field has the spec's default.

Next-turn decisions (buy-over U3.5/U-OP-08, joint command U1.2/U-OP-02) are orders like any other.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected, unit_slot

Id = Annotated[str, Field(min_length=1, max_length=64)]
_Order = ConfigDict(frozen=True, extra="forbid")


class BattlePlan(BaseModel):
    """Standing battle choices of a fleet (SO in the spec's vocabulary)."""

    model_config = _Order

    # U5.3 / U-OP-14: default fight; "outmatched" avoids when the enemy's total attack exceeds ours
    # by more than avoid_margin_pct per cent.
    avoid: Literal["fight", "avoid", "outmatched"] = "fight"
    avoid_margin_pct: int = Field(50, ge=0, le=1000)
    avoid_to: Id | None = None  # preferred area to avoid into (else the first legal one, map order)
    # U6.2.6 / U-OP-22: declare a retreat after this round (None: never), or once the fleet's health
    # is below this share of its health at the start of the battle.
    retreat_after_round: int | None = Field(None, ge=1, le=50)
    retreat_below_pct: int | None = Field(None, ge=1, le=100)
    # U6.2.4 / U-OP-20: from round 3; "even" is the round-1/2 rule with full attack (the default),
    # "concentrate" the strongest enemy ship first, "capture" down to 1 health (rules/battle Targeting).
    targeting: Literal["even", "concentrate", "capture"] = "even"
    # U6.2.4.2 / U14 BATTLE_ROUND from round 3, as a standing order: these enemy ships first, in
    # order (each until it sinks; with "capture" down to 1 health), the rest by ``targeting``.  Only
    # ships the faction sees (views.sighted_ships) may be named; ships not in the battle are skipped.
    focus: tuple[Id, ...] = Field((), max_length=8)
    # U7.2-U7.3 / U-OP-24: preferred retreat areas in order; cornered: attack one, or surrender.
    retreat_to: tuple[Id, ...] = Field((), max_length=8)
    if_cornered: Literal["attack", "surrender"] = "attack"
    # U9.3 / U-OP-29: intercept an embarkation in the fleet's area (None: the campaign's default).
    intercept: bool | None = None


class _FleetOrder(BaseModel):
    model_config = _Order

    fleet: Id
    plan: BattlePlan = Field(default_factory=BattlePlan)


class MoveFleet(_FleetOrder):
    """U2 / U14 MOVE_FLEET: ``path`` lists the areas entered, one per MP, in order."""

    kind: Literal["move"] = "move"
    path: tuple[Id, ...] = Field(min_length=1, max_length=20)


class HoldFleet(_FleetOrder):
    """Stay in the area with these standing choices (the default of a fleet without orders)."""

    kind: Literal["hold"] = "hold"


class BlockadeOrder(_FleetOrder):
    """U4 / U14 BLOCKADE: optionally sail ``path`` first, then blockade ``port`` (1 MP)."""

    kind: Literal["blockade"] = "blockade"
    port: Id
    path: tuple[Id, ...] = Field((), max_length=20)


class SupportOrder(_FleetOrder):
    """U5.2 / U14 SUPPORT: if a battle is fought in the adjacent ``area`` this turn, join it on the
    side of ``side`` (a faction); the fleet stays where it is and owes 1 MP of its next turn."""

    kind: Literal["support"] = "support"
    area: Id
    side: Id


class TransportOrder(_FleetOrder):
    """U9 / U14 EMBARK + SAIL_WITH_ARMY + LAND: the fleet takes ``army`` aboard in ``embark`` (a
    province bordering its area; omit it when the army is already aboard), sails ``path`` and lands
    in ``land`` (a province bordering the last area; omit it to stay at sea).  ``units`` (default: all)
    is how many go; ``hired_units`` of them go on hired transports escorted by the fleet (U9.7)."""

    kind: Literal["transport"] = "transport"
    army: Id
    embark: Id | None = None
    path: tuple[Id, ...] = Field((), max_length=20)
    land: Id | None = None
    units: int | None = Field(None, ge=1, le=200)
    hired_units: int = Field(0, ge=0, le=200)


class RetreatToShips(BaseModel):
    """U9.8 / U14 RETREAT_TO_SHIPS, a standing order of the army for this turn: if it loses a land
    battle on the coast (the moderators record it, Army.beaten_mp), it goes aboard ``fleet`` (own
    or allied) in a sea area its province borders; the army and the fleet pay 1 MP each; no hired
    transports.  If the army was not beaten the order does nothing."""

    model_config = _Order

    kind: Literal["retreat_to_ships"] = "retreat_to_ships"
    faction: str = ""  # whose (its slot, ``order_slot``); "" in orders stored before, and in cases
    army: Id
    fleet: Id


class HireShips(BaseModel):
    """U3.1 / U14 HIRE_SHIPS: ships of these types in ``area``; they join ``fleet`` (one of the
    faction's in that area) or form a new fleet named ``name`` (U-OP-06)."""

    model_config = _Order

    kind: Literal["hire"] = "hire"
    faction: str = ""  # whose (its slot, ``order_slot``); "" in orders stored before, and in cases
    area: Id
    ships: tuple[Id, ...] = Field(min_length=1, max_length=20)
    fleet: Id | None = None
    name: str | None = Field(None, min_length=1, max_length=60)


class RepairShips(BaseModel):
    """U3.2 / U-OP-07: full repair at half the price each; ``ships`` empty = every damaged ship."""

    model_config = _Order

    kind: Literal["repair"] = "repair"
    fleet: Id
    ships: tuple[Id, ...] = Field((), max_length=20)


class PayUpkeep(BaseModel):
    """U3.3 / U14 PAY_UPKEEP: the faction pays every ship's upkeep except ``unpaid`` (crews
    disbanded, U3.5).  Without this order every ship is paid while the treasury lasts."""

    model_config = _Order

    kind: Literal["upkeep"] = "upkeep"
    faction: str = ""  # whose (its slot, ``order_slot``); "" in orders stored before, and in cases
    unpaid: tuple[Id, ...] = Field((), max_length=200)


class BuyOver(BaseModel):
    """U3.5 / U-OP-08: ``fleet`` buys over unpaid ships (flagged last turn) in its area or an
    adjacent one, for half their upkeep each."""

    model_config = _Order

    kind: Literal["buy_over"] = "buy_over"
    fleet: Id
    ships: tuple[Id, ...] = Field(min_length=1, max_length=20)


class MergeFleets(BaseModel):
    """U1.2 / U14 MERGE_FLEETS: ``fleet`` joins ``into`` in the same area (cap U1.1).  Into another
    faction's fleet it waits for that faction's ``join_command`` consent (U-OP-02)."""

    model_config = _Order

    kind: Literal["merge"] = "merge"
    fleet: Id
    into: Id


class SplitFleet(BaseModel):
    """U14 SPLIT_FLEET: ``ships`` leave ``fleet`` as a new fleet ``name`` (U-OP-35: detach galleasses)."""

    model_config = _Order

    kind: Literal["split"] = "split"
    fleet: Id
    ships: tuple[Id, ...] = Field(min_length=1, max_length=20)
    name: str = Field(min_length=1, max_length=60)


class JoinCommand(BaseModel):
    """U-OP-02: consent (or refusal) to another faction's fleet joining ours under joint command."""

    model_config = _Order

    kind: Literal["join_command"] = "join_command"
    faction: str = ""  # whose (its slot, ``order_slot``); "" in orders stored before, and in cases
    fleet: Id  # the other faction's fleet asking to join
    into: Id  # our fleet
    accept: bool = True


class DeployFleet(BaseModel):
    """U1.3 / U10.5 / U-OP-33 DEPLOY (before the game): place the fleet in ``area``."""

    model_config = _Order

    kind: Literal["deploy"] = "deploy"
    fleet: Id
    area: Id


RoyalOrder = Annotated[Union[MoveFleet, HoldFleet, BlockadeOrder, SupportOrder, TransportOrder, HireShips,
                             RetreatToShips, RepairShips, PayUpkeep, BuyOver, MergeFleets, SplitFleet, JoinCommand,
                             DeployFleet],
                       Field(discriminator="kind")]
MAIN_KINDS = ("move", "hold", "blockade", "support", "transport")  # one of these per fleet per turn
ORDER_KINDS = ("move", "hold", "blockade", "support", "transport", "retreat_to_ships", "hire", "repair", "upkeep",
               "buy_over", "merge", "split", "join_command", "deploy")

_ADAPTER: TypeAdapter = TypeAdapter(RoyalOrder)


def parse_order(payload: dict[str, Any]) -> BaseModel:
    """Payload → order; OrderRejected naming the first bad field and what it should be."""
    if not isinstance(payload, dict) or payload.get("kind") not in ORDER_KINDS:
        kind = payload.get("kind") if isinstance(payload, dict) else None
        raise OrderRejected(N_("Unknown order kind {kind}; the orders are: {kinds}."), rule="U14",
                            kind=repr(kind), kinds=", ".join(ORDER_KINDS))
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"][1:]) or "order"
        raise OrderRejected(N_("The {kind} order's field {field} is wrong: {problem}."), rule="U14",
                            kind=payload["kind"], field=where, problem=error["msg"]) from None


def order_slot(order: BaseModel) -> str:
    """One main order per fleet per turn (U14); its side orders (repair, organise, buy-over,
    deploy) have parts of their own; a faction's orders are ``faction:…`` (not units').  A faction's
    own orders (hire, upkeep, retreat to ships, join consent) carry the faction, ``faction:<id>:upkeep``:
    the store keys a turn's orders by slot alone, so a bare ``faction:upkeep`` of one faction would
    replace another's.  One stored before (no faction) keeps its old slot."""
    if order.kind in MAIN_KINDS:
        return unit_slot(order.fleet)
    if order.kind == "repair":
        return unit_slot(order.fleet, "repair")
    if order.kind in ("merge", "split"):
        return unit_slot(order.fleet, "organise")
    if order.kind == "buy_over":
        return unit_slot(order.fleet, "buy")
    if order.kind == "deploy":
        return unit_slot(order.fleet, "deploy")
    prefix = f"faction:{order.faction}" if order.faction else "faction"
    if order.kind == "hire":
        return f"{prefix}:hire:{order.area}"
    if order.kind == "retreat_to_ships":
        return f"{prefix}:retreat:{order.army}"
    if order.kind == "join_command":
        return f"{prefix}:join:{order.fleet}"
    return f"{prefix}:upkeep"
