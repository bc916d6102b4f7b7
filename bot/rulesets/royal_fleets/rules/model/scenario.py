"""A scenario's ``state`` section → ``RoyalState``, checked against the map; every problem listed."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.rulesets.royal_fleets.rules.map.model import RoyalMap
from bot.rulesets.royal_fleets.rules.model.state import PIRATES, RoyalState


def build_state(raw: dict[str, Any], sea: RoyalMap, source: str) -> RoyalState:
    raw = dict(raw)
    factions = set(raw.get("factions") or {})
    # U10.5: the map's initial control, for the factions the campaign has (the others' posts: nobody's)
    raw.setdefault("trade_posts", {post: (c if c in factions else None) for post, c in sorted(
        {**{p: None for p in sea.trade_posts}, **sea.initial_control()}.items())})
    try:
        state = RoyalState.model_validate(raw)
    except ValidationError as exc:
        raise ValueError("\n".join(f"{source}: state.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                   for e in exc.errors())) from None
    problems = _problems(state, sea)
    if problems:
        raise ValueError("\n".join(f"{source}: {p}" for p in problems))
    return state


def _problems(state: RoyalState, sea: RoyalMap) -> list[str]:
    problems = []
    factions = set(state.factions) | {PIRATES}
    ships = [s.id for f in state.fleets.values() for s in f.ships]
    problems += [f"ship id {s} is used twice" for s in sorted({s for s in ships if ships.count(s) > 1})]
    for fid, fleet in sorted(state.fleets.items()):
        if fleet.id != fid:
            problems.append(f"fleet {fid}: its id field says {fleet.id}")
        if (fleet.location is None) == (fleet.in_transit is None):
            problems.append(f"fleet {fid}: give exactly one of location or in_transit")
        if fleet.location is not None and fleet.location not in sea.areas:
            problems.append(f"fleet {fid}: {fleet.location} is not a sea area of the map")
        if fleet.commander not in factions or not set(fleet.owners) <= factions or fleet.commander not in fleet.owners:
            problems.append(f"fleet {fid}: commander and owners must be factions, the commander one of the owners")
        if not fleet.ships:
            problems.append(f"fleet {fid}: has no ship")
        problems += _fleet_refs(state, sea, fid, fleet)
    for pid in sorted(state.provinces):
        if pid not in sea.provinces:
            problems.append(f"province {pid} is not on the map")
        elif (owner := state.provinces[pid].owner) is not None and owner not in factions:
            problems.append(f"province {pid}: owner {owner} is not a faction")
    for post, controller in sorted(state.trade_posts.items()):
        if post not in sea.trade_posts:
            problems.append(f"trade post {post} is not on the map")
        elif controller is not None and controller not in factions:
            problems.append(f"trade post {post}: controller {controller} is not a faction")
    for aid, army in sorted(state.armies.items()):
        if army.owner not in factions:
            problems.append(f"army {aid}: owner {army.owner} is not a faction")
        if army.province is not None and army.province not in sea.provinces:
            problems.append(f"army {aid}: {army.province} is not a province of the map")
        if army.aboard is not None and army.aboard not in state.fleets:
            problems.append(f"army {aid}: aboard {army.aboard}, which is no fleet")
        elif army.aboard is not None and all(c.army != aid for c in state.fleets[army.aboard].cargo):
            problems.append(f"army {aid}: aboard {army.aboard}, but not in that fleet's cargo")
        if not army.units:
            problems.append(f"army {aid}: has no unit; list each unit's health")
    for a, b, _ in state.relations:
        problems += [f"relation {a}–{b}: {x} is not a faction" for x in (a, b) if x not in factions]
    return problems


def _fleet_refs(state: RoyalState, sea: RoyalMap, fid: str, fleet) -> list[str]:
    """What a fleet names must exist: its crossing's areas (U10.1), the ports it blockades (U4),
    the armies it carries (U9), so that no turn starts from a fleet bound for nowhere."""
    problems = []
    if fleet.in_transit is not None:
        problems += [f"fleet {fid}: in_transit names {a}, which is not a sea area of the map"
                     for a in (fleet.in_transit.from_area, fleet.in_transit.to_area) if a not in sea.areas]
    problems += [f"fleet {fid}: blockades {p}, which is not a port of the map" for p in fleet.blockading
                 if p not in sea.ports]
    problems += [f"fleet {fid}: carries {c.army}, which is no army aboard it (its aboard field must name the fleet)"
                 for c in fleet.cargo if c.army not in state.armies or state.armies[c.army].aboard != fid]
    return problems
