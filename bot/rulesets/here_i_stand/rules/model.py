"""The state Here I Stand's naval rules read and change (spec H9).

A naval unit's ``owner`` is its printed nationality and its ``controller`` the major power that
moves it (H-OP-01: a loaned squadron or an activated minor's); "own" units everywhere in the rules
are the controller's.  Locations are a space's id, ``turn_track:<turn>`` (lost, back in the pool at
the start of that turn: H3.3.10, H6.3) or ``pool`` (never built, or returned).  Map facts that do
not change (adjacency, fortresses, home ports) are the map's (``geography.HisMap``); what changes in
play (who controls a port, unrest, sieges, pirate havens) is here, in ``ports``.
"""

from __future__ import annotations

from enum import StrEnum
from pydantic import BaseModel, ConfigDict, Field

from bot.engine.steps import Step
from bot.rulesets.here_i_stand.rules.records import Pending, StandingOrders

POOL = "pool"
TURN_TRACK = "turn_track:"
OTTOMANS = "ottoman"  # the one power with corsairs (H0.1) and piracy (H5)
PROTESTANTS = "protestant"  # builds no squadron (H6.4)
KNIGHTS = "knights"  # the Knights of St. John: their fortresses roll against pirates (H5.2.2)


def turn_track(turn: int) -> str:
    """The Turn Track box of ``turn`` (H3.3.10): an off-map place."""
    return f"{TURN_TRACK}{turn}"


def track_turn(location: str) -> int | None:
    """The turn of a Turn Track location, None for any other place."""
    return int(location[len(TURN_TRACK):]) if location.startswith(TURN_TRACK) else None


class PowerKind(StrEnum):
    MAJOR = "major"
    MINOR = "minor"


class UnitType(StrEnum):
    SQUADRON = "squadron"
    CORSAIR = "corsair"


class Power(BaseModel):
    """A power (H9).  War and alliance are read both ways (``HisState.at_war``): one side's entry is
    enough.  ``hand_size`` is all the naval rules need of a hand (H5.2.5 (b)); the cards stay hidden
    (H-OP-35)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    kind: PowerKind = PowerKind.MAJOR
    colour: str = ""  # #rrggbb for lists and the map key; empty: views.COLOURS
    at_war_with: frozenset[str] = frozenset()
    allied_with: frozenset[str] = frozenset()
    hand_size: int = Field(default=0, ge=0)
    piracy_vp: int = Field(default=0, ge=0, le=10)  # the Ottomans' (H5.1.4, at most 10: H5.2.5)
    janissaries_used: bool = False  # this turn (H3.3.6 (a), H-OP-20)
    # squadrons and corsairs it may have at most (H6.1.4, H-OP-37: the counter mix, moderator data)
    counters: dict[UnitType, int] = Field(default_factory=dict)


class NavalUnit(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    type: UnitType
    owner: str
    controller: str
    location: str
    vertical: bool = False  # H0.1: just arrived in a sea zone without friendly units (H2.6.2 (c))
    lost_combat_in_impulse: int | None = None  # H2.5.4: on a losing side earlier in this impulse
    name: str = ""  # as players read it; empty: "<owner> <type> <id's number>" (``HisState.unit_name``)


class NavalLeader(BaseModel):
    """A naval leader.  Ratings are counter data the seeds do not give (only Barbarossa's and
    Dragut's piracy bonus): a moderator supplies them (H-OP-11)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    power: str
    location: str
    battle_rating: int = Field(default=0, ge=0)
    piracy_rating: int = Field(default=0, ge=0)
    no_atlantic: bool = False  # Andrea Doria (H2.5.5)


class Formation(BaseModel):
    """Land units for naval transport (H4): only what the naval rules read."""

    model_config = ConfigDict(frozen=True)

    id: str
    power: str
    land_units: int = Field(ge=0)
    army_leaders: tuple[str, ...] = ()
    location: str
    besieged: bool = False


class PortState(BaseModel):
    model_config = ConfigDict(frozen=True)

    controller: str
    unrest: bool = False
    besieged: bool = False
    pirate_haven: bool = False  # the event "Pirate Haven" chose it (H6.5.3, H-OP-38)
    enemy_land_units: bool = False  # occupied by enemy units: no building (H6.3.1)


class Impulse(BaseModel):
    """The impulse under way: whose, and its CP ledger (H-OP-18: the CP of the card played)."""

    model_config = ConfigDict(frozen=True)

    number: int = 1
    active_power: str
    cp_remaining: int = Field(default=0, ge=0)
    transport_in_progress: str | None = None  # H4.2.2.4
    acted: bool = False  # an action was carried out this impulse (else, when it ends, the power passed)
    passes: int = Field(default=0, ge=0)  # powers in a row, up to this impulse, that passed (sequence.py)
    opened: int = Field(default=1, ge=1)  # impulses opened in this Fleetwright turn (``impulses_per_turn``)


class HisState(BaseModel):
    model_config = ConfigDict(frozen=True)

    turn: int = 1
    powers: dict[str, Power]
    units: dict[str, NavalUnit] = Field(default_factory=dict)
    leaders: dict[str, NavalLeader] = Field(default_factory=dict)
    formations: dict[str, Formation] = Field(default_factory=dict)
    ports: dict[str, PortState] = Field(default_factory=dict)
    impulse: Impulse
    piracy_markers: dict[str, int] = Field(default_factory=dict)  # sea zone → turn (H5.2.1.4)
    barbary_pirates: bool = False  # the mandatory event has happened (H6.5.1, H-OP-38)
    standing: dict[str, StandingOrders] = Field(default_factory=dict)  # power → its standing orders (H10.6)
    pending: Pending | None = None  # the action under way between steps
    next_step: Step | None = None  # the step the chain asks next (steps.py; None: the action is done)
    # CP each power has when its next impulse opens (H-OP-18: the card's CP, entered by the moderators)
    cp_next: dict[str, int] = Field(default_factory=dict)
    segment_over: bool = False  # this Fleetwright turn's impulses are done (sequence.py); the next opens

    # -- who stands how with whom ------------------------------------------------------------
    def at_war(self, a: str, b: str) -> bool:
        if a == b:
            return False
        pa, pb = self.powers.get(a), self.powers.get(b)
        return bool((pa and b in pa.at_war_with) or (pb and a in pb.at_war_with))

    def allied(self, a: str, b: str) -> bool:
        pa, pb = self.powers.get(a), self.powers.get(b)
        return a == b or bool((pa and b in pa.allied_with) or (pb and a in pb.allied_with))

    def controller_of(self, port: str) -> str | None:
        found = self.ports.get(port)
        return found.controller if found else None

    def unit_name(self, unit: NavalUnit) -> str:
        """Users see names, never raw ids: a unit's own, or its owner's name, type and number."""
        if unit.name:
            return unit.name
        owner = self.powers.get(unit.owner)
        number = unit.id.rsplit("-", 1)[-1]
        return f"{owner.name if owner else unit.owner} {unit.type} {number}"

    # -- what is where -------------------------------------------------------------------------
    def units_at(self, space: str, controller: str | None = None) -> list[NavalUnit]:
        """The naval units in ``space`` (of ``controller``'s, if given), in the state's order."""
        return [u for u in self.units.values()
                if u.location == space and (controller is None or u.controller == controller)]

    def leaders_at(self, space: str, power: str | None = None) -> list[NavalLeader]:
        return [x for x in self.leaders.values() if x.location == space and (power is None or x.power == power)]

    def enemy_units_at(self, space: str, power: str) -> list[NavalUnit]:
        """Naval units in ``space`` of powers at war with ``power`` (H2.4.2)."""
        return [u for u in self.units_at(space) if self.at_war(u.controller, power)]

    def powers_at(self, space: str) -> list[str]:
        seen: list[str] = []
        for unit in self.units_at(space):
            if unit.controller not in seen:
                seen.append(unit.controller)
        return seen

    def pool(self, power: str, kind: UnitType) -> int:
        """Counters of ``kind`` that ``power`` may still build (H6.1.4, H6.3.3, H-OP-37): its counter
        mix less the units on the map and on the Turn Track (those return at the start of their turn)."""
        limit = self.powers[power].counters.get(kind, 0)
        used = sum(1 for u in self.units.values() if u.owner == power and u.type == kind and u.location != POOL)
        return max(0, limit - used)

    def with_units(self, *units: NavalUnit) -> HisState:
        return self.model_copy(update={"units": {**self.units, **{u.id: u for u in units}}})

    def with_leaders(self, *leaders: NavalLeader) -> HisState:
        return self.model_copy(update={"leaders": {**self.leaders, **{x.id: x for x in leaders}}})

    def with_power(self, power: Power) -> HisState:
        return self.model_copy(update={"powers": {**self.powers, power.id: power}})

    def spend(self, cp: int) -> HisState:
        impulse = self.impulse.model_copy(update={"cp_remaining": self.impulse.cp_remaining - cp})
        return self.model_copy(update={"impulse": impulse})
