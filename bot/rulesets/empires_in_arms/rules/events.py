"""Typed events of Empires in Arms' naval rules.  The report layer words each ``kind`` (templates
come with the plug-in); the rules say only who may read it.  EiA is played with an open board:
moves through zones, rolls, battles and losses are public; a standing order or a default applied
goes to its nation and the moderators; a convoy's cargo to its nation; the moderators' log gets
every default with its rule."""

from __future__ import annotations

from typing import Literal

from bot.domain.events import Audience, Event


def public() -> Audience:
    return Audience.everyone()


class ManeuversSpent(Event):
    """E1, E2.2, E3.2.1: maneuvers the moving fleet spent on one entry (or a patrol) and the KO
    they cost the nation (E1.2, E-OP-01 rounding at the plan's end)."""

    kind: Literal["eia_maneuvers_spent"] = "eia_maneuvers_spent"
    nation: str
    squadrons: tuple[str, ...]
    maneuvers: int
    ko: int
    ko_left: int | None = None


class FleetMoved(Event):
    """E2.2: a fleet entered a zone or a port."""

    kind: Literal["eia_fleet_moved"] = "eia_fleet_moved"
    nation: str
    squadrons: tuple[str, ...]
    origin: str
    destination: str


class SquadronsDropped(Event):
    """E2.3/E2.4: left behind (a new fleet) or picked up as the fleet moves."""

    kind: Literal["eia_squadrons_dropped"] = "eia_squadrons_dropped"
    nation: str
    squadrons: tuple[str, ...]
    place: str


class SquadronsPickedUp(Event):
    kind: Literal["eia_squadrons_picked_up"] = "eia_squadrons_picked_up"
    nation: str
    squadrons: tuple[str, ...]
    place: str


class InterceptionRolled(Event):
    """E5.4, E7: 2d6 + modifiers > 9.  ``purpose``: interception, patrol or evasion;
    ``modifiers`` names each (british, french, blockading, capped: E4.2)."""

    kind: Literal["eia_interception_rolled"] = "eia_interception_rolled"
    purpose: str  # interception | patrol | evasion
    nation: str  # who rolls (its stack's commanding power)
    squadrons: tuple[str, ...]
    target: tuple[str, ...]  # the other stack's powers
    zone: str
    faces: tuple[int, ...]
    modifiers: dict[str, int]
    total: int
    success: bool


class InterceptionDeclined(Event):
    """E5.3: an inactive stack did not try (its answer, standing order or the default E-OP-09)."""

    kind: Literal["eia_interception_declined"] = "eia_interception_declined"
    nation: str
    zone: str


class AutomaticInterception(Event):
    """E13.2: fleets in the ports controlling a strait intercept without a roll."""

    kind: Literal["eia_automatic_interception"] = "eia_automatic_interception"
    nation: str
    squadrons: tuple[str, ...]
    strait: str
    port: str


class Evaded(Event):
    """E6.2–E6.4: where the evading fleet is after a successful evasion."""

    kind: Literal["eia_evaded"] = "eia_evaded"
    nation: str
    squadrons: tuple[str, ...]
    place: str
    breakout: bool = False  # E6.3: back into the port it tried to leave


class SquadronsDestroyed(Event):
    """Every squadron that leaves play: combat losses, E10.5, E14.2, E14.3."""

    kind: Literal["eia_squadrons_destroyed"] = "eia_squadrons_destroyed"
    nation: str
    squadrons: tuple[str, ...]
    place: str
    rule: str


class FleetPlaced(Event):
    """E9.2–E9.4, E6.3, E10.5 (E-OP-20): a fleet placed without moving (no interception on the way)."""

    kind: Literal["eia_fleet_placed"] = "eia_fleet_placed"
    nation: str
    squadrons: tuple[str, ...]
    origin: str
    destination: str
    rule: str


class NoPortForLoser(Event):
    """E-OP-18: no friendly port to place a loser in: the moderators decide; it stays meanwhile."""

    kind: Literal["eia_no_port_for_loser"] = "eia_no_port_for_loser"
    nation: str
    squadrons: tuple[str, ...]
    place: str


class ConvoySailed(Event):
    """E11: a convoy's path and KO (its cargo: its nation and the moderators)."""

    kind: Literal["eia_convoy_sailed"] = "eia_convoy_sailed"
    nation: str
    path: tuple[str, ...]
    ko: int


class ConvoyCargo(Event):
    kind: Literal["eia_convoy_cargo"] = "eia_convoy_cargo"
    nation: str
    items: tuple[str, ...]
    destination: str


class LandingMade(Event):
    """E12.1–E12.4: survivors placed in the port; land combat/evasion goes to the moderators (E-OP-23)."""

    kind: Literal["eia_landing"] = "eia_landing"
    nation: str
    port: str
    items: tuple[str, ...]
    enemy_present: bool


class ArmadaCommandSet(Event):
    """E3.1.1–E3.1.3: who commands an armada, and by which rule (agreement, most dice, lot)."""

    kind: Literal["eia_armada_command"] = "eia_armada_command"
    armada: str
    squadron: str
    nation: str
    rule: str


class ArmadaLeft(Event):
    """E3.2.2, E4.3: a fleet left an armada (a separate stack in the same place)."""

    kind: Literal["eia_armada_left"] = "eia_armada_left"
    armada: str
    nation: str
    place: str


class ZoneControlChanged(Event):
    """E-OP-12: the zone's controller as the placeholder rule or a moderator set it."""

    kind: Literal["eia_zone_control"] = "eia_zone_control"
    zone: str
    nation: str | None


class PortLost(Event):
    """E14: a port passed to the enemy by land action (a moderator's step): what happens to the fleet."""

    kind: Literal["eia_port_lost"] = "eia_port_lost"
    port: str
    nation: str  # the new controller
    previous: str | None
    put_to_sea: tuple[str, ...]


class CombatCardPlayed(Event):
    """E8.3 / E-OP-14: a side played a naval combat card; the moderators apply its effect."""

    kind: Literal["eia_combat_card"] = "eia_combat_card"
    nation: str
    place: str


class PlanNotCarried(Event):
    """An order that no longer holds at resolution: its nation is told why; nothing is spent."""

    kind: Literal["eia_plan_not_carried"] = "eia_plan_not_carried"
    nation: str
    order: str
    reason: str
    values: dict[str, str | int] = {}
    rule: str = ""


class ModeratorsNotice(Event):
    """For the moderators' log: a battle that cannot go on until they act (E-OP-15's missing dice), or a
    combat form refused (and asked again) with the reason — a message id and its values."""

    kind: Literal["eia_moderators_notice"] = "eia_moderators_notice"
    reason: str
    values: dict[str, str | int] = {}
    rule: str = ""


class PlanStopped(Event):
    """A plan ended before its path's end: lost, intercepted with "stop", no maneuvers left."""

    kind: Literal["eia_plan_stopped"] = "eia_plan_stopped"
    nation: str
    place: str
    reason: str


class AnswerApplied(Event):
    """A question answered by a standing order (told to the nation) or by the default at the
    deadline (the nation and the moderators' log), with its rule."""

    kind: Literal["eia_answer_applied"] = "eia_answer_applied"
    question: str
    value: str
    source: str
    rule: str = ""


class ImpulseEnded(Event):
    kind: Literal["eia_impulse_ended"] = "eia_impulse_ended"
    nation: str
    impulse: int
    next_nation: str


EVENTS: tuple[type[Event], ...] = (
    ManeuversSpent, FleetMoved, SquadronsDropped, SquadronsPickedUp, InterceptionRolled, InterceptionDeclined,
    AutomaticInterception, Evaded,
    SquadronsDestroyed, FleetPlaced, NoPortForLoser, ConvoySailed, ConvoyCargo, LandingMade, ArmadaCommandSet,
    ArmadaLeft, ZoneControlChanged, PortLost, CombatCardPlayed, ModeratorsNotice, PlanNotCarried, PlanStopped, AnswerApplied, ImpulseEnded,
)


def event_kinds(extra: tuple[type[Event], ...] = ()) -> dict[str, type[Event]]:
    """Every event kind by ``kind`` (``extra``: the combat module's, E3)."""
    return {cls.model_fields["kind"].default: cls for cls in (*EVENTS, *extra)}


def parse_event(raw: dict, kinds: dict[str, type[Event]]) -> Event:
    cls = kinds.get(raw.get("kind", ""))
    if cls is None:
        raise ValueError(f"unknown Empires in Arms event kind {raw.get('kind')!r}")
    return cls.model_validate(raw)
