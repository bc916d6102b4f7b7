"""Trade-fleet tasks: re-tasking limits, piracy and plunder in wave W5, the
piracy clash, plunder loot, and the Turn End hand-off (S3, S8.1, S12.5 6.4,
6.7, 7.3, 7.6, step 8).

Orders of the current sub-phase are in ``ctx.fleet_orders``; the whole-turn
tasks (trade, piracy, LoC) stay there through SP2 and SP3 (V2).  Fleets on
trade, LoC or idle do not move (S5.2).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.trade.blockade import cruisers_at, kept_loc, trade_beneficiary
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied, OrderFellBack
from bot.rulesets.sengoku.rules.model.events_trade import (
    FleetReturned,
    FleetSailed,
    FleetStayedIdle,
    LocSecured,
    PiracyClash,
    PiracyRecorded,
    PirateIdentified,
    PiratesPresent,
    PlunderHindered,
    PlunderLooted,
    TradeBlocked,
    TradeRecorded,
)
from bot.rulesets.sengoku.rules.model.model import ActiveLoc, UnitState
from bot.rulesets.sengoku.rules.orders.orders import FleetIdle
from bot.rulesets.sengoku.rules.orders.validate_routes import check_route

WHOLE_TURN = ("tf_trade", "tf_piracy", "tf_loc")  # S3.1: last the whole turn, cannot be cancelled
W5_TASKS = ("tf_piracy", "tf_plunder")            # OP-10: they sail in wave W5


# --- V2: new orders of a sub-phase -------------------------------------------


def assign(ctx: Ctx, order) -> None:
    """Take a trade fleet's order for this sub-phase (S12.5 6.1).  A whole-turn
    task keeps its fleet (V2); S3.2.3, S3.2.4 and S3.5.4 are checked on the
    fleet as it is now, since orders for SP2 and SP3 were checked at planning."""
    fleet = ctx.state.fleets[order.unit]
    current = ctx.fleet_orders.get(order.unit)
    if current is not None and current.kind in WHOLE_TURN and _task(current) != _task(order):
        _fall_back(ctx, fleet, order, f"{fleet.name} is on a whole-turn task ({current.kind}) that cannot be "
                                      f"changed or cancelled (S3.1, V2)", f"keeps its task ({current.kind})")
        return
    problem = _retask_problem(ctx, fleet, order)
    if problem:
        _fall_back(ctx, fleet, order, problem, "idle")
        ctx.fleet_orders[order.unit] = FleetIdle(unit=order.unit, subphase=ctx.subphase)
        return
    if current is None or _task(current) != _task(order):
        ctx.fleet_orders[order.unit] = order
        if order.kind == "tf_loc" and not order.path:
            _, path = kept_loc(ctx, fleet, order)
            ctx.emit(DefaultApplied(rule="S3.6.1", detail=f"{fleet.id}: no LoC path given; shortest coastal "
                                                          f"route {' → '.join(path)}"))


def _task(order) -> dict:
    return order.model_dump(exclude={"subphase"})


def _retask_problem(ctx: Ctx, fleet, order) -> str | None:
    if fleet.damaged and order.kind != "tf_idle":
        return f"{fleet.name} is damaged, and a damaged trade fleet can only lie in port or repair (S3.2.3)"
    if fleet.repaired_this_turn and order.kind in ("tf_trade", "tf_piracy"):
        return f"{fleet.name} repaired this turn: it may take a new task, but not trade or piracy (S3.2.4)"
    if fleet.plundered_this_turn and order.kind == "tf_trade":
        return f"{fleet.name} plundered this turn and may no longer trade (S3.5.4)"
    if fleet.plundered_this_turn and order.kind == "tf_piracy" and not ctx.settings.plunder_then_piracy_allowed:
        return f"{fleet.name} plundered this turn, and this campaign forbids piracy after plunder (S3.5.4, OP-09)"
    return None


def _fall_back(ctx: Ctx, fleet, order, reason: str, fallback: str) -> None:
    ctx.emit(OrderFellBack(audience=Audience.of(fleet.owner), unit=fleet.id, order=order.kind,
                           reason=reason, fallback=fallback))


# --- W5: piracy and plunder (S3.4, S3.5, OP-10) -------------------------------


def run_w5(ctx: Ctx) -> None:
    for unit, order in sorted(ctx.fleet_orders.items()):
        fleet = ctx.state.fleets[unit]
        if order.kind not in W5_TASKS or fleet.state is not UnitState.ACTIVE:
            continue
        target = _target_area(ctx, order)
        if fleet.location == target and fleet.location != ctx.base_area(fleet.base_port):
            continue  # a pirate already there from an earlier sub-phase (S3.4.5)
        _sail(ctx, fleet, order, target)


def _target_area(ctx: Ctx, order) -> str:
    return ctx.gamemap.ports[order.target_port].area if order.kind == "tf_piracy" else order.target


def _sail(ctx: Ctx, fleet, order, target: str) -> None:
    try:
        route = check_route(ctx.state, ctx.gamemap, fleet, target, list(order.route), order.kind)
    except OrderRejected as exc:  # valid when given, not from the fleet's base now
        ctx.fleet_orders.pop(fleet.id)
        _fall_back(ctx, fleet, order, str(exc), "idle")
        return
    if not order.route:  # S3.4.1, S3.5.1: the player should give the route
        ctx.emit(DefaultApplied(rule="S3.4.1, S3.5.1", detail=f"{fleet.id}: no route given; shortest coastal "
                                                              f"route {' → '.join(route)}"))
    checked = route if ctx.settings.path_check_includes_target else route[:-1]
    blockers = path_threats(ctx, fleet.owner, checked, plunder_target=target if order.kind == "tf_plunder"
                            and ctx.settings.path_check_includes_target else None)
    if blockers:
        ctx.fleet_orders.pop(fleet.id)  # S3.4.2: it stays idle; the task is cancelled
        ctx.emit(FleetStayedIdle(audience=Audience.of(fleet.owner), fleet=fleet.id, task=order.kind,
                                 target=target, blockers=blockers, subphase=ctx.subphase))
        return
    fleet.location = target
    ctx.emit(FleetSailed(audience=Audience.of(fleet.owner), fleet=fleet.id, task=order.kind, target=target,
                         route=route, subphase=ctx.subphase))
    if order.kind == "tf_piracy":
        ctx.emit(PiratesPresent(audience=Audience.everyone(), port=order.target_port, area=target,
                                subphase=ctx.subphase))
        catchers = [u for _, u in path_threats(ctx, fleet.owner, [target])]
        if catchers:  # OP-11: with the target outside the path check, caught on arrival
            clash(ctx, fleet, sorted(set(catchers)))


def path_threats(ctx: Ctx, clan: str, path: list[str], plunder_target: str | None = None) -> list[tuple[str, str]]:
    """OP-10: enemy war squadrons stationed at sea on the path: cruisers and W3
    squadrons at their targets; LoC sweepers only with the setting (on their
    whole route).  S6.3: cruisers off the island also guard the opposite coast
    against plunder."""
    found = []
    for area in path:
        found += [(area, u) for u in _stationed_enemies(ctx, clan, area)]
    if plunder_target is not None:
        for strait in ctx.gamemap.straits.values():
            if strait.opposite == plunder_target:
                found += [(plunder_target, sq.id) for side in strait.island_side
                          for sq in cruisers_at(ctx.state, side) if ctx.state.at_war(sq.owner, clan)]
    return sorted(set(found))


def _stationed_enemies(ctx: Ctx, clan: str, area: str) -> list[str]:
    """Enemies of ``clan`` present at ``area`` (OP-10); callers sort.  Without counted sweepers only
    squadrons on station there can be present, and the index has those."""
    candidates = ctx.index.on_station(area) if not ctx.settings.path_check_counts_loc_sweepers \
        else ctx.state.squadrons.values()
    found = []
    for sq in candidates:
        if sq.state is not UnitState.ACTIVE or sq.dispersed or not ctx.state.at_war(sq.owner, clan):
            continue
        order = ctx.orders.get(sq.id)
        if order is not None and order.kind == "sq_locsweep":
            if _sweeper_counts(ctx, order) and area in order.route:
                found.append(sq.id)
        elif sq.station == area and sq.location == area:
            found.append(sq.id)
    return found


def _sweeper_counts(ctx: Ctx, order) -> bool:
    """OP-10 setting; OP-21: a sweep of an earlier sub-phase is gone unless sweepers persist."""
    if not ctx.settings.path_check_counts_loc_sweepers:
        return False
    return order.subphase == ctx.subphase or ctx.settings.loc_sweepers_persist


# --- S8.1.2, OP-11: the piracy clash ------------------------------------------


def piracy_clashes(ctx: Ctx, step: int, movers: list) -> None:
    """Called by movement after each step's encounters: an enemy war squadron
    that ends this step where a pirate operates catches it."""
    if step == 0:
        return
    pirates = _pirates_by_area(ctx)  # a clash only ends piracy, so this is all there can be
    if not pirates:
        return
    for mover in movers:
        if mover.step != step or mover.area not in pirates:
            continue  # no pirate where it ended the step (most movers): nothing to ask of it
        sq = ctx.state.squadrons[mover.unit]
        if sq.state is not UnitState.ACTIVE or sq.dispersed:
            continue
        for fleet_id in _pirates_at(ctx, mover.area, pirates[mover.area]):
            if ctx.state.at_war(sq.owner, ctx.state.fleets[fleet_id].owner):
                clash(ctx, ctx.state.fleets[fleet_id], [sq.id])


def _pirates_by_area(ctx: Ctx) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for unit, order in sorted(ctx.fleet_orders.items()):
        if order.kind == "tf_piracy":
            found.setdefault(ctx.state.fleets[unit].location, []).append(unit)
    return found


def _pirates_at(ctx: Ctx, area: str, candidates) -> list[str]:
    """Fleets on piracy operating at ``area`` now, of those that were there when the step ended."""
    return [unit for unit in candidates
            if (order := ctx.fleet_orders.get(unit)) is not None and order.kind == "tf_piracy"
            and ctx.state.fleets[unit].location == area and ctx.state.fleets[unit].state is UnitState.ACTIVE]


def clash(ctx: Ctx, fleet, squadrons: list[str]) -> None:
    """The pirate is damaged and goes home; its piracy yields nothing; only the
    squadrons' clans learn its owner.  No dice, no experience."""
    order = ctx.fleet_orders.pop(fleet.id)
    area = fleet.location
    fleet.damaged = True
    fleet.location = ctx.base_area(fleet.base_port)
    catchers = sorted({ctx.state.squadrons[u].owner for u in squadrons})
    fleet.owner_revealed_to = sorted(set(fleet.owner_revealed_to) | set(catchers))
    ctx.emit(PiracyClash(audience=Audience.everyone(), port=order.target_port, area=area, by=squadrons,
                         subphase=ctx.subphase))
    ctx.emit(PirateIdentified(audience=Audience.of(fleet.owner, *catchers), fleet=fleet.id, owner=fleet.owner,
                              port=order.target_port, by=squadrons, back_to=fleet.base_port))


# --- S12.5 6.7: plunder loot (S3.5.3, OP-12) ----------------------------------


def end_subphase(ctx: Ctx) -> None:
    for unit, order in sorted(ctx.fleet_orders.items()):
        fleet = ctx.state.fleets[unit]
        if order.kind != "tf_plunder" or fleet.state is not UnitState.ACTIVE or fleet.location != order.target:
            continue
        ctx.fleet_orders.pop(unit)  # one haul per plunder order
        fleet.plundered_this_turn = True
        hinder = [u for _, u in path_threats(ctx, fleet.owner, [order.target], plunder_target=order.target)]
        if hinder:  # OP-12 (a): an enemy war squadron at the coast hinders it
            ctx.emit(PlunderHindered(audience=Audience.of(fleet.owner), fleet=unit, area=order.target,
                                     by=sorted(set(hinder)), subphase=ctx.subphase))
            continue
        key = f"tfplunder:{ctx.subphase.lower()}:{unit}"
        roll = ctx.roll(key, "2d6")  # OP-12 (b): one 2d6 per fleet
        ctx.state.clans[fleet.owner].rice += roll.total  # OP-12 (c): to the owner, via its base port
        ctx.emit(PlunderLooted(audience=Audience.of(fleet.owner), fleet=unit, area=order.target, key=key,
                               faces=list(roll.faces), rice=roll.total, port=fleet.base_port,
                               subphase=ctx.subphase))


# --- Turn End (S12.5 7.3, 7.6) and the Turn Start hand-off (step 8) -----------


def turn_end(ctx: Ctx) -> None:
    _record_hand_off(ctx)
    _secure_locs(ctx)
    _fleets_home(ctx)


def _record_hand_off(ctx: Ctx) -> None:
    """OP-03: trading fleets and whether they were blocked; pirates still at their ports."""
    blocked_in: dict[str, set[str]] = {}
    for e in ctx.events:  # once, not once per fleet; this loop emits no TradeBlocked
        if isinstance(e, TradeBlocked):
            blocked_in.setdefault(e.fleet, set()).add(e.subphase)
    for unit, order in sorted(ctx.fleet_orders.items()):
        fleet = ctx.state.fleets[unit]
        if fleet.state is not UnitState.ACTIVE:
            continue
        if order.kind == "tf_trade":
            beneficiary = trade_beneficiary(ctx.state, fleet)
            blocked = sorted(blocked_in.get(unit, ()))
            ctx.emit(TradeRecorded(audience=Audience.of(fleet.owner, beneficiary), fleet=unit,
                                   port=fleet.base_port, owner=fleet.owner, beneficiary=beneficiary,
                                   since=order.subphase, blocked_in=blocked))
        elif order.kind == "tf_piracy" and fleet.location == _target_area(ctx, order):
            ctx.emit(PiracyRecorded(audience=Audience.of(fleet.owner), fleet=unit, port=order.target_port,
                                    owner=fleet.owner, since=order.subphase))


def _secure_locs(ctx: Ctx) -> None:
    """S3.6.2, S12.5 7.6: a LoC kept open to the end of the turn is active next turn."""
    turn = ctx.state.turn
    ctx.state.active_locs = [a for a in ctx.state.active_locs if a.active_from_turn > turn]
    for unit, order in sorted(ctx.fleet_orders.items()):
        fleet = ctx.state.fleets[unit]
        if order.kind != "tf_loc" or fleet.state is not UnitState.ACTIVE:
            continue
        loc_id, path = kept_loc(ctx, fleet, order)
        if fleet.base_port is None or not path:
            continue  # no longer based anywhere: nothing to keep open from
        ctx.state.active_locs.append(ActiveLoc(id=loc_id, clan=fleet.owner, from_port=fleet.base_port,
                                               to_area=order.target, path=path, secured_by=unit,
                                               active_from_turn=turn + 1))
        ctx.emit(LocSecured(audience=Audience.of(fleet.owner), fleet=unit, loc=loc_id, target=order.target,
                            clan=fleet.owner, active_from_turn=turn + 1))


def _fleets_home(ctx: Ctx) -> None:
    """S12.5 7.3: fleets that sailed on plunder or piracy go back to base."""
    sailed = sorted({e.fleet for e in ctx.events if isinstance(e, FleetSailed)})
    for unit in sailed:
        fleet = ctx.state.fleets[unit]
        home = ctx.base_area(fleet.base_port)
        if fleet.state is UnitState.ACTIVE and fleet.location != home:
            fleet.location = home
            ctx.emit(FleetReturned(audience=Audience.of(fleet.owner), fleet=unit, port=fleet.base_port))
