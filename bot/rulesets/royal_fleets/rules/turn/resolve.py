"""One turn of the royal fleets rules, in this order (one step per turn):

1. Start: fleets in transit arrive (U10.1); MP = 4 − what supports owe (U5.2, U13); armies' MP
   restored (U2.1, [L69]); a blockade kept costs ``blockade_upkeep_mp`` (U-OP-10).
2. Economic phase: buy-over of last turn's unpaid ships, then pirates (U3.4-U3.5, U-OP-08);
   upkeep (U3.3); repair (U3.2); merges, joint command and splits (U1.2, U-OP-02).
3. Deployment, before the game (U1.3, U-OP-33); armies beaten on the coast retreat onto ships (U9.8).
4. Encounters before anyone sails: fleets arriving from the other map (U10.1); embarkations and
   their interception (U9.2-U9.3, U9.5); fleets at war sharing an area where one of them is
   ordered to sail on (U-OP-12/U11.7).
5. Movement in synchronous steps with their encounters (U2, U-OP-05, U5-U7).
6. Blockades (U4), landings (U9.4).
7. End: hiring (U-OP-06), losses at sea and crossing (U9.6, U10.3), trade posts and their income
   (U10.4), the siege losses the port's state gives the land module (U11.1); the turn advances.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Audience
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected, Resolution, SubmittedOrder
from bot.rulesets.royal_fleets.rules.economy import organise, upkeep, yards
from bot.rulesets.royal_fleets.rules.encounter.battles import encounter
from bot.rulesets.royal_fleets.rules.encounter.routes import lift_blockades
from bot.rulesets.royal_fleets.rules.encounter.sides import at_war_here
from bot.rulesets.royal_fleets.rules.map.model import RoyalMap
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import ArrivedFromTransit, FleetDeployed, OrderFellBack, SiegeLosses
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings
from bot.rulesets.royal_fleets.rules.model.state import ARMY_MP, RoyalState
from bot.rulesets.royal_fleets.rules.movement import steps
from bot.rulesets.royal_fleets.rules.orders.orders import MAIN_KINDS, parse_order
from bot.rulesets.royal_fleets.rules.transport import transport
from bot.rulesets.royal_fleets.rules.validation.validate import validate


def resolve(state: RoyalState, sea: RoyalMap, settings: RoyalSettings, orders: list[SubmittedOrder], dice: Dice,
            fight: Callable | None = None) -> Resolution:
    """Pure: the same state, orders and dice give the same resolution.  ``fight`` replaces the
    battle (rules/battle ``fight``) in tests of what happens around one."""
    ctx = Ctx(state=state.model_copy(deep=True), sea=sea, settings=settings, dice=dice, fight=fight)
    arrived = _arrivals(ctx)
    valid = _valid(ctx, orders)  # against what supports owe this turn, before it is cleared
    _movement_points(ctx)
    by_kind = lambda *kinds: [(f, o) for f, o in valid if o.kind in kinds]  # noqa: E731 - read in order below
    for faction, order in by_kind(*MAIN_KINDS):
        ctx.orders[order.fleet], ctx.plans[order.fleet] = order, order.plan
    _economy(ctx, by_kind)
    for faction, order in by_kind("deploy"):
        _deploy(ctx, faction, order)
    for faction, order in by_kind("retreat_to_ships"):
        transport.retreat_to_ships(ctx, faction, order)  # U9.8: the land battle came before the sailing
    _first_encounters(ctx, arrived, sharing=False)
    for faction, order in by_kind("transport"):
        transport.embark(ctx, faction, order)  # an interception comes before the U11.7 fight below
    _first_encounters(ctx, [], sharing=ctx.settings.war_sharing_area_attack)
    crossing = steps.move(ctx, {o.fleet: o.path for _, o in by_kind("move", "blockade", "transport") if o.path})
    for faction, order in by_kind("blockade"):
        steps.blockade(ctx, faction, order)
    for faction, order in by_kind("transport"):
        transport.land(ctx, faction, order)
    yards.hire(ctx, by_kind("hire"))
    transport.losses_at_sea(ctx, crossing)
    yards.trade_posts(ctx)
    _sieges(ctx)
    for army in ctx.state.armies.values():
        army.beaten_mp = None  # U9.8: the land result recorded was this turn's
    ctx.state.turn += 1
    return Resolution(state=ctx.state, events=ctx.events)


def _valid(ctx: Ctx, orders: list[SubmittedOrder]) -> list[tuple[str, object]]:
    """Each order checked again against the state after arrivals (it was checked when given);
    one that no longer holds falls back to holding, and says why (owner and moderators)."""
    valid = []
    for submitted in sorted(orders, key=lambda o: o.seq):
        try:
            order = parse_order(submitted.payload)
            validate(ctx.state, ctx.sea, ctx.settings, submitted.faction, order)
        except OrderRejected as refused:
            ctx.emit(OrderFellBack(audience=Audience.of(submitted.faction), fleet=str(submitted.payload.get("fleet", "")),
                                   faction=submitted.faction, order=str(submitted.payload.get("kind", "")),
                                   reason=refused.msgid, values={k: str(v) for k, v in refused.values.items()},
                                   rule=refused.rule or "U14"))
            continue
        valid.append((submitted.faction, order))
    return valid


def _arrivals(ctx: Ctx) -> list[str]:
    arrived = []
    for fleet in sorted(ctx.state.fleets.values(), key=lambda f: f.id):
        if fleet.in_transit is not None and fleet.in_transit.arrival_turn <= ctx.state.turn:
            fleet.location, fleet.in_transit = fleet.in_transit.to_area, None  # U-OP-34: full MP on arrival
            arrived.append(fleet.location)
            ctx.emit(ArrivedFromTransit(audience=Audience.everyone(), fleet=fleet.id, faction=fleet.commander,
                                        area=fleet.location, rule="U10.1"))
    return arrived


def _movement_points(ctx: Ctx) -> None:
    for fleet in sorted(ctx.state.fleets.values(), key=lambda f: f.id):
        ctx.mp[fleet.id] = max(0, ctx.settings.fleet_mp - fleet.mp_debt_next_turn)
        fleet.mp_debt_next_turn = 0
        if fleet.blockading and ctx.settings.blockade_upkeep_mp:
            if ctx.mp[fleet.id] < ctx.settings.blockade_upkeep_mp:
                lift_blockades(ctx, fleet, "order")
            else:
                ctx.mp[fleet.id] -= ctx.settings.blockade_upkeep_mp
    for army in ctx.state.armies.values():
        army.mp = ARMY_MP


def _economy(ctx: Ctx, by_kind) -> None:
    upkeep.buy_over(ctx, by_kind("buy_over"))
    upkeep.turn_pirate(ctx)
    upkeep.pay_upkeep(ctx, {f: o for f, o in by_kind("upkeep")})
    upkeep.transport_fees(ctx)
    yards.repair(ctx, by_kind("repair"))
    organise.answer_joins(ctx, by_kind("join_command"))
    organise.merges(ctx, by_kind("merge"))
    organise.splits(ctx, by_kind("split"))


def _deploy(ctx: Ctx, faction: str, order) -> None:
    fleet = ctx.fleet(order.fleet)
    if fleet is None:
        return
    lift_blockades(ctx, fleet, "left")
    fleet.location, fleet.in_transit = order.area, None
    ctx.emit(FleetDeployed(audience=Audience.everyone(), fleet=fleet.id, faction=faction, area=order.area,
                           rule="U1.3"))


def _first_encounters(ctx: Ctx, arrived: list[str], sharing: bool) -> None:
    """U10.1: fleets that crossed together fight on arrival.  U-OP-12 / U11.7: fleets at war that
    share an area fight when one of them sails on ("the one that moves first must attack")."""
    sailing = {f for f, o in ctx.orders.items() if getattr(o, "path", ())}
    areas = set(arrived)
    if sharing:
        areas |= {f.location for f in ctx.state.fleets.values() if f.id in sailing and f.location}
    for area in sorted(a for a in areas if at_war_here(ctx, a)):
        encounter(ctx, area, 0)


def _sieges(ctx: Ctx) -> None:
    """U11.1: a besieged coastal fortress loses 1 less per unit while its port is unblocked."""
    blocked = ctx.state.blockaded_ports()
    for province_id, province in sorted(ctx.state.provinces.items()):
        if not (province.fortress and province.besieged):
            continue
        ports = ctx.sea.ports_of(province_id)
        open_port = any(p not in blocked for p in ports)
        depot = {"none": 0, "basic": 1, "improved": 2}[province.food_depot]
        loss = max(0, 3 - depot - (1 if open_port else 0) + (1 if province.chain_of_forts else 0))
        ctx.emit(SiegeLosses(audience=Audience.everyone(), province=province_id, besieged_loss=loss, besieger_loss=1,
                             port_blockaded=bool(ports) and not open_port, rule="U11.1"))
