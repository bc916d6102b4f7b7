"""A scenario's (or a case's) ``state`` section → ``HisState``, checked against the board; every
problem listed, one line each (``<source>: <where>: <problem>``).

Tables are keyed by id and the id fields may be left out (``units: {o1: {type: corsair, owner:
ottoman, location: …}}``); a unit's ``controller`` defaults to its ``owner`` (H-OP-01), a power's
``name`` to its id, the impulse to the first power of the Impulse Order present (H-OP-18)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import OTTOMANS, POOL, HisState, PowerKind, UnitType, track_turn
from bot.rulesets.here_i_stand.rules.settings import HisSettings


def build_state(raw: dict[str, Any], gamemap: HisMap, source: str) -> HisState:
    raw = _with_ids(dict(raw))
    try:
        state = HisState.model_validate(raw)
    except ValidationError as exc:
        raise ValueError("\n".join(f"{source}: state.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                   for e in exc.errors())) from None
    problems = state_problems(state, gamemap)
    if problems:
        raise ValueError("\n".join(f"{source}: {p}" for p in problems))
    return state


def _with_ids(raw: dict[str, Any]) -> dict[str, Any]:
    for table in ("powers", "units", "leaders", "formations"):
        rows = raw.get(table) or {}
        if isinstance(rows, dict):
            raw[table] = {key: ({"id": key, **row} if isinstance(row, dict) else row) for key, row in rows.items()}
    for key, row in (raw.get("powers") or {}).items():
        if isinstance(row, dict):
            row.setdefault("name", key)
    for row in (raw.get("units") or {}).values():
        if isinstance(row, dict) and "owner" in row:
            row.setdefault("controller", row["owner"])
    if "impulse" not in raw and isinstance(raw.get("powers"), dict):
        order = [p for p in HisSettings().impulse_order if p in raw["powers"]] or sorted(raw["powers"])
        raw["impulse"] = {"active_power": order[0] if order else ""}
    return raw


def _place_ok(gamemap: HisMap, where: str) -> bool:
    return where == POOL or track_turn(where) is not None or where in gamemap.spaces()


def state_problems(state: HisState, gamemap: HisMap) -> list[str]:
    """What in ``state`` the board or the rules cannot hold (also run after a moderator's edit)."""
    problems: list[str] = []
    powers = set(state.powers)
    for pid, power in sorted(state.powers.items()):
        for other in sorted((power.at_war_with | power.allied_with) - powers):
            problems.append(f"powers.{pid}: {other} is not a power of this state (known: {', '.join(sorted(powers))})")
        if power.at_war_with & power.allied_with:
            problems.append(f"powers.{pid}: at war with and allied to {', '.join(sorted(power.at_war_with & power.allied_with))}")
    if state.impulse.active_power not in powers:
        problems.append(f"impulse.active_power: {state.impulse.active_power!r} is not a power of this state")
    for uid, unit in sorted(state.units.items()):
        if unit.owner not in powers or unit.controller not in powers:
            problems.append(f"units.{uid}: owner and controller must be powers (known: {', '.join(sorted(powers))})")
        elif state.powers[unit.controller].kind != PowerKind.MAJOR:
            problems.append(f"units.{uid}: controlled by {unit.controller}, a minor power; a major power "
                            "controls a minor's units (H-OP-01)")
        if unit.type == UnitType.CORSAIR and unit.owner != OTTOMANS:
            problems.append(f"units.{uid}: only the Ottomans have corsairs (H0.1)")
        if not _place_ok(gamemap, unit.location):
            problems.append(f"units.{uid}: {unit.location} is not a space of the map, pool or turn_track:<turn>")
    for lid, leader in sorted(state.leaders.items()):
        if leader.power not in powers:
            problems.append(f"leaders.{lid}: {leader.power} is not a power of this state")
        if not _place_ok(gamemap, leader.location):
            problems.append(f"leaders.{lid}: {leader.location} is not a space of the map, pool or turn_track:<turn>")
    for fid, formation in sorted(state.formations.items()):
        if formation.power not in powers:
            problems.append(f"formations.{fid}: {formation.power} is not a power of this state")
        if formation.location == POOL:
            continue  # eliminated on landing (H4.2.4, transport.landing_lost): off the board
        if not gamemap.is_port(formation.location) and formation.location in gamemap.spaces():
            problems.append(f"formations.{fid}: {formation.location} is a sea zone; a formation is in a port")
        elif formation.location not in gamemap.spaces():
            problems.append(f"formations.{fid}: {formation.location} is not a space of the map")
    for port, held in sorted(state.ports.items()):
        if not gamemap.is_port(port):
            problems.append(f"ports.{port}: not a port of the map")
        if held.controller not in powers:
            problems.append(f"ports.{port}: controller {held.controller} is not a power of this state")
    for zone in sorted(state.piracy_markers):
        if not gamemap.is_sea_zone(zone):
            problems.append(f"piracy_markers.{zone}: not a sea zone of the map")
    problems += [f"standing.{p}: {p} is not a power of this state" for p in sorted(set(state.standing) - powers)]
    return problems
