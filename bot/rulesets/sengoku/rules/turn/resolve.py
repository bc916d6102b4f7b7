"""One turn of the Sengoku naval rules (S12.5).

Steps in order: validate and fall back (S12.4), basing (S2), leader status
(S9.2–S9.3), then each sub-phase's waves, then the Turn End Phase.
"""

from __future__ import annotations

from pydantic import ValidationError

from bot.domain.events import Audience
from bot.domain.gamemap import GameMap
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected, Resolution, SubmittedOrder
from bot.rulesets.sengoku.rules.landing import landings
from bot.rulesets.sengoku.rules.orders import new_orders, standing
from bot.rulesets.sengoku.rules.ports import repair
from bot.rulesets.sengoku.rules.trade import blockade, trade_fleets
from bot.rulesets.sengoku.rules.turn import raids, turn_end, turn_start
from bot.rulesets.sengoku.rules.orders import orders as o
from bot.rulesets.sengoku.rules.orders.basing import apply_basing
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.copying import deep_copy
from bot.rulesets.sengoku.rules.model.events import OrderFellBack
from bot.rulesets.sengoku.rules.movement.missions import WAVES, movers_for
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, SengokuState, UnitState
from bot.rulesets.sengoku.rules.movement.movement import run_wave, take_station
from bot.rulesets.sengoku.rules.orders.orders import Cruise, SquadronIdle, parse_order
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.validation.validate import validate


def resolve(state: SengokuState, gamemap: GameMap, settings: SengokuSettings,
            submitted: list[SubmittedOrder], dice: Dice) -> Resolution:
    ctx = Ctx(state=deep_copy(state), gamemap=gamemap, settings=settings, dice=dice)
    ctx.state.captives = []  # OP-46 (c): only this turn's captures are asked about after it
    planning = [sub for sub in submitted if _is_planning(sub)]
    valid = _validated(ctx, planning)
    # S12.4: standing orders checked again too, before anything reads them; a squadron given a new
    # task this turn (validated after basing, S2.1) needs no notice about its standing one.
    tasks = [sub for sub in submitted if not _is_planning(sub)]
    read = {id(sub): order for sub, order in _readable(tasks)}  # each task read once, here and below
    standing.check(ctx, _replacing(valid, settings) | _new_tasks(read.values(), settings))
    turn_start.run(ctx, [order for _, order in valid if order.kind in o.CLAN_KINDS])
    blockade.at_planning(ctx)        # S12.5 4.1: blockades of the standing cruisers and straits (OP-06)
    apply_basing(ctx, [(seq, order) for seq, order in valid if order.kind == "base"])
    turn_start.unbased(ctx, [order for _, order in valid if order.kind in ("mothball", "disband")])
    # S2.1: ships are based "this turn" where basing put them; every task is judged at that base.
    valid += _validated(ctx, [sub for sub in tasks if sub.payload.get("unit") not in ctx.orders_lapsed], read)
    _leader_status(ctx)
    for subphase in settings.subphases:
        _run_subphase(ctx, subphase, [order for _, order in valid if order.subphase == subphase])
    _turn_end(ctx)
    ctx.index.detach()  # the state handed back carries no lookups: what others do to it is theirs
    return Resolution(state=ctx.state, events=ctx.events)


def _is_planning(sub: SubmittedOrder) -> bool:
    """Clan and basing orders: settled before any task is checked (S12.5 steps 3–4)."""
    return sub.payload.get("kind") in o.CLAN_KINDS | o.BASING_KINDS


def _validated(ctx: Ctx, submitted: list[SubmittedOrder],
               read: dict[int, object] | None = None) -> list[tuple[int, object]]:
    """Orders that became invalid by resolution time fall back (S12.4); the
    player and the moderator are told.  ``read``: orders already parsed, by id of the submission
    (one that could not be read is parsed again here, to fall back with its error)."""
    valid = []
    for sub in sorted(submitted, key=lambda s: s.seq):
        try:
            order = (read or {}).get(id(sub)) or parse_order(sub.payload)
            validate(ctx.state, ctx.gamemap, ctx.settings, sub.faction, order, None)
        except (OrderRejected, ValidationError) as exc:
            fallback = "keeps its base" if sub.payload.get("kind") == "base" else "idle"
            unit = str(sub.payload.get("unit", sub.unit))  # the unit's id, not its order's slot
            ctx.emit(OrderFellBack(audience=Audience.of(sub.faction), unit=unit,
                                   order=str(sub.payload.get("kind")), reason=str(exc), fallback=fallback))
            continue
        valid.append((sub.seq, order))
    return valid


def _replacing(valid: list[tuple[int, object]], settings: SengokuSettings) -> set[str]:
    """Squadrons with a valid new order from the first sub-phase, and clans with a new policy:
    their standing orders never apply this turn, so they need no notice."""
    first = settings.subphases[0] if settings.subphases else None
    return {order.unit for _, order in valid
            if order.kind == "clan_policy" or (order.kind in o.SQUADRON_KINDS and order.subphase == first)}


def _readable(submitted: list[SubmittedOrder]) -> list[tuple[SubmittedOrder, object]]:
    """The submissions that parse, with their orders (not yet validated)."""
    found = []
    for sub in submitted:
        try:
            found.append((sub, parse_order(sub.payload)))
        except (OrderRejected, ValueError):
            continue
    return found


def _new_tasks(orders, settings: SengokuSettings) -> set[str]:
    """Squadrons given a task from the first sub-phase, read but not yet validated: a task that
    falls back later leaves the squadron idle (S12.4), so its standing cruise ends either way.
    Only the task orders are read: a clan or basing order is never a squadron's task."""
    first = settings.subphases[0] if settings.subphases else None
    return {order.unit for order in orders if order.kind in o.SQUADRON_KINDS and order.subphase == first}


def _leader_status(ctx: Ctx) -> None:
    """S12.5 step 5: veteran status and active art are fixed for the turn (OP-44 b)."""
    turn = ctx.state.turn
    ctx.veterans = {c.id for c in ctx.state.characters.values() if c.is_veteran(turn)}
    ctx.art_active = {c.id for c in ctx.state.characters.values() if c.art_active()}


def _run_subphase(ctx: Ctx, subphase: str, orders: list) -> None:
    """S12.5 step 6: new orders, the waves, mission effects, trade fleets,
    landings, blockades, end of sub-phase."""
    ctx.subphase = subphase
    for sq in ctx.state.squadrons.values():
        sq.dispersed = False  # S12.5 6.1: a dispersal lasts one sub-phase
    _assign_orders(ctx, orders)
    repair.start_subphase(ctx)       # S12.5 6.1: squadrons on SQ_REPAIR are under repair (OP-18)
    for wave in WAVES:
        movers = movers_for(ctx, wave)
        if movers:
            take_station(ctx, run_wave(ctx, wave, movers))
    raids.w3_effects(ctx)            # S12.5 6.3: port attacks, ravage/plunder, piracy presence
    trade_fleets.run_w5(ctx)         # S12.5 6.4: trade fleets on piracy or plunder
    landings.run(ctx)                # S12.5 6.5: landing operations (WL)
    blockade.update(ctx)             # S12.5 6.6: trade and LoC blockades
    repair.end_subphase(ctx)         # S12.5 6.7: repairs finish
    trade_fleets.end_subphase(ctx)   # S12.5 6.7: plunder loot credited (OP-12 c)
    landings.end_subphase(ctx)       # S12.5 6.7: evacuations that replace retreats


def _assign_orders(ctx: Ctx, orders: list) -> None:
    for order in orders:
        if order.unit in ctx.orders_lapsed:
            continue  # S2.5, S2.6: laid up, lost or handed over at turn start
        if order.kind in o.SQUADRON_KINDS:
            _set_leader(ctx, order)
            ctx.orders[order.unit] = order
            new_orders.retask(ctx, order)  # V2: a new order ends a standing cruise; sails from the station
        elif order.kind in o.FLEET_KINDS:
            trade_fleets.assign(ctx, order)  # V2, S3.2.4, S3.5.4: whole-turn tasks, re-tasking limits
    for sq in ctx.state.squadrons.values():
        if sq.id not in ctx.orders and sq.standing:
            ctx.orders[sq.id] = Cruise.model_validate(sq.standing)  # S4.3.4: standing cruise orders
        if sq.id not in ctx.orders:
            ctx.orders[sq.id] = SquadronIdle(unit=sq.id)


def _set_leader(ctx: Ctx, order) -> None:
    """OP-44 (c): one leader per squadron, one squadron per leader; a leader
    captured, killed or already leading by the time the order applies (SP2,
    SP3) is not taken, and the player is told (S12.4)."""
    if not order.leader:
        return
    squadron = ctx.state.squadrons[order.unit]
    character = ctx.state.characters.get(order.leader)
    busy = next((sq for sq in ctx.state.squadrons.values() if sq.leader == order.leader
                 and sq.id != order.unit and sq.state is UnitState.ACTIVE), None)
    problem = None
    if character is None or character.status is not CharacterStatus.FREE:
        problem = f"{order.leader} is not free to lead ({character.status.value if character else 'unknown'})"
    elif busy is not None:
        problem = f"{character.name} already leads {busy.name} (OP-44 c)"
    if problem:
        ctx.emit(OrderFellBack(audience=Audience.of(squadron.owner), unit=order.unit, order=order.kind,
                               reason=problem, fallback="sails under its present leader"))
        return
    squadron.leader = order.leader


def _turn_end(ctx: Ctx) -> None:
    """S12.5 step 7: the Turn End Phase; the turn advances."""
    landings.turn_end(ctx)           # 7.1–7.2: remaining evacuations, pending damage
    trade_fleets.turn_end(ctx)       # 7.3 (fleets home), 7.6 (LoCs kept open)
    raids.turn_end(ctx)              # step 8 hand-over: squadron pirates still at their ports (S4.7, OP-23)
    turn_end.run(ctx)                # 7.3–7.5, 7.7: squadrons home, credits, leader records, flags
    ctx.state.turn += 1
    # S2.4: an agreement is made in a turn's Diplomacy Phase for that turn; it lapses with it.
    ctx.state.basing_agreements = [a for a in ctx.state.basing_agreements if a.turn >= ctx.state.turn]
