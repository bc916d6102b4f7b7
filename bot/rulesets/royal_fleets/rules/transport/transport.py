"""Transport of armies (U9, U-OP-28…32): embarkation and its interception, landing, hired
transports, and the losses of troops at sea and crossing between the maps (U9.6, U10.3, U-OP-36).

MP (U9.2-U9.4, U-OP-32): embarking costs the army 1 MP; each area sailed costs the army and the
fleet 1 MP each (movement/steps.py); landing costs both 1 MP.  The whole army embarks (a part
splits off on land first, the land module's business): on the fleet up to its capacity, the rest
on hired transports escorted by the fleet (U9.7), paid per unit for the turn (U9.5, U-OP-28).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.domain.text import N_
from bot.rulesets.royal_fleets.rules.encounter.battles import encounter, plan_of
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import (EmbarkationIntercepted, Embarked, Landed, OrderFellBack,
                                                          RetreatedToShips, SeaAttrition)
from bot.rulesets.royal_fleets.rules.model.ships import capacity, cargo_units
from bot.rulesets.royal_fleets.rules.model.state import Army, Cargo, Fleet, HiredTransport

INTERCEPTION = -1  # the "step" of an interception battle (encounter/sides.py: its interceptor attacks)
NO_ROOM = N_("the fleet has room for {room} units, {units} were to embark on it (U9.2, U-OP-28)")
HOSTILE_FOR_HIRED = N_("hired transports cannot embark where a hostile fleet is (U9.5)")
NO_MP = N_("the army has no movement point left (U9.2)")


def embark(ctx: Ctx, faction: str, order) -> None:
    fleet, army = ctx.fleet(order.fleet), ctx.state.armies.get(order.army)
    if order.embark is None or fleet is None or army is None or army.province != order.embark:
        return
    if army.mp < 1:
        _fell_back(ctx, fleet, NO_MP)
        return
    hired = order.hired_units
    if hired and ctx.state.hostile_fleets(faction, fleet.location):
        _fell_back(ctx, fleet, HOSTILE_FOR_HIRED)
        return
    room = capacity(ctx.settings, fleet)
    own = len(army.units) - hired
    if room is None or own > room - cargo_units(fleet):
        _fell_back(ctx, fleet, NO_ROOM, room=str(room), units=str(own))
        return
    if not _not_intercepted(ctx, fleet, army):
        army.mp -= 1  # U9.3: no losses, but the MP is spent
        return
    _go_aboard(ctx, fleet, army, own, hired)


def _not_intercepted(ctx: Ctx, fleet: Fleet, army: Army) -> bool:
    """U9.3 / U-OP-29: a hostile fleet in the area may attack the embarking fleet; if that fleet is
    beaten (or avoids the battle) the embarkation does not take place."""
    area = fleet.location
    interceptors = [h for h in ctx.state.hostile_fleets(army.owner, area) if _intercepts(ctx, h)]
    if not interceptors:
        return True
    for hostile in interceptors:
        ctx.moved_in[hostile.id] = INTERCEPTION
    encounter(ctx, area, INTERCEPTION)
    for hostile in interceptors:
        ctx.moved_in.pop(hostile.id, None)
    survived = ctx.fleet(fleet.id) is not None and fleet.location == area
    went_ahead = survived and not ctx.state.hostile_fleets(army.owner, area)
    ctx.emit(EmbarkationIntercepted(audience=Audience.everyone(), army=army.id, fleet=fleet.id,
                                    by_fleet=interceptors[0].id, area=area, succeeded=went_ahead, rule="U9.3"))
    return went_ahead


def _intercepts(ctx: Ctx, fleet: Fleet) -> bool:
    choice = plan_of(ctx, fleet).intercept
    return ctx.settings.intercept_default if choice is None else choice


def _go_aboard(ctx: Ctx, fleet: Fleet, army: Army, own: int, hired: int) -> None:
    fee = 0
    if hired:
        fee = hired * (ctx.settings.transport_fee_per_unit_turn or 0)  # validated: the fee is set
        ctx.state.factions[army.owner].treasury -= fee
        transport = HiredTransport(id=ctx.new_id("transport"), army=army.id, units=hired, location=fleet.location,
                                   escort=fleet.id)
        ctx.state.transports[transport.id] = transport
        fleet.escorted_transports.append(transport.id)
    if own:
        fleet.cargo.append(Cargo(army=army.id, units=own))
    province = army.province
    army.mp -= 1
    army.province, army.aboard = None, fleet.id
    ctx.emit(Embarked(audience=ctx.audience(army.owner, areas=(fleet.location,)), army=army.id, fleet=fleet.id,
                      province=province, units=own, hired_units=hired, fee=fee, army_mp=army.mp, rule="U9.2"))


def retreat_to_ships(ctx: Ctx, faction: str, order) -> None:
    """U9.8 [L246]: an army beaten on the coast (the moderators' land result, ``beaten_mp``) goes
    aboard a friendly fleet in a sea area its province borders, if both have 1 MP; each pays 1.
    The whole army or nothing (no hired transports); not beaten: the order does nothing."""
    fleet, army = ctx.fleet(order.fleet), ctx.state.armies.get(order.army)
    if fleet is None or army is None or army.beaten_mp is None or army.province is None:
        return
    reason, values = _no_retreat(ctx, fleet, army)
    if reason is not None:
        ctx.emit(OrderFellBack(audience=Audience.of(faction), fleet=fleet.id, faction=faction,
                               order="retreat_to_ships", reason=reason, values=values, rule="U9.8"))
        return
    province, units = army.province, len(army.units)
    ctx.mp[fleet.id] -= 1
    army.mp, army.beaten_mp = army.beaten_mp - 1, None
    fleet.cargo.append(Cargo(army=army.id, units=units))
    army.province, army.aboard = None, fleet.id
    ctx.emit(RetreatedToShips(audience=ctx.audience(army.owner, fleet.commander, areas=(fleet.location,)),
                              army=army.id, fleet=fleet.id, province=province, units=units, army_mp=army.mp,
                              fleet_mp=ctx.mp[fleet.id], rule="U9.8"))


def _no_retreat(ctx: Ctx, fleet: Fleet, army: Army) -> tuple[str | None, dict[str, str]]:
    if fleet.location is None or fleet.location not in ctx.sea.bordering_areas(army.province):
        return N_("{fleet} is not in a sea area bordering {province}, where the army was beaten (U9.8)"), \
            {"fleet": fleet.name, "province": ctx.sea.node_name(army.province)}
    if army.beaten_mp < 1 or ctx.mp.get(fleet.id, 0) < 1:
        return N_("the army and the fleet need 1 movement point each; the army has {army_mp}, the fleet "
                  "{fleet_mp} (U9.8)"), {"army_mp": str(army.beaten_mp), "fleet_mp": str(ctx.mp.get(fleet.id, 0))}
    room = capacity(ctx.settings, fleet)
    if room is None or len(army.units) > room - cargo_units(fleet):
        return NO_ROOM, {"room": str(room if room is None else room - cargo_units(fleet)),
                         "units": str(len(army.units))}
    return None, {}


def land(ctx: Ctx, faction: str, order) -> None:
    """U9.4: into a province bordering the fleet's area; 1 MP of the army and of the fleet."""
    fleet, army = ctx.fleet(order.fleet), ctx.state.armies.get(order.army)
    if order.land is None or fleet is None or army is None or army.aboard != fleet.id or fleet.location is None:
        return
    if fleet.location not in ctx.sea.bordering_areas(order.land) or ctx.mp.get(fleet.id, 0) < 1 or army.mp < 1:
        _fell_back(ctx, fleet, N_("the fleet could not reach a sea area bordering {province} with a movement point "
                                  "left for the landing (U9.4)"), province=order.land)
        return
    ctx.mp[fleet.id] -= 1
    army.mp -= 1
    disembark(ctx, fleet, army, order.land)


def disembark(ctx: Ctx, fleet: Fleet, army: Army, province: str) -> None:
    units = sum(c.units for c in fleet.cargo if c.army == army.id)
    fleet.cargo = [c for c in fleet.cargo if c.army != army.id]
    for transport_id in [t for t in fleet.escorted_transports if ctx.state.transports.get(t, None)
                         and ctx.state.transports[t].army == army.id]:
        units += ctx.state.transports.pop(transport_id).units
        fleet.escorted_transports.remove(transport_id)
    army.province, army.aboard = province, None
    enemy = any(a.province == province and ctx.state.at_war(a.owner, army.owner) for a in ctx.state.armies.values())
    ctx.emit(Landed(audience=ctx.audience(army.owner, areas=(fleet.location,)), army=army.id, fleet=fleet.id,
                    province=province, units=units, enemy_present=enemy, army_mp=army.mp,
                    fleet_mp=ctx.mp.get(fleet.id, 0), rule="U9.4"))


def losses_at_sea(ctx: Ctx, crossing: set[str]) -> None:
    """U9.6 / U10.3 / U-OP-36 at the end of the turn: every unit still aboard loses health; a fleet
    that entered a transition area this turn (``crossing``) costs its troops the crossing loss
    instead of (``replace``) or on top of (``add``) the loss at sea."""
    s = ctx.settings
    for army_id, army in sorted(ctx.state.armies.items()):
        fleet = ctx.fleet(army.aboard) if army.aboard else None
        if fleet is None:
            continue
        crossed = fleet.id in crossing
        loss = (s.crossing_loss + (s.sea_loss_per_turn if s.crossing_loss_mode == "add" else 0)) if crossed \
            else s.sea_loss_per_turn
        if loss <= 0:
            continue
        army.units = [h - loss for h in army.units]
        lost = sum(1 for h in army.units if h <= 0)
        army.units = [h for h in army.units if h > 0]
        _shrink_cargo(ctx, fleet, army_id, lost)
        ctx.emit(SeaAttrition(audience=Audience.of(army.owner), army=army_id, health=loss, crossing=crossed,
                              lost=lost, rule="U10.3" if crossed else "U9.6"))
        if not army.units:
            del ctx.state.armies[army_id]


def _shrink_cargo(ctx: Ctx, fleet: Fleet, army_id: str, lost: int) -> None:
    for transport_id in list(fleet.escorted_transports):
        transport = ctx.state.transports.get(transport_id)
        if lost and transport and transport.army == army_id:
            taken = min(lost, transport.units)
            lost -= taken
            transport.units -= taken
            if transport.units == 0:
                del ctx.state.transports[transport_id]
                fleet.escorted_transports.remove(transport_id)
    kept = []
    for cargo in fleet.cargo:
        taken = min(lost, cargo.units) if cargo.army == army_id else 0
        lost -= taken
        if cargo.units - taken:
            kept.append(cargo.model_copy(update={"units": cargo.units - taken}))
    fleet.cargo = kept


def _fell_back(ctx: Ctx, fleet: Fleet, reason: str, **values) -> None:
    ctx.emit(OrderFellBack(audience=Audience.of(fleet.commander), fleet=fleet.id, faction=fleet.commander,
                           order="transport", reason=reason, values=values, rule="U9"))
