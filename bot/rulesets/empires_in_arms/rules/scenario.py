"""A scenario's ``state`` section → ``EiaState``, checked against the board; every problem listed.

Format (docs/scenarios.md; ``data/empires-in-arms/scenarios/eia-demo.yaml``)::

    state:
      turn: 1
      impulse_order: [france, britain, spain]        # E-OP-08's order, and whose impulse follows
      impulse: {number: 1, active: france, ko: {france: 12}}
      nations:
        britain: {name: Great Britain, colour: "#c8102e", nationality: british, at_war_with: [france]}
        denmark: {name: Denmark, kind: minor, major_ally: france, nationality: danish}
      squadrons:                                     # id → nation, location (zone or port), status
        gb1: {nation: britain, location: english_channel, name: Channel Fleet}
      armadas: {}                                    # id → location, powers, commander
      zone_control: {english_channel: britain}       # E-OP-12
      port_control: {brest: france}                  # the 1805 controllers (the map's comments say who)
      land: {fr_corps1: {nation: france, location: brest}}   # what convoys carry (E11)
      standing: {britain: {intercept: always}}       # E-OP-09
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.rulesets.empires_in_arms.rules.board import Board, is_port
from bot.rulesets.empires_in_arms.rules.model import DESTROYED, EiaState, NationKind


def build_state(raw: dict[str, Any], board: Board, source: str) -> EiaState:
    raw = dict(raw)
    nations = raw.get("nations") or {}
    raw["nations"] = {nid: {"id": nid, **(n or {})} for nid, n in nations.items()} if isinstance(nations, dict) else nations
    for section in ("squadrons", "armadas", "land"):
        table = raw.get(section) or {}
        if isinstance(table, dict):
            raw[section] = {i: {"id": i, **(v or {})} for i, v in table.items()}
    try:
        state = EiaState.model_validate(raw)
    except ValidationError as exc:
        raise ValueError("\n".join(f"{source}: state.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                   for e in exc.errors())) from None
    problems = problems_of(state, board)
    if problems:
        raise ValueError("\n".join(f"{source}: {p}" for p in problems))
    return state


def problems_of(state: EiaState, board: Board) -> list[str]:
    places = set(board.zones) | set(board.ports)
    nations = set(state.nations)
    problems: list[str] = []
    for nid, nation in sorted(state.nations.items()):
        if nation.id != nid:
            problems.append(f"nation {nid}: its id field says {nation.id}")
        if nation.kind == NationKind.MINOR and nation.major_ally and nation.major_ally not in nations:
            problems.append(f"nation {nid}: its major ally {nation.major_ally} is not a nation")
        for other in sorted(nation.at_war_with | nation.allied_with):
            if other not in nations:
                problems.append(f"nation {nid}: war or alliance with {other}, which is not a nation")
        if nation.at_war_with & nation.allied_with:
            problems.append(f"nation {nid}: at war with and allied to {', '.join(sorted(nation.at_war_with & nation.allied_with))}")
    for sid, sq in sorted(state.squadrons.items()):
        if sq.nation not in nations:
            problems.append(f"squadron {sid}: nation {sq.nation} is not a nation")
        if sq.location not in places and sq.location != DESTROYED:
            problems.append(f"squadron {sid}: {sq.location} is neither a zone nor a port of the map")
    for aid, armada in sorted(state.armadas.items()):
        if len(set(armada.powers)) < 2:
            problems.append(f"armada {aid}: an armada holds fleets of at least two major powers (E3.1.1)")
        if armada.commander and (armada.commander not in state.squadrons
                                 or state.squadrons[armada.commander].location != armada.location):
            problems.append(f"armada {aid}: its commander {armada.commander} is not a squadron there")
        for a in armada.powers:
            for b in armada.powers:
                if a < b and not state.allied(a, b):
                    problems.append(f"armada {aid}: {a} and {b} are not allied (E3.1.1)")
    for zone, nation in sorted(state.zone_control.items()):
        if not board.is_zone(zone) or nation not in nations:
            problems.append(f"zone control {zone}: {nation}: need a zone of the map and a nation")
    for port, nation in sorted(state.port_control.items()):
        if not is_port(board, port) or nation not in nations:
            problems.append(f"port control {port}: {nation}: need a port of the map and a nation")
    for iid, item in sorted(state.land.items()):
        if item.nation not in nations or not is_port(board, item.location):
            problems.append(f"land item {iid}: need a nation and a port (convoys start in ports, E11.3)")
    order = state.impulse_order
    if not order:
        problems.append("impulse_order: name the nations whose impulses follow each other")
    problems += [f"impulse_order: {n} is not a nation" for n in order if n not in nations]
    if state.impulse.active not in nations:
        problems.append(f"impulse.active: {state.impulse.active} is not a nation")
    for nation in sorted(state.standing):
        if nation not in nations:
            problems.append(f"standing: {nation} is not a nation")
    return problems
