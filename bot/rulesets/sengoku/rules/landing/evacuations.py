"""Evacuations (S3.8, S3.9, OP-15, OP-16, R7).

OP-15 with ``evacuation_timing = replace_retreat_else_turn_end``: an
evacuation replaces the overland retreat from a non-friendly province, which
happens at the end of the sub-phase (S3.8.4).  There is no land module yet, so
an explicit TF_EVACUATION order of a sub-phase whose army stands in a
non-friendly province is taken as replacing that retreat and sails at the end
of that sub-phase; every other evacuation sails in the Turn End Phase (S3.8.2).
``retreat_by_sea`` is the hook for the land module: an army retreating from
where fleets wait ready (S3.8.5) is taken off by them instead.  A storm applies
(S3.9); every figure lost on the way is not made good from castles, and by the
seed's plain reading (L41, OP-16) neither is any later loss of the evacuated
detachments.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.landing import storms
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied
from bot.rulesets.sengoku.rules.landing.landing_ops import already_sailing, announce, build, finish
from bot.rulesets.sengoku.rules.orders.orders import Evacuation
from bot.rulesets.sengoku.rules.landing.voyage import sail


def at_subphase_end(ctx: Ctx) -> None:
    """S12.5 6.7: evacuations that replace retreats."""
    entries = [(order, None) for order in _orders(ctx)
               if order.subphase == ctx.subphase and replaces_retreat(ctx, order)]
    entries += ctx.sealift.pop("retreats", [])
    _run(ctx, entries, ctx.subphase.lower())


def at_turn_end(ctx: Ctx) -> None:
    """S12.5 7.1: the remaining evacuations (S3.8.2)."""
    done = ctx.sealift.get("evacuated", set())
    entries = [(order, None) for order in _orders(ctx)
               if (order.unit, order.subphase) not in done and order.subphase in ctx.settings.subphases]
    _run(ctx, entries, "end")


def replaces_retreat(ctx: Ctx, order) -> bool:
    if ctx.settings.evacuation_timing != "replace_retreat_else_turn_end":
        return False
    clan = ctx.state.fleets[order.unit].owner
    owner = ctx.state.area_owner.get(order.origin)
    return owner is None or not (owner == clan or ctx.state.friendly(clan, owner))


def retreat_by_sea(ctx: Ctx, army_id: str) -> bool:
    """Hook for the land module (S3.8.4, S3.8.5, R7): the army retreats from where
    it landed this sub-phase; its ready fleets take it off at the end of the
    sub-phase, to the landing's origin if friendly, else ``auto_evacuation_target``
    (OP-15).  Returns whether an evacuation replaces the retreat."""
    entry = ctx.sealift.get("ready", {}).get(army_id)
    if entry is None:
        return False
    op, fleets = entry
    target = _auto_target(ctx, op)
    if target is None:
        return False
    army = ctx.state.armies[army_id]
    order = Evacuation(unit=fleets[0], fleets=fleets[1:], subphase=ctx.subphase, army=army_id, origin=army.area,
                       destination=target, passengers=list(op.order.passengers))
    ctx.sealift.setdefault("retreats", []).append((order, army.area))
    return True


def _auto_target(ctx: Ctx, op) -> str | None:
    origin = op.order.origin
    owner = ctx.state.area_owner.get(origin)
    if owner is not None and (owner == op.clan or ctx.state.friendly(op.clan, owner)):
        ctx.emit(DefaultApplied(audience=Audience.moderators(), rule="OP-15",
                                detail=f"{op.army} is evacuated to the landing's origin {origin}"))
        return origin
    return op.order.auto_evacuation_target


def _orders(ctx: Ctx) -> list:
    return sorted((o for o in ctx.fleet_orders.values() if o.kind == "tf_evacuation"), key=lambda o: o.unit)


def _run(ctx: Ctx, entries: list, when: str) -> None:
    done = ctx.sealift.setdefault("evacuated", set())
    ops = []
    for order, start in sorted(entries, key=lambda e: e[0].unit):
        done.add((order.unit, order.subphase))
        if already_sailing(ctx, order, ops):
            continue
        op = build(ctx, order, f"{order.unit}:evac-{when}", start)
        if op is not None:
            announce(ctx, op)
            storms.check(ctx, op)  # S3.9: at the start of the evacuation
            ops.append(op)
    for op in sail(ctx, ops, when, "we"):
        finish(ctx, op, op.order.destination, "landed")
