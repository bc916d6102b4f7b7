"""Events of the wave-W3 missions at their targets: port attacks (S8.8),
ravage and plunder (S4.6, OP-04), squadron piracy (S4.7, OP-23).

Audiences are set where the events are emitted.  Public events never carry
dice, heavy-detachment counts or pirate owners (S12.6, R19, OP-49).
"""

from __future__ import annotations

from typing import Literal

from bot.domain.events import Event


class PortAttacked(Event):
    """Public: a side attacks a port with the squadrons that arrived (OP-42 i)."""

    kind: Literal["port_attacked"] = "port_attacked"
    port: str
    clans: list[str]
    units: list[str]


class PortAttackVoid(Event):
    kind: Literal["port_attack_void"] = "port_attack_void"
    port: str
    units: list[str]
    reason: str


class HeavyInPort(Event):
    """Private to the port's owner: how a heavy detachment in port defends it (S8.8.3, OP-42 h)."""

    kind: Literal["heavy_in_port"] = "heavy_in_port"
    port: str
    unit: str
    attached_to: str | None


class SuperiorityChecked(Event):
    """Moderators only: the figures of the twofold check (S8.8.4)."""

    kind: Literal["superiority_checked"] = "superiority_checked"
    port: str
    attacker_figures: int
    guard_figures: int
    repairing_squadrons: list[str]
    repairing_heavy: list[str]
    defender_figures: int
    strict: bool
    reached: bool


class PortLanding(Event):
    """Public: whether the attacker landed (twofold superiority, S8.8.4)."""

    kind: Literal["port_landing"] = "port_landing"
    port: str
    clans: list[str]
    landed: bool


class PortRavaged(Event):
    """Public: the port was taken (S8.8.2); ``destroyed`` unless the order spared it (OP-42 a)."""

    kind: Literal["port_ravaged"] = "port_ravaged"
    port: str
    clans: list[str]
    destroyed: bool
    undefended: bool


class Looted(Event):
    """Public: somebody took loot; the amount and dice are private (R19)."""

    kind: Literal["looted"] = "looted"
    source: Literal["port", "plunder"]
    place: str
    clan: str


class LootRolled(Event):
    """Private to the looting clan: the dice and the Rice Points (S8.8.2, OP-04 b)."""

    kind: Literal["loot_rolled"] = "loot_rolled"
    source: Literal["port", "plunder"]
    place: str
    clan: str
    units: list[str]
    key: str
    dice: str
    faces: list[int]
    total: int


class CoastRavaged(Event):
    """Public, and the hand-off ``ravaged(province, clan)`` for the economy (OP-04 a)."""

    kind: Literal["coast_ravaged"] = "coast_ravaged"
    area: str
    clan: str
    units: list[str]
    turn: int


class CoastPlundered(Event):
    kind: Literal["coast_plundered"] = "coast_plundered"
    area: str
    clan: str
    unit: str
    turn: int


class LeaderRecord(Event):
    """Private to the leader's clan: a victory toward the naval art (S9.3.1) or a
    fleet destroyed at anchor (S9.2.3, veteran from next turn, OP-44)."""

    kind: Literal["leader_record"] = "leader_record"
    character: str
    record: Literal["victory", "destroyed_at_anchor"]
    where: str
    victories: int


class PiratesSighted(Event):
    """Public: pirates operate near a port; never who they are (OP-49)."""

    kind: Literal["pirates_sighted"] = "pirates_sighted"
    port: str


class PiracyBegun(Event):
    kind: Literal["piracy_begun"] = "piracy_begun"
    port: str
    unit: str


class PiracyCancelled(Event):
    """S4.7.3, OP-23: no loot for this squadron."""

    kind: Literal["piracy_cancelled"] = "piracy_cancelled"
    port: str
    unit: str
    reason: str


class PiratesAtPort(Event):
    """Moderators only: the hand-over to the Turn Start Phase (S12.5 step 8, OP-03)."""

    kind: Literal["pirates_at_port"] = "pirates_at_port"
    port: str
    units: list[str]
    clans: list[str]
    turn: int


class PiracyHeld(Event):
    kind: Literal["piracy_held"] = "piracy_held"
    port: str
    unit: str
