"""Building a Sengoku state from a scenario's ``state`` section, with every
cross-reference checked against the map and the other entries."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.domain.gamemap import GameMap
from bot.domain.viewer import RESERVED
from bot.rulesets.sengoku.rules.model.model import PortState, SengokuState


class ScenarioError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def build_state(raw: dict[str, Any], gamemap: GameMap, source: str) -> SengokuState:
    data = dict(raw)
    data["relations"] = [_relation(entry) for entry in data.get("relations", [])]
    data = _with_ids(data)
    problems = _character_shorthands(data)
    if problems:
        raise ScenarioError([f"{source}: {p}" for p in problems])
    data["ports"] = _ports(data.get("ports", {}), data.get("area_owner", {}), gamemap)
    try:
        state = SengokuState.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError([f"{source}: state.{'.'.join(map(str, e['loc']))}: {e['msg']}"
                             for e in exc.errors()]) from None
    problems = [f"{source}: {p}" for p in _cross_references(state, gamemap)]
    if problems:
        raise ScenarioError(problems)
    normalise_locations(state, gamemap)
    return state


def _relation(entry: Any) -> dict[str, str]:
    if isinstance(entry, (list, tuple)) and len(entry) == 3:
        return {"a": entry[0], "b": entry[1], "relation": entry[2]}
    return entry


def _with_ids(data: dict[str, Any]) -> dict[str, Any]:
    """Tables are keyed by id in the file; the id need not be repeated inside."""
    for table in ("clans", "squadrons", "heavy", "fleets", "characters", "armies"):
        entries = data.get(table) or {}
        data[table] = {key: {"id": key, **(value or {})} for key, value in entries.items()}
    return data


def _character_shorthands(data: dict[str, Any]) -> list[str]:
    """``veteran`` and ``naval_art`` state a character's standing for this turn
    without writing out the history behind it: a veteran gets a battle led on
    the turn before (S9.2.3, OP-44 b), the art three victories, or one with
    academy training (S9.3.1–S9.3.2).  What is already written is kept."""
    turn = data.get("turn", 1) if isinstance(data.get("turn", 1), int) else 1  # a bad turn is named later
    problems = []
    for key, character in data["characters"].items():
        veteran, art = character.pop("veteran", None), character.pop("naval_art", None)
        events = list(character.get("naval_events") or [])
        earlier = [e for e in events if isinstance(e, dict) and isinstance(e.get("turn"), int) and e["turn"] < turn]
        if veteran is True and not earlier:
            character["naval_events"] = [*events, {"turn": turn - 1, "kind": "led_battle"}]
        elif veteran is False and earlier:
            problems.append(f"characters.{key}: veteran: false, but naval_events lists a naval event before "
                            f"turn {turn}")
        elif veteran not in (None, True, False):
            problems.append(f"characters.{key}.veteran: write true or false, not {veteran!r}")
        victories = character.get("victories", 0) if isinstance(character.get("victories", 0), int) else 0
        needed = 1 if character.get("academy_naval_art") else 3
        if art is True and victories < needed:
            character["victories"] = needed
        elif art is False and victories >= needed:
            problems.append(f"characters.{key}: naval_art: false, but {victories} victories"
                            f"{' with academy training' if needed == 1 else ''} make the art active (S9.3)")
        elif art not in (None, True, False):
            problems.append(f"characters.{key}.naval_art: write true or false, not {art!r}")
    return problems


def _ports(ports: dict[str, Any], owners: dict[str, str], gamemap: GameMap) -> dict[str, PortState]:
    """A port not listed belongs to its province's owner."""
    result = {}
    for port_id, port in gamemap.ports.items():
        given = dict(ports.get(port_id) or {})
        given.setdefault("owner", owners.get(port.area))
        result[port_id] = PortState(id=port_id, **given)
    return result


def _cross_references(state: SengokuState, gamemap: GameMap) -> list[str]:
    problems: list[str] = []
    clans = set(state.clans)

    def need(ok: bool, message: str) -> None:
        if not ok:
            problems.append(message)

    for clan in sorted(clans & set(RESERVED)):  # the words that name the public's and moderators' views
        need(False, f"clans.{clan}: {clan!r} cannot be a clan id; it names the {clan} view of the reports")
    for area, owner in state.area_owner.items():
        need(area in gamemap.areas, f"area_owner.{area}: unknown area")
        need(owner in clans, f"area_owner.{area}: unknown clan {owner!r} (clans: {', '.join(sorted(clans))})")
    for rel in state.relations:
        need({rel.a, rel.b} <= clans, f"relations: {rel.a}–{rel.b} names an unknown clan")
    for table in ("squadrons", "fleets", "heavy"):
        for unit in getattr(state, table).values():
            entry = f"{table}.{unit.id}"
            need(unit.owner in clans, f"{entry}: unknown owner {unit.owner!r}")
            need(unit.base_port is None or unit.base_port in gamemap.ports,
                 f"{entry}: unknown base port {unit.base_port!r}")
            location = getattr(unit, "location", None)
            need(location is None or location in gamemap.areas, f"{entry}: unknown location {location!r}")
    for hd in state.heavy.values():
        need(hd.attached_to is None or hd.attached_to in state.squadrons,
             f"heavy.{hd.id}: attached to unknown squadron {hd.attached_to!r}")
    for sq in state.squadrons.values():
        leader = state.characters.get(sq.leader) if sq.leader else None
        need(sq.leader is None or (leader is not None and leader.clan == sq.owner),
             f"squadrons.{sq.id}: leader {sq.leader!r} is not a character of {sq.owner}")
    for army in state.armies.values():
        need(army.area in gamemap.areas, f"armies.{army.id}: unknown area {army.area!r}")
        need(army.clan in clans, f"armies.{army.id}: unknown clan {army.clan!r}")
    ids = [u for t in (state.squadrons, state.fleets, state.heavy) for u in t]
    need(len(ids) == len(set(ids)), "unit ids must be unique across squadrons, fleets and heavy detachments")
    return problems


def normalise_locations(state: SengokuState, gamemap: GameMap) -> None:
    """A cruiser given only a station lies there on a standing cruise order
    (S4.3.4); any other unit with no location lies at its base port."""
    for sq in state.squadrons.values():
        if sq.station:
            sq.location = sq.station
            sq.standing = sq.standing or {"kind": "sq_cruise", "unit": sq.id, "target": sq.station}
    for unit in list(state.squadrons.values()) + list(state.fleets.values()):
        if unit.location is None and unit.base_port in gamemap.ports:
            unit.location = gamemap.ports[unit.base_port].area

