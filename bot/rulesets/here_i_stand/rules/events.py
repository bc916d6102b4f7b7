"""Typed events of Here I Stand's naval rules.  The report layer words each ``kind`` (templates
come with the plug-in); the rules say only who may read it.  HIS plays with open dice and an open
board, so moves, rolls and losses are public; what a power answered privately (a standing order
applied, a default) goes to that power and the moderators; card hands never appear (H-OP-35)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.domain.events import Audience, Event


def public() -> Audience:
    return Audience.everyone()


class CpSpent(Event):
    kind: Literal["his_cp_spent"] = "his_cp_spent"
    power: str
    action: str
    cp: int
    remaining: int


class NavalMoved(Event):
    """H2.6.2: a group arrived; ``vertical`` as placed."""

    kind: Literal["his_naval_moved"] = "his_naval_moved"
    power: str
    units: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    origin: str
    destination: str
    vertical: bool


class MoveCancelled(Event):
    """H2.6.3, H-OP-09: Foul Weather's effect as the moderators entered it: the move did not happen."""

    kind: Literal["his_move_cancelled"] = "his_move_cancelled"
    power: str
    by: tuple[str, ...]


class ResponsePlayed(Event):
    """A response card declared (Foul Weather, Janissaries, Professional Rowers): who and which."""

    kind: Literal["his_response_played"] = "his_response_played"
    power: str
    card: str


class InterceptionRolled(Event):
    """H2.6.4.6: 2d6 + the leader's battle rating, success on 9 or more."""

    kind: Literal["his_interception"] = "his_interception"
    power: str
    units: tuple[str, ...]
    origin: str
    destination: str
    faces: tuple[int, ...]
    rating: int
    total: int
    success: bool


class InterceptionSkipped(Event):
    """H2.6.4.4: another power has already intercepted; this attempt is not made.  ``already_in``:
    the stack itself has already intercepted elsewhere, so none of its units is left to try."""

    kind: Literal["his_interception_skipped"] = "his_interception_skipped"
    power: str
    destination: str
    by: str
    origin: str = ""
    already_in: str = ""


class AvoidRolled(Event):
    """H2.6.5.5."""

    kind: Literal["his_avoid_battle"] = "his_avoid_battle"
    power: str
    units: tuple[str, ...]
    zone: str
    destination: str
    faces: tuple[int, ...]
    rating: int
    total: int
    success: bool


class Rotated(Event):
    """H2.6.6: every vertical unit is normal again."""

    kind: Literal["his_rotated"] = "his_rotated"
    units: tuple[str, ...]


class CombatRolled(Event):
    """H3.3.1–H3.3.5: each side's dice (breakdown), faces and hits; ``extra`` from card effects the
    moderators entered (H-OP-19 before the roll, H-OP-20/21 after it)."""

    kind: Literal["his_combat_rolled"] = "his_combat_rolled"
    space: str
    in_port: bool
    attacker: str
    defender: str
    attacker_dice: int
    defender_dice: int
    attacker_faces: tuple[int, ...]
    defender_faces: tuple[int, ...]
    attacker_hits: int
    defender_hits: int


class ExtraCombatDice(Event):
    """H3.3.6: extra dice of a response card, entered by the moderators (H-OP-20, H-OP-21)."""

    kind: Literal["his_extra_combat_dice"] = "his_extra_combat_dice"
    space: str
    power: str
    faces: tuple[int, ...]
    hits: int


class CombatDecided(Event):
    """H3.3.7: more hits wins; a tie, the defender."""

    kind: Literal["his_combat_decided"] = "his_combat_decided"
    space: str
    winner: str
    loser: str
    attacker_hits: int
    defender_hits: int
    tie: bool


class UnitsLost(Event):
    """Units and leaders that left the map, and where they went (``turn_track:<n>``: H3.3.10, H6.3;
    ``pool`` when lost units do not wait a turn, H-OP-33)."""

    kind: Literal["his_units_lost"] = "his_units_lost"
    power: str
    units: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    to: str
    rule: str


class UnitKept(Event):
    """H3.3.8.4: both sides completely eliminated; this side keeps one unit."""

    kind: Literal["his_unit_kept"] = "his_unit_kept"
    power: str
    unit: str
    rule: str


class Retreated(Event):
    kind: Literal["his_retreated"] = "his_retreated"
    power: str
    units: tuple[str, ...]
    leaders: tuple[str, ...]
    origin: str
    destination: str


class FightCancelled(Event):
    """H-OP-16: the attacker retreated from a port; its other fights there do not happen."""

    kind: Literal["his_fight_cancelled"] = "his_fight_cancelled"
    space: str
    attacker: str
    defender: str


class AntiPiracyRolled(Event):
    """H5.2.2–H5.2.3: the target's dice, by source, and the corsairs they sank."""

    kind: Literal["his_anti_piracy"] = "his_anti_piracy"
    zone: str
    target: str
    squadrons_in_zone: int
    squadrons_adjacent: int
    fortresses: int
    faces: tuple[int, ...]
    hits: int


class PiracyRolled(Event):
    """H5.2.4–H5.2.5: the Ottomans' base dice, leaders' bonus, faces and hits."""

    kind: Literal["his_piracy_rolled"] = "his_piracy_rolled"
    zone: str
    target: str
    base: int
    bonus: int
    faces: tuple[int, ...]
    hits: int


class PiracyReward(Event):
    """H5.2.5: what one hit gave: ``squadron`` (with the unit), ``card``, ``vp`` or ``none`` (no
    option was possible)."""

    kind: Literal["his_piracy_reward"] = "his_piracy_reward"
    zone: str
    target: str
    hit: int
    reward: str
    unit: str | None = None


class Built(Event):
    kind: Literal["his_built"] = "his_built"
    power: str
    unit: str
    type: str
    port: str


class ReturnedToPool(Event):
    """H6.3.3: at the start of their turn, lost naval units are back in the pool."""

    kind: Literal["his_returned_to_pool"] = "his_returned_to_pool"
    units: tuple[str, ...]


class Transported(Event):
    """H4: a formation carried along ``path``, landing at its last port (the landing battle is the
    moderators', H-OP-27)."""

    kind: Literal["his_transported"] = "his_transported"
    power: str
    formation: str
    path: tuple[str, ...]
    cp: int


class AnswerApplied(Event):
    """How a reaction was answered when it was not the power itself at the prompt: its standing
    order or the rules' default (H10.6; the moderators' log lists every default)."""

    kind: Literal["his_answer_applied"] = "his_answer_applied"
    question: str
    value: str
    source: str
    rule: str = ""


class LandingLost(Event):
    """H4.2.4: the transported formation lost the field battle on landing (the moderators entered
    it, H-OP-27): its land units are eliminated, its army leaders captured."""

    kind: Literal["his_landing_lost"] = "his_landing_lost"
    power: str
    formation: str
    port: str
    land_units: int
    leaders_captured: tuple[str, ...]


class ActionNotCarried(Event):
    """The action order could not be carried out when the step resolved (the state changed since it
    was given): the reason, to the power and the moderators; the impulse's action ends."""

    kind: Literal["his_action_not_carried"] = "his_action_not_carried"
    power: str
    action: str
    reason: str  # a message id, worded with ``values`` for the reader
    values: dict[str, str | int] = Field(default_factory=dict)
    rule: str = ""


def event_kinds() -> dict[str, type[Event]]:
    """Every event kind these rules emit, by kind (the plug-in's ``event_kinds``)."""
    found = {}
    for value in list(globals().values()):
        if isinstance(value, type) and issubclass(value, Event) and value is not Event:
            found[value.model_fields["kind"].default] = value
    return found
