"""Ravaging or plundering an enemy coast (S4.6, S7/OP-04, OP-22, S2.5; S12.5 6.3).

The cruisers protecting that coast were met on the way in or at the target
(OP-04 c, S5.4, encounter): a squadron that was dispersed, destroyed or
captured there does nothing here.  Like a port attack (R8), a raid takes
effect once, in the sub-phase its order was given.

Effects: a ravage is recorded for the economy hand-off (OP-04 a); a plunder by a
reinforced squadron yields ``sq_plunder_loot_dice`` Rice Points, one roll per
squadron as for trade fleets (OP-04 b, OP-12 b); either way the mothballed
units of the province's owner on that coast are destroyed (S2.5, S4.6.2: the
seed says they "can be" destroyed; the spec's Interpretation makes it
automatic, and that is the default here).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.ports.at_anchor import mothballed_on, record_destroyed_at_anchor, sink
from bot.rulesets.sengoku.rules.trade.blockade import cruisers_at
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied, OrderFellBack
from bot.rulesets.sengoku.rules.model.events_w3 import CoastPlundered, CoastRavaged, LootRolled
from bot.rulesets.sengoku.rules.model.model import UnitState

MOTHBALLED_LOST = "destroyed at anchor by an enemy attacking the coast (S2.5, S4.6.2)"


def run(ctx: Ctx) -> None:
    arrived: dict[tuple[str, str], list[str]] = {}
    for unit, order in sorted(ctx.orders.items()):
        if order.kind != "sq_ravage" or order.subphase != ctx.subphase:
            continue
        sq = ctx.state.squadrons[unit]
        if sq.state is UnitState.ACTIVE and not sq.dispersed and sq.station == order.target == sq.location:
            arrived.setdefault((order.target, sq.owner), []).append(unit)
    for (area, clan), units in sorted(arrived.items()):
        _raid(ctx, area, clan, units)


def _raid(ctx: Ctx, area: str, clan: str, units: list[str]) -> None:
    actions = {unit: _action(ctx, unit) for unit in units}
    ravagers = [u for u in units if actions[u] == "ravage"]
    if ravagers:
        ctx.emit(CoastRavaged(audience=Audience.everyone(), area=area, clan=clan, units=ravagers,
                              turn=ctx.state.turn))
    for unit in units:
        if actions[unit] == "plunder":
            _plunder(ctx, area, clan, unit)
    owner = ctx.state.area_owner.get(area)
    victims = [u for u in mothballed_on(ctx, area, [clan]) if ctx.state.unit_owner(u) == owner]
    for unit in victims:
        sink(ctx, unit, area, MOTHBALLED_LOST, [clan])
    if victims:
        record_destroyed_at_anchor(ctx, units, area)


def _action(ctx: Ctx, unit: str) -> str:
    """OP-22: plunder only with heavy ships; by default plunder if reinforced, else ravage."""
    order = ctx.orders[unit]
    sq = ctx.state.squadrons[unit]
    reinforced = bool(ctx.state.hds_of(unit))
    if order.coast_action is None:
        action = "plunder" if reinforced else "ravage"
        ctx.emit(DefaultApplied(rule="OP-22", detail=f"{unit} {action}s the coast (no coast_action given: "
                                f"plunder if reinforced, else ravage)"))
        return action
    if order.coast_action == "plunder" and not reinforced:
        ctx.emit(OrderFellBack(audience=Audience.of(sq.owner), unit=unit, order="sq_ravage",
                               reason=f"{sq.name} has no heavy detachment left, and only a reinforced squadron "
                                      f"plunders (S4.6.1, OP-22)", fallback="ravaging the coast"))
        return "ravage"
    return order.coast_action


def _plunder(ctx: Ctx, area: str, clan: str, unit: str) -> None:
    dice = ctx.settings.sq_plunder_loot_dice
    key = f"plunder:{area}:{unit}:{ctx.subphase.lower()}"
    roll = ctx.roll(key, dice)
    ctx.state.clans[clan].rice += roll.total
    ctx.emit(CoastPlundered(audience=Audience.everyone(), area=area, clan=clan, unit=unit, turn=ctx.state.turn))
    ctx.emit(LootRolled(audience=Audience.of(clan), source="plunder", place=area, clan=clan, units=[unit],
                        key=key, dice=dice, faces=list(roll.faces), total=roll.total))


def island_guards(ctx: Ctx, area: str, movers: list) -> set[str]:
    """S6.3, OP-04 (c), OP-30: cruisers off an island's side of a strait also guard
    the opposite province's coast, so a ravager or plunderer arriving there meets
    them as if they lay off that coast (S6.2: the reverse does not hold)."""
    raiders = [m.unit for m in movers if m.area == area and m.arrived and m.mission == "sq_ravage"
               and getattr(ctx.orders.get(m.unit), "target", None) == area]
    if not raiders:
        return set()
    moving = {m.unit for m in movers}
    guards = set()
    for strait in ctx.gamemap.straits.values():
        if strait.opposite != area:
            continue
        guards |= {sq.id for side in strait.island_side for sq in cruisers_at(ctx.state, side)
                   if sq.id not in moving
                   and any(ctx.state.at_war(sq.owner, ctx.state.squadrons[u].owner) for u in raiders)}
    return guards
