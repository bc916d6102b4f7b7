"""Which squadrons move in which wave, and by which route (S4.1, S5.2, S5.3).

W1 cruises off friendly coasts, W2 off enemy (and, by OP-20, neutral)
coasts, W3 ravage/plunder, piracy and port attacks, W4 sweeps along a line of
communication.  Escorts move with their landing (WL, see landings).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import OrderFellBack
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.movement.movement import Mover
from bot.rulesets.sengoku.rules.orders.validate_routes import check_route

W3_KINDS = ("sq_ravage", "sq_piracy", "sq_attack_port")
WAVES = ("W1", "W2", "W3", "W4")


def target_area(ctx: Ctx, order) -> str:
    if order.kind in ("sq_piracy", "sq_attack_port"):
        return ctx.gamemap.ports[order.target_port].area
    if order.kind == "sq_locsweep":
        return order.route[-1]
    return order.target


def wave_of(ctx: Ctx, clan: str, order) -> str | None:
    if order.kind == "sq_cruise":
        return cruise_wave(ctx, clan, order.target)
    if order.kind in W3_KINDS:
        return "W3"
    if order.kind == "sq_locsweep":
        return "W4"
    return None


def cruise_wave(ctx: Ctx, clan: str, area: str) -> str:
    """S5.2: W1 off friendly coasts, W2 off enemy coasts; neutral per OP-20."""
    owner = ctx.state.area_owner.get(area)
    if owner is not None and (owner == clan or ctx.state.friendly(clan, owner)):
        return "W1"
    if owner is not None and ctx.state.at_war(clan, owner):
        return "W2"
    return ctx.settings.neutral_coast_wave


def movers_for(ctx: Ctx, wave: str) -> list[Mover]:
    movers = []
    kinds = _kinds_in(ctx, wave)
    for unit, order in sorted(ctx.orders.items()):
        if order.kind not in kinds:
            continue  # wave_of would put it in another wave, or none
        sq = ctx.state.squadrons.get(unit)
        if sq is None or sq.state is not UnitState.ACTIVE or sq.dispersed:
            continue
        if wave_of(ctx, sq.owner, order) != wave:
            continue
        target = target_area(ctx, order)
        if sq.station == target and sq.location == target:
            continue  # already there from an earlier turn or sub-phase
        route = _route(ctx, sq, order, target)
        if route is None:
            continue
        sq.standing = order.model_dump(mode="json") if order.kind == "sq_cruise" else None
        sq.station = None
        movers.append(Mover(unit=unit, route=route, mission=order.kind))
    return movers


def _kinds_in(ctx: Ctx, wave: str) -> set[str]:
    """The order kinds ``wave_of`` can put in ``wave``: the cheap test first, of every order each wave
    (a cruise goes in W1 or W2 by its coast, S5.2, OP-20; issue 18)."""
    kinds = {"sq_cruise"} if wave in ("W1", "W2", ctx.settings.neutral_coast_wave) else set()
    if wave == "W3":
        kinds.update(W3_KINDS)
    if wave == "W4":
        kinds.add("sq_locsweep")
    return kinds


def _route(ctx: Ctx, sq, order, target: str) -> list[str] | None:
    try:
        return check_route(ctx.state, ctx.gamemap, sq, target, list(order.route), order.kind)
    except OrderRejected as exc:  # valid when given, not from where the squadron now is
        ctx.emit(OrderFellBack(audience=Audience.of(sq.owner), unit=sq.id, order=order.kind,
                               reason=str(exc), fallback="idle"))
        ctx.orders.pop(sq.id, None)
        return None
