"""Events of landing operations and evacuations (S3.7–S3.9, S8.5, S8.7, S9.5).

``operation`` is the operation's label, also the prefix of its dice keys:
``<lead fleet>:<sub-phase>`` for a landing, ``<lead fleet>:evac-<sub-phase|end>``
for an evacuation.  Dice, stakes and modifiers go only to the clan that rolled
(R19); the public sees who intercepted whom, the category, and where the army
ended.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.domain.events import Event


class OperationSailed(Event):
    """Private to the clan: what sails, with what, by which route."""

    kind: Literal["operation_sailed"] = "operation_sailed"
    operation: str
    evacuation: bool = False
    lead: str
    fleets: list[str]
    escorts: list[str] = Field(default_factory=list)
    army: str
    detachments: list[str]
    origin: str
    destination: str
    route: list[str]
    mode: str = "quick"
    loads: dict[str, list[str]] = Field(default_factory=dict)


class StormChecked(Event):
    kind: Literal["storm_checked"] = "storm_checked"
    operation: str
    key: str
    face: int
    caught: bool
    fleet: str | None = None


class StormStruck(Event):
    kind: Literal["storm_struck"] = "storm_struck"
    operation: str
    lead: str
    fleets: list[str]


class FiguresLost(Event):
    kind: Literal["figures_lost"] = "figures_lost"
    operation: str
    army: str
    detachment: str
    cause: Literal["storm", "interception", "melee", "melee_extra"]
    key: str
    faces: list[int]
    rolled: int
    lost: int
    figures_after: int
    non_replaceable: bool = False


class LandingReady(Event):
    """OP-14: a prepared landing waits off its embarkation coast."""

    kind: Literal["landing_ready"] = "landing_ready"
    operation: str
    lead: str
    area: str
    trigger: str


class LandingLapsed(Event):
    kind: Literal["landing_lapsed"] = "landing_lapsed"
    operation: str
    lead: str
    reason: str


class InterceptionBarred(Event):
    """R15: the interceptor did not fight the escort, so it cannot intercept."""

    kind: Literal["interception_barred"] = "interception_barred"
    operation: str
    unit: str
    area: str
    reason: str


class InterceptionRolled(Event):
    """Private to the interceptor's clan (R19)."""

    kind: Literal["interception_rolled"] = "interception_rolled"
    operation: str
    unit: str
    stake: str
    direction: str
    key: str
    faces: list[int]
    modifiers: list[tuple[str, int]]
    total: int
    base_category: str
    category: str


class Intercepted(Event):
    kind: Literal["intercepted"] = "intercepted"
    operation: str
    lead: str
    unit: str
    area: str
    category: str
    troops_aboard: bool = True


class PiratesIntercepted(Event):
    """Public side of an interception by a squadron on piracy (S4.7, OP-49): the
    fleet intercepted and the category, never the pirate or its owner."""

    kind: Literal["pirates_intercepted"] = "pirates_intercepted"
    operation: str
    lead: str
    area: str
    category: str
    troops_aboard: bool = True


class FleetsDamaged(Event):
    kind: Literal["fleets_damaged"] = "fleets_damaged"
    units: list[str]
    when: Literal["now", "turn_end"]
    cause: str


class FleetsLost(Event):
    kind: Literal["fleets_lost"] = "fleets_lost"
    units: list[str]
    area: str
    cause: str


class ArmySplit(Event):
    kind: Literal["army_split"] = "army_split"
    army: str
    left_army: str
    area: str
    detachments: list[str]


class OperationEnded(Event):
    """Public: where the army ended and in what state (S8.5-A, R12)."""

    kind: Literal["operation_ended"] = "operation_ended"
    operation: str
    evacuation: bool = False
    lead: str
    army: str
    outcome: Literal["landed", "pinned", "pushed_back", "retreated", "dispersed", "stopped"]
    area: str
    figures: int
    state: str


class EvacuationReady(Event):
    """S3.8.5, R7: the fleets may evacuate the army this turn; they stay off the
    coast until the end of the sub-phase."""

    kind: Literal["evacuation_ready"] = "evacuation_ready"
    operation: str
    fleets: list[str]
    area: str


class FleetsMet(Event):
    """S8.7: two landing fleets of hostile clans meet without cover."""

    kind: Literal["fleets_met"] = "fleets_met"
    area: str
    operations: list[str]
    leads: list[str]
    exchange: int = 1


class MeleeDecided(Event):
    kind: Literal["melee_decided"] = "melee_decided"
    operation: str
    lead: str
    decision: Literal["retreat", "continue"]
