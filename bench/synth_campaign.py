"""Synthetic Sengoku campaigns for the benchmarks, at three sizes:

* S: 4 clans, 40 units on the shipped Seto map (the demo's clans, provinces,
  characters and army; its units replaced);
* M: 8 clans, 200 units on a generated 120-province coast;
* L: 16 clans, 1,000 units on a generated 300-province coast (bench/synth_map.py).

"Units" are the ones that take orders: war squadrons and trade fleets (every
third squadron also carries a heavy detachment).  Every unit is ordered, with
orders that make things happen: cruises off the nearest enemy coast (battles),
piracy and port attacks on the nearest enemy port, ravaging, LoC sweeps,
escorts, one landing per clan, trade, fleet piracy and plunder, LoCs kept
open; a third of the squadrons are given new orders in SP2 and another third
in SP3.  Each order is checked as ``/order`` would check it
(``validate_order``); one that is refused is replaced by the next choice, so
the turn holds only valid orders.  Deterministic: same size, same campaign.
"""

from __future__ import annotations

import colorsys
from collections import Counter, deque
from dataclasses import dataclass, field
from functools import cache

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.model import SengokuState
from bot.rulesets.sengoku.rules.model.scenario import build_state
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.scenarios import load_shipped_scenario
from bench.synth_map import coast_map

RULESET = get_ruleset("sengoku")
SIZES = {"S": (4, 40, 0), "M": (8, 200, 120), "L": (16, 1000, 300)}  # clans, units, generated provinces
# Between M and L, for the resolution hash test (tests/rules/test_resolution_hashes.py): big enough
# that the indexes see crowded seas, small enough for `make test`.
EXTRA_SIZES = {"ML": (12, 400, 200)}


@dataclass
class Synth:
    size: str
    gamemap: GameMap
    state: SengokuState
    settings: SengokuSettings
    orders: list[SubmittedOrder]
    kinds: Counter = field(default_factory=Counter)

    @property
    def units(self) -> int:
        return len(self.state.squadrons) + len(self.state.fleets)


@cache
def campaign(size: str, subphases: int = 3, shape: tuple[int, int, int] | None = None) -> Synth:
    """The campaign of ``size`` (SIZES, EXTRA_SIZES), or of ``shape`` (clans, units, generated provinces) named ``size``."""
    clans, units, provinces = shape or {**SIZES, **EXTRA_SIZES}[size]
    gamemap = load_shipped_map("seto") if not provinces else coast_map(provinces)
    raw = _seto_base() if not provinces else _coast_base(gamemap, clans)
    _add_units(raw, gamemap, units)
    state = build_state(raw, gamemap, f"bench {size}")
    settings = SengokuSettings(subphases=["SP1", "SP2", "SP3"][:subphases])
    synth = Synth(size, gamemap, state, settings, [])
    _order_all(synth, subphases)
    return synth


def _seto_base() -> dict:
    raw = load_shipped_scenario("seto-demo").state.model_dump(mode="json")
    raw["ports"] = {p: {k: v for k, v in entry.items() if k != "id"} for p, entry in raw["ports"].items()}
    raw.update(squadrons={}, fleets={}, heavy={})
    return raw


def _coast_base(gamemap: GameMap, n: int) -> dict:
    """Clans hold runs of the shore (and the inland and islands behind it);
    neighbours are at war, every second one further on is an ally."""
    clans = [f"c{i:02d}" for i in range(n)]
    shore = sorted(a for a in gamemap.areas if a.startswith("shore_"))
    owner = {a: clans[i * n // len(shore)] for i, a in enumerate(shore)}
    while len(owner) < len(gamemap.areas):  # inland and islands: the owner of a held neighbour
        for area in gamemap.areas.values():
            held = [a for a in [*area.coast, *area.land] if a in owner]
            if area.id not in owner and held:
                owner[area.id] = owner[held[0]]
    relations = [[a, b, "at_war" if abs(i - j) == 1 or (i + j) % 5 == 0 else "allied" if abs(i - j) == 2
                  else "neutral"] for i, a in enumerate(clans) for j, b in enumerate(clans) if i < j]
    colours = ["#%02x%02x%02x" % tuple(int(c * 255) for c in colorsys.hsv_to_rgb(i / n, 0.7, 0.8)) for i in range(n)]
    characters, armies = {}, {}
    for i, clan in enumerate(clans):
        for k, kind in enumerate(["commander", "commander", "general"]):
            characters[f"{clan}-ch{k}"] = {"name": f"Leader {k} of clan {i}", "clan": clan, "kind": kind,
                                           "victories": 3 if k == 0 else 1,
                                           "naval_events": [{"turn": 2, "kind": "led_battle"}]}
        home = sorted(a for a, c in owner.items() if c == clan and gamemap.areas[a].coastal)[1]
        armies[f"{clan}-army"] = {"name": f"Army of clan {i}", "clan": clan, "leader": f"{clan}-ch2", "area": home,
                                  "detachments": [{"id": "foot", "infantry": 12}, {"id": "horse", "cavalry": 4}]}
    return {"turn": 3, "clans": {c: {"name": f"Clan {i}", "colour": colours[i], "rice": 3} for i, c in enumerate(clans)},
            "relations": relations, "area_owner": owner, "ports": {p: {"land_guard": 8} for p in gamemap.ports},
            "characters": characters, "armies": armies, "squadrons": {}, "fleets": {}, "heavy": {}}


def _add_units(raw: dict, gamemap: GameMap, total: int) -> None:
    clans = sorted(raw["clans"])
    owner = raw["area_owner"]
    for c, clan in enumerate(clans):
        ports = sorted(p for p, port in gamemap.ports.items() if owner.get(port.area) == clan)
        leaders = sorted(k for k, ch in raw["characters"].items() if ch["clan"] == clan and ch["kind"] == "commander")
        count = total // len(clans) + (1 if c < total % len(clans) else 0)
        for i in range(count):
            port = ports[i % len(ports)]
            if i % 10 in (3, 6, 9):
                raw["fleets"][f"{clan}-tf{i}"] = {"name": f"{clan} maru {i}", "owner": clan, "base_port": port}
                continue
            sid = f"{clan}-sq{i}"
            raw["squadrons"][sid] = {"name": f"{clan} squadron {i}", "owner": clan, "base_port": port,
                                     "experience": i % 3, "damage": 1 if i % 7 == 5 else 0,
                                     "leader": leaders.pop(0) if leaders else None}
            if i % 3 == 0:
                raw["heavy"][f"{sid}-hd"] = {"owner": clan, "attached_to": sid, "base_port": port}


class _Planner:
    """Nearest enemy coasts and ports by coastal steps, memoised per start."""

    def __init__(self, state: SengokuState, gamemap: GameMap) -> None:
        self.state, self.gm = state, gamemap
        self.enemies = {c: {r.b if r.a == c else r.a for r in state.relations
                            if r.relation == "at_war" and c in (r.a, r.b)} for c in state.clans}
        self._near: dict[tuple[str, str], list[str]] = {}

    def near(self, clan: str, start: str) -> list[str]:
        """Enemy-held coastal areas in order of distance from ``start``."""
        key = (clan, start)
        if key not in self._near:
            seen, queue, found = {start}, deque([start]), []
            while queue and len(found) < 6:
                here = queue.popleft()
                if self.state.area_owner.get(here) in self.enemies[clan]:
                    found.append(here)
                for nxt in self.gm.coast_neighbours(here):
                    if nxt not in seen:
                        seen.add(nxt)
                        queue.append(nxt)
            self._near[key] = found
        return self._near[key]

    def enemy_ports(self, clan: str, start: str) -> list[str]:
        return [p.id for a in self.near(clan, start) if (p := self.gm.port_in(a))
                and not self.state.ports[p.id].destroyed]

    def portless_own(self, clan: str) -> list[str]:
        return sorted(a for a, c in self.state.area_owner.items()
                      if c == clan and self.gm.areas[a].coastal and self.gm.port_in(a) is None)


def _squadron_choices(p: _Planner, sq, i: int) -> list[dict]:
    near, ports = p.near(sq.owner, sq.location), p.enemy_ports(sq.owner, sq.location)
    fight = {"want_battle": "always", "stake": "high" if i % 2 else "low"}
    if sq.leader and p.state.characters[sq.leader].victories >= 3:
        fight["manoeuvre"] = "take_wind"
    cruise = [{"kind": "sq_cruise", "target": near[min(i % 3, len(near) - 1)], **fight}] if near else []
    plan = {
        0: cruise, 2: cruise,
        4: [{"kind": "sq_piracy", "target_port": t} for t in ports[:1]],
        5: [{"kind": "sq_attack_port", "target_port": t, "stake": "high"} for t in ports[:1]],
        7: [{"kind": "sq_ravage", "target": t, "coast_action": "ravage"} for t in near[:1]],
        8: [{"kind": "sq_repair"}] if sq.damage else [{"kind": "sq_escort", "operation": f"{sq.owner}-tf3"}],
    }.get(i % 10, [{"kind": "sq_locsweep", "route": [sq.location, *p.gm.coast_neighbours(sq.location)[:1]]}])
    return plan + cruise + [{"kind": "sq_idle", "help_friendly_in_home_waters": True}]


def _fleet_choices(p: _Planner, tf, i: int) -> list[dict]:
    near, ports = p.near(tf.owner, tf.location), p.enemy_ports(tf.owner, tf.location)
    army = p.state.armies.get(f"{tf.owner}-army")
    landing = [{"kind": "tf_landing", "army": army.id, "origin": army.area, "destination": t,
                "mode": "quick"} for t in p.near(tf.owner, army.area)[:1]] if army and i == 3 else []
    plan = landing + {
        6: [{"kind": "tf_piracy", "target_port": t} for t in ports[:1]],
        9: [{"kind": "tf_plunder", "target": t} for t in near[:1] if i % 20 == 9],
        3: [{"kind": "tf_loc", "target": t} for t in p.portless_own(tf.owner)[:1]],
    }.get(i % 10, [])
    return plan + [{"kind": "tf_trade"}, {"kind": "tf_idle"}]


def _order_all(synth: Synth, subphases: int) -> None:
    state, gm = synth.state, synth.gamemap
    planner = _Planner(state, gm)
    for sq in state.squadrons.values():
        i = int(sq.id.rsplit("sq", 1)[1])
        _place(synth, sq.owner, sq.id, _squadron_choices(planner, sq, i))
        if subphases > 1 and i % 3:  # a new order in SP2 or SP3 (V2: one per unit per sub-phase)
            later = "SP2" if i % 3 == 1 or subphases == 2 else "SP3"
            retask = [{"kind": "sq_cruise", "target": t, "want_battle": "always"} for t in
                      planner.near(sq.owner, sq.location)[1:2]] + [{"kind": "sq_idle"}]
            _place(synth, sq.owner, sq.id, retask, later)
    for tf in state.fleets.values():
        _place(synth, tf.owner, tf.id, _fleet_choices(planner, tf, int(tf.id.rsplit("tf", 1)[1])))


def _place(synth: Synth, clan: str, unit: str, choices: list[dict], subphase: str = "SP1") -> None:
    for choice in choices:
        payload = {**choice, "unit": unit, **({"subphase": subphase} if subphase != "SP1" else {})}
        try:
            order = RULESET.parse_order(payload)
            RULESET.validate_order(synth.state, synth.gamemap, synth.settings, clan, order, synth.orders)
        except OrderRejected:
            continue
        synth.orders.append(SubmittedOrder(faction=clan, unit=RULESET.order_slot(order),
                                           seq=len(synth.orders) + 1, payload=payload))
        synth.kinds[payload["kind"]] += 1
        return
    raise AssertionError(f"no valid order for {unit}")  # sq_idle / tf_idle are always valid
