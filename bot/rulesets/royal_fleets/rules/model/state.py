"""The state of a royal fleets campaign (spec U13): factions, fleets of ships, armies at sea,
hired transports, provinces and their ports, trade posts.  Pure data; the map (sea areas, their
neighbours, bordering provinces, transition areas) is the campaign's map file (U10, R1).

Ids are the keys of each table; every record also carries the name players read.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ARMY_MP = 4  # [L69]: an army has 4 MP at the start of each turn (U2.1, U-OP-32)
PIRATES = "pirates"  # U3.4 / U-OP-09: the pseudo-faction at war with everyone, ordered by moderators

# Mutable: a resolution works on a deep copy of the state it is given (turn/resolve.py), never on it.
_Frozen = ConfigDict(extra="forbid", validate_assignment=False)


class Relation(str, Enum):
    AT_WAR = "at_war"
    ALLIED = "allied"
    NEUTRAL = "neutral"


class Faction(BaseModel):
    """U13 Faction.  ``war_exhaustion`` grows by 10 per naval defeat (U7.4)."""

    model_config = _Frozen

    name: str
    colour: str = "#808080"
    treasury: Fraction = Field(Fraction(0), ge=0, description="thalers (exact: upkeep is a tenth of a price)")
    war_exhaustion: int = Field(0, ge=0)
    moderated: bool = False  # the pirates: ordered by moderators (U-OP-09)


class Ship(BaseModel):
    """U13 Ship.  ``health`` between 0 and its type's max health (plus ``health_bonus``);
    ``unpaid`` flags a ship whose upkeep was not paid this turn (U-OP-08: offered for buy-over)."""

    model_config = _Frozen

    id: str
    type: str
    health: int = Field(ge=0)
    name: str = Field("", max_length=60)  # as players call it ("San Felipe"); the report falls back to type and id
    unpaid: bool = False
    attack_bonus: int = 0  # U-OP-15: upgrades, set by moderators
    health_bonus: int = 0


class Cargo(BaseModel):
    """Army units aboard a fleet (U9.2): ``units`` of army ``army``."""

    model_config = _Frozen

    army: str
    units: int = Field(ge=1)


class Transit(BaseModel):
    """U10.1 / U-OP-34: a fleet between the maps; it appears in ``to_area`` at the start of turn
    ``arrival_turn`` and cannot be attacked meanwhile."""

    model_config = _Frozen

    from_area: str
    to_area: str
    arrival_turn: int


class Fleet(BaseModel):
    """U13 Fleet.  Exactly one of ``location`` / ``in_transit``.  ``owners`` has several factions
    only under joint command (U1.2, U-OP-02); ``commander`` is the faction whose orders it takes."""

    model_config = _Frozen

    id: str
    name: str
    owners: tuple[str, ...]
    commander: str
    ships: list[Ship]
    location: str | None = None
    in_transit: Transit | None = None
    mp_debt_next_turn: int = Field(0, ge=0)  # U5.2 support, U-OP-13
    blockading: list[str] = []  # port ids (U4)
    cargo: list[Cargo] = []
    escorted_transports: list[str] = []  # hired-transport ids (U9.7)

    @property
    def owner(self) -> str:
        return self.commander


class Army(BaseModel):
    """The land interface (U13 Army): only what the naval rules read and write.  ``units`` are the
    health of each unit; ``province`` when ashore, ``aboard`` a fleet or hired-transport id at sea."""

    model_config = _Frozen

    id: str
    name: str
    owner: str
    units: list[int]
    mp: int = Field(4, ge=0, le=6)
    province: str | None = None
    aboard: str | None = None
    # U9.8: the land module's result, recorded by the moderators for this turn: the army lost a land
    # battle and has this many MP left (None: it did not).  Its standing RETREAT_TO_SHIPS order reads
    # it; the turn's resolution clears it.
    beaten_mp: int | None = Field(None, ge=0, le=6)


class HiredTransport(BaseModel):
    """U9.5 / U13 HiredTransport: units of an army carried for a fee, escorted or not."""

    model_config = _Frozen

    id: str
    army: str
    units: int = Field(ge=1)
    location: str
    escort: str | None = None


class Province(BaseModel):
    """U13 Province: what the state says of a province the map names (owner, siege, fortress)."""

    model_config = _Frozen

    owner: str | None = None
    fortress: bool = False
    besieged: bool = False
    food_depot: Literal["none", "basic", "improved"] = "none"
    chain_of_forts: bool = False  # the besieger built one (U11.1: +1 loss)


class JointCommand(BaseModel):
    """A merge of fleets of two factions waiting for the other owner's consent (U-OP-02)."""

    model_config = _Frozen

    fleet: str
    into: str
    asked_by: str


class RoyalState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    turn: int = Field(1, ge=0)
    factions: dict[str, Faction]
    relations: tuple[tuple[str, str, Relation], ...] = ()
    provinces: dict[str, Province] = Field(default_factory=dict)
    fleets: dict[str, Fleet] = Field(default_factory=dict)
    armies: dict[str, Army] = Field(default_factory=dict)
    transports: dict[str, HiredTransport] = Field(default_factory=dict)
    trade_posts: dict[str, str | None] = Field(default_factory=dict)  # trade-post id → controller (U10.4/U10.5)
    deployment: bool = False  # before the game: DEPLOY orders are open (U1.3, U-OP-33)
    pending_joins: list[JointCommand] = []
    next_id: int = 1  # new fleets and ships (hiring, captures) get ids from here

    # --- diplomacy ------------------------------------------------------------------------------

    def relation(self, a: str, b: str) -> Relation:
        if a == b:
            return Relation.ALLIED
        if PIRATES in (a, b):
            return Relation.AT_WAR  # U3.4: pirates are at war with everyone
        for x, y, rel in self.relations:
            if {x, y} == {a, b}:
                return rel
        return Relation.NEUTRAL

    def at_war(self, a: str, b: str) -> bool:
        return self.relation(a, b) is Relation.AT_WAR

    def friendly(self, a: str, b: str) -> bool:
        """Own or allied (U3.1, U9 "friendly")."""
        return self.relation(a, b) is Relation.ALLIED

    def hostile_fleets(self, faction: str, area: str) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.location == area and self.at_war(faction, f.commander)]

    def fleets_in(self, area: str) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.location == area]

    def fleet_of_ship(self, ship_id: str) -> Fleet | None:
        return next((f for f in self.fleets.values() if any(s.id == ship_id for s in f.ships)), None)

    def owner_of(self, province: str) -> str | None:
        found = self.provinces.get(province)
        return found.owner if found else None

    def ports_of(self, faction: str, sea) -> list[str]:
        """The faction's ports on the map ``sea`` (a RoyalMap): those of its provinces."""
        return [port for port in sorted(sea.ports) if self.owner_of(sea.port_province(port)) == faction]

    def blockaded_ports(self) -> set[str]:
        return {port for fleet in self.fleets.values() if fleet.location for port in fleet.blockading}
