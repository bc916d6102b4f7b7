"""The start of resolution: clan-wide orders, capture credits redeemed or
expired, units left without a base (S2.5, S2.6, S8.4.6, S12.5 steps 3–4).

Order of work (S12.5): ``run`` before basing (step 3: clan policies, credits
redeemed, older credits expired); ``unbased`` after basing (step 4.3–4.4).
OP-07 (b): S2.6 overrides S2.5, so clans with no port left are settled first.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.orders import clan_orders
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied, OrderFellBack
from bot.rulesets.sengoku.rules.model.events_turn import CreditExpired, Disbanded, Mothballed
from bot.rulesets.sengoku.rules.ports.last_port import has_base, settle_clans_without_ports
from bot.rulesets.sengoku.rules.model.model import UnitState


def run(ctx: Ctx, orders: list) -> None:
    """S12.5 step 3 (and the clan policies every later step reads)."""
    ctx.victories_at_start = {c.id: c.victories for c in ctx.state.characters.values()}
    clan_orders.apply_policies(ctx, [o for o in orders if o.kind == "clan_policy"])
    for order in orders:
        if order.kind == "redeem_capture":
            clan_orders.redeem(ctx, order)
    _expire_credits(ctx)


def _expire_credits(ctx: Ctx) -> None:
    """S8.4.6, OP-36: a credit can be redeemed only on the turn after the capture."""
    for credit in list(ctx.state.credits):
        if credit.turn_captured >= ctx.state.turn:
            continue
        ctx.state.credits.remove(credit)
        if not credit.void:
            ctx.emit(CreditExpired(audience=Audience.of(credit.holder), clan=credit.holder, credit=credit.id,
                                   turn_captured=credit.turn_captured))


def unbased(ctx: Ctx, orders: list) -> None:
    """S12.5 4.3–4.4.  ``orders``: the MOTHBALL and DISBAND orders."""
    settle_clans_without_ports(ctx)
    by_unit = {order.unit: order for order in orders if order.unit not in ctx.orders_lapsed}
    for unit in _units(ctx):
        if has_base(ctx.state, unit):
            continue
        order = by_unit.pop(unit.id, None)
        if order is not None and order.kind == "disband":
            disband(ctx, unit)
        elif order is not None:
            mothball(ctx, unit, order.area, by_default=False)
        else:
            _default(ctx, unit)
    for order in by_unit.values():
        _voluntary(ctx, order)


def _units(ctx: Ctx) -> list:
    """Active squadrons, trade fleets and heavy detachments not attached to a squadron."""
    state = ctx.state
    units = [u for u in list(state.squadrons.values()) + list(state.fleets.values()) if u.state is UnitState.ACTIVE]
    units += [hd for hd in state.heavy.values() if hd.state is UnitState.ACTIVE and hd.attached_to is None]
    return sorted(units, key=lambda u: u.id)


def _default(ctx: Ctx, unit) -> None:
    """S12.5 4.3 Proposal: no order → mothballed in the clan's first coastal province by id."""
    coast = sorted(area for area, owner in ctx.state.area_owner.items()
                   if owner == unit.owner and area in ctx.gamemap.areas and ctx.gamemap.areas[area].coastal)
    if not coast:
        ctx.emit(DefaultApplied(rule="S2.5", detail=f"{unit.id} has no base and {unit.owner} no coastal "
                                                    f"province to mothball it in: disbanded"))
        disband(ctx, unit)
        return
    ctx.emit(DefaultApplied(rule="S2.5, S12.5 4.3", detail=f"{unit.id} has no base port and no order: "
                                                           f"mothballed off {coast[0]}"))
    mothball(ctx, unit, coast[0], by_default=True)


def _voluntary(ctx: Ctx, order) -> None:
    """A unit that still has a base may be disbanded; mothballing is for units
    without one (S2.5), so that order falls back (S12.4)."""
    unit = _find(ctx, order.unit)
    if unit is None or unit.state is not UnitState.ACTIVE:
        return
    if order.kind == "disband":
        disband(ctx, unit)
        return
    ctx.emit(OrderFellBack(audience=Audience.of(unit.owner), unit=unit.id, order=order.kind,
                           reason=f"{unit.id} still has its base port {unit.base_port}; only units without a "
                                  f"base are mothballed (S2.5)", fallback="keeps its base"))


def mothball(ctx: Ctx, unit, area: str, by_default: bool) -> None:
    """S2.5: laid up on its owner's coast; it performs no task (R17: in the port if
    the province has one)."""
    for item in [unit] + _attached(ctx, unit.id):
        item.state = UnitState.MOTHBALLED
        ctx.orders_lapsed.add(item.id)  # it performs no task (S2.5)
        item.base_port = None
        item.location = area
    if hasattr(unit, "station"):
        unit.station, unit.standing, unit.leader = None, None, None
    ctx.emit(Mothballed(audience=Audience.of(unit.owner), unit=unit.id, area=area, by_default=by_default))


def disband(ctx: Ctx, unit) -> None:
    for item in [unit] + _attached(ctx, unit.id):
        item.state = UnitState.DISBANDED
        ctx.orders_lapsed.add(item.id)
    if hasattr(unit, "station"):
        unit.station, unit.standing, unit.leader = None, None, None
    for hd in _attached(ctx, unit.id):
        hd.attached_to = None
    ctx.emit(Disbanded(audience=Audience.of(unit.owner), unit=unit.id))


def _attached(ctx: Ctx, unit_id: str) -> list:
    return [hd for hd in ctx.state.heavy.values() if hd.attached_to == unit_id]


def _find(ctx: Ctx, unit_id: str):
    state = ctx.state
    return state.squadrons.get(unit_id) or state.fleets.get(unit_id) or state.heavy.get(unit_id)
