"""Repairs of trade fleets and squadrons (S3.2, S4.9, OP-08, OP-18, S12.5 6.7).

A trade fleet idle with ``repair`` at a port with timber stops being damaged
at the end of the sub-phase (S3.2.6).  A damaged fleet at a port without
timber cannot repair and stays idle and damaged (OP-08; validation refuses the
repair order).  A squadron on SQ_REPAIR is ``under_repair`` for the sub-phase
(it counts for the defender in a port's twofold check, does not defend against
sea attack and cannot help, S4.2, OP-18) and at its end loses
``sq_repair_amount_per_subphase`` damage (default all).  Its attached heavy
detachments repair with it, the same amount each (Interpretation: S4.10.4 has
them share their squadron's damage).  A squadron left with damage goes on
repairing in the next sub-phase unless it gets a new order.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import OrderFellBack
from bot.rulesets.sengoku.rules.model.events_trade import FleetRepaired, SquadronRepaired
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.orders.orders import SquadronIdle


def start_subphase(ctx: Ctx) -> None:
    """S12.5 6.1: squadrons whose order is SQ_REPAIR are under repair; any other
    order given ends a repair.  With no order the position's flag stands."""
    for sq in ctx.state.squadrons.values():
        order = ctx.orders.get(sq.id)
        # Only an idle order can equal one (pydantic compares the class first): no model built for the rest.
        if order is None or (type(order) is SquadronIdle and order == SquadronIdle(unit=sq.id)):
            continue
        _set_repairing(ctx, sq, sq.state is UnitState.ACTIVE and order.kind == "sq_repair")


def _set_repairing(ctx: Ctx, sq, repairing: bool) -> None:
    sq.under_repair = repairing
    for hd in ctx.state.hds_of(sq.id):
        hd.under_repair = repairing


def end_subphase(ctx: Ctx) -> None:
    """S12.5 6.7: repairs finish."""
    for unit, order in sorted(ctx.fleet_orders.items()):
        if order.kind == "tf_idle" and order.repair:
            _repair_fleet(ctx, unit)
    for unit, order in sorted(ctx.orders.items()):
        if order.kind == "sq_repair":
            _repair_squadron(ctx, unit, order)
    if ctx.subphase == ctx.settings.subphases[-1]:
        _end_of_turn(ctx)


def _has_timber(ctx: Ctx, port_id: str | None) -> bool:
    port = ctx.gamemap.ports.get(port_id or "")
    return port is not None and port.timber and not ctx.state.ports[port.id].destroyed


def _repair_fleet(ctx: Ctx, unit: str) -> None:
    """S3.2.2, S3.2.6: one sub-phase in a port with timber."""
    fleet = ctx.state.fleets[unit]
    ctx.fleet_orders.pop(unit)  # the repair takes one sub-phase; then the fleet is simply idle
    if fleet.state is not UnitState.ACTIVE or not fleet.damaged:
        return
    if not _has_timber(ctx, fleet.base_port):  # OP-08: stays idle and damaged
        ctx.emit(OrderFellBack(audience=Audience.of(fleet.owner), unit=unit, order="tf_idle",
                               reason=f"{fleet.name}'s port has no access to timber (S3.2.2, OP-08)",
                               fallback="idle and still damaged"))
        return
    fleet.damaged = False
    fleet.repaired_this_turn = True
    ctx.emit(FleetRepaired(audience=Audience.of(fleet.owner), fleet=unit, port=fleet.base_port,
                           subphase=ctx.subphase))


def _repair_squadron(ctx: Ctx, unit: str, order) -> None:
    sq = ctx.state.squadrons[unit]
    if sq.state is not UnitState.ACTIVE:
        return
    if ctx.settings.sq_repair_requires_timber and not _has_timber(ctx, sq.base_port):
        ctx.orders.pop(unit)
        _set_repairing(ctx, sq, False)
        ctx.emit(OrderFellBack(audience=Audience.of(sq.owner), unit=unit, order=order.kind,
                               reason=f"{sq.name}'s base port has no access to timber (OP-18, S3.2.2)",
                               fallback="idle"))
        return
    amount = ctx.settings.sq_repair_amount_per_subphase
    before = sq.damage
    sq.damage = max(0, before - amount)
    heavy = []
    for hd in ctx.state.hds_of(unit):
        heavy.append((hd.id, hd.damage, max(0, hd.damage - amount)))
        hd.damage = max(0, hd.damage - amount)
    ctx.emit(SquadronRepaired(audience=Audience.of(sq.owner), unit=unit, before=before, after=sq.damage,
                              heavy=heavy, subphase=ctx.subphase))
    if sq.damage == 0:
        ctx.orders.pop(unit)  # repaired: idle in port from the next sub-phase
        _set_repairing(ctx, sq, False)


def _end_of_turn(ctx: Ctx) -> None:
    """A repair order lasts the turn at most (orders are given each turn)."""
    for unit, order in sorted(ctx.orders.items()):
        if order.kind == "sq_repair":
            _set_repairing(ctx, ctx.state.squadrons[unit], False)
