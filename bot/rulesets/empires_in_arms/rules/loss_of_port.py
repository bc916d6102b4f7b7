"""Loss of a port (E14, E-OP-25): a moderator confirms that land action gave a port to the enemy
(``lose_port``).  Squadrons under construction there are destroyed (E14.2); the rest put to sea
into the port's zone (E-OP-25), where the blockading fleet — an enemy stack whose side controls
the zone — may intercept them (E14.1: a normal E7 roll, the blockade +1 applies).  They may evade
(and stay in the zone: E6.3's return is impossible); beaten, those being outfitted are destroyed
(E14.3, E3's combat).  The interception is a step of its own (``Pending.lost_port``)."""

from __future__ import annotations

from bot.rulesets.empires_in_arms.rules import naval as nv
from bot.rulesets.empires_in_arms.rules.board import Board
from bot.rulesets.empires_in_arms.rules.events import FleetPlaced, PortLost, SquadronsDestroyed, public
from bot.rulesets.empires_in_arms.rules.model import DESTROYED, EiaState, SquadronStatus
from bot.rulesets.empires_in_arms.rules.records import Pending


def lose_port(state: EiaState, board: Board, port: str, nation: str) -> tuple[EiaState, str, list]:
    previous = state.port_control.get(port)
    zone = board.zone_of(port)
    here = [s for s in state.squadrons_at(port) if state.enemies(s.nation, nation)]
    building = [s for s in here if s.status == SquadronStatus.UNDER_CONSTRUCTION]
    afloat = [s for s in here if s.status != SquadronStatus.UNDER_CONSTRUCTION]
    state = state.with_squadrons(*(s.model_copy(update={"location": DESTROYED}) for s in building),
                                 *(s.model_copy(update={"location": zone}) for s in afloat))
    state = state.model_copy(update={"port_control": {**state.port_control, port: nation}})
    events: list = [PortLost(audience=public(), port=port, nation=nation, previous=previous,
                             put_to_sea=tuple(s.id for s in afloat))]
    for owner in sorted({s.nation for s in building}):
        events.append(SquadronsDestroyed(audience=public(), nation=owner, place=port, rule="E14.2",
                                         squadrons=tuple(s.id for s in building if s.nation == owner)))
    for owner in sorted({state.major_of(s.nation) for s in afloat}):
        fleet = [s for s in afloat if state.major_of(s.nation) == owner]
        events.append(FleetPlaced(audience=public(), nation=owner, squadrons=tuple(s.id for s in fleet), origin=port,
                                  destination=zone, rule="E14.1"))
        state = _chain(state, zone, owner, fleet)
    return state, f"{port} lost to {nation}: {len(building)} destroyed, {len(afloat)} put to sea", events


def _chain(state: EiaState, zone: str, owner: str, fleet) -> EiaState:
    """The blockaders' interception as the next step (E14.1); a second fleet's waits its turn."""
    controller = state.zone_control.get(zone)
    blockaders = tuple(stack for stack in nv.enemy_stacks_in_zone(state, zone, owner)
                       if controller is not None and state.allied(controller, stack[0]))
    if not blockaders or state.pending is not None:
        return state
    plan = {"kind": "move_fleet", "at": zone, "path": [], "evade": "ask", "on_win": "stop"}
    pending = Pending(nation=owner, phase="intercept", plan=plan, squadrons=tuple(s.id for s in fleet),
                      location=zone, origin=zone, interceptors=blockaders, lost_port=True, then_orders=True)
    return state.model_copy(update={"pending": pending})
