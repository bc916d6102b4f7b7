"""Order checks (U14 "Validation"), against the state at the start of the turn, the map and the
campaign tables.  A refusal says what is wrong and what would be right, names places by their
names, and tells a player nothing a missing thing would not (another faction's fleet is "not one
of your fleets", whether it exists or not).
"""

from __future__ import annotations

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.map.model import RoyalMap
from bot.rulesets.royal_fleets.rules.model.places import open_friendly_port, port_owner
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings, require, require_fee, ship_type
from bot.rulesets.royal_fleets.rules.model.ships import capacity, cargo_units, has_galleass
from bot.rulesets.royal_fleets.rules.model.state import ARMY_MP, PIRATES, Fleet, RoyalState
from bot.rulesets.royal_fleets.rules.model.views import sighted_ships


def validate(state: RoyalState, sea: RoyalMap, settings: RoyalSettings, faction: str, order) -> list[str]:
    if getattr(order, "faction", "") not in ("", faction):
        # Its slot is the faction's (orders.order_slot): one faction must not fill or replace another's.
        raise OrderRejected(N_("You give orders for your own faction only, {faction}."), rule="U14",
                            faction=state.factions[faction].name if faction in state.factions else faction)
    check = _CHECKS[order.kind]
    return check(_arrived(state), sea, settings, faction, order) or []


def _arrived(state: RoyalState) -> RoyalState:
    """U10.1 / U-OP-34: a fleet due this turn is checked where it appears at the turn's start (as
    the resolution does), so that it can be given its orders for its arrival turn."""
    due = [f for f in state.fleets.values() if f.in_transit is not None and f.in_transit.arrival_turn <= state.turn]
    if not due:
        return state
    arrived = state.model_copy(deep=True)
    for fleet in due:
        moved = arrived.fleets[fleet.id]
        moved.location, moved.in_transit = moved.in_transit.to_area, None
    return arrived


def _name(sea: RoyalMap, place: str) -> str:
    return sea.node_name(place) if place in sea.nodes else place


def _own_fleet(state: RoyalState, faction: str, fleet_id: str) -> Fleet:
    fleet = state.fleets.get(fleet_id)
    if fleet is None or fleet.commander != faction:
        raise OrderRejected(N_("{fleet} is not one of your fleets; /fleet show lists them."), rule="U14",
                            fleet=fleet_id)
    return fleet


def _at_sea(fleet: Fleet) -> str:
    if fleet.location is None:
        raise OrderRejected(N_("{fleet} is between the maps until turn {turn} and takes no orders before (U10.1)."),
                            rule="U10.1", fleet=fleet.name, turn=fleet.in_transit.arrival_turn)
    return fleet.location


def _path(state, sea: RoyalMap, settings: RoyalSettings, fleet: Fleet, path: tuple[str, ...]) -> None:
    """U2.2 / U-OP-35 / U10.1: each step adjacent, within the fleet's MP, no galleass into a
    transition area or onto a trade post, nothing after a transition area."""
    here = _at_sea(fleet)
    mp = settings.fleet_mp - fleet.mp_debt_next_turn
    if len(path) > mp:
        raise OrderRejected(N_("{fleet} has {mp} movement points this turn; the route enters {n} areas (U2.1)."),
                            rule="U2.1", fleet=fleet.name, mp=mp, n=len(path))
    for step, area in enumerate(path):
        if area not in sea.adjacent(here):
            raise OrderRejected(N_("{area} is not next to {here}; from there the fleet can reach: {options} (U2.2)."),
                                rule="U2.2", area=_name(sea, area), here=_name(sea, here),
                                options=", ".join(_name(sea, a) for a in sea.adjacent(here)))
        if (sea.is_transition(area) or sea.is_trade_post(area)) and has_galleass(settings, fleet):
            raise OrderRejected(N_("{fleet} has a galleass, which may not enter {area} (U10.2); split the galleasses "
                                   "off into a fleet of their own first (U-OP-35)."),
                                rule="U-OP-35", fleet=fleet.name, area=_name(sea, area))
        if sea.is_transition(area) and step != len(path) - 1:
            raise OrderRejected(N_("Entering {area} takes the fleet to the other map next turn (U10.1): end the route "
                                   "there."), rule="U10.1", area=_name(sea, area))
        here = area


def _move(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    _path(state, sea, settings, fleet, order.path)
    _plan(state, sea, faction, order.plan)


def _hold(state, sea, settings, faction, order):
    _at_sea(_own_fleet(state, faction, order.fleet))
    _plan(state, sea, faction, order.plan)


def _plan(state: RoyalState, sea: RoyalMap, faction: str, plan) -> None:
    for area in (*plan.retreat_to, *([plan.avoid_to] if plan.avoid_to else [])):
        if area not in sea.areas:
            raise OrderRejected(N_("{area} is not a sea area of this map (retreat or avoidance preference)."),
                                rule="U7.2", area=area)
    seen = {s["id"] for s in sighted_ships(state, faction)}
    for ship in plan.focus:  # a hidden ship reads exactly like one that does not exist
        if ship not in seen:
            raise OrderRejected(N_("Your fleets see no enemy ship {ship}: the focus names ships of other factions' "
                                   "fleets in a sea area where you have a fleet (U6.2.4)."), rule="U6.2.4",
                                ship=ship)


def _blockade(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    if order.path:
        _path(state, sea, settings, fleet, order.path)
    end = order.path[-1] if order.path else _at_sea(fleet)
    port = sea.ports.get(order.port)
    if port is None or port.sea != end:
        options = ", ".join(_name(sea, p) for p in sea.ports_on(end)) or "none"
        raise OrderRejected(N_("{port} does not open onto {area}; the ports there are: {options} (U4, U-OP-10)."),
                            rule="U-OP-10", port=order.port if port is None else port.name, area=_name(sea, end),
                            options=options)
    owner = port_owner(state, sea, order.port)
    if faction != PIRATES and not (owner and state.at_war(faction, owner)):
        raise OrderRejected(N_("{port} is not a port of a faction you are at war with (U4.1, U-OP-10)."),
                            rule="U4.1", port=port.name)
    if len(order.path) + 1 > settings.fleet_mp - fleet.mp_debt_next_turn:
        raise OrderRejected(N_("The route and the blockade need {n} movement points; {fleet} has {mp} (U4.2)."),
                            rule="U4.2", n=len(order.path) + 1, fleet=fleet.name,
                            mp=settings.fleet_mp - fleet.mp_debt_next_turn)
    _plan(state, sea, faction, order.plan)


def _support(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    here = _at_sea(fleet)
    if order.area not in sea.adjacent(here):
        raise OrderRejected(N_("{fleet} can support only a battle in an area next to {here} (U5.2)."), rule="U5.2",
                            fleet=fleet.name, here=_name(sea, here))
    if order.side not in state.factions or state.at_war(faction, order.side):
        raise OrderRejected(N_("You can support your own side or a faction you are not at war with (U5.2)."),
                            rule="U5.2")
    _plan(state, sea, faction, order.plan)


def _transport(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    here = _at_sea(fleet)
    army = state.armies.get(order.army)
    if army is None or army.owner != faction:
        raise OrderRejected(N_("{army} is not one of your armies."), rule="U9", army=order.army)
    if order.embark is None and army.aboard != fleet.id:
        raise OrderRejected(N_("{army} is not aboard {fleet}: name the province it embarks in (U9.2)."), rule="U9.2",
                            army=army.name, fleet=fleet.name)
    if order.embark is not None:
        _embarkation(state, sea, settings, fleet, army, here, order)
    if order.path:
        _path(state, sea, settings, fleet, order.path)
    end = order.path[-1] if order.path else here
    if order.land is not None and end not in sea.bordering_areas(order.land):
        raise OrderRejected(N_("{province} does not border {area}, where the route ends (U9.4)."), rule="U9.4",
                            province=_name(sea, order.land), area=_name(sea, end))
    needed = (order.embark is not None) + len(order.path) + (order.land is not None)
    if needed > ARMY_MP or len(order.path) + (order.land is not None) > settings.fleet_mp - fleet.mp_debt_next_turn:
        raise OrderRejected(N_("Embarking, each area and landing cost 1 movement point each: this transport needs "
                               "{n} of the army and the army has {mp} (U9, U-OP-32)."), rule="U-OP-32",
                            n=needed, mp=ARMY_MP)
    _plan(state, sea, faction, order.plan)


def _retreat_to_ships(state, sea, settings, faction, order):
    """U9.8: what holds when the order is given; where the army stands and its MP come with the
    land result (Army.beaten_mp), so those are checked when the turn is resolved (transport.py)."""
    army = state.armies.get(order.army)
    if army is None or army.owner != faction:
        raise OrderRejected(N_("{army} is not one of your armies."), rule="U9.8", army=order.army)
    if army.province is None:
        raise OrderRejected(N_("{army} is at sea: only an army ashore retreats onto ships (U9.8)."), rule="U9.8",
                            army=army.name)
    fleet = state.fleets.get(order.fleet)
    own = fleet is not None and faction in fleet.owners
    allied = fleet is not None and settings.retreat_to_allied_ships and state.friendly(faction, fleet.commander)
    if not (own or allied):  # a neutral's or an enemy's fleet reads like one that does not exist
        raise OrderRejected(N_("{fleet} is not one of your fleets or your allies' (U9.8: friendly ships only; hired "
                               "transports cannot be used)."), rule="U9.8", fleet=order.fleet)
    _at_sea(fleet)
    for ship in fleet.ships:
        require(settings, ship.type, "capacity_units")


def _embarkation(state, sea, settings, fleet: Fleet, army, here: str, order) -> None:
    if army.province != order.embark or here not in sea.bordering_areas(order.embark):
        raise OrderRejected(N_("{army} can embark only in its own province, on a fleet in a sea area that province "
                               "borders (U9.2)."), rule="U9.2", army=army.name)
    if order.units is not None and order.units != len(army.units):
        raise OrderRejected(N_("The whole army embarks ({n} units); split it on land first to send fewer (U9.2)."),
                            rule="U9.2", n=len(army.units))
    if order.hired_units:
        require_fee(settings)
        if state.hostile_fleets(army.owner, here):
            raise OrderRejected(N_("Hired transports cannot embark where a hostile fleet is (U9.5)."), rule="U9.5")
    for ship in fleet.ships:
        require(settings, ship.type, "capacity_units")
    room = capacity(settings, fleet) - cargo_units(fleet)
    own = len(army.units) - order.hired_units
    if own > room:
        raise OrderRejected(N_("{fleet} has room for {room} more units; {own} would go aboard. Put the rest on hired "
                               "transports (hired_units, U9.7)."), rule="U9.7", fleet=fleet.name, room=room, own=own)


def _hire(state, sea, settings, faction, order):
    if open_friendly_port(state, sea, faction, order.area) is None:
        raise OrderRejected(N_("Ships are hired only in a sea area onto which an unblocked port of your own or an "
                               "allied province opens (U3.1)."), rule="U3.1")
    cost = 0
    for type_id in order.ships:
        ship_type(settings, type_id)
        require(settings, type_id, "max_health")
        cost += require(settings, type_id, "price")
    treasury = state.factions[faction].treasury
    if cost > treasury:
        raise OrderRejected(N_("The ships cost {cost} thalers; the treasury holds {treasury} (U3)."), rule="U3",
                            cost=cost, treasury=treasury)
    if order.fleet is not None:
        fleet = _own_fleet(state, faction, order.fleet)
        if fleet.location != order.area:
            raise OrderRejected(N_("{fleet} is not in that area; leave the fleet out to form a new one (U-OP-06)."),
                                rule="U-OP-06", fleet=fleet.name)


def _repair(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    if open_friendly_port(state, sea, faction, _at_sea(fleet)) is None:
        raise OrderRejected(N_("Ships are repaired only in a sea area onto which an unblocked port of your own or "
                               "an allied province opens (U3.1)."), rule="U3.1")
    ids = {s.id for s in fleet.ships}
    unknown = [s for s in order.ships if s not in ids]
    if unknown:
        raise OrderRejected(N_("{ships} are not ships of {fleet}."), rule="U3.2", ships=", ".join(unknown),
                            fleet=fleet.name)
    for ship in fleet.ships:
        require(settings, ship.type, "price")


def _upkeep(state, sea, settings, faction, order):
    own = {s.id for f in state.fleets.values() if f.commander == faction for s in f.ships}
    unknown = [s for s in order.unpaid if s not in own]
    if unknown:
        raise OrderRejected(N_("{ships} are not ships of yours."), rule="U3.3", ships=", ".join(unknown))


def _buy_over(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    here = _at_sea(fleet)
    for ship_id in order.ships:
        seller = state.fleet_of_ship(ship_id)
        ship = next((s for s in seller.ships if s.id == ship_id), None) if seller else None
        if ship is None or not ship.unpaid or seller.location not in (here, *sea.adjacent(here)):
            raise OrderRejected(N_("{ship} is not a ship on offer in or next to {here} (U3.5)."), rule="U3.5",
                                ship=ship_id, here=_name(sea, here))
        require(settings, ship.type, "price")
    if len(fleet.ships) + len(order.ships) > settings.fleet_cap:
        raise OrderRejected(N_("A fleet holds at most {cap} ships (U1.1)."), rule="U1.1", cap=settings.fleet_cap)


def _merge(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    into = state.fleets.get(order.into)
    if into is None or into.location != _at_sea(fleet) or into.id == fleet.id:
        raise OrderRejected(N_("{fleet} can join only another fleet in its own sea area."), rule="U1.2",
                            fleet=fleet.name)
    if len(fleet.ships) + len(into.ships) > settings.fleet_cap:
        raise OrderRejected(N_("Together they would have {n} ships; a fleet holds at most {cap} (U1.1, U-OP-03)."),
                            rule="U-OP-03", n=len(fleet.ships) + len(into.ships), cap=settings.fleet_cap)
    if into.commander != faction and not state.friendly(faction, into.commander):
        raise OrderRejected(N_("Joint command is only between allies (U1.2)."), rule="U1.2")


def _split(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    _at_sea(fleet)
    ids = {s.id for s in fleet.ships}
    if not set(order.ships) <= ids or len(set(order.ships)) == len(ids):
        raise OrderRejected(N_("Name some, not all, of the ships of {fleet} to split off."), rule="U14",
                            fleet=fleet.name)


def _join(state, sea, settings, faction, order):
    _own_fleet(state, faction, order.into)
    if not any(j.fleet == order.fleet and j.into == order.into for j in state.pending_joins):
        raise OrderRejected(N_("No fleet has asked to join that one under joint command (U-OP-02)."), rule="U-OP-02")


def _deploy(state, sea, settings, faction, order):
    fleet = _own_fleet(state, faction, order.fleet)
    if not state.deployment:
        raise OrderRejected(N_("Fleets are deployed only before the game (U1.3)."), rule="U1.3")
    own = any(state.owner_of(p) == faction for p in sea.bordering_provinces(order.area))
    post = sea.trade_post_at(order.area)
    initial = post is not None and sea.initial_control().get(_post_id(sea, order.area)) == faction
    if not (own or (initial and settings.deploy_on_trade_posts)):
        raise OrderRejected(N_("A fleet deploys in a sea area bordering one of your provinces or on your initial "
                               "trade post (U1.3, U10.5, U-OP-33)."), rule="U-OP-33")
    if post is not None and has_galleass(settings, fleet):
        raise OrderRejected(N_("A galleass may not occupy a trade post (U10.2)."), rule="U10.2")


def _post_id(sea: RoyalMap, area: str) -> str | None:
    return next((k for k, t in sea.trade_posts.items() if t.sea == area), None)


_CHECKS = {"move": _move, "hold": _hold, "blockade": _blockade, "support": _support, "transport": _transport,
           "retreat_to_ships": _retreat_to_ships,
           "hire": _hire, "repair": _repair, "upkeep": _upkeep, "buy_over": _buy_over, "merge": _merge,
           "split": _split, "join_command": _join, "deploy": _deploy}
