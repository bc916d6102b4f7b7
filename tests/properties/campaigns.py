"""Hypothesis strategies: random Sengoku campaigns on a map, a turn of random
orders (valid and invalid, of every order kind), random settings and a seed.

A campaign is drawn as the ``state`` section of a scenario (docs/scenarios.md)
so that ``build_state`` checks its cross-references exactly as for a case
file.  Values stay inside the ranges the model allows (damage 0–4 for a unit
in play, experience 0–2); the orders do not: many of them are meant to fail
validation and fall back (S12.4).
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from hypothesis import strategies as st

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_map_file, load_shipped_map
from bot.rulesets.sengoku.rules.orders import orders as o
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

CHANNEL = Path(__file__).parent.parent / "scenarios" / "maps" / "channel.toml"
MAPS: dict[str, GameMap] = {"seto": load_shipped_map("seto"), "channel": load_map_file(CHANNEL)}

ORDER_KINDS = sorted(o.SQUADRON_KINDS | o.FLEET_KINDS | o.BASING_KINDS | o.CLAN_KINDS)
# Mostly valid policies (S5.5); the last of each list is refused (S5.6, V5).
POLICIES = ["default", "always", "always", "never", "if enemy_count <= own_count", "if enemy_reinforced == 0",
            "if own_xp >= 1 and enemy_max_damage >= 2", "if enemy_xp <= 1"]
ACCEPT = ["accept", "accept", "avoid", "if own_count >= enemy_count", "if enemy_hd == 0"]
MANOEUVRES = [None, None, None, "take_wind", "feigned_retreat", "tsuruyoki", "defensive"]


def rarely(draw, n: int) -> bool:
    """True about once in ``n`` draws.  A middle value, not 0: Hypothesis draws
    the bounds of a range far more often than the rest."""
    return draw(st.integers(0, n - 1)) == n // 2


@dataclass
class Campaign:
    map_id: str
    state: dict
    orders: list[SubmittedOrder]
    settings: SengokuSettings
    seed: str
    units_of: dict[str, dict[str, list[str]]] = field(default_factory=dict)


def provinces(gm: GameMap) -> list[str]:
    return sorted(a.id for a in gm.areas.values() if a.kind == "province")


def coastal(gm: GameMap) -> list[str]:
    return sorted(a.id for a in gm.areas.values() if a.kind == "province" and a.coastal)


def _walk(draw, gm: GameMap, start: str | None, steps: int) -> list[str]:
    """A coastal route from ``start`` (valid when the map allows it)."""
    if start not in gm.areas:
        return []
    route = [start]
    for _ in range(steps):
        nxt = [a for a in gm.areas[route[-1]].coast if a in gm.areas]
        if not nxt:
            break
        route.append(draw(st.sampled_from(sorted(nxt))))
    return route


def _clans(draw) -> tuple[list[str], dict, list]:
    clans = [f"c{i}" for i in range(draw(st.integers(2, 4)))]
    table = {c: {"name": f"Clan {c}", "rice": draw(st.integers(0, 6)), "development": draw(st.integers(0, 3))}
             for c in clans}
    relations = [[a, b, draw(st.sampled_from(["at_war", "at_war", "allied", "neutral"]))]
                 for a, b in combinations(clans, 2)]
    return clans, table, relations


def _owners(draw, gm: GameMap, clans: list[str]) -> tuple[dict, dict]:
    """Every clan holds at least one port's province (else S2.6 ends it at once)."""
    area_owner = {}
    for area in provinces(gm):
        owner = draw(st.sampled_from(clans + [None]))
        if owner:
            area_owner[area] = owner
    homes = draw(st.permutations(sorted(gm.ports)))
    for clan, port in zip(clans, homes):
        area_owner[gm.ports[port].area] = clan
    ports = {}
    for port in sorted(gm.ports):
        entry = {"land_guard": draw(st.sampled_from([0, 0, 4, 12, 25]))}
        if port not in homes[:len(clans)] and rarely(draw, 10):
            entry["owner"] = draw(st.sampled_from(clans))
        if port not in homes[:len(clans)] and rarely(draw, 20):
            entry["destroyed"] = True
        ports[port] = entry
    return area_owner, ports


def _port_owner(gm: GameMap, area_owner: dict, ports: dict, port: str) -> str | None:
    return ports[port].get("owner", area_owner.get(gm.ports[port].area))


def _home_port(draw, gm: GameMap, clan: str, area_owner: dict, ports: dict) -> str:
    own = [p for p in sorted(gm.ports) if _port_owner(gm, area_owner, ports, p) == clan]
    return draw(st.sampled_from(own or sorted(gm.ports)))


def _characters(draw, clans: list[str], turn: int) -> dict:
    chars = {}
    for clan in clans:
        for i in range(draw(st.integers(0, 3))):
            events = [{"turn": turn - 1, "kind": "led_battle"}] if draw(st.booleans()) else []
            chars[f"{clan}-ch{i}"] = {"name": f"{clan} leader {i}", "clan": clan,
                                      "kind": draw(st.sampled_from(["general", "commander"])),
                                      "victories": draw(st.integers(0, 4)), "naval_events": events,
                                      "academy_naval_art": draw(st.booleans()), "wounds": draw(st.integers(0, 2))}
    return chars


def _squadrons(draw, gm, clans, area_owner, ports, chars) -> dict:
    """Up to 4 per clan; a third cruise on standing orders off one of a few
    "hot" coasts, so that squadrons meet."""
    squadrons, leaders = {}, set()
    hot = draw(st.lists(st.sampled_from(coastal(gm)), min_size=1, max_size=3, unique=True))
    for clan in clans:
        for i in range(draw(st.integers(0, 4))):
            sid = f"{clan}-s{i}"
            sq = {"name": f"{clan} squadron {i}", "owner": clan,
                  "base_port": _home_port(draw, gm, clan, area_owner, ports),
                  "damage": draw(st.integers(0, 4)), "experience": draw(st.integers(0, 2))}
            if rarely(draw, 3):
                sq["station"] = draw(st.sampled_from(hot))
            free = [c for c, ch in chars.items() if ch["clan"] == clan and c not in leaders]
            if free and draw(st.booleans()):
                sq["leader"] = draw(st.sampled_from(free))
                leaders.add(sq["leader"])
            fate = draw(st.sampled_from(["active"] * 5 + ["mothballed", "destroyed"] + ["active"] * 5))
            if fate != "active":
                sq.update(state=fate, base_port=None, location=draw(st.sampled_from(coastal(gm))))
                sq.pop("station", None)
                sq.pop("leader", None)
            squadrons[sid] = sq
    return squadrons


def _heavy(draw, gm, clans, squadrons, area_owner, ports) -> dict:
    heavy = {}
    for clan in clans:
        own = [s for s, sq in squadrons.items() if sq["owner"] == clan and sq.get("state", "active") == "active"]
        for i in range(draw(st.integers(0, 3))):
            hd = {"owner": clan, "damage": draw(st.integers(0, 4)),
                  "base_port": _home_port(draw, gm, clan, area_owner, ports)}
            if own and not rarely(draw, 4):
                hd["attached_to"] = draw(st.sampled_from(own))
                hd["base_port"] = squadrons[hd["attached_to"]]["base_port"]
            heavy[f"{clan}-hd{i}"] = hd
    return heavy


def _fleets(draw, gm, clans, area_owner, ports) -> dict:
    fleets = {}
    for clan in clans:
        for i in range(draw(st.integers(0, 3))):
            fleets[f"{clan}-t{i}"] = {"name": f"{clan} fleet {i}", "owner": clan,
                                      "base_port": _home_port(draw, gm, clan, area_owner, ports),
                                      "damaged": rarely(draw, 4)}
    return fleets


def _armies(draw, gm, clans, area_owner, chars) -> dict:
    armies = {}
    for clan in clans:
        own = [a for a in provinces(gm) if area_owner.get(a) == clan] or provinces(gm)
        for i in range(draw(st.integers(0, 2))):
            detachments = [{"id": f"d{k}", "infantry": draw(st.integers(0, 20)), "cavalry": draw(st.integers(0, 8))}
                           for k in range(draw(st.integers(1, 3)))]
            generals = [c for c, ch in chars.items() if ch["clan"] == clan]
            armies[f"{clan}-army{i}"] = {"name": f"{clan} army {i}", "clan": clan,
                                         "area": draw(st.sampled_from(own)), "detachments": detachments,
                                         "leader": draw(st.sampled_from(generals)) if generals and draw(
                                             st.booleans()) else None}
    return armies


def _credits(draw, clans, squadrons, turn) -> list:
    credits = []
    for clan in clans:
        holders = [s for s, sq in squadrons.items() if sq["owner"] == clan]
        if holders and rarely(draw, 3):
            credits.append({"id": f"credit:{turn - 1}:{clan}-prize", "holder": clan,
                            "kind": draw(st.sampled_from(["squadron", "heavy_detachment"])),
                            "holders": [draw(st.sampled_from(holders))], "turn_captured": turn - 1})
    return credits


@st.composite
def states(draw, map_id: str) -> dict:
    gm = MAPS[map_id]
    turn = draw(st.integers(2, 5))
    clans, clan_table, relations = _clans(draw)
    area_owner, ports = _owners(draw, gm, clans)
    chars = _characters(draw, clans, turn)
    squadrons = _squadrons(draw, gm, clans, area_owner, ports, chars)
    return {"turn": turn, "storm": draw(st.booleans()), "clans": clan_table, "relations": relations,
            "area_owner": area_owner, "ports": ports, "characters": chars, "squadrons": squadrons,
            "heavy": _heavy(draw, gm, clans, squadrons, area_owner, ports),
            "fleets": _fleets(draw, gm, clans, area_owner, ports),
            "armies": _armies(draw, gm, clans, area_owner, chars),
            "credits": _credits(draw, clans, squadrons, turn)}


@st.composite
def settings(draw) -> SengokuSettings:
    """Every boolean setting flipped at random; literal choices and the round cap too."""
    values: dict = {}
    for name, info in SengokuSettings.model_fields.items():
        if info.annotation is bool:
            values[name] = draw(st.booleans())
        elif typing.get_origin(info.annotation) is typing.Literal:
            values[name] = draw(st.sampled_from(typing.get_args(info.annotation)))
    values["max_rounds"] = draw(st.integers(1, 10))
    values["subphases"] = draw(st.sampled_from([["SP1"], ["SP1", "SP2"], ["SP1", "SP2", "SP3"]]))
    low = draw(st.integers(5, 9))
    values["stake_target"] = {"low": low, "high": draw(st.integers(low, 12))}
    return SengokuSettings.model_validate(values)
