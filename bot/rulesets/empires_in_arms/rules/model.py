"""The state Empires in Arms' naval rules read and change (spec E16).

Locations are a zone's or a port's id (the board says which, ``board.Board``); what does not
change in play (adjacency, fortresses, straits) is the board's, what does (who controls a zone
or a port, E-OP-12, E14) is here.  A **fleet** is derived, never stored (E2.1): the squadrons of
one major power and its minor allies in one place.  A **stack** (E4.4) is a fleet, or several
allied fleets grouped into an **armada** (E3) under one commanding squadron.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from bot.engine.steps import Step
from bot.rulesets.empires_in_arms.rules.records import Pending, StandingOrders

DESTROYED = "destroyed"  # where a squadron that left play is kept (its event says why)


class NationKind(StrEnum):
    MAJOR = "major"
    MINOR = "minor"


class SquadronStatus(StrEnum):
    READY = "ready"
    REQUIRES_OUTFITTING = "requires_outfitting"  # E8.6: one die fewer
    UNDER_CONSTRUCTION = "under_construction"  # E10.5, E14.2: no dice, destroyed with its port


class Nation(BaseModel):
    """A major power or a minor country (E16).  ``nationality`` keys E8.4's dice and E7's
    modifiers (the nation's id unless given: "britain", "france" …); a minor's ``major_ally`` is the power whose fleet its
    squadrons join (E2.1).  War and alliance are read both ways (``EiaState.at_war``)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    colour: str = "#808080"
    kind: NationKind = NationKind.MAJOR
    nationality: str = ""  # "" → the id
    major_ally: str | None = None
    at_war_with: frozenset[str] = frozenset()
    allied_with: frozenset[str] = frozenset()

    @property
    def nationality_key(self) -> str:
        return self.nationality or self.id


class Squadron(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str = ""
    nation: str
    location: str  # a zone or a port; DESTROYED once out of play
    status: SquadronStatus = SquadronStatus.READY
    maneuvers_spent: int = Field(default=0, ge=0)  # this impulse (E2.4, E-OP-02)

    @property
    def label(self) -> str:
        return self.name or self.id


class Armada(BaseModel):
    """E3.1: allied fleets of several major powers in one place, moved and intercepting as one,
    commanded by ``commander`` (a squadron).  ``powers``: the major powers whose fleets are in it."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str = ""
    location: str
    powers: tuple[str, ...]
    commander: str | None = None  # a squadron id; None: by E3.1.2 (most dice, random tie)


class LandItem(BaseModel):
    """A land unit or leader a convoy can carry (E11.1, E-OP-21: each counts 1).  The land rules
    are not this chapter's: ``location`` (a port) and ``moved_by_land`` are a moderator's."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str = ""
    nation: str
    kind: str = "unit"  # unit | leader
    location: str
    moved_by_land: bool = False  # this impulse (E11.3)


class Impulse(BaseModel):
    """E1, E11.4, E-OP-01: whose impulse, the KO ledger (per nation, editable by MOD), convoys run."""

    model_config = ConfigDict(frozen=True)

    number: int = Field(default=1, ge=1)
    active: str
    ko: dict[str, int] = Field(default_factory=dict)  # KO left per nation (absent: not limited)
    convoy_used: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()  # squadrons that moved this impulse
    placed: tuple[str, ...] = ()  # squadrons placed in a port after losing: they stay (E9.2)
    landing_retreat: str | None = None  # E12.6: the port the landing nation named
    rolled: dict[str, int] = Field(default_factory=dict)  # rolls (and battles) per purpose: a repeat gets #n


class EiaState(BaseModel):
    model_config = ConfigDict(frozen=True)

    turn: int = 1
    nations: dict[str, Nation]
    squadrons: dict[str, Squadron] = Field(default_factory=dict)
    armadas: dict[str, Armada] = Field(default_factory=dict)
    land: dict[str, LandItem] = Field(default_factory=dict)
    zone_control: dict[str, str] = Field(default_factory=dict)  # zone → nation (E-OP-12)
    port_control: dict[str, str] = Field(default_factory=dict)  # port → nation (E14)
    impulse_order: tuple[str, ...] = ()  # the nations whose impulses follow each other (E-OP-08 order too)
    impulse: Impulse
    standing: dict[str, StandingOrders] = Field(default_factory=dict)
    pending: Pending | None = None  # the plan under way between steps
    next_step: Step | None = None  # what ``TurnSteps.after`` returns (computed where the map is)
    carried_events: tuple[dict, ...] = ()  # events of a moderator's edit (E14), told with the next resolution

    # -- relations ---------------------------------------------------------------------------
    def major_of(self, nation: str) -> str:
        """The major power whose fleet a nation's squadrons belong to (E2.1)."""
        found = self.nations.get(nation)
        if found is not None and found.kind == NationKind.MINOR and found.major_ally:
            return found.major_ally
        return nation

    def at_war(self, a: str, b: str) -> bool:
        na, nb = self.nations.get(a), self.nations.get(b)
        return bool(na and nb and (b in na.at_war_with or a in nb.at_war_with))

    def allied(self, a: str, b: str) -> bool:
        """Same side: one nation, a minor and its major, or allied (read both ways)."""
        if self.major_of(a) == self.major_of(b):
            return True
        na, nb = self.nations.get(self.major_of(a)), self.nations.get(self.major_of(b))
        return bool(na and nb and (nb.id in na.allied_with or na.id in nb.allied_with))

    def enemies(self, a: str, b: str) -> bool:
        """At war, directly or through the majors their fleets belong to."""
        return self.at_war(a, b) or self.at_war(self.major_of(a), self.major_of(b))

    # -- forces ------------------------------------------------------------------------------
    def squadrons_at(self, location: str) -> list[Squadron]:
        return [s for s in self.squadrons.values() if s.location == location]

    def fleet(self, power: str, location: str) -> list[Squadron]:
        """E2.1: the squadrons of ``power`` and its minor allies at ``location``."""
        return [s for s in self.squadrons_at(location) if self.major_of(s.nation) == power]

    def fleets_at(self, location: str) -> dict[str, list[Squadron]]:
        out: dict[str, list[Squadron]] = {}
        for s in self.squadrons_at(location):
            out.setdefault(self.major_of(s.nation), []).append(s)
        return out

    def armada_of(self, power: str, location: str) -> Armada | None:
        return next((a for a in self.armadas.values() if a.location == location and power in a.powers), None)

    def stacks_at(self, location: str) -> list[tuple[str, ...]]:
        """E4.4: the stacks in a place, each as the powers whose fleets it holds (an armada's
        powers, else one power), in impulse order then by id; only those with squadrons here."""
        present = self.fleets_at(location)
        seen: set[str] = set()
        stacks: list[tuple[str, ...]] = []
        for power in self.ordered(present):
            if power in seen:
                continue
            armada = self.armada_of(power, location)
            members = tuple(p for p in self.ordered(armada.powers) if p in present) if armada else (power,)
            seen.update(members)
            stacks.append(members)
        return stacks

    def ordered(self, nations) -> list[str]:
        """Nations in the impulse order (E-OP-08's default), the rest by id after them."""
        order = {n: i for i, n in enumerate(self.impulse_order)}
        return sorted(set(nations), key=lambda n: (order.get(n, len(order)), n))

    def with_squadrons(self, *changed: Squadron) -> EiaState:
        return self.model_copy(update={"squadrons": {**self.squadrons, **{s.id: s for s in changed}}})

    def controller_of(self, place: str) -> str | None:
        return self.zone_control.get(place) or self.port_control.get(place)
