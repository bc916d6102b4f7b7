"""Orders checked when given (E17): a refusal says what is wrong and what would be right, and
never tells a nation more than the open board shows.  Resolution checks them again (the board may
change between the order and its step)."""

from __future__ import annotations

from pydantic import BaseModel

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.rulesets.empires_in_arms.rules import convoy, shown
from bot.rulesets.empires_in_arms.rules import naval as nv
from bot.rulesets.empires_in_arms.rules.board import Board
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.orders import (
    Convoy,
    LandingRetreatPort,
    LeaveArmada,
    MoveFleet,
    Patrol,
    SetArmadaCommand,
    Standing,
)
from bot.rulesets.empires_in_arms.rules.phases import Context, plan_movers
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
from bot.rulesets.empires_in_arms.rules.standing import check_condition


def validate(state: EiaState, board: Board, settings: EiaSettings, nation: str, order: BaseModel,
             others: list[SubmittedOrder]) -> list[str]:
    if nation not in state.nations:
        raise OrderRejected(N_("you play no nation of this campaign"), rule="E16")
    if getattr(order, "nation", "") not in ("", nation):
        # Its slot is the nation's (orders.order_slot): one nation must not fill or replace another's.
        raise OrderRejected(N_("you give orders for your own nation only, {nation}"), rule="E17",
                            nation=state.nations[nation].name)
    if isinstance(order, Standing):
        for field in ("intercept", "evade", "armada_agree"):
            check_condition(getattr(order, field), field)
        bad = [p for p in order.nearest_ports if not board.is_port(p)]
        if bad:
            raise OrderRejected(N_("{place} is not a port of this map"), rule="E-OP-18", place=bad[0])
        return []
    if nation != state.impulse.active:
        raise OrderRejected(N_("it is {active}'s impulse: only the active nation moves, patrols and convoys; you may "
                               "give standing orders (E-OP-09)"), rule="E-OP-09",
                            active=state.nations[state.impulse.active].name)
    context = Context(board=board, settings=settings, dice=None)
    if isinstance(order, MoveFleet):
        return _move(state, context, nation, order)
    if isinstance(order, Patrol):
        plan_movers(state, context, nation, order)
        return []
    if isinstance(order, Convoy):
        ko = convoy.check(state, board, settings, nation, order)
        left = state.impulse.ko.get(nation)
        if left is not None and ko > left:
            raise OrderRejected(N_("the convoy costs {ko} KO and {left} are left (E11.5)"), rule="E11.5", ko=ko,
                                left=left)
        return []
    if isinstance(order, SetArmadaCommand):
        squadron = state.squadrons.get(order.squadron)
        if squadron is None or squadron.nation != nation:
            raise OrderRejected(N_("{squadron} is not one of your squadrons (E3.1.3)"), rule="E3.1.3",
                                squadron=shown.squadron(state, nation, order.squadron))
        return []
    if isinstance(order, LeaveArmada):
        armada = state.armadas.get(order.armada)
        if armada is None or state.major_of(nation) not in armada.powers:
            raise OrderRejected(N_("your fleet is not in the armada {armada}"), rule="E3.2.2",
                                armada=shown.armada(state, nation, order.armada))
        return []
    if isinstance(order, LandingRetreatPort):
        if order.port not in nv.friendly_ports(state, board, nation, settings):
            raise OrderRejected(N_("landed formations retreat to a friendly port (E12.6); {port} is not"),
                                rule="E12.6", port=shown.place(board, order.port))
        return []
    return []


def _move(state: EiaState, context: Context, nation: str, order: MoveFleet) -> list[str]:
    board, settings = context.board, context.settings
    fleet, at = plan_movers(state, context, nation, order)
    route = [at, *order.path]
    if not order.path and not order.patrols:
        raise OrderRejected(N_("the plan has no path and no patrol: give the places the fleet enters, one maneuver "
                               "each (E2.2)"), rule="E17")
    if order.path and not board.is_route(route):
        step = next((f"{shown.place(board, a)} → {shown.place(board, b)}" for a, b in zip(route, route[1:]) if not board.is_step(a, b)), "?")
        raise OrderRejected(N_("each step is one maneuver: a port and its zone, or two adjacent zones (E2.2); "
                               "{step} is not"), rule="E2.2", step=step)
    for zone in order.patrols:
        if zone not in route or not board.is_zone(zone):
            raise OrderRejected(N_("a patrol is made in a zone of the plan's path; {place} is not"), rule="E5.3",
                                place=shown.place(board, zone))
    for place in (*order.drop, *order.pickup):
        if not place.strip():
            raise OrderRejected(N_("a drop or pick-up names no place: write it as \"Brest: Ponant, Rochefort; …\" "
                                   "(E2.3)"), rule="E2.3")
        if place not in route:
            raise OrderRejected(N_("squadrons are dropped or picked up at a place of the path; {place} is not (E2.3)"),
                                rule="E2.3", place=shown.place(board, place))
    _dropped_and_picked(state, nation, order, {s.id for s in fleet})
    check_condition(order.evade, "evade")
    cost = nv.entry_cost(state, settings, at, order.armada) * len(order.path)
    left = nv.maneuvers_left(state, settings, fleet)
    if left is not None and cost > left:
        raise OrderRejected(N_("the path costs {cost} maneuvers and the fleet has {left} left (E-OP-01, E-OP-02)"),
                            rule="E-OP-01", cost=cost, left=left)
    ko = state.impulse.ko.get(nation)
    if ko is not None and nv.ko_for(cost, settings) > ko:
        raise OrderRejected(N_("the path costs {ko} KO and {left} are left (E1.2)"), rule="E1.2",
                            ko=nv.ko_for(cost, settings), left=ko)
    warnings = []
    patrols = sum(order.patrols.values())
    if ko is not None and patrols and nv.ko_for(cost + patrols, settings) > ko:
        warnings.append(N_("the KO left may not pay for every patrol the plan allows; the last ones will not be "
                           "made (E1.2)"))
    return warnings


def _dropped_and_picked(state: EiaState, nation: str, order: MoveFleet, moving: set[str]) -> None:
    """E2.3: a fleet drops squadrons of its own, and picks up the nation's own squadrons; a name that is
    neither is refused when given (resolution would skip it silently), by the words a missing one gets."""
    for squadron_id in (s for names in order.drop.values() for s in names):
        if squadron_id not in moving:
            raise OrderRejected(N_("{squadron} is not a squadron of the moving fleet, so it cannot be dropped (E2.3)"),
                                rule="E2.3", squadron=shown.squadron(state, nation, squadron_id))
    for squadron_id in (s for names in order.pickup.values() for s in names):
        found = state.squadrons.get(squadron_id)
        if found is None or state.major_of(found.nation) != state.major_of(nation) or squadron_id in moving:
            raise OrderRejected(N_("{squadron} is not one of your squadrons outside the moving fleet, so it cannot "
                                   "be picked up (E2.3)"), rule="E2.3",
                                squadron=shown.squadron(state, nation, squadron_id))
