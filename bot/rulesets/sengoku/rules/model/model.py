"""State of a Sengoku naval campaign (S12.1, S12.2)."""

from __future__ import annotations

import types
import typing
from enum import Enum, IntEnum, StrEnum
from typing import Any, ClassVar, Literal

import annotated_types
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr


class Relation(StrEnum):
    AT_WAR = "at_war"
    ALLIED = "allied"
    NEUTRAL = "neutral"


class Stake(StrEnum):
    LOW = "low"
    HIGH = "high"


class Category(IntEnum):
    """Outcome of a stake roll, worst to best (S0.3)."""

    FH = 0
    FL = 1
    SL = 2
    SH = 3


class UnitState(StrEnum):
    ACTIVE = "active"
    MOTHBALLED = "mothballed"
    DISBANDED = "disbanded"
    DESTROYED = "destroyed"
    CAPTURED = "captured"
    LOST = "lost"


class CharacterKind(StrEnum):
    GENERAL = "general"
    COMMANDER = "commander"


class CharacterStatus(StrEnum):
    FREE = "free"
    CAPTURED = "captured"
    DEAD = "dead"


class Manoeuvre(StrEnum):
    TAKE_WIND = "take_wind"
    FEIGNED_RETREAT = "feigned_retreat"
    TSURUYOKI = "tsuruyoki"
    DEFENSIVE = "defensive"


class ArmyFlag(StrEnum):
    HEAVY_MARCH = "heavy_march"
    DISORDER = "disorder"
    DISPERSED = "dispersed"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    def __setattr__(self, name: str, value: Any) -> None:
        # Issue 18: a 1,000-unit turn assigns ~18k fields.  A value whose type is exactly one a
        # field takes unconstrained (a bool to a bool field, a str or None to ``str | None``, a member
        # to its enum's field) is what validation would store unchanged, so it is stored as pydantic
        # does (the value, and the field marked set); anything else is validated as before.
        plain = _PLAIN_TYPES.get(type(self))
        if plain is None:
            plain = _PLAIN_TYPES[type(self)] = plain_field_types(type(self))
        spec = plain.get(name)
        if spec is not None and type(value) in spec[0] and (spec[1] is None or spec[1] <= value <= spec[2]):
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
            return
        super().__setattr__(name, value)


# Per model class, per field: (the exact types stored as given, and for an int field with bounds, the
# lowest and highest value stored as given, else None, None).
_PlainSpec = tuple[frozenset[type], int | None, int | None]
_PLAIN_TYPES: dict[type, dict[str, _PlainSpec]] = {}


def plain_field_types(cls: type[BaseModel]) -> dict[str, _PlainSpec]:
    """What validation stores unchanged, per field: a value of an exact plain type (bool, str, int, an
    enum; None for an optional field), an int within its ``ge``/``le`` bounds.  Nothing for a
    container, a literal, other constraints, validators or a frozen model: those are always validated."""
    decorators = cls.__pydantic_decorators__
    if decorators.field_validators or decorators.model_validators or cls.model_config.get("frozen"):
        return {}
    found = {}
    for name, info in cls.model_fields.items():
        kinds = _plain(info.annotation)
        bounds = _bounds(info.metadata) if kinds == {int} else (None, None) if not info.metadata else None
        if kinds and bounds is not None and not info.frozen:
            found[name] = (kinds, *bounds)
    return found


def _bounds(metadata: list[Any]) -> tuple[int | None, int | None] | None:
    """An int field's ``ge``/``le`` (both, or neither); None for any other constraint."""
    if not metadata:
        return (None, None)
    low = [m.ge for m in metadata if isinstance(m, annotated_types.Ge)]
    high = [m.le for m in metadata if isinstance(m, annotated_types.Le)]
    if len(metadata) != len(low) + len(high) or len(low) > 1 or len(high) > 1:
        return None
    return (low[0] if low else -(1 << 63), high[0] if high else 1 << 63)


def _plain(annotation: Any) -> frozenset[type]:
    if annotation in (bool, str, int):
        return frozenset({annotation})
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return frozenset({annotation})
    args = typing.get_args(annotation)
    if isinstance(annotation, types.UnionType) and type(None) in args and len(args) == 2:
        # None is stored as None whatever the other type; an other value only if that type is plain.
        return _plain(next(a for a in args if a is not type(None))) | {type(None)}
    return frozenset()


class Changes:
    """Counts of the in-place changes the resolution's indexes (model/index.py) are built from: an
    index made at one count is rebuilt at another.  A count only says "something changed" (never
    read by a rule, so results cannot depend on it); changes in another state bump it too, which
    costs a rebuild, never a wrong answer."""

    counts: ClassVar[dict[str, int]] = {"relations": 0, "squadrons": 0, "places": 0, "bases": 0, "links": 0}
    # Squadrons whose station or location was assigned, in order: the on-station index moves just
    # those.  Replaced by a fresh list when long (an index holding the old one rebuilds in full).
    # The journal holds the squadrons, so it is kept short: an index detached at the end of a
    # resolution starts it afresh (``forget_moves``), and it never grows past MOVED_MAX.
    moved: ClassVar[list[Any]] = []
    MOVED_MAX: ClassVar[int] = 20_000

    @classmethod
    def record_move(cls, squadron: Any) -> None:
        if len(cls.moved) >= cls.MOVED_MAX:
            cls.moved = []
        cls.moved.append(squadron)

    @classmethod
    def forget_moves(cls) -> None:
        cls.moved = []


class _Watched(_Model):
    """A model whose creation bumps every count of ``watched`` and whose assignment to a watched
    field bumps that field's count (``Changes.counts``)."""

    watched: ClassVar[dict[str, str]] = {}  # field → count
    journalled: ClassVar[frozenset[str]] = frozenset()  # fields whose assignment is a move (``Changes.moved``)

    def model_post_init(self, context: Any) -> None:
        for count in set(self.watched.values()):
            Changes.counts[count] += 1

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        count = self.watched.get(name)
        if count is not None:
            Changes.counts[count] += 1
            if name in self.journalled:
                Changes.record_move(self)


class Clan(_Model):
    id: str
    name: str
    colour: str = "#888888"
    rice: int = 0
    development: int = 0


class RelationEntry(_Watched):
    watched: ClassVar[dict[str, str]] = {"a": "relations", "b": "relations", "relation": "relations"}

    a: str
    b: str
    relation: Relation


class PortState(_Model):
    """The changing facts of a port; the fixed ones are in the map (S12.2)."""

    id: str
    owner: str | None = None
    destroyed: bool = False
    land_guard: int = Field(0, ge=0)
    land_guard_cavalry: int = Field(0, ge=0, description="how many of land_guard's figures are cavalry (OP-42 e)")


class HeavyDetachment(_Watched):
    # model/index.py: the active detachments by squadron (a capture or loss takes one out)
    watched: ClassVar[dict[str, str]] = {"attached_to": "links", "state": "links"}

    id: str
    owner: str
    attached_to: str | None = None
    base_port: str | None = None
    state: UnitState = UnitState.ACTIVE
    damage: int = Field(0, ge=0, le=5)
    under_repair: bool = False
    location: str | None = Field(None, description="the coast it lies on when mothballed (S2.5, R17)")


class Squadron(_Watched):
    # model/index.py: who is on station (its moves journalled, ``Changes.moved``); who is based at a port
    watched: ClassVar[dict[str, str]] = {"id": "squadrons", "station": "places", "location": "places",
                                         "base_port": "bases"}
    journalled: ClassVar[frozenset[str]] = frozenset({"station", "location"})

    id: str
    name: str
    owner: str
    base_port: str | None = None
    location: str | None = None
    state: UnitState = UnitState.ACTIVE
    damage: int = Field(0, ge=0, le=5)
    experience: int = Field(0, ge=0, le=2)
    leader: str | None = None
    station: str | None = Field(None, description="area it cruises off on standing orders (S4.3.4)")
    standing: dict | None = Field(None, description="the cruise order that carries over to later turns")
    dispersed: bool = False
    under_repair: bool = False


class TradeFleet(_Model):
    id: str
    name: str
    owner: str
    base_port: str | None = None
    location: str | None = None
    state: UnitState = UnitState.ACTIVE
    damaged: bool = False
    damage_pending_turn_end: bool = False
    repaired_this_turn: bool = False
    plundered_this_turn: bool = False
    evac_ready: bool = False
    owner_revealed_to: list[str] = Field(default_factory=list)


class NavalEvent(_Model):
    turn: int
    kind: Literal["led_battle", "led_interception", "destroyed_at_anchor"]


class Character(_Model):
    id: str
    name: str
    clan: str
    kind: CharacterKind
    status: CharacterStatus = CharacterStatus.FREE
    captor: str | None = None
    wounds: int = Field(0, ge=0)
    naval_events: list[NavalEvent] = Field(default_factory=list)
    victories: int = Field(0, ge=0)
    academy_naval_art: bool = False
    if_captured: Literal["suicide", "remain_captive", "ask_player"] = "ask_player"

    def is_veteran(self, turn: int) -> bool:
        """S9.2.3 and OP-44 (b): only events of earlier turns count."""
        return any(event.turn < turn for event in self.naval_events)

    def art_active(self) -> bool:
        """S9.3.1–S9.3.2: three victories, or academy training plus one."""
        return self.victories >= 3 or (self.academy_naval_art and self.victories >= 1)


class LandDetachment(_Model):
    id: str
    infantry: int = Field(0, ge=0)
    cavalry: int = Field(0, ge=0)
    non_replaceable_losses: int = Field(0, ge=0)
    castle_refill_barred: bool = Field(False, description="S3.8.6, OP-16: evacuated; the land module makes good "
                                                          "none of its losses from castles")

    @property
    def figures(self) -> int:
        return self.infantry + self.cavalry

    @property
    def transport_weight(self) -> int:
        """S0.3, S3.7.2: a cavalry figure counts 2 at sea."""
        return self.infantry + 2 * self.cavalry


class Army(_Model):
    id: str
    name: str
    clan: str
    leader: str | None = None
    area: str
    detachments: list[LandDetachment] = Field(default_factory=list)
    flags: list[ArmyFlag] = Field(default_factory=list)


class CaptureCredit(_Model):
    id: str
    holder: str
    kind: Literal["squadron", "heavy_detachment"]
    holders: list[str] = Field(default_factory=list, description="capturing squadrons (OP-36 c)")
    turn_captured: int
    void: bool = False


class ActiveLoc(_Model):
    """A LoC from a port to a portless province kept open by a trade fleet for a
    whole turn: usable in turn ``active_from_turn`` (S3.6.2, S12.2)."""

    id: str
    clan: str
    from_port: str
    to_area: str
    path: list[str]
    secured_by: str
    active_from_turn: int


class PendingCaptive(_Model):
    """OP-46 (c): a character captured in the turn just resolved, whose choice (suicide or
    captivity, S9.4, S9.5) the captives' step asks (rules/turn/captives.py).  ``seen_by``: the
    clans who saw the capture when it was secret (a pirate's fight, OP-49); None: everyone."""

    character: str
    seen_by: list[str] | None = None


class BasingAgreement(_Model):
    """S2.4, S12.2 Clan.basing_agreements: made in the Diplomacy Phase, the guest's ships may be based at
    the host's port (``port`` None: at every port of the host) during turn ``turn`` only."""

    host: str
    guest: str
    port: str | None = None
    turn: int

    def covers(self, guest: str, host: str | None, port: str, turn: int) -> bool:
        return (self.guest == guest and self.host == host and self.turn == turn
                and self.port in (None, port))


class SengokuState(_Model):
    turn: int = 1
    season: str = "spring-summer"
    storm: bool = False
    clans: dict[str, Clan] = Field(default_factory=dict)
    relations: list[RelationEntry] = Field(default_factory=list)
    area_owner: dict[str, str] = Field(default_factory=dict)
    ports: dict[str, PortState] = Field(default_factory=dict)
    squadrons: dict[str, Squadron] = Field(default_factory=dict)
    heavy: dict[str, HeavyDetachment] = Field(default_factory=dict)
    fleets: dict[str, TradeFleet] = Field(default_factory=dict)
    characters: dict[str, Character] = Field(default_factory=dict)
    armies: dict[str, Army] = Field(default_factory=dict)
    credits: list[CaptureCredit] = Field(default_factory=list)
    pending_landings: dict[str, dict] = Field(default_factory=dict, description="prepared landings waiting off "
                                              "their embarkation coast for execute_landing, by lead fleet (OP-14)")
    active_locs: list[ActiveLoc] = Field(default_factory=list, description="LoCs to portless provinces (S3.6.2)")
    clan_policies: dict[str, dict] = Field(default_factory=dict,
                                           description="standing clan_policy orders by clan (S5.9, S2.6, OP-39)")
    basing_agreements: list[BasingAgreement] = Field(default_factory=list,
                                                     description="S2.4: who may base at whose ports, per turn")
    captives: list[PendingCaptive] = Field(default_factory=list,
                                           description="OP-46 (c): captured this turn, their choice still to ask")

    # The resolution's lookups (model/index.py), while a resolution holds this state; never dumped.
    _index: Any = PrivateAttr(None)

    def relation(self, a: str, b: str) -> Relation:
        """OP-48: the diplomacy matrix; unlisted pairs are neutral."""
        index = self.__pydantic_private__["_index"]
        if index is not None:
            return index.relation(a, b)
        return self.scan_relation(a, b)

    def scan_relation(self, a: str, b: str) -> Relation:
        """``relation`` without the index (what the index is checked against)."""
        if a == b:
            return Relation.ALLIED
        for entry in self.relations:  # no set per entry: this is among the hottest calls of a turn
            if (entry.a == a and entry.b == b) or (entry.a == b and entry.b == a):
                return entry.relation
        return Relation.NEUTRAL

    def at_war(self, a: str, b: str) -> bool:
        return self.relation(a, b) is Relation.AT_WAR

    def friendly(self, a: str, b: str) -> bool:
        return self.relation(a, b) is Relation.ALLIED

    def hds_of(self, squadron_id: str) -> list[HeavyDetachment]:
        index = self.__pydantic_private__["_index"]
        if index is not None:
            return index.hds_of(squadron_id)
        return self.scan_hds_of(squadron_id)

    def scan_hds_of(self, squadron_id: str) -> list[HeavyDetachment]:
        return [hd for hd in self.heavy.values()
                if hd.attached_to == squadron_id and hd.state is UnitState.ACTIVE]

    def heavy_name(self, hd_id: str, port_name: str | None = None) -> str:
        """A heavy detachment as players read it (it has no name, S12.2): "Kobayakawa-1's heavy detachment",
        or, not attached, "Mōri's heavy detachment" (at ``port_name``, its base); never its id."""
        hd = self.heavy.get(hd_id)
        squadron = self.squadrons.get(hd.attached_to or "") if hd else None
        if squadron is not None:
            return f"{squadron.name}'s heavy detachment"
        clan = self.clans[hd.owner].name if hd and hd.owner in self.clans else None
        where = f" at {port_name}" if port_name else ""
        return f"{clan}'s heavy detachment{where}" if clan else "a heavy detachment"

    def credit_name(self, credit_id: str) -> str:
        """A capture credit as players read it (S8.4.6): "the credit for Tahara (squadron of Ōtomo, captured
        on turn 3)", never its id; the prize is the unit the id ends with (``credit:<turn>:<unit>``)."""
        credit = next((c for c in self.credits if c.id == credit_id), None)
        _, turn, source = (credit_id.split(":", 2) + ["", ""])[:3]
        prize = self.squadrons.get(source) or self.heavy.get(source)
        kind = (credit.kind if credit else "squadron" if source in self.squadrons else "heavy_detachment")
        words = "squadron" if kind == "squadron" else "heavy detachment"
        turn = str(credit.turn_captured) if credit else turn
        name = getattr(prize, "name", None) if isinstance(prize, Squadron) else None
        owner = self.clans[prize.owner].name if prize is not None and prize.owner in self.clans else None
        if name:
            whose = f"{words} of {owner}, " if owner else ""
            return f"the credit for {name} ({whose}captured on turn {turn})"
        whose = f" of {owner}" if owner else ""
        return f"the credit for a {words}{whose} captured on turn {turn}"

    def port_owner(self, port_id: str) -> str | None:
        return self.ports[port_id].owner if port_id in self.ports else None

    def basing_agreement(self, guest: str, port_id: str) -> BasingAgreement | None:
        """S2.4: the agreement of this turn under which ``guest`` may base at another clan's port."""
        host = self.port_owner(port_id)
        if host is None or host == guest:
            return None
        return next((a for a in self.basing_agreements if a.covers(guest, host, port_id, self.turn)), None)

    def unit_owner(self, unit_id: str) -> str | None:
        for table in (self.squadrons, self.fleets, self.heavy):
            if unit_id in table:
                return table[unit_id].owner
        return None
