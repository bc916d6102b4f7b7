"""What the state keeps between the steps of an impulse: the plan under way (``Pending``), the
battle under way (``BattleRecord``) and each nation's standing orders (E-OP-09).  Plain data,
stored as JSON with the state, so a restart picks the chain up where it stood."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

ATTACKER, DEFENDER = "attacker", "defender"


class RoundRecord(BaseModel):
    """One round as fought: each side's dice count and faces, the battery's, the entered result."""

    model_config = ConfigDict(frozen=True)

    number: int
    dice: dict[str, int] = Field(default_factory=dict)  # side → dice rolled
    faces: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    battery_faces: tuple[int, ...] = ()
    results: dict[str, int] = Field(default_factory=dict)  # side → result (combat module / moderators)
    losses: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # side → squadrons lost
    winner: str | None = None  # ATTACKER / DEFENDER / None (a tie)


class BattleRecord(BaseModel):
    """A battle under way (E8–E14).  The attacker is the side that intercepted, patrolled,
    entered the port or holds the strait's battery; ``active_side`` the active nation's."""

    model_config = ConfigDict(frozen=True)

    place: str
    zone: str  # where it is fought (a port's zone for a port battle's placement, E9.2)
    kind: str  # interception | patrol | port | strait | loss_of_port
    attacker: tuple[str, ...]  # squadron ids
    defender: tuple[str, ...]
    attacker_powers: tuple[str, ...]
    defender_powers: tuple[str, ...]
    active_side: str = DEFENDER
    commander: dict[str, str] = Field(default_factory=dict)  # side → commanding nation (E4.2 caps)
    failed_evasion_bonus: str | None = None  # the side with E6.5's extra die in round 1
    fortress: bool = False
    battery_dice: int = 0  # port battles (E10): per battery round
    pre_battle_result: int = 0  # E10 step 2: added in round 1 only
    rounds: tuple[RoundRecord, ...] = ()
    entering_port: bool = False  # the active side tried to enter a port (E9.4)
    leaving_port: str | None = None  # the port the active side broke out of (E9.3)
    cards: dict[str, str] = Field(default_factory=dict)  # side → the naval card played (E-OP-14), "" none


class Pending(BaseModel):
    """The active nation's plan under way between steps; ``phase`` names what is decided next.

    ``plan`` is the order (its payload) being carried out; ``position`` how many of its path's
    places the fleet has entered; ``squadrons`` the moving squadrons (the fleet changes as it
    drops and picks up, E2.3); ``queue`` the nation's other plans still to come this impulse."""

    model_config = ConfigDict(frozen=True)

    nation: str
    phase: str
    plan: dict[str, Any] = Field(default_factory=dict)
    squadrons: tuple[str, ...] = ()
    position: int = 0
    location: str = ""  # where the moving fleet is now
    origin: str = ""  # where it was before the last entry (E9.3 back to port, E6.3)
    patrols_done: dict[str, int] = Field(default_factory=dict)
    interceptors: tuple[tuple[str, ...], ...] = ()  # stacks still to be asked at this entry (E-OP-08)
    intercepted_by: tuple[str, ...] = ()  # the powers whose stack intercepted
    found: tuple[tuple[str, ...], ...] = ()  # stacks a patrol found (E4.5)
    no_reinterception: tuple[str, ...] = ()  # E-OP-11: stacks that may not intercept again here
    battle: BattleRecord | None = None
    stopped: bool = False  # the plan ends at the current place (lost, or "stop if we win")
    queue: tuple[dict[str, Any], ...] = ()


class StandingOrders(BaseModel):
    """E-OP-09: what a nation decided in advance.  A condition is bot/engine/conditions.py's
    (``always``, ``never``, ``if enemy_dice >= 6``) over the question's facts; empty: ask."""

    model_config = ConfigDict(frozen=True)

    intercept: str = ""  # E5.2
    evade: str = ""  # E6.1
    armada_agree: str = ""  # E-OP-03: accept another power's commander
    combat_cards: str = ""  # E-OP-14: "never" plays none without being asked
    nearest_ports: tuple[str, ...] = ()  # E-OP-18: preference among equally near ports
