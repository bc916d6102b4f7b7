"""Events of the turn structure: clan orders, capture credits, units without a
base, the last port, helpers, three or more sides, withdrawal between rounds,
the round cap and the Turn End Phase (S2.5, S2.6, S4.2.4, S5.9, S8.4.6,
OP-33, S12.5 steps 3–7).

Audiences are set where each event is emitted: credits and leader records
are private to their clan (R19), the reasons behind an S5.9 decision only go
to moderators (they depend on hidden experience, S5.6).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.domain.events import Event


class ClanPolicySet(Event):
    kind: Literal["clan_policy_set"] = "clan_policy_set"
    clan: str
    summary: str


class CreditRedeemed(Event):
    kind: Literal["credit_redeemed"] = "credit_redeemed"
    clan: str
    credit: str
    build: str
    unit: str
    port: str
    attached_to: str | None = None


class CreditExpired(Event):
    kind: Literal["credit_expired"] = "credit_expired"
    clan: str
    credit: str
    turn_captured: int


class CreditVoided(Event):
    kind: Literal["credit_voided"] = "credit_voided"
    clan: str
    credit: str
    reason: str


class Mothballed(Event):
    kind: Literal["mothballed"] = "mothballed"
    unit: str
    area: str
    by_default: bool = False


class Disbanded(Event):
    kind: Literal["disbanded"] = "disbanded"
    unit: str


class LastPortLost(Event):
    kind: Literal["last_port_lost"] = "last_port_lost"
    clan: str


class UnitLost(Event):
    """S2.6: a squadron lost with the last port."""

    kind: Literal["unit_lost"] = "unit_lost"
    unit: str
    clan: str


class UnitHandedOver(Event):
    """S2.6: a squadron handed to the enemy, or a trade fleet passing to the captor."""

    kind: Literal["unit_handed_over"] = "unit_handed_over"
    unit: str
    from_clan: str
    to_clan: str
    port: str | None = None


class KeptForeignBase(Event):
    kind: Literal["kept_foreign_base"] = "kept_foreign_base"
    unit: str
    port: str


class HelperJoined(Event):
    kind: Literal["helper_joined"] = "helper_joined"
    battle: str
    unit: str
    helps: str


class SidesFormed(Event):
    """OP-29 (b): allied clans at one place fight as one side."""

    kind: Literal["sides_formed"] = "sides_formed"
    area: str
    sides: list[list[str]]


class BattleOrderDecided(Event):
    kind: Literal["battle_order_decided"] = "battle_order_decided"
    area: str
    decider: str
    battles: list[list[str]]


class DeciderRanked(Event):
    """Moderators only: why that side decided (S5.9 steps 1–3, OP-29 a)."""

    kind: Literal["decider_ranked"] = "decider_ranked"
    area: str
    ranking: list[str]
    basis: Literal["admiral", "squadron_experience", "random"]
    detail: str


class Withdrew(Event):
    kind: Literal["withdrew"] = "withdrew"
    battle: str
    round: int
    unit: str


class RoundCapReached(Event):
    """OP-33: the battle stopped at ``max_rounds``; a moderator must rule."""

    kind: Literal["round_cap_reached"] = "round_cap_reached"
    battle: str
    area: str
    rounds: int
    still_in_line: list[str] = Field(default_factory=list)


class ReturnedToBase(Event):
    kind: Literal["returned_to_base"] = "returned_to_base"
    unit: str
    port: str | None


class NavalRecord(Event):
    """S12.5 7.5: what a leader's turn adds to his naval record (private)."""

    kind: Literal["naval_record"] = "naval_record"
    character: str
    battles: int
    victories: int
    total_victories: int
    art_now_active: bool = False


class CaptiveDecided(Event):
    """OP-46 (c), S9.4, S9.5: what a captured character did, as everyone who saw the capture reads it."""

    kind: Literal["captive_decided"] = "captive_decided"
    character: str
    captor: str | None
    suicide: bool


class CaptiveAnswered(Event):
    """OP-46 (c): the clan's answer for its captured character, and where it came from (a standing
    ``if_captured``, the clan's click, a moderator, or the default at the deadline): private to the clan."""

    kind: Literal["captive_answered"] = "captive_answered"
    character: str
    choice: Literal["suicide", "remain_captive"]
    source: str
    rule: str = ""
