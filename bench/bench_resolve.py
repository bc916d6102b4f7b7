"""Benchmark: resolving turns (pure core) — the demo turn, and a crowded sea.

Prints mean and worst milliseconds per resolution and the peak memory the
resolution allocates (tracemalloc).  Not a test: figures go into the notes.
Run: python bench/bench_resolve.py [repetitions]
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine.dice import SeededDice  # noqa: E402
from bot.engine.ruleset import SubmittedOrder  # noqa: E402
from bot.mapfiles import load_shipped_map  # noqa: E402
from bot.plugins import get_ruleset  # noqa: E402
from bot.scenarios import load_shipped_scenario  # noqa: E402

RULESET = get_ruleset("sengoku")
GAMEMAP = load_shipped_map("seto")


def demo_case():
    scenario = load_shipped_scenario("seto-demo")
    orders = [SubmittedOrder(faction=f, unit=p["unit"], seq=i, payload=p)
              for i, (f, p) in enumerate((f, p) for f, ps in scenario.file.orders.items() for p in ps)]
    return scenario.state, scenario.settings, orders


def crowded_case(per_clan: int = 40):
    """Four clans, ``per_clan`` squadrons each, all cruising at one another's coasts."""
    state, settings, _ = demo_case()
    state = state.model_copy(deep=True)
    homes = {"mori": ("kusatsu", "iyo"), "otomo": ("funai", "suo"), "kono": ("mitsu", "bungo"),
             "miyoshi": ("utazu", "iyo")}
    orders = []
    for clan, (port, target) in homes.items():
        for i in range(per_clan):
            unit = f"{clan}-bench-{i}"
            state.squadrons[unit] = state.squadrons[next(iter(state.squadrons))].model_copy(
                update={"id": unit, "name": unit, "owner": clan, "base_port": port, "leader": None,
                        "station": None, "standing": None, "location": GAMEMAP.ports[port].area})
            orders.append(SubmittedOrder(faction=clan, unit=unit, seq=len(orders),
                                         payload={"kind": "sq_cruise", "unit": unit, "target": target,
                                                  "want_battle": "always"}))
    return state, settings, orders


def measure(name, case, repetitions):
    state, settings, orders = case
    times = []
    for i in range(repetitions):
        start = time.perf_counter()
        RULESET.resolve(state, GAMEMAP, settings, orders, SeededDice(f"bench-{i}"))
        times.append((time.perf_counter() - start) * 1000)
    tracemalloc.start()
    RULESET.resolve(state, GAMEMAP, settings, orders, SeededDice("bench-mem"))
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    units = len(state.squadrons) + len(state.fleets)
    print(f"{name}: {units} units, {len(orders)} orders: mean {statistics.mean(times):.1f} ms, "
          f"max {max(times):.1f} ms over {repetitions} runs; peak {peak:.1f} MB allocated")


if __name__ == "__main__":
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    measure("demo turn", demo_case(), reps)
    measure("crowded sea", crowded_case(), max(3, reps // 4))
