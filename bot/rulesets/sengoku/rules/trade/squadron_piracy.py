"""Piracy by a war squadron (S4.7, OP-23, OP-03, OP-49; S12.5 6.3 and step 8).

The squadron sails in W3 (SP1 only, S4.7.2) and stays near the port until the
end of the turn.  It neither blocks the port's trade nor intercepts war
squadrons (S4.7.1: encounter.NEVER_START; it is not a cruiser, so it blocks
nothing).  Its loot is shared at the next Turn Start (S4.7.4, OP-03): the
naval rules hand over who is still pirating where.  The mission is cancelled,
with no loot, if the squadron is dispersed, destroyed or captured on the way
or while there, or gets a new order in SP2 or SP3 (OP-23).

The public sees only that pirates operate near a port, never whose (OP-49).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.ports.at_anchor import port_area
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events_w3 import (
    PiracyBegun,
    PiracyCancelled,
    PiracyHeld,
    PiratesAtPort,
    PiratesSighted,
)
from bot.rulesets.sengoku.rules.model.model import UnitState

_LOSSES = {"dispersed": "dispersed", "destroyed": "destroyed", "captured": "captured"}


def arrive(ctx: Ctx) -> None:
    """Squadrons that reached their port this sub-phase begin pirating."""
    sighted: set[str] = set()
    for unit, order in sorted(ctx.orders.items()):
        if order.kind != "sq_piracy" or order.subphase != ctx.subphase or unit in ctx.pirates:
            continue
        sq = ctx.state.squadrons[unit]
        area = port_area(ctx, order.target_port)
        if sq.state is not UnitState.ACTIVE or sq.dispersed or sq.station != area or sq.location != area:
            continue  # cancelled on the way: the dispersal or loss is reported where it happened
        ctx.pirates[unit] = (order.target_port, len(ctx.events))
        ctx.emit(PiracyBegun(audience=Audience.of(sq.owner), port=order.target_port, unit=unit))
        sighted.add(order.target_port)
    for port in sorted(sighted):
        ctx.emit(PiratesSighted(audience=Audience.everyone(), port=port))


def check(ctx: Ctx) -> None:
    """OP-23: drop the pirates whose mission was cancelled since they arrived."""
    pirates = sorted(ctx.pirates.items())
    losses: dict[str, list[tuple[int, str]]] = {}  # unit → (event index, kind): one pass, not one per pirate
    for i in range(min((since for _, (_, since) in pirates), default=len(ctx.events)), len(ctx.events)):
        event = ctx.events[i]
        if event.kind in _LOSSES:  # this loop emits none, so the pass stays true to the end
            losses.setdefault(getattr(event, "unit", None), []).append((i, event.kind))
    for unit, (port, since) in pirates:
        reason = _cancelled(ctx, unit, port, since, losses.get(unit, []))
        if reason:
            del ctx.pirates[unit]
            ctx.emit(PiracyCancelled(audience=Audience.of(ctx.state.squadrons[unit].owner), port=port, unit=unit,
                                     reason=reason))


def _cancelled(ctx: Ctx, unit: str, port: str, since: int, losses: list[tuple[int, str]]) -> str | None:
    for i, kind in losses:
        if i >= since:
            return f"{_LOSSES[kind]} near the port (OP-23)"
    sq = ctx.state.squadrons[unit]
    if sq.state is not UnitState.ACTIVE:
        return f"{sq.state.value} (OP-23)"
    order = ctx.orders.get(unit)
    if order is None or order.kind != "sq_piracy":
        return f"given a new order in {order.subphase if order else ctx.subphase} (OP-23)"
    if sq.station != port_area(ctx, port):
        return "no longer near the port (OP-23)"
    return None


def turn_end(ctx: Ctx) -> None:
    """S12.5 step 8: hand over the pirates still at their ports to the Turn Start Phase."""
    check(ctx)
    by_port: dict[str, list[str]] = {}
    for unit, (port, _) in sorted(ctx.pirates.items()):
        by_port.setdefault(port, []).append(unit)
        ctx.emit(PiracyHeld(audience=Audience.of(ctx.state.squadrons[unit].owner), port=port, unit=unit))
    for port, units in sorted(by_port.items()):
        clans = sorted({ctx.state.squadrons[u].owner for u in units})
        ctx.emit(PiratesAtPort(port=port, units=units, clans=clans, turn=ctx.state.turn))
    ctx.pirates.clear()
