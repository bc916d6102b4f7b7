"""Movement in synchronous steps (U2, U-OP-05), transitions between the maps (U10.1, U-OP-34,
U-OP-35) and blockades (U4, U-OP-10).

Step k moves every fleet that has a k-th area in its path and a movement point left; after the
step, every area holding fleets of factions at war has its encounter (U5).  Two hostile fleets
swapping areas in one step meet in the area of the one that had spent fewer MP (U-OP-05): the
other one's step ends there; at equal MP the lower fleet id's area, flagged for moderators.
A fleet that fought stops (U14 "stop on battle").  Entering a transition area takes the fleet off
the map until next turn, whatever MP it has left (U10.1).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.domain.text import N_
from bot.rulesets.royal_fleets.rules.encounter import routes
from bot.rulesets.royal_fleets.rules.encounter.battles import encounters
from bot.rulesets.royal_fleets.rules.model.cargo import capture_unescorted
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import (BlockadeSet, DefaultApplied, EnteredTransit, FleetArrived,
                                                          FleetMoved, OrderFellBack)
from bot.rulesets.royal_fleets.rules.model.places import port_owner
from bot.rulesets.royal_fleets.rules.model.state import PIRATES, Fleet, Transit

NO_MP = N_("no movement point left for the next area (U2.2)")
ARMY_NO_MP = N_("the army aboard has no movement point left (U9.4, U-OP-32)")


def move(ctx: Ctx, paths: dict[str, tuple[str, ...]]) -> set[str]:
    """Sail every path; returns the fleets that entered a transition area this turn."""
    travelled: dict[str, list[str]] = {f: [] for f in paths}
    commanders = {f: ctx.state.fleets[f].commander for f in paths if f in ctx.state.fleets}
    crossing: set[str] = set()
    for step in range(1, max((len(p) for p in paths.values()), default=0) + 1):
        moves = _this_step(ctx, paths, step)
        if not moves:
            break
        moves = _swaps(ctx, moves)
        for fleet, to_area in moves:
            _sail(ctx, fleet, to_area, step, travelled, crossing)
        arrived = sorted({to for _, to in moves if not ctx.sea.is_transition(to)})
        for area in arrived:
            capture_unescorted(ctx, area)
        encounters(ctx, arrived, step)
    for fleet_id, path in travelled.items():  # a fleet sunk on the way sailed too
        if path:
            ctx.emit(FleetMoved(audience=Audience.of(commanders[fleet_id]), fleet=fleet_id,
                                faction=commanders[fleet_id], path=tuple(path),
                                stopped_by_battle=len(path) < len(paths[fleet_id]), rule="U2"))
    return crossing


def _this_step(ctx: Ctx, paths: dict[str, tuple[str, ...]], step: int) -> list[tuple[Fleet, str]]:
    moves = []
    for fleet_id, path in sorted(paths.items()):
        fleet = ctx.fleet(fleet_id)
        if fleet is None or fleet.location is None or fleet_id in ctx.stopped or step > len(path):
            continue
        if path[step - 1] not in ctx.sea.adjacent(fleet.location):
            ctx.stopped.add(fleet_id)  # pushed off its route (a retreat or an avoidance): the rest is void
            continue
        problem = NO_MP if ctx.mp.get(fleet_id, 0) < 1 else ARMY_NO_MP if _army_tired(ctx, fleet) else None
        if problem:
            ctx.stopped.add(fleet_id)
            ctx.emit(OrderFellBack(audience=Audience.of(fleet.commander), fleet=fleet_id, faction=fleet.commander,
                                   order="move", reason=problem, rule="U2"))
            continue
        moves.append((fleet, path[step - 1]))
    return moves


def _army_tired(ctx: Ctx, fleet: Fleet) -> bool:
    return any(ctx.state.armies[c.army].mp < 1 for c in fleet.cargo if c.army in ctx.state.armies)


def _swaps(ctx: Ctx, moves: list[tuple[Fleet, str]]) -> list[tuple[Fleet, str]]:
    """U-OP-05: hostile fleets exchanging areas meet; the one that spent more MP completes its
    step into the other's area, the other stays put (and fights there)."""
    staying: set[str] = set()
    for a, to_a in moves:
        for b, to_b in moves:
            if a.id < b.id and to_a == b.location and to_b == a.location and ctx.state.at_war(a.commander, b.commander):
                spent_a, spent_b = _spent(ctx, a), _spent(ctx, b)
                stays = a if spent_a < spent_b else b if spent_b < spent_a else a
                if spent_a == spent_b:
                    ctx.emit(DefaultApplied(what="U-OP-05", subject=f"{a.id}/{b.id}", choice=a.location,
                                            rule="U-OP-05"))
                staying.add(stays.id)
                ctx.stopped.add(stays.id)
    return [(f, to) for f, to in moves if f.id not in staying]


def _spent(ctx: Ctx, fleet: Fleet) -> int:
    return ctx.settings.fleet_mp - fleet.mp_debt_next_turn - ctx.mp.get(fleet.id, 0)


def _sail(ctx: Ctx, fleet: Fleet, to_area: str, step: int, travelled: dict, crossing: set[str]) -> None:
    routes.relocate(ctx, fleet, to_area, "left")
    ctx.mp[fleet.id] -= 1
    ctx.moved_in[fleet.id] = step
    for cargo in fleet.cargo:
        if cargo.army in ctx.state.armies:
            ctx.state.armies[cargo.army].mp -= 1  # U9.4: 1 MP of the army per area as well
    travelled.setdefault(fleet.id, []).append(to_area)
    if ctx.sea.is_transition(to_area):
        _enter_transit(ctx, fleet, to_area)
        crossing.add(fleet.id)
        return
    watchers = ctx.watchers(to_area) - {fleet.commander}
    if watchers:
        ctx.emit(FleetArrived(audience=Audience.of(*watchers), fleet=fleet.id, faction=fleet.commander, area=to_area,
                              ships=len(fleet.ships), rule="U2"))


def _enter_transit(ctx: Ctx, fleet: Fleet, area: str) -> None:
    """U10.1 / U-OP-34: off the map; next turn in the counterpart, its MP left lost; cannot be attacked."""
    counterpart = ctx.sea.counterpart(area)
    fleet.location = None
    fleet.in_transit = Transit(from_area=area, to_area=counterpart, arrival_turn=ctx.state.turn + 1)
    ctx.mp[fleet.id] = 0
    ctx.stopped.add(fleet.id)
    ctx.emit(EnteredTransit(audience=Audience.everyone(), fleet=fleet.id, faction=fleet.commander, area=area,
                            to_area=counterpart, arrival_turn=ctx.state.turn + 1, rule="U10.1"))


def blockade(ctx: Ctx, faction: str, order) -> None:
    """U4.2 / U-OP-10: the port must open onto the fleet's area and be hostile; 1 MP."""
    fleet = ctx.fleet(order.fleet)
    if fleet is None or fleet.location is None or order.port in fleet.blockading:
        return
    port = ctx.sea.ports.get(order.port)
    owner = port_owner(ctx.state, ctx.sea, order.port)
    problem = None
    if port is None or port.sea != fleet.location:
        problem = N_("the fleet did not reach the sea area the port opens onto (U4)")
    elif not (fleet.commander == PIRATES or (owner and ctx.state.at_war(fleet.commander, owner))):
        problem = N_("the port is not hostile (U4.1, U-OP-10)")
    elif ctx.mp.get(fleet.id, 0) < 1:
        problem = N_("no movement point left to blockade (U4.2)")
    if problem:
        ctx.emit(OrderFellBack(audience=Audience.of(faction), fleet=fleet.id, faction=faction, order="blockade",
                               reason=problem, rule="U4"))
        return
    ctx.mp[fleet.id] -= 1
    fleet.blockading.append(order.port)
    ctx.emit(BlockadeSet(audience=Audience.everyone(), fleet=fleet.id, faction=fleet.commander, port=order.port,
                         area=fleet.location, rule="U4.2"))
