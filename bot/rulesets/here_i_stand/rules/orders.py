"""The orders of Here I Stand's naval chapter (H10): one payload model per kind, as the store keeps
them.  An impulse's action is the active power's one order of the action step (its slot is the
impulse's, so a second action replaces the first before the step resolves); ``pass`` ends the
power's impulse spending nothing (ISSUE14: a power that passes spends nothing).

Reactions (H10.2) are not orders: they are a step's questions, answered by prompt, by a standing
order (H10.6, a moderator edit or the power's own ``standing`` edit: ``edits.py``), or by default."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.naval_move import FightFirst, MoveGroup

Id = Annotated[str, Field(min_length=1, max_length=64)]
_Order = ConfigDict(frozen=True, extra="forbid")
ACTION_SLOT = "impulse:action"  # the one action of an action step (not a unit's: bot/engine/ruleset.py)


class NavalMove(BaseModel):
    """H10.1 ``NAVAL_MOVE`` (1 CP): groups, each from one space to an adjacent one (H2.6.1); the
    combats the mover wants first (H2.6.7.2, H-OP-17).  Same fields as ``naval_move.NavalMoveOrder``."""

    model_config = _Order

    kind: Literal["naval_move"] = "naval_move"
    groups: list[MoveGroup] = Field(min_length=1, max_length=20)
    combat_order: list[FightFirst] = Field(default_factory=list, max_length=20)


class NavalTransport(BaseModel):
    """H10.3: ``path`` = [port, sea zone, …, sea zone, port] (H-OP-29: the whole path, in order)."""

    model_config = _Order

    kind: Literal["naval_transport"] = "naval_transport"
    formation: Id
    path: tuple[Id, ...] = Field(min_length=3, max_length=20)


class InitiatePiracy(BaseModel):
    """H10.4 (Ottomans, 2 CP): the sea zone and the target power (H-OP-30)."""

    model_config = _Order

    kind: Literal["initiate_piracy"] = "initiate_piracy"
    zone: Id
    target: Id


class BuildSquadron(BaseModel):
    """H10.5 (2 CP)."""

    model_config = _Order

    kind: Literal["build_squadron"] = "build_squadron"
    port: Id


class BuildCorsair(BaseModel):
    """H10.5 (1 CP, Ottomans after Barbary Pirates)."""

    model_config = _Order

    kind: Literal["build_corsair"] = "build_corsair"
    port: Id


class Pass(BaseModel):
    """No (further) naval action this impulse: the next power in Impulse Order takes its impulse."""

    model_config = _Order

    kind: Literal["pass"] = "pass"


Order = Annotated[Union[NavalMove, NavalTransport, InitiatePiracy, BuildSquadron, BuildCorsair, Pass],
                  Field(discriminator="kind")]
ORDER_KINDS = ("naval_move", "naval_transport", "initiate_piracy", "build_squadron", "build_corsair", "pass")
_ADAPTER: TypeAdapter = TypeAdapter(Order)


def parse_order(payload: dict[str, Any]) -> BaseModel:
    """Payload → order; OrderRejected naming the bad field and what would be right."""
    kind = payload.get("kind") if isinstance(payload, dict) else None
    if kind not in ORDER_KINDS:
        raise OrderRejected(N_("unknown order {kind}; the naval orders are {kinds}"), rule="H10",
                            kind=repr(kind), kinds=", ".join(ORDER_KINDS))
    try:
        return _ADAPTER.validate_python(payload)
    except ValidationError as bad:
        error = bad.errors()[0]
        field = ".".join(str(p) for p in error["loc"][1:]) or kind
        raise OrderRejected(N_("{kind}: the field {field} is not right: {problem}"), rule="H10", kind=kind,
                            field=field, problem=error["msg"]) from None


def order_slot(order: BaseModel) -> str:
    return ACTION_SLOT
