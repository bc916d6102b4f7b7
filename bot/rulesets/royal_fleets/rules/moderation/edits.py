"""Moderators' inputs between turns: the facts the naval rules read but only a moderator supplies
(U-OP-38: the land module, diplomacy and economy are outside; U-OP-09: the pirates; MOD rulings).

Each edit is a payload with a ``kind``; ``apply_edit`` returns a new state and what changed, or
refuses saying what is wrong and what would be right, changing nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.map.model import RoyalMap
from bot.rulesets.royal_fleets.rules.model.state import (PIRATES, Army, Faction, Fleet, Province, Relation,
                                                         RoyalState, Ship)

_Edit = ConfigDict(frozen=True, extra="forbid")


class FactionAdd(BaseModel):
    model_config = _Edit
    kind: Literal["faction_add"] = "faction_add"
    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    colour: str = Field("#808080", pattern=r"^#[0-9a-fA-F]{6}$")
    reason: str = ""


class RelationSet(BaseModel):
    model_config = _Edit
    kind: Literal["relation"] = "relation"
    a: str
    b: str
    relation: Relation
    reason: str = ""


class FactionSet(BaseModel):
    """Treasury (the economy module's) and war exhaustion (U7.4) of a faction."""

    model_config = _Edit
    kind: Literal["faction"] = "faction"
    id: str
    treasury: Fraction | None = Field(None, ge=0)
    war_exhaustion: int | None = Field(None, ge=0)
    reason: str = ""


class ProvinceSet(BaseModel):
    """U11.1 / U-OP-38: owner, fortress and siege state of a province (the land module's facts)."""

    model_config = _Edit
    kind: Literal["province"] = "province"
    id: str
    owner: str | None = None
    fortress: bool | None = None
    besieged: bool | None = None
    food_depot: Literal["none", "basic", "improved"] | None = None
    chain_of_forts: bool | None = None
    reason: str = ""


class TradePostSet(BaseModel):
    model_config = _Edit
    kind: Literal["trade_post"] = "trade_post"
    id: str
    controller: str | None = None
    reason: str = ""


class FleetAdd(BaseModel):
    """A fleet placed by a moderator (the pirates' ships, U-OP-09; a ruling)."""

    model_config = _Edit
    kind: Literal["fleet_add"] = "fleet_add"
    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    faction: str
    area: str
    ships: tuple[Ship, ...] = Field(min_length=1, max_length=100)
    reason: str = ""


class FleetSet(BaseModel):
    model_config = _Edit
    kind: Literal["fleet"] = "fleet"
    id: str
    area: str | None = None
    name: str | None = None
    remove: bool = False
    reason: str = ""


class ShipSet(BaseModel):
    model_config = _Edit
    kind: Literal["ship"] = "ship"
    id: str
    health: int | None = Field(None, ge=0)
    unpaid: bool | None = None
    attack_bonus: int | None = None
    health_bonus: int | None = None
    reason: str = ""


class ArmySet(BaseModel):
    """The land module's army as the naval rules see it (U13 Army): placed, changed or removed."""

    model_config = _Edit
    kind: Literal["army"] = "army"
    id: str
    name: str | None = None
    owner: str | None = None
    units: tuple[int, ...] | None = None
    province: str | None = None
    # U9.8: the land result: the army lost a land battle this turn with this many MP left (-1: it
    # did not, clearing an earlier entry); its RETREAT_TO_SHIPS order reads it.
    beaten_mp: int | None = Field(None, ge=-1, le=6)
    remove: bool = False
    reason: str = ""


class DeploymentSet(BaseModel):
    model_config = _Edit
    kind: Literal["deployment"] = "deployment"
    open: bool
    reason: str = ""


Edit = Annotated[Union[FactionAdd, RelationSet, FactionSet, ProvinceSet, TradePostSet, FleetAdd, FleetSet, ShipSet,
                       ArmySet, DeploymentSet], Field(discriminator="kind")]
EDIT_KINDS = ("faction_add", "relation", "faction", "province", "trade_post", "fleet_add", "fleet", "ship", "army",
              "deployment")
_ADAPTER: TypeAdapter = TypeAdapter(Edit)


def parse_edit(payload: dict[str, Any]) -> BaseModel:
    if not isinstance(payload, dict) or payload.get("kind") not in EDIT_KINDS:
        raise OrderRejected(N_("Unknown moderator edit {kind}; the edits are: {kinds}."),
                            kind=repr(payload.get("kind") if isinstance(payload, dict) else None),
                            kinds=", ".join(EDIT_KINDS))
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise OrderRejected(N_("The {kind} edit's field {field} is wrong: {problem}."), kind=payload["kind"],
                            field=".".join(str(p) for p in error["loc"][1:]) or "edit", problem=error["msg"]) from None


def _faction(state: RoyalState, faction: str | None) -> None:
    if faction is not None and faction not in state.factions and faction != PIRATES:
        raise OrderRejected(N_("{faction} is not a faction of this campaign (known: {known})."), faction=faction,
                            known=", ".join(sorted(state.factions)))


def _area(sea: RoyalMap, area: str | None) -> None:
    if area is not None and area not in sea.areas:
        raise OrderRejected(N_("{area} is not a sea area of this map."), area=area)


def apply_edit(state: RoyalState, sea: RoyalMap, edit: BaseModel) -> tuple[RoyalState, str]:
    new = state.model_copy(deep=True)
    note = _APPLY[edit.kind](new, sea, edit)
    return new, note


def _faction_add(s: RoyalState, sea, e: FactionAdd) -> str:
    if e.id in s.factions:
        raise OrderRejected(N_("There is already a faction {faction}."), faction=e.id)
    s.factions[e.id] = Faction(name=e.name, colour=e.colour, moderated=e.id == PIRATES)
    return f"added faction {e.name}"


def _relation(s: RoyalState, sea, e: RelationSet) -> str:
    _faction(s, e.a), _faction(s, e.b)
    if PIRATES in (e.a, e.b) or e.a == e.b:
        raise OrderRejected(N_("The pirates are at war with everyone (U3.4); name two different factions."))
    s.relations = tuple(r for r in s.relations if {r[0], r[1]} != {e.a, e.b}) + ((e.a, e.b, e.relation),)
    return f"{e.a} and {e.b}: {e.relation.value}"


def _faction_set(s: RoyalState, sea, e: FactionSet) -> str:
    _faction(s, e.id)
    faction = s.factions[e.id]
    if e.treasury is not None:
        faction.treasury = e.treasury
    if e.war_exhaustion is not None:
        faction.war_exhaustion = e.war_exhaustion
    return f"{faction.name}: treasury {faction.treasury}, war exhaustion {faction.war_exhaustion}"


def _province(s: RoyalState, sea: RoyalMap, e: ProvinceSet) -> str:
    if e.id not in sea.provinces:
        raise OrderRejected(N_("{province} is not a province of this map."), province=e.id)
    _faction(s, e.owner)
    current = s.provinces.get(e.id, Province())
    changes = {k: v for k, v in e.model_dump(exclude={"kind", "id", "reason"}).items() if v is not None}
    s.provinces[e.id] = current.model_copy(update=changes)
    return f"province {e.id}: {changes}"


def _trade_post(s: RoyalState, sea: RoyalMap, e: TradePostSet) -> str:
    if e.id not in sea.trade_posts:
        raise OrderRejected(N_("{post} is not a trade post of this map (known: {known})."), post=e.id,
                            known=", ".join(sorted(sea.trade_posts)))
    _faction(s, e.controller)
    s.trade_posts[e.id] = e.controller
    return f"trade post {e.id}: {e.controller or 'nobody'}"


def _fleet_add(s: RoyalState, sea: RoyalMap, e: FleetAdd) -> str:
    _faction(s, e.faction), _area(sea, e.area)
    if e.id in s.fleets:
        raise OrderRejected(N_("There is already a fleet {fleet}."), fleet=e.id)
    taken = {sh.id for f in s.fleets.values() for sh in f.ships} & {sh.id for sh in e.ships}
    if taken:
        raise OrderRejected(N_("Ship ids already used: {ships}."), ships=", ".join(sorted(taken)))
    if e.faction == PIRATES and PIRATES not in s.factions:
        s.factions[PIRATES] = Faction(name="Pirates", colour="#202020", moderated=True)
    s.fleets[e.id] = Fleet(id=e.id, name=e.name, owners=(e.faction,), commander=e.faction, ships=list(e.ships),
                           location=e.area)
    return f"fleet {e.name} of {e.faction} placed in {e.area}"


def _fleet_set(s: RoyalState, sea: RoyalMap, e: FleetSet) -> str:
    fleet = s.fleets.get(e.id)
    if fleet is None:
        raise OrderRejected(N_("There is no fleet {fleet}."), fleet=e.id)
    if e.remove:
        _no_troops_aboard(s, fleet)
        del s.fleets[e.id]
        return f"fleet {fleet.name} removed"
    _area(sea, e.area)
    if e.area is not None:
        fleet.location, fleet.in_transit, fleet.blockading = e.area, None, []
    if e.name is not None:
        fleet.name = e.name
    return f"fleet {fleet.name}: in {fleet.location}"


def _ship(s: RoyalState, sea, e: ShipSet) -> str:
    fleet = s.fleet_of_ship(e.id)
    if fleet is None:
        raise OrderRejected(N_("There is no ship {ship}."), ship=e.id)
    ship = next(sh for sh in fleet.ships if sh.id == e.id)
    for name in ("health", "unpaid", "attack_bonus", "health_bonus"):
        if getattr(e, name) is not None:
            setattr(ship, name, getattr(e, name))
    if ship.health == 0:
        if len(fleet.ships) == 1:
            _no_troops_aboard(s, fleet)
        fleet.ships.remove(ship)
        if not fleet.ships:
            del s.fleets[fleet.id]
    return f"ship {e.id}: health {ship.health}"


def _no_troops_aboard(s: RoyalState, fleet: Fleet) -> None:
    """A fleet taken off the map must not leave armies aboard nothing (U-OP-30): land or remove them first."""
    aboard = [s.armies[c.army].name for c in fleet.cargo if c.army in s.armies]
    if aboard:
        raise OrderRejected(N_("{fleet} carries {armies}: put them ashore or remove them first (/royal-fleets army)."),
                            fleet=fleet.name, armies=", ".join(aboard))


def _off_its_fleet(s: RoyalState, army: Army) -> None:
    fleet = s.fleets.get(army.aboard or "")
    if fleet is not None:
        fleet.cargo = [c for c in fleet.cargo if c.army != army.id]
    army.aboard = None


def _army(s: RoyalState, sea: RoyalMap, e: ArmySet) -> str:
    if e.remove:
        if e.id in s.armies:
            _off_its_fleet(s, s.armies[e.id])
        s.armies.pop(e.id, None)
        return f"army {e.id} removed"
    _faction(s, e.owner)
    if e.province is not None and e.province not in sea.provinces:
        raise OrderRejected(N_("{province} is not a province of this map."), province=e.province)
    current = s.armies.get(e.id)
    if current is None:
        if e.owner is None or e.units is None or e.province is None:
            raise OrderRejected(N_("A new army needs owner, units (the health of each) and province."))
        s.armies[e.id] = Army(id=e.id, name=e.name or e.id, owner=e.owner, units=list(e.units), province=e.province)
    else:
        if e.province is not None:  # put ashore by a ruling
            _off_its_fleet(s, current)
        for name in ("name", "owner", "province"):
            if getattr(e, name) is not None:
                setattr(current, name, getattr(e, name))
        if e.units is not None:
            current.units = list(e.units)
    if e.beaten_mp is not None:
        s.armies[e.id].beaten_mp = None if e.beaten_mp < 0 else e.beaten_mp
    return f"army {e.id} set"


def _deployment(s: RoyalState, sea, e: DeploymentSet) -> str:
    s.deployment = e.open
    return "deployment " + ("open" if e.open else "closed")


_APPLY = {"faction_add": _faction_add, "relation": _relation, "faction": _faction_set, "province": _province,
          "trade_post": _trade_post, "fleet_add": _fleet_add, "fleet": _fleet_set, "ship": _ship, "army": _army,
          "deployment": _deployment}


def edit_subjects(before: RoyalState, after: RoyalState, edit: BaseModel) -> list[str]:
    ids = [getattr(edit, name) for name in ("id", "a", "b", "faction", "owner", "controller")
           if isinstance(getattr(edit, name, None), str)]
    fleet = after.fleets.get(getattr(edit, "id", "")) or before.fleets.get(getattr(edit, "id", ""))
    if fleet is not None:
        ids += list(fleet.owners)
    return list(dict.fromkeys(ids))
