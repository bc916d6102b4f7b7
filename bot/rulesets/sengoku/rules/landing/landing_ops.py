"""One landing operation or evacuation as it sails (S3.7, S3.8, S8.5-A, R12).

An operation is built from its order when it sails: the fleets (the lead fleet
first; the others join where the route passes their base), the escorts (they
join where the route passes the coast they lie off), the carried detachments
and their fleet, the route and the step at which the army comes aboard.
``finish`` puts the army ashore and sends the fleets home or keeps them off
the coast ready to evacuate (S3.8.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.domain.events import Audience
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied, OrderFellBack
from bot.rulesets.sengoku.rules.model.events_landing import (
    ArmySplit,
    EvacuationReady,
    FiguresLost,
    FleetsDamaged,
    OperationEnded,
    OperationSailed,
)
from bot.rulesets.sengoku.rules.model.model import Army, ArmyFlag, CharacterStatus, UnitState
from bot.rulesets.sengoku.rules.landing.sealift import (
    carried_detachments,
    evacuation_route,
    fleet_loads,
    home_area,
    join_index,
    landing_route,
)
from bot.rulesets.sengoku.rules.landing.validate_landing import check_evacuation, check_landing

SEVERITY = [None, ArmyFlag.HEAVY_MARCH, ArmyFlag.DISORDER, ArmyFlag.DISPERSED]  # R12: worst last


@dataclass
class Op:
    label: str
    kind: str  # "landing" | "evacuation"
    clan: str
    order: object
    fleet_join: dict[str, int]
    escorts: dict[str, int]
    carried: list[str]
    loads: dict[str, list[str]]
    route: list[str]
    board_at: int
    stop_at: int = -1
    step: int = 0
    ended: bool = False
    arrived: bool = False
    worst: ArmyFlag | None = None
    interceptions: int = 0
    damaged_on_landing: bool = False
    met: set[str] = field(default_factory=set)
    intercepted_by: set[str] = field(default_factory=set)

    @property
    def lead(self) -> str:
        return self.order.unit

    @property
    def army(self) -> str:
        return self.order.army

    @property
    def area(self) -> str:
        return self.route[self.step]

    @property
    def aboard(self) -> bool:
        return self.step >= self.board_at

    @property
    def sailing(self) -> bool:
        return not self.ended and not self.arrived

    def worsen(self, flag: ArmyFlag) -> None:
        if SEVERITY.index(flag) > SEVERITY.index(self.worst):
            self.worst = flag


def build(ctx: Ctx, order, label: str, start: str | None = None) -> Op | None:
    """The operation of a valid order, or None after telling the clan why not (S12.4)."""
    clan = ctx.state.fleets[order.unit].owner
    try:
        if order.kind == "tf_landing":
            check_landing(ctx.state, ctx.gamemap, clan, order, sailing=True)
            route, board_at = landing_route(ctx.state, ctx.gamemap, order)
            carried = carried_detachments(ctx.state.armies[order.army], list(order.detachments))
        else:
            check_evacuation(ctx.state, ctx.gamemap, clan, order, sailing=True, start=start)
            route, board_at = evacuation_route(ctx.state, ctx.gamemap, order, start)
            carried = list(ctx.state.armies[order.army].detachments)
    except OrderRejected as exc:
        ctx.emit(OrderFellBack(audience=Audience.of(clan), unit=order.unit, order=order.kind, reason=str(exc),
                               fallback="idle"))
        return None
    fleets = [order.unit] + list(order.fleets)
    joins = {f: 0 if start else join_index(route, home_area(ctx.state, ctx.gamemap, f), board_at) for f in fleets}
    op = Op(label=label, kind="landing" if order.kind == "tf_landing" else "evacuation", clan=clan, order=order,
            fleet_join=joins, escorts={}, carried=[d.id for d in carried], loads=fleet_loads(carried, fleets),
            route=route, board_at=board_at, stop_at=len(route) - 1)
    op.escorts = _escorts(ctx, op)
    return op


def _escorts(ctx: Ctx, op: Op) -> dict[str, int]:
    """S4.5: squadrons ordered to escort this operation join where it passes them."""
    joins = {}
    for unit, order in sorted(ctx.orders.items()):
        if order.kind != "sq_escort" or order.operation != op.lead or order.subphase != op.order.subphase:
            continue
        sq = ctx.state.squadrons[unit]
        if sq.state is not UnitState.ACTIVE or sq.dispersed:
            continue
        index = join_index(op.route, sq.location, len(op.route) - 1)
        if index is None:
            ctx.emit(OrderFellBack(audience=Audience.of(sq.owner), unit=unit, order=order.kind, fallback="idle",
                                   reason=f"the operation of {op.lead} does not pass {sq.location}, where "
                                          f"{sq.name} lies, so it cannot sail with it (S4.5, S12.4)"))
            ctx.orders.pop(unit, None)
            continue
        joins[unit] = index
    return joins


def already_sailing(ctx: Ctx, order, ops: list["Op"]) -> bool:
    """An army, or a fleet, takes part in one operation per sub-phase (S3.7);
    a second order for it falls back (S12.4)."""
    taken = next((op for op in ops if op.army == order.army
                  or {order.unit, *order.fleets} & set(op.fleet_join)), None)
    if taken is None:
        return False
    clan = ctx.state.fleets[order.unit].owner
    ctx.emit(OrderFellBack(audience=Audience.of(clan), unit=order.unit, order=order.kind,
                           reason=f"{order.army} or one of its fleets already sails with the operation of "
                                  f"{taken.order.unit} this sub-phase (S3.7)", fallback="idle"))
    return True


def announce(ctx: Ctx, op: Op) -> None:
    ctx.emit(OperationSailed(audience=Audience.of(op.clan), operation=op.label, evacuation=op.kind == "evacuation",
                             lead=op.lead, fleets=list(op.fleet_join), escorts=sorted(op.escorts), army=op.army,
                             detachments=list(op.carried), origin=op.order.origin,
                             destination=op.order.destination, route=list(op.route),
                             mode=getattr(op.order, "mode", "quick"), loads=op.loads))


def fleets_of(ctx: Ctx, op: Op) -> list[str]:
    """The operation's fleets that have joined and are still afloat."""
    return [f for f, join in op.fleet_join.items()
            if join is not None and join <= op.step and ctx.state.fleets[f].state is UnitState.ACTIVE]


def escorts_in_line(ctx: Ctx, op: Op) -> list[str]:
    out = []
    for unit, join in sorted(op.escorts.items()):
        sq = ctx.state.squadrons[unit]
        order = ctx.orders.get(unit)
        if join <= op.step and sq.state is UnitState.ACTIVE and not sq.dispersed and order is not None \
                and order.kind == "sq_escort":
            out.append(unit)
    return out


def place(ctx: Ctx, op: Op) -> None:
    for fleet in fleets_of(ctx, op):
        ctx.state.fleets[fleet].location = op.area
    for unit in escorts_in_line(ctx, op):
        ctx.state.squadrons[unit].location = op.area


def characters_aboard(ctx: Ctx, op: Op) -> list[str]:
    """OP-46 (e): the army's leader and the passengers, unless leading a squadron."""
    leaders = {sq.leader for sq in ctx.state.squadrons.values() if sq.state is UnitState.ACTIVE and sq.leader}
    people = [ctx.state.armies[op.army].leader] + list(op.order.passengers)
    return [c for c in people if c and c not in leaders and c in ctx.state.characters
            and ctx.state.characters[c].status is CharacterStatus.FREE]


def detachment(ctx: Ctx, op: Op, det_id: str):
    return next(d for d in ctx.state.armies[op.army].detachments if d.id == det_id)


def live_detachments(ctx: Ctx, op: Op) -> list[str]:
    return [d for d in op.carried if detachment(ctx, op, d).figures > 0]


def lose_figures(ctx: Ctx, op: Op, det_id: str, cause: str, key: str, roll) -> None:
    """Losses capped at the detachment's figures; infantry first (a default)."""
    det = detachment(ctx, op, det_id)
    lost = min(max(0, roll.total), det.figures)
    from_infantry = min(lost, det.infantry)
    if lost and det.infantry and det.cavalry:
        ctx.emit(DefaultApplied(rule="S8.5-A", detail=f"{det_id}: a mixed detachment loses infantry first"))
    det.infantry -= from_infantry
    det.cavalry -= lost - from_infantry
    irreplaceable = cause == "storm" or op.kind == "evacuation"  # S3.9 step 4, S3.8.6
    if irreplaceable:
        det.non_replaceable_losses += lost
    ctx.emit(FiguresLost(audience=Audience.of(op.clan), operation=op.label, army=op.army, detachment=det_id,
                         cause=cause, key=key, faces=list(roll.faces), rolled=roll.total, lost=lost,
                         figures_after=det.figures, non_replaceable=irreplaceable))


def damage_fleets(ctx: Ctx, op: Op, cause: str) -> None:
    hit = [f for f in fleets_of(ctx, op) if not ctx.state.fleets[f].damaged]
    for fleet in hit:
        ctx.state.fleets[fleet].damaged = True
    if hit:
        ctx.emit(FleetsDamaged(audience=Audience.everyone(), units=hit, when="now", cause=cause))


def finish(ctx: Ctx, op: Op, area: str, outcome: str) -> None:
    """The army goes ashore at ``area`` in the worst state reached (R12)."""
    op.ended = True
    army = ctx.state.armies[op.army]
    if op.aboard:
        _split(ctx, op, army)
        army.area = area
        if op.worst is not None and op.worst not in army.flags:
            army.flags.append(op.worst)
        if op.kind == "evacuation" and outcome in ("landed", "pinned") \
                and ctx.settings.evacuation_losses_scope == "after_evacuation":
            for det_id in op.carried:
                detachment(ctx, op, det_id).castle_refill_barred = True  # S3.8.6, OP-16 plain reading
    if op.damaged_on_landing:
        damage_fleets(ctx, op, "after the landing, as every fleet that fought another at sea (S8.7.4)")
    figures = sum(detachment(ctx, op, d).figures for d in op.carried)
    ctx.emit(OperationEnded(audience=Audience.everyone(), operation=op.label, evacuation=op.kind == "evacuation",
                            lead=op.lead, army=op.army, outcome=outcome, area=army.area,
                            figures=figures, state=op.worst.value if op.worst and op.aboard else "full order"))
    _fleets_after(ctx, op, area, outcome)


def _fleets_after(ctx: Ctx, op: Op, area: str, outcome: str) -> None:
    """S3.8.5, R7: undamaged landing fleets stay off the coast, ready to evacuate,
    until the end of the sub-phase; the others go back to port."""
    ready = []
    for fleet_id in fleets_of(ctx, op):
        fleet = ctx.state.fleets[fleet_id]
        if op.kind == "landing" and outcome == "landed" and not fleet.damaged:
            fleet.evac_ready = True
            fleet.location = area
            ready.append(fleet_id)
        else:
            fleet.location = home_area(ctx.state, ctx.gamemap, fleet_id)
    for unit in escorts_in_line(ctx, op):
        sq = ctx.state.squadrons[unit]
        sq.location = area if ready else ctx.base_area(sq.base_port)
    if ready:
        ctx.sealift.setdefault("ready", {})[op.army] = (op, ready)
        ctx.emit(EvacuationReady(audience=Audience.of(op.clan), operation=op.label, fleets=ready, area=area))


def _split(ctx: Ctx, op: Op, army: Army) -> None:
    """S3.7.2: the leader sails with the carried part; the rest stays leaderless."""
    left = [d for d in army.detachments if d.id not in op.carried]
    if not left:
        return
    rest_id = f"{army.id}-rest-t{ctx.state.turn}-{op.label.split(':')[-1]}"
    ctx.state.armies[rest_id] = Army(id=rest_id, name=f"{army.name} (left behind)", clan=army.clan, leader=None,
                                     area=army.area, detachments=left, flags=list(army.flags))
    army.detachments = [d for d in army.detachments if d.id in op.carried]
    ctx.emit(ArmySplit(audience=Audience.of(op.clan), army=army.id, left_army=rest_id, area=army.area,
                       detachments=[d.id for d in left]))


def send_home(ctx: Ctx, fleets: list[str], escorts: list[str]) -> None:
    for fleet_id in fleets:
        fleet = ctx.state.fleets[fleet_id]
        if fleet.state is UnitState.ACTIVE:
            fleet.location = home_area(ctx.state, ctx.gamemap, fleet_id)
    for unit in escorts:
        sq = ctx.state.squadrons[unit]
        if sq.state is UnitState.ACTIVE:
            sq.location = ctx.base_area(sq.base_port)
