"""Hiring and repair (U3.1, U3.2, U-OP-06, U-OP-07), and trade posts at the end of the turn
(U10.4, U10.5, U-OP-37)."""

from __future__ import annotations

from fractions import Fraction

from bot.domain.events import Audience
from bot.domain.text import N_
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import (ModeratorNeeded, OrderFellBack, ShipsHired, ShipsRepaired,
                                                          TradePostControl)
from bot.rulesets.royal_fleets.rules.model.fleet_ops import add_ships, new_fleet
from bot.rulesets.royal_fleets.rules.model.places import has_unblocked_port, open_friendly_port
from bot.rulesets.royal_fleets.rules.model.ships import can_hold_trade_post, max_health
from bot.rulesets.royal_fleets.rules.model.state import Ship

NO_PORT = N_("no unblocked own or allied port opens onto {area} (U3.1)")
NO_MONEY = N_("the treasury holds {treasury}, the order costs {cost} (U3)")
NO_PRICE = N_("the price of a ship type is not set in the campaign tables (U-OP-01)")


def repair(ctx: Ctx, orders: list) -> None:
    """U3.2 / U-OP-07: full health for half the price each, in an area with an open friendly port."""
    for faction, order in orders:
        fleet = ctx.fleet(order.fleet)
        if fleet is None or fleet.commander != faction or fleet.location is None:
            continue
        if open_friendly_port(ctx.state, ctx.sea, faction, fleet.location) is None:
            _fell_back(ctx, fleet.id, faction, "repair", NO_PORT, area=fleet.location)
            continue
        ships = [s for s in fleet.ships if (not order.ships or s.id in order.ships)
                 and (top := max_health(ctx.settings, s)) is not None and s.health < top]
        costs = [ctx.settings.ship_types[s.type].repair_cost() for s in ships]
        if any(c is None for c in costs):
            _fell_back(ctx, fleet.id, faction, "repair", NO_PRICE)
            continue
        cost = sum(costs, Fraction(0))
        treasury = ctx.state.factions[faction]
        if not ships or treasury.treasury < cost:
            if ships:
                _fell_back(ctx, fleet.id, faction, "repair", NO_MONEY, treasury=str(treasury.treasury), cost=str(cost))
            continue
        treasury.treasury -= cost
        for ship in ships:
            ship.health = max_health(ctx.settings, ship)
        ctx.emit(ShipsRepaired(audience=Audience.of(faction), faction=faction, fleet=fleet.id,
                               ships=tuple(s.id for s in ships), cost=int(cost), rule="U3.2"))


def hire(ctx: Ctx, orders: list) -> None:
    """U3.1 / U-OP-06: new ships at the end of the turn, in the named fleet there or a new one."""
    for faction, order in orders:
        if open_friendly_port(ctx.state, ctx.sea, faction, order.area) is None:
            _fell_back(ctx, order.fleet or "", faction, "hire", NO_PORT, area=order.area)
            continue
        rows = [ctx.settings.ship_types.get(t) for t in order.ships]
        if any(r is None or r.price is None or r.max_health is None for r in rows):
            _fell_back(ctx, order.fleet or "", faction, "hire", NO_PRICE)
            continue
        cost = sum(r.price for r in rows)
        treasury = ctx.state.factions[faction]
        if treasury.treasury < cost:
            _fell_back(ctx, order.fleet or "", faction, "hire", NO_MONEY, treasury=str(treasury.treasury), cost=str(cost))
            continue
        treasury.treasury -= cost
        ships = [Ship(id=ctx.new_id("ship"), type=t, health=r.max_health) for t, r in zip(order.ships, rows)]
        target = ctx.fleet(order.fleet) if order.fleet else None
        if target is not None and target.commander == faction and target.location == order.area:
            fleets = add_ships(ctx, target, ships)
        else:
            fleets = [new_fleet(ctx, faction, order.area, order.name or f"New fleet {ctx.state.next_id}", ships)]
        ctx.emit(ShipsHired(audience=Audience.of(faction), faction=faction, area=order.area, fleet=fleets[0].id,
                            ships=tuple(s.id for s in ships), cost=cost, rule="U3.1"))


def _fell_back(ctx: Ctx, fleet: str, faction: str, kind: str, reason: str, **values) -> None:
    ctx.emit(OrderFellBack(audience=Audience.of(faction), fleet=fleet, faction=faction, order=kind, reason=reason,
                           values=values, rule="U3.1"))


def trade_posts(ctx: Ctx) -> None:
    """U10.4 / U-OP-37 at the end of the turn: the faction whose ships (not galleasses) are alone on
    a trade post controls it; nobody there, the controller keeps it; several factions that are not
    at war (a battle would have settled it), a moderator decides and control stays.  Income only
    with at least one unblocked port anywhere."""
    for post_id, post in sorted(ctx.sea.trade_posts.items()):
        holders = sorted({f.commander for f in ctx.state.fleets_in(post.sea) if can_hold_trade_post(ctx.settings, f)})
        controller = ctx.state.trade_posts.get(post_id)
        if len(holders) == 1:
            controller = holders[0]
        elif len(holders) > 1:
            ctx.emit(ModeratorNeeded(what="U-OP-37", subject=post_id, detail=", ".join(holders), rule="U-OP-37"))
        ctx.state.trade_posts[post_id] = controller
        _income(ctx, post_id, controller)


def _income(ctx: Ctx, post_id: str, controller: str | None) -> None:
    income = ctx.settings.trade_post_income.get(post_id)
    why = ""
    if controller is None or controller not in ctx.state.factions:
        why = "no_controller"
    elif income is None:
        why = "no_income_set"
    elif not has_unblocked_port(ctx.state, ctx.sea, controller):
        why = "all_ports_blockaded"
    if not why:
        ctx.state.factions[controller].treasury += income
    ctx.emit(TradePostControl(audience=Audience.everyone(), post=post_id, controller=controller,
                              income=income or 0, paid=not why, why_unpaid=why, rule="U10.4"))
