"""What the state keeps between the steps of an impulse: the plan under way (``Pending``), the
battle under way (``BattleRecord``) and each nation's standing orders (E-OP-09).  Plain data,
stored as JSON with the state, so a restart picks the chain up where it stood."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bot.rulesets.empires_in_arms.rules.combat import BattleState

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
    found: tuple[tuple[str, ...], ...] = ()  # stacks a patrol found (E4.5)
    no_reinterception: tuple[tuple[str, ...], ...] = ()  # E-OP-11: stacks that may not intercept again here
    battle: BattleState | None = None  # E3's, kept between the rounds' steps
    battle_then: str = ""  # the phase after the battle (the strait's interception after its battery)
    breakout: str | None = None  # E6.3 / E9.3: the port the fleet is breaking out of
    port_fought: bool = False  # E10 at the current place is done
    strait_done: bool = False  # E13 on the current entry is done
    # stacks to be asked whether they evade; the moving fleet is phases.MOVER, a plain string: the state goes
    # through JSON between steps, so the type must take it back as it was written
    evaders: tuple[str | tuple[str, ...], ...] = ()
    maneuvers: int = 0  # spent by this plan (E1.2: its KO at the end)
    cards: dict[str, str] = Field(default_factory=dict)  # E-OP-14: side → card played
    placing: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()  # (nation, squadrons, equally near ports)
    fives: int = 0  # E-OP-16: 5s a strait's battery rolled at the fleet, for the interception after it
    lost_port: bool = False  # E14: the fleet put to sea from a port the enemy took
    resume: tuple[dict[str, Any], ...] = ()  # the active nation's plans, after a loss of port's chain
    form_problem: str = ""  # why the moderators' last entry of this round was refused (asked again, saying so)
    then_orders: bool = False  # E14's chain opened before the active nation's orders: they follow it
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
