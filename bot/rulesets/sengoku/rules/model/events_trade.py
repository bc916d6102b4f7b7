"""Events of trade fleets, lines of communication, straits, blockades and
repair (S3, S4.3, S4.9, S6, S8.1, S12.5 step 8).

Audiences are set where they are emitted.  Blockades are public (S12.6).  A
fleet's task, route and loot go to its owner only; pirates are public only as
"pirates off a port", never with the fleet or its owner (S8.1.2, OP-49): the
owner is told only to a clan whose squadron caught the pirate.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.domain.events import Event


class PortBlockaded(Event):
    """S4.3.3: trade and communications from the port are cut for its owner."""

    kind: Literal["port_blockaded"] = "port_blockaded"
    port: str
    owner: str | None
    by: list[str]
    subphase: str


class LocCut(Event):
    """OP-20 (a), S6: the LoC is blocked for these clans."""

    kind: Literal["loc_cut"] = "loc_cut"
    loc: str
    for_clans: list[str]
    by: list[str]
    subphase: str


class CrossingBlocked(Event):
    """S6.2, S6.3, OP-30 (b): the land crossing over the strait is blocked for these clans."""

    kind: Literal["crossing_blocked"] = "crossing_blocked"
    strait: str
    for_clans: list[str]
    by: list[str]
    subphase: str


class BlockadeLifted(Event):
    kind: Literal["blockade_lifted"] = "blockade_lifted"
    what: Literal["port", "loc", "crossing"]
    id: str
    subphase: str


class TradeBlocked(Event):
    kind: Literal["trade_blocked"] = "trade_blocked"
    fleet: str
    port: str
    by: list[str]
    subphase: str


class FleetSailed(Event):
    """W5 (OP-10): the path was clear and the fleet reached its target."""

    kind: Literal["fleet_sailed"] = "fleet_sailed"
    fleet: str
    task: str
    target: str
    route: list[str]
    subphase: str


class FleetStayedIdle(Event):
    """S3.4.2, S3.5.1: the path was not clear; the fleet stays idle, the task is cancelled."""

    kind: Literal["fleet_stayed_idle"] = "fleet_stayed_idle"
    fleet: str
    task: str
    target: str
    blockers: list[tuple[str, str]] = Field(description="(area, squadron) pairs on the path")
    subphase: str


class PiratesPresent(Event):
    """Public: pirates operate off a port; neither the fleet nor its owner is named."""

    kind: Literal["pirates_present"] = "pirates_present"
    port: str
    area: str
    subphase: str


class PiracyClash(Event):
    """S8.1.2, OP-11, public part: no fleet, no owner."""

    kind: Literal["piracy_clash"] = "piracy_clash"
    port: str
    area: str
    by: list[str]
    subphase: str


class PirateIdentified(Event):
    """S8.1.2: the catching clan (and the owner) learn who owns the pirate."""

    kind: Literal["pirate_identified"] = "pirate_identified"
    fleet: str
    owner: str
    port: str
    by: list[str]
    back_to: str | None


class PlunderLooted(Event):
    kind: Literal["plunder_looted"] = "plunder_looted"
    fleet: str
    area: str
    key: str
    faces: list[int]
    rice: int
    port: str | None
    subphase: str


class PlunderHindered(Event):
    """OP-12 (a): an enemy war squadron is at the coast: no loot."""

    kind: Literal["plunder_hindered"] = "plunder_hindered"
    fleet: str
    area: str
    by: list[str]
    subphase: str


class LocTaskCancelled(Event):
    """S3.6.2: the LoC a fleet kept open was blocked; the task ends."""

    kind: Literal["loc_task_cancelled"] = "loc_task_cancelled"
    fleet: str
    loc: str
    target: str
    by: list[str]
    subphase: str


class LocSecured(Event):
    """S3.6.2, S12.5 7.6: kept open all turn, the LoC is active next turn."""

    kind: Literal["loc_secured"] = "loc_secured"
    fleet: str
    loc: str
    target: str
    clan: str
    active_from_turn: int


class TradeRecorded(Event):
    """S12.5 step 8, OP-03: hand-off to the Turn Start Phase."""

    kind: Literal["trade_recorded"] = "trade_recorded"
    fleet: str
    port: str
    owner: str
    beneficiary: str | None
    since: str
    blocked_in: list[str]


class PiracyRecorded(Event):
    """S12.5 step 8, OP-03: a pirate still off its port at turn end."""

    kind: Literal["piracy_recorded"] = "piracy_recorded"
    fleet: str
    port: str
    owner: str
    since: str


class FleetReturned(Event):
    kind: Literal["fleet_returned"] = "fleet_returned"
    fleet: str
    port: str | None


class FleetRepaired(Event):
    kind: Literal["fleet_repaired"] = "fleet_repaired"
    fleet: str
    port: str | None
    subphase: str


class SquadronRepaired(Event):
    kind: Literal["squadron_repaired"] = "squadron_repaired"
    unit: str
    before: int
    after: int
    heavy: list[tuple[str, int, int]] = Field(default_factory=list, description="(HD, before, after)")
    subphase: str
