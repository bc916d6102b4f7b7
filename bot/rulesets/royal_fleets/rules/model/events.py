"""Typed events of the royal fleets rules (every one a ``bot.domain.events.Event`` with a ``kind``).

Each names what happened with ids; the report (``report/``) words them with names.  Who may read
an event is decided where it is emitted (``audience``).  ``rule`` cites the spec section.  The
battle's own round-by-round events come from ``rules/battle`` (R3); ``ruleset.py`` adds them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import TypeAdapter

from bot.domain.events import Event


class _Royal(Event):
    rule: str = ""


class FleetMoved(_Royal):
    kind: Literal["fleet_moved"] = "fleet_moved"
    fleet: str
    faction: str
    path: tuple[str, ...]  # the areas entered, in order (U2)
    stopped_by_battle: bool = False


class FleetArrived(_Royal):
    """A fleet seen entering an area by a faction that watches it (visibility)."""

    kind: Literal["fleet_sighted"] = "fleet_sighted"
    fleet: str
    faction: str
    area: str
    ships: int


class FleetAvoidedBattle(_Royal):
    kind: Literal["battle_avoided"] = "battle_avoided"
    fleet: str
    faction: str
    area: str
    to_area: str


class BattleSupported(_Royal):
    kind: Literal["battle_supported"] = "battle_supported"
    fleet: str
    faction: str
    area: str
    side: str  # the faction supported


class FleetRetreated(_Royal):
    kind: Literal["fleet_retreated"] = "fleet_retreated"
    fleet: str
    faction: str
    from_area: str
    to_area: str


class FleetSurrendered(_Royal):
    kind: Literal["fleet_surrendered"] = "fleet_surrendered"
    fleet: str
    faction: str
    area: str
    to_faction: str
    ships: tuple[str, ...]


class ShipLeftPlay(_Royal):
    """Every ship that leaves play has one (sunk, captured into another faction, turned pirate)."""

    kind: Literal["ship_left_play"] = "ship_left_play"
    ship: str
    ship_type: str
    fleet: str
    faction: str
    how: Literal["sunk", "captured", "surrendered", "pirate", "bought_over"]


class WarExhaustion(_Royal):
    kind: Literal["war_exhaustion"] = "war_exhaustion"
    faction: str
    points: int
    total: int


class BlockadeSet(_Royal):
    kind: Literal["blockade_set"] = "blockade_set"
    fleet: str
    faction: str
    port: str
    area: str


class BlockadeLifted(_Royal):
    kind: Literal["blockade_lifted"] = "blockade_lifted"
    fleet: str
    faction: str
    port: str
    why: Literal["left", "lost_battle", "retreated", "destroyed", "order"]


class Embarked(_Royal):
    kind: Literal["embarked"] = "embarked"
    army: str
    fleet: str
    province: str
    units: int
    hired_units: int = 0
    fee: int = 0
    army_mp: int = 0  # left after embarking (U9.2)


class RetreatedToShips(_Royal):
    """U9.8: a beaten army went aboard a friendly fleet in a sea area next to its province."""

    kind: Literal["retreated_to_ships"] = "retreated_to_ships"
    army: str
    fleet: str
    province: str
    units: int
    army_mp: int  # left after the retreat
    fleet_mp: int


class EmbarkationIntercepted(_Royal):
    kind: Literal["embarkation_intercepted"] = "embarkation_intercepted"
    army: str
    fleet: str
    by_fleet: str
    area: str
    succeeded: bool  # the embarkation went ahead (the friendly fleet won)


class Landed(_Royal):
    kind: Literal["landed"] = "landed"
    army: str
    fleet: str
    province: str
    units: int
    enemy_present: bool = False  # the land module resolves what follows (U9.4, U-OP-38)
    army_mp: int = 0  # left after landing (U9.4, U-OP-32)
    fleet_mp: int = 0


class TransportFeePaid(_Royal):
    """U9.5: hired transports still at sea cost their fee again for this turn."""

    kind: Literal["transport_fee_paid"] = "transport_fee_paid"
    army: str
    faction: str
    units: int
    fee: int


class TransportCaptured(_Royal):
    kind: Literal["transport_captured"] = "transport_captured"
    army: str
    units: int
    area: str
    by_faction: str


class TroopsLost(_Royal):
    """U-OP-30: troops aboard ships that sank, were captured or surrendered."""

    kind: Literal["troops_lost"] = "troops_lost"
    army: str
    units: int
    how: Literal["sunk", "captured", "moderator"]


class SeaAttrition(_Royal):
    """U9.6 / U10.3: each carried unit of ``army`` loses ``health``; ``lost`` units fell to 0."""

    kind: Literal["sea_attrition"] = "sea_attrition"
    army: str
    health: int
    crossing: bool = False
    lost: int = 0


class EnteredTransit(_Royal):
    kind: Literal["entered_transit"] = "entered_transit"
    fleet: str
    faction: str
    area: str
    to_area: str
    arrival_turn: int


class ArrivedFromTransit(_Royal):
    kind: Literal["arrived_from_transit"] = "arrived_from_transit"
    fleet: str
    faction: str
    area: str


class TradePostControl(_Royal):
    kind: Literal["trade_post"] = "trade_post"
    post: str  # the map's trade-post id
    controller: str | None
    income: int = 0
    paid: bool = False
    why_unpaid: Literal["", "all_ports_blockaded", "no_income_set", "no_controller"] = ""


class UpkeepPaid(_Royal):
    kind: Literal["upkeep_paid"] = "upkeep_paid"
    faction: str
    ships: int
    amount: int
    unpaid: tuple[str, ...] = ()


class ShipsOnOffer(_Royal):
    """U3.5 / U-OP-08: unpaid ships any fleet in or next to their area may buy over next turn."""

    kind: Literal["ships_on_offer"] = "ships_on_offer"
    faction: str
    ships: tuple[str, ...]


class BoughtOver(_Royal):
    kind: Literal["bought_over"] = "bought_over"
    ships: tuple[str, ...]
    from_faction: str
    by_fleet: str
    by_faction: str
    price: int


class BecamePirates(_Royal):
    kind: Literal["became_pirates"] = "became_pirates"
    ships: tuple[str, ...]
    from_faction: str
    fleet: str  # the new pirate fleet
    area: str


class ShipsHired(_Royal):
    kind: Literal["ships_hired"] = "ships_hired"
    faction: str
    area: str
    fleet: str
    ships: tuple[str, ...]
    cost: int


class ShipsRepaired(_Royal):
    kind: Literal["ships_repaired"] = "ships_repaired"
    faction: str
    fleet: str
    ships: tuple[str, ...]
    cost: int


class FleetsMerged(_Royal):
    kind: Literal["fleets_merged"] = "fleets_merged"
    fleet: str
    into: str
    owners: tuple[str, ...]


class FleetSplit(_Royal):
    kind: Literal["fleet_split"] = "fleet_split"
    fleet: str
    new_fleet: str
    ships: tuple[str, ...]


class JointCommandAsked(_Royal):
    kind: Literal["joint_command_asked"] = "joint_command_asked"
    fleet: str
    into: str
    asked_by: str
    answer: Literal["pending", "accepted", "refused"] = "pending"


class FleetDeployed(_Royal):
    kind: Literal["fleet_deployed"] = "fleet_deployed"
    fleet: str
    faction: str
    area: str


class SiegeLosses(_Royal):
    """U11.1 (for the land module): the besieged's loss per unit this turn, with the port's state."""

    kind: Literal["siege_losses"] = "siege_losses"
    province: str
    besieged_loss: int
    besieger_loss: int
    port_blockaded: bool


class OrderFellBack(_Royal):
    """An order that could not be carried out, and the default applied (moderators' log, owner)."""

    kind: Literal["order_fell_back"] = "order_fell_back"
    fleet: str
    faction: str
    order: str
    reason: str  # a message id of the rules (words in the report)
    values: dict[str, Any] = {}


class DefaultApplied(_Royal):
    """A default the bot applied where the spec would prompt a player or moderator (moderators)."""

    kind: Literal["default_applied"] = "default_applied"
    what: str  # the open point, e.g. "U-OP-24"
    subject: str
    choice: str


class ModeratorNeeded(_Royal):
    """Where the spec says "MOD": the bot applied its default and flags it for moderators."""

    kind: Literal["moderator_needed"] = "moderator_needed"
    what: str
    subject: str
    detail: str = ""


EVENT_TYPES: tuple[type[Event], ...] = (
    FleetMoved, FleetArrived, FleetAvoidedBattle, BattleSupported, FleetRetreated,
    FleetSurrendered, ShipLeftPlay, WarExhaustion, BlockadeSet, BlockadeLifted, Embarked,
    EmbarkationIntercepted, RetreatedToShips,
    Landed, TransportFeePaid, TransportCaptured, TroopsLost, SeaAttrition, EnteredTransit,
    ArrivedFromTransit, TradePostControl, UpkeepPaid, ShipsOnOffer, BoughtOver, BecamePirates, ShipsHired, ShipsRepaired,
    FleetsMerged, FleetSplit, JointCommandAsked, FleetDeployed, SiegeLosses, OrderFellBack, DefaultApplied,
    ModeratorNeeded,
)


def event_types(extra: tuple[type[Event], ...] = ()) -> dict[str, type[Event]]:
    """Every kind by name; ``extra`` are the battle package's (ruleset.py adds them: rules/battle is
    a layer above the model)."""
    return {event_type.model_fields["kind"].default: event_type for event_type in (*EVENT_TYPES, *extra)}


def parse_event(raw: dict[str, Any], kinds: dict[str, type[Event]]) -> Event:
    kind = raw.get("kind")
    if kind not in kinds:
        raise ValueError(f"unknown royal fleets event kind {kind!r}")
    return TypeAdapter(kinds[kind]).validate_python(raw)
