"""Convoys (E11) and amphibious landings (E12.1–E12.3, E12.6).

A convoy needs no fleet (E11.1): up to ``convoy_capacity`` items (E11.2, E-OP-21), one convoy per
nation per impulse (E11.4), from a friendly port (E11.3, E-OP-22) to a port, 1 KO for every zone
or port entered (E11.5), never into a place with an enemy fleet nor through a strait an enemy
fortress controls (E11.6).  An enemy destination is a landing (E12.1: a fleet of the nation or
an ally controls its zone): the battery fires (E12.2, E3's combat, the moderators enter its
losses), the survivors are placed (E12.3); land combat or evasion is the land rules' (E-OP-23)."""

from __future__ import annotations

from bot.domain.events import Audience, Event
from bot.domain.text import N_, quote
from bot.engine.ruleset import OrderRejected
from bot.rulesets.empires_in_arms.rules import naval as nv
from bot.rulesets.empires_in_arms.rules import shown
from bot.rulesets.empires_in_arms.rules.board import Board
from bot.rulesets.empires_in_arms.rules.events import ConvoyCargo, ConvoySailed, LandingMade, public
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.orders import Convoy
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings


def check(state: EiaState, board: Board, settings: EiaSettings, nation: str, order: Convoy) -> int:
    """The convoy's KO (E11.5), or OrderRejected saying which rule it breaks."""
    if nation in state.impulse.convoy_used:
        raise OrderRejected(N_("a nation runs only one convoy per impulse (E11.4)"), rule="E11.4")
    if len(order.items) > settings.convoy_capacity:
        raise OrderRejected(N_("a convoy carries at most {capacity} units and leaders; this one has {count} "
                               "(E11.2)"), rule="E11.2", capacity=settings.convoy_capacity, count=len(order.items))
    path = list(order.path)
    start, end = path[0], path[-1]
    for end_point in (start, end):
        if not board.is_port(end_point):
            raise OrderRejected(N_("a convoy goes from a port to a port (E11.5); {place} is not a port"),
                                rule="E11.5", place=shown.place(board, end_point))
    if not board.is_route(path):
        step = next((f"{shown.place(board, a)} → {shown.place(board, b)}" for a, b in zip(path, path[1:])
                     if not board.is_step(a, b)), "?")
        raise OrderRejected(N_("each step of a convoy's path is one maneuver: a port and its zone, or two adjacent "
                               "zones (E2.2); {step} is not"), rule="E2.2", step=step)
    if start not in nv.friendly_ports(state, board, nation, settings):
        raise OrderRejected(N_("a convoy starts in a friendly port; {port} is not (E11.3)"), rule="E11.3",
                            port=shown.place(board, start))
    for item_id in order.items:
        item = state.land.get(item_id)
        if item is None or item.nation != nation or item.location != start:
            mine = item is not None and item.nation == nation  # by name; anything else as typed (quoted)
            raise OrderRejected(N_("{item} is not one of your units or leaders in {port}"), rule="E11.1",
                                item=(item.name or item.id) if mine else quote(item_id), port=shown.place(board, start))
        if item.moved_by_land:
            raise OrderRejected(N_("{item} moved by land this impulse: sea and land movement do not combine "
                                   "(E11.3)"), rule="E11.3", item=item.name or item.id)
    for place in path[1:]:
        if any(state.enemies(s.nation, nation) for s in state.squadrons_at(place)):
            raise OrderRejected(N_("a convoy may not enter {place}: an enemy fleet is there (E11.6)"), rule="E11.6",
                                place=shown.place(board, place))
    for strait in board.straits_on(path):
        if any(board.is_fortress(p) and nv.enemy_port(state, p, nation) for p in board.controlling_ports(strait)):
            raise OrderRejected(N_("a convoy may not pass {strait}: an enemy fortress controls it (E11.6)"),
                                rule="E11.6", strait=shown.place(board, strait))
    if nv.enemy_port(state, end, nation):
        controller = state.zone_control.get(board.zone_of(end))
        if controller is None or not state.allied(controller, nation):
            raise OrderRejected(N_("a convoy lands in the enemy port {port} only if a fleet of yours or an ally's "
                                   "controls its zone (E12.1)"), rule="E12.1", port=shown.place(board, end))
    elif end not in nv.friendly_ports(state, board, nation, settings):
        raise OrderRejected(N_("a convoy ends in a friendly port, or lands in an enemy one (E11.3, E12.1)"),
                            rule="E11.3")
    return len(path) - 1  # E11.5: every zone and port entered (the destination too, not the start)


def run(state: EiaState, context, nation: str, order: Convoy) -> tuple[EiaState, list[Event], dict | None]:
    """The convoy sails (E11); a landing (E12) comes back as a plan for the steps: its battery's fire."""
    board, settings = context.board, context.settings
    ko = check(state, board, settings, nation, order)
    ledger = dict(state.impulse.ko)
    if nation in ledger:
        if ledger[nation] < ko:
            raise OrderRejected(N_("the convoy costs {ko} KO and {left} are left (E11.5)"), rule="E11.5", ko=ko,
                                left=ledger[nation])
        ledger[nation] -= ko
    end = order.path[-1]
    landing = nv.enemy_port(state, end, nation)
    items = {i: state.land[i].model_copy(update={"location": end}) for i in order.items}
    impulse = state.impulse.model_copy(update={"ko": ledger, "convoy_used": state.impulse.convoy_used + (nation,)})
    state = state.model_copy(update={"land": {**state.land, **items}, "impulse": impulse})
    events: list[Event] = [ConvoySailed(audience=public(), nation=nation, path=tuple(order.path), ko=ko),
                           ConvoyCargo(audience=Audience.of(nation), nation=nation, items=tuple(order.items),
                                       destination=end)]
    if landing:  # E12.2: the port's batteries fire first (a step of the moderators': combat's round 0)
        return state, events, {"kind": "landing", "port": end, "items": list(order.items)}
    return state, events, None


def landed(state: EiaState, nation: str, port: str, items: tuple[str, ...], lost: tuple[str, ...]):
    """E12.3: the survivors are placed in the port (they are there already); the lost leave play.
    E12.4: an enemy formation there means land evasion or combat: the land rules' (E-OP-23)."""
    gone = {i: state.land[i].model_copy(update={"location": "lost"}) for i in lost if i in state.land}
    state = state.model_copy(update={"land": {**state.land, **gone}})
    survivors = tuple(i for i in items if i not in gone)
    enemy = any(state.enemies(i.nation, nation) for i in state.land.values() if i.location == port)
    return state, [LandingMade(audience=public(), nation=nation, port=port, items=survivors, enemy_present=enemy)]


def landing_battery(state: EiaState, board: Board, settings: EiaSettings, port: str) -> int:
    """E12.2: 2 dice, 4 for a fortress (as E10)."""
    return settings.fortress_battery_dice if board.is_fortress(port) else settings.port_battery_dice
