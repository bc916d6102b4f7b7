"""Landing operations and evacuations (S3.7–S3.9, S4.5, S5.8, S8.5, S8.7, S9.5;
S12.5 6.5, 6.7, 7.1–7.2).

OP-14: there is no land module yet, so a landing sails in the sub-phase it is
ordered for, after W5 (wave WL).  A quick landing sails both legs at once.  A
prepared landing sails to its embarkation coast with the quick ones, and is
then ready (``LandingReady``).  With ``prepared_landing_trigger =
same_subphase`` (the default) the ready landings sail their landing leg
together once every quick landing has ended (wave WLP), so a prepared landing
always lands after the quick ones of its sub-phase.  With ``moderator`` it
waits in ``state.pending_landings`` until ``execute_landing`` (the pure hook a
service or the land module calls) fires it; one not fired by the next
resolution lapses and its fleets go home.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.domain.gamemap import GameMap
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution
from bot.rulesets.sengoku.rules.landing import evacuations, storms
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import OrderFellBack
from bot.rulesets.sengoku.rules.model.events_landing import FleetsDamaged, LandingLapsed, LandingReady
from bot.rulesets.sengoku.rules.landing.landing_ops import (
    Op,
    already_sailing,
    announce,
    build,
    escorts_in_line,
    finish,
    send_home,
)
from bot.rulesets.sengoku.rules.model.model import ArmyFlag, SengokuState, UnitState
from bot.rulesets.sengoku.rules.orders.orders import Escort, Landing
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.orders.standing import standing_cruise
from bot.rulesets.sengoku.rules.landing.voyage import sail

retreat_by_sea = evacuations.retreat_by_sea  # the land module's hook (S3.8.4)


def run(ctx: Ctx) -> None:
    """S12.5 6.5: the landings of this sub-phase."""
    _lapse_pending(ctx)
    _orphan_escorts(ctx)
    when = ctx.subphase.lower()
    ops: list[Op] = []
    for order in sorted(_orders(ctx, "tf_landing"), key=lambda o: o.unit):
        if already_sailing(ctx, order, ops):
            continue
        op = build(ctx, order, f"{order.unit}:{when}")
        if op is None:
            continue
        announce(ctx, op)
        storms.check(ctx, op)  # S3.9: at the start of the operation
        if order.mode == "prepared":
            op.stop_at = op.board_at
        ops.append(op)
    arrived = sail(ctx, ops, when, "wl")
    waiting = [op for op in arrived if op.stop_at < len(op.route) - 1 and _ready_to_land(ctx, op)]
    for op in arrived:
        if op.stop_at == len(op.route) - 1:
            finish(ctx, op, op.order.destination, "landed")
    for op in waiting:
        op.stop_at = len(op.route) - 1
    for op in sail(ctx, waiting, when, "wlp", meet_at_start=False):
        finish(ctx, op, op.order.destination, "landed")


def end_subphase(ctx: Ctx) -> None:
    """S12.5 6.7: evacuations replacing retreats; ready fleets leave the coast."""
    evacuations.at_subphase_end(ctx)
    for op, fleets in ctx.sealift.pop("ready", {}).values():
        send_home(ctx, fleets, list(op.escorts))


def turn_end(ctx: Ctx) -> None:
    """S12.5 7.1–7.2: the remaining evacuations, then damage held over from FL."""
    evacuations.at_turn_end(ctx)
    held = []
    for fleet in sorted(ctx.state.fleets.values(), key=lambda f: f.id):
        if fleet.damage_pending_turn_end and fleet.state is UnitState.ACTIVE and not fleet.damaged:
            fleet.damaged = True
            held.append(fleet.id)
        fleet.damage_pending_turn_end = False
    if held:
        ctx.emit(FleetsDamaged(audience=Audience.everyone(), units=held, when="now",
                               cause="mauled by an interception earlier this turn (S8.5-A FL)"))
    for fleet in ctx.state.fleets.values():
        fleet.evac_ready = False  # R7: readiness lasts this turn


def _orders(ctx: Ctx, kind: str) -> list:
    return [o for o in ctx.fleet_orders.values() if o.kind == kind and o.subphase == ctx.subphase]


def _orphan_escorts(ctx: Ctx) -> None:
    """S12.4: an escort whose fleet carries out no operation this sub-phase stays idle."""
    leads = {o.unit for o in _orders(ctx, "tf_landing") + _orders(ctx, "tf_evacuation")}
    for unit, order in sorted(ctx.orders.items()):
        if order.kind == "sq_escort" and order.subphase == ctx.subphase and order.operation not in leads:
            ctx.emit(OrderFellBack(audience=Audience.of(ctx.state.squadrons[unit].owner), unit=unit,
                                   order=order.kind, fallback="idle",
                                   reason=f"{order.operation} carries out no landing or evacuation in "
                                          f"{ctx.subphase} (S4.5)"))
            ctx.orders.pop(unit)


def _ready_to_land(ctx: Ctx, op: Op) -> bool:
    trigger = ctx.settings.prepared_landing_trigger
    ctx.emit(LandingReady(audience=Audience.of(op.clan), operation=op.label, lead=op.lead, area=op.area,
                          trigger=trigger))
    if trigger == "same_subphase":
        return True
    ctx.state.pending_landings[op.lead] = {
        "order": op.order.model_dump(mode="json"), "label": op.label, "turn": ctx.state.turn,
        "subphase": ctx.subphase, "worst": op.worst.value if op.worst else None,
        "interceptions": op.interceptions, "intercepted_by": sorted(op.intercepted_by),
        "escorts": {u: ctx.orders[u].model_dump(mode="json") for u in escorts_in_line(ctx, op)}}
    return False


def _lapse_pending(ctx: Ctx) -> None:
    """OP-14: a prepared landing not fired before the next resolution lapses."""
    for lead, entry in sorted(ctx.state.pending_landings.items()):
        if entry["turn"] >= ctx.state.turn:
            continue
        del ctx.state.pending_landings[lead]
        order = Landing.model_validate(entry["order"])
        send_home(ctx, [order.unit] + list(order.fleets), list(entry["escorts"]))
        ctx.emit(LandingLapsed(audience=Audience.of(ctx.state.fleets[lead].owner), operation=entry["label"],
                               lead=lead, reason="it was not fired before the next turn (OP-14)"))


def execute_landing(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, dice: Dice,
                    lead: str) -> Resolution:
    """OP-14: fire a prepared landing waiting off its embarkation coast.  Pure:
    returns the new state and the events, like a resolution."""
    ctx = Ctx(state=state.model_copy(deep=True), gamemap=gamemap, settings=settings, dice=dice)
    entry = ctx.state.pending_landings.pop(lead, None)
    if entry is None:
        raise ValueError(f"no prepared landing of {lead} is waiting to be fired")
    ctx.subphase = entry["subphase"]
    turn = entry["turn"]
    ctx.veterans = {c.id for c in ctx.state.characters.values() if c.is_veteran(turn)}
    ctx.art_active = {c.id for c in ctx.state.characters.values() if c.art_active()}
    for sq in ctx.state.squadrons.values():
        if (cruise := standing_cruise(sq)) is not None:  # one that no longer reads does not stop the landing
            ctx.orders[sq.id] = cruise  # S4.3.4: cruisers still on station
    for unit, payload in entry["escorts"].items():
        ctx.orders[unit] = Escort.model_validate(payload)
    order = Landing.model_validate(entry["order"])
    op = build(ctx, order, entry["label"])
    if op is None:
        send_home(ctx, [order.unit] + list(order.fleets), list(entry["escorts"]))
        return _fired(ctx)
    op.step, op.interceptions, op.intercepted_by = op.board_at, entry["interceptions"], set(entry["intercepted_by"])
    if entry["worst"]:
        op.worsen(ArmyFlag(entry["worst"]))
    for arrived in sail(ctx, [op], entry["subphase"].lower(), "wlt", meet_at_start=False):
        finish(ctx, arrived, arrived.order.destination, "landed")
    for ready_op, fleets in ctx.sealift.pop("ready", {}).values():
        send_home(ctx, fleets, list(ready_op.escorts))  # its sub-phase is over: no evacuation can follow
        for fleet_id in fleets:
            ctx.state.fleets[fleet_id].evac_ready = False
    return _fired(ctx)


def _fired(ctx: Ctx) -> Resolution:
    ctx.index.detach()  # as resolve: the state handed back carries no lookups
    return Resolution(state=ctx.state, events=ctx.events)
