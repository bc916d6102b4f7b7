"""A generated coast for the benchmarks: a long mainland shore with inland
provinces behind it, large and small islands off it joined by straits, ports
on most shores, and port-to-port lines of communication.

Deterministic (no random numbers: every choice is arithmetic on the index) and
built through ``parse_map``, so the map passes every check a shipped map does
(S12.2: at most one port per province, straits between coast-adjacent sides,
LoC paths along coast adjacencies).
"""

from __future__ import annotations

import math
from typing import Any

from bot.domain.gamemap import GameMap
from bot.mapfiles import parse_map

MAINLAND = "hondo"


def coast_map(provinces: int = 300, map_id: str = "bench_coast") -> GameMap:
    """About ``provinces`` provinces: 3/5 mainland shore, 1/5 inland, 1/5 islands."""
    shore_n = provinces * 3 // 5
    inland_n = provinces // 5
    island_n = provinces - shore_n - inland_n
    areas: dict[str, dict[str, Any]] = {}
    islands: dict[str, dict[str, Any]] = {MAINLAND: {"name": "Hondo", "size": "large", "areas": []}}
    shore = [f"shore_{i:03d}" for i in range(shore_n)]
    for i, aid in enumerate(shore):
        x, y = _shore_xy(i)
        _area(areas, aid, f"Shore {i}", True, MAINLAND, x, y)
        islands[MAINLAND]["areas"].append(aid)
        if i:
            _link(areas, aid, shore[i - 1], "coast", "land")
    for j in range(inland_n):
        aid = f"inland_{j:03d}"
        anchor = min(shore_n - 1, j * shore_n // inland_n)
        x, y = _shore_xy(anchor)
        _area(areas, aid, f"Inland {j}", False, MAINLAND, x, y + 0.45)
        islands[MAINLAND]["areas"].append(aid)
        _link(areas, aid, shore[anchor], "land")
        if j:
            _link(areas, aid, f"inland_{j - 1:03d}", "land")
    straits = _islands(areas, islands, shore, island_n)
    ports = _ports(areas)
    return parse_map({"ruleset": "sengoku", "id": map_id, "name": f"Generated coast ({len(areas)} provinces)",
                      "areas": areas, "ports": ports, "islands": islands, "straits": straits,
                      "locs": _locs(areas, ports)},
                     f"{map_id} (generated)")


def _shore_xy(i: int) -> tuple[float, float]:
    return 128.0 + i * 0.08, 34.0 + 0.6 * math.sin(i / 9.0)


def _area(areas: dict, aid: str, name: str, coastal: bool, island: str, x: float, y: float) -> None:
    areas[aid] = {"name": name, "kind": "province", "coastal": coastal, "island": island,
                  "x": round(x, 3), "y": round(y, 3), "coast": [], "land": []}


def _link(areas: dict, a: str, b: str, *relations: str) -> None:
    for relation in relations:
        areas[a][relation].append(b)
        areas[b][relation].append(a)


def _islands(areas: dict, islands: dict, shore: list[str], island_n: int) -> dict[str, dict]:
    """Alternating large islands (a chain of up to 4 provinces touching the
    shore at both ends: a second way round) and small one-province islands."""
    straits: dict[str, dict] = {}
    k, made, spacing = 0, 0, max(4, len(shore) * 4 // max(1, island_n))
    while made < island_n:
        size = min(4 if k % 2 == 0 else 1, island_n - made)
        start = (k * spacing + 2) % (len(shore) - 2)
        iid = f"isle_{k:02d}"
        members = [f"{iid}_{m}" for m in range(size)]
        islands[iid] = {"name": f"Isle {k}", "size": "large" if size > 1 else "small", "areas": members}
        for m, aid in enumerate(members):
            x, y = _shore_xy(start + m)
            _area(areas, aid, f"Isle {k} ({m + 1})", True, iid, x + 0.02, y - 0.5)
            if m:
                _link(areas, aid, members[m - 1], "coast", "land")
        facing = [(members[0], shore[start]), (members[-1], shore[start + 1])]
        for n, (side, opposite) in enumerate(facing):
            if opposite not in areas[side]["coast"]:
                _link(areas, side, opposite, "coast")
            x, y = _shore_xy(start + n)
            straits[f"{iid}_strait_{n}"] = {"name": f"Strait {k}.{n}", "large_island": MAINLAND,
                                            "small_island": iid, "island_side": [side], "opposite": opposite,
                                            "crossing": size == 1, "x": round(x, 3), "y": round(y - 0.25, 3)}
        made, k = made + size, k + 1
    return straits


def _ports(areas: dict) -> dict[str, dict]:
    """A port on five shores of six (the sixth is portless, for lines kept open by fleets)."""
    ports = {}
    for n, aid in enumerate(a for a in sorted(areas) if areas[a]["coastal"]):
        if n % 6 != 5:
            area = areas[aid]
            ports[f"port_{aid}"] = {"name": f"Port of {area['name']}", "area": aid, "timber": n % 2 == 0,
                                    "x": area["x"], "y": round(area["y"] - 0.05, 3)}
    return ports


def _locs(areas: dict, ports: dict) -> dict[str, dict]:
    """Port-to-port lines along the mainland shore, one every few ports."""
    shore_ports = [p for p in sorted(ports) if ports[p]["area"].startswith("shore_")]
    locs = {}
    for n in range(0, len(shore_ports) - 4, 4):
        a, b = shore_ports[n], shore_ports[n + 4]
        first, last = int(ports[a]["area"][6:]), int(ports[b]["area"][6:])
        locs[f"loc_{n:03d}"] = {"name": f"Lane {a}–{b}", "from_port": a, "to_port": b,
                                "path": [f"shore_{i:03d}" for i in range(first, last + 1)]}
    return locs
