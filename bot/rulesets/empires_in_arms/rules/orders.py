"""The orders of E17 as payload models, each read with a clear message naming the bad field.

A fleet is named by where it is (``at``): a nation has at most one stack in a place (E4.4);
``squadrons`` picks some of it (the rest stay, a new fleet, E2.4), ``armada`` moves the whole
armada (E3.2.1).  ``move_fleet`` is a conditional plan (E-OP-09): ``patrols`` per zone (at most so
many, E5.5), ``evade`` when intercepted (yes / no / ask / a condition over the question's facts),
``on_win`` continue or stop (E9.1)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected

Place = Annotated[str, Field(min_length=1, max_length=80)]


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MoveFleet(_Order):
    kind: Literal["move_fleet"] = "move_fleet"
    at: Place
    squadrons: tuple[Place, ...] = ()  # empty: the whole fleet
    armada: str | None = None
    path: tuple[Place, ...] = Field(default=(), max_length=40)
    drop: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # place → squadrons left there (E2.3)
    pickup: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # place → squadrons taken along
    patrols: dict[str, Annotated[int, Field(ge=1, le=20)]] = Field(default_factory=dict)  # zone → at most (E5.5)
    evade: str = "ask"  # yes | no | ask | a condition (E6, E-OP-09)
    on_win: Literal["continue", "stop"] = "continue"  # E9.1


class Patrol(_Order):
    """E5.3/E5.5: the active fleet patrols the zone it is in, without moving (one roll per enemy stack, E4.5)."""

    kind: Literal["patrol"] = "patrol"
    zone: Place
    times: int = Field(default=1, ge=1, le=20)
    squadrons: tuple[Place, ...] = ()
    evade: str = "ask"


class Convoy(_Order):
    """E11: items from a port to a port (E12: an enemy port is a landing)."""

    kind: Literal["convoy"] = "convoy"
    nation: str = ""  # whose (its slot, ``order_slot``); "" in orders stored before, and in cases
    items: tuple[Place, ...] = Field(min_length=1)
    path: tuple[Place, ...] = Field(min_length=2, max_length=40)


class SetArmadaCommand(_Order):
    """E3.1.1–E3.1.3: the nation takes command of an armada (or forms one at ``at`` with ``powers``)."""

    kind: Literal["armada_command"] = "armada_command"
    armada: Place
    squadron: Place
    at: str | None = None  # forming a new armada here
    powers: tuple[str, ...] = ()  # the other powers whose fleets join it


class LeaveArmada(_Order):
    """E3.2.2 / E4.3: the nation's fleet leaves the armada: a separate stack in the same place."""

    kind: Literal["leave_armada", "separate_stack"] = "leave_armada"
    armada: Place


class LandingRetreatPort(_Order):
    """E12.6: where landed formations go if they must retreat (a friendly port passed through)."""

    kind: Literal["landing_retreat"] = "landing_retreat"
    nation: str = ""  # whose (its slot, ``order_slot``)
    port: Place


class Standing(_Order):
    """E-OP-09: a nation's standing orders (any nation, at any orders step); empty fields: ask."""

    kind: Literal["standing"] = "standing"
    nation: str = ""  # whose (its slot, ``order_slot``): every nation may hold a set at once (E-OP-09)
    intercept: str = ""
    evade: str = ""
    armada_agree: str = ""
    combat_cards: str = ""
    nearest_ports: tuple[str, ...] = ()


Order = Annotated[MoveFleet | Patrol | Convoy | SetArmadaCommand | LeaveArmada | LandingRetreatPort | Standing,
                  Field(discriminator="kind")]
KINDS = ("move_fleet", "patrol", "convoy", "armada_command", "leave_armada", "separate_stack", "landing_retreat",
         "standing")
_ADAPTER = TypeAdapter(Order)


def parse_order(payload: dict[str, Any]) -> BaseModel:
    kind = payload.get("kind") if isinstance(payload, dict) else None
    if kind not in KINDS:
        raise OrderRejected(N_("unknown order kind {kind}; the orders are: {kinds}"), rule="E17",
                            kind=str(kind), kinds=", ".join(KINDS))
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(p) for p in error["loc"][1:]) or "order"
        raise OrderRejected(N_("the {kind} order's {field} is wrong: {problem}"), rule="E17", kind=kind,
                            field=field, problem=error["msg"]) from None


def order_slot(order: BaseModel) -> str:
    """One plan per fleet (moved together or a named part of it), one convoy (E11.4), one
    standing set, one command per armada.  Never ``unit:`` (bot/engine/ruleset.py).  A nation's own
    orders (convoy, landing retreat, standing) carry the nation, ``standing:<nation>``: the store keys a
    step's orders by slot alone, so a bare ``standing`` of one nation would replace another's."""
    if isinstance(order, MoveFleet):
        part = "+".join(sorted(order.squadrons)) or order.armada or "all"
        return f"move:{order.at}:{part}"
    if isinstance(order, Patrol):
        return f"patrol:{order.zone}"
    if isinstance(order, SetArmadaCommand | LeaveArmada):
        return f"armada:{order.armada}"
    nation = getattr(order, "nation", "")
    return f"{order.kind}:{nation}" if nation else order.kind  # convoy, landing_retreat, standing


def describe_kinds() -> tuple[str, ...]:
    return KINDS
