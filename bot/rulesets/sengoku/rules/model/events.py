"""Typed events of the Sengoku naval rules (S12.6).

The audience of each event is set where it is emitted: public facts go to
everyone; dice, modifiers, experience and heavy-detachment counts only to the
clan that owns the unit (R19, OP-49); defaults applied go to moderators.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.domain.events import Event
from bot.rulesets.sengoku.rules.model import events_landing, events_trade, events_turn, events_w3

# The events of the turn structure, landings, trade and W3 missions have their own modules
# (``events_<feature>.py``, S12.6); imported here so that walking the subclasses finds every kind.
FEATURE_EVENTS = (events_landing, events_trade, events_turn, events_w3)


class OrderFellBack(Event):
    kind: Literal["order_fell_back"] = "order_fell_back"
    unit: str
    order: str
    reason: str
    fallback: str


class DefaultApplied(Event):
    kind: Literal["default_applied"] = "default_applied"
    rule: str
    detail: str


class Based(Event):
    kind: Literal["based"] = "based"
    unit: str
    port: str
    previous: str | None = None
    host: str | None = Field(None, description="S2.4: the clan whose port it is, when based under an agreement")
    agreement_turn: int | None = None


class BaseRefused(Event):
    kind: Literal["base_refused"] = "base_refused"
    unit: str
    port: str
    reason: str


class Moved(Event):
    kind: Literal["moved"] = "moved"
    unit: str
    route: list[str]
    mission: str


class OnStation(Event):
    kind: Literal["on_station"] = "on_station"
    unit: str
    area: str
    blocks_port: str | None = None


class Met(Event):
    kind: Literal["met"] = "met"
    area: str
    sides: dict[str, list[str]]


class Declined(Event):
    """Nobody wanted battle (OP-25)."""

    kind: Literal["declined"] = "declined"
    area: str
    units: list[str]


class Avoided(Event):
    kind: Literal["avoided"] = "avoided"
    area: str
    unit: str
    dispersed: bool


class ForcedRefusal(Event):
    kind: Literal["forced_refusal"] = "forced_refusal"
    area: str
    unit: str
    heavy_lost: int
    to_clan: str


class RefusalSeen(Event):
    """Public side of a forced refusal: no heavy-detachment count (R19)."""

    kind: Literal["refusal_seen"] = "refusal_seen"
    area: str
    unit: str
    to_clan: str


class BattleBegan(Event):
    kind: Literal["battle_began"] = "battle_began"
    battle: str
    area: str
    sides: dict[str, list[str]]
    port_defence: str | None = None


class PairingMade(Event):
    kind: Literal["pairing_made"] = "pairing_made"
    battle: str
    round: int
    pairs: list[list[list[str]]]
    reserves: list[str] = Field(default_factory=list)
    chooser: str


class ManoeuvreUsed(Event):
    kind: Literal["manoeuvre_used"] = "manoeuvre_used"
    battle: str
    clan: str
    manoeuvre: str
    cancelled: list[str] = Field(default_factory=list)


class SquadronRolled(Event):
    """Private to the roller's clan (R19): dice, modifiers, total."""

    kind: Literal["squadron_rolled"] = "squadron_rolled"
    battle: str
    round: int
    unit: str
    stake: str
    key: str
    faces: list[int]
    modifiers: list[tuple[str, int]]
    total: int
    base_category: str
    category: str


class PairDecided(Event):
    kind: Literal["pair_decided"] = "pair_decided"
    battle: str
    round: int
    sides: list[list[str]]
    categories: list[str]
    winner: int | None
    tiebreak: str | None = None


class PairSeen(Event):
    """Public side of PairDecided: the categories and the winner only, never the
    S8.3 step that broke a tie (it tells totals, experience or heavy detachments
    apart, R19, S5.6); that step stays in PairDecided, for moderators."""

    kind: Literal["pair_seen"] = "pair_seen"
    battle: str
    round: int
    sides: list[list[str]]
    categories: list[str]
    winner: int | None


class LossRolled(Event):
    kind: Literal["loss_rolled"] = "loss_rolled"
    battle: str
    round: int
    unit: str
    won: bool
    stake: str
    key: str | None
    face: int | None
    modifier: int = 0
    result: str
    damage: int
    damage_after: int


class Dispersed(Event):
    kind: Literal["dispersed"] = "dispersed"
    unit: str
    area: str
    back_to: str | None


class Destroyed(Event):
    kind: Literal["destroyed"] = "destroyed"
    unit: str
    area: str
    cause: str


class Captured(Event):
    kind: Literal["captured"] = "captured"
    unit: str
    area: str
    by: str


class HeavyDetached(Event):
    kind: Literal["heavy_detached"] = "heavy_detached"
    unit: str
    squadron: str
    back_to: str | None


class CreditGained(Event):
    kind: Literal["credit_gained"] = "credit_gained"
    clan: str
    credit: str
    credit_kind: str
    holders: list[str]
    prize: str | None = None  # the squadron or heavy detachment captured; ``clan`` is its captor
    redeemable_turn: int | None = None  # S8.4.6: the one turn it can be redeemed, the next
    cost_dp: int | None = None  # what rebuilding the prize costs (S8.4.6)
    cost_rp: int | None = None


class ExperienceGained(Event):
    kind: Literal["experience_gained"] = "experience_gained"
    unit: str
    before: int
    after: int


class CharacterHarmed(Event):
    kind: Literal["character_harmed"] = "character_harmed"
    character: str
    key: str | None
    face: int | None
    table: str
    harm: str
    captor: str | None = None


class PiratesEngaged(Event):
    """Public: war squadrons fought pirates here; who they were stays secret (OP-49)."""

    kind: Literal["pirates_engaged"] = "pirates_engaged"
    area: str


class CharacterFate(Event):
    """Public: a character was captured or killed (never the die, R19)."""

    kind: Literal["character_fate"] = "character_fate"
    character: str
    status: str
    captor: str | None = None


class BattleEnded(Event):
    kind: Literal["battle_ended"] = "battle_ended"
    battle: str
    area: str
    rounds: int
    winner: str | None
    capped: bool = False


def event_types() -> dict[str, type[Event]]:
    """Every Sengoku event class by kind: these and the FEATURE_EVENTS modules'."""
    found: dict[str, type[Event]] = {}
    pending = list(Event.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("bot.rulesets.sengoku.rules."):
            found[cls.model_fields["kind"].default] = cls
    return found


def parse_event(raw: dict) -> Event:
    kinds = event_types()
    if raw.get("kind") not in kinds:
        raise ValueError(f"unknown Sengoku event kind {raw.get('kind')!r}")
    return kinds[raw["kind"]].model_validate(raw)
