"""Benchmark against a real peer: the ``diplomacy`` package (a DATC-compliant
Python adjudicator, PyPI; ``pip install '.[bench]'``) adjudicating the standard
Spring 1901 movement phase with all 22 units ordered, against our resolution
of a Sengoku turn with 22 units all ordered — with one sub-phase, then with
all three.  Same process, same run, alternating, so the machine's load hits
both alike.

Timed for the peer: setting the orders and ``Game.process()`` (a fresh game is
created before each run, untimed).  For us: ``ruleset.resolve`` (the pure
core, like the peer's adjudicator).

    PYTHONPATH=. python bench/bench_peer.py [--runs 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synth_campaign import RULESET, Synth, campaign  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402
from bot.engine.ruleset import slot_unit  # noqa: E402

# A common opening for every power: moves, supports, a convoy-free spring.
OPENING = {
    "AUSTRIA": ["A BUD - SER", "A VIE - GAL", "F TRI - ALB"],
    "ENGLAND": ["F EDI - NWG", "F LON - NTH", "A LVP - YOR"],
    "FRANCE": ["F BRE - MAO", "A MAR - SPA", "A PAR - BUR"],
    "GERMANY": ["F KIE - DEN", "A BER - KIE", "A MUN - RUH"],
    "ITALY": ["F NAP - ION", "A ROM - APU", "A VEN H"],
    "RUSSIA": ["A WAR - UKR", "A MOS - STP", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY S F ANK - BLA"],
}


def peer_once() -> float:
    from diplomacy import Game
    game = Game()
    start = time.perf_counter()
    for power, orders in OPENING.items():
        game.set_orders(power, orders)
    game.process()
    elapsed = time.perf_counter() - start
    assert game.get_current_phase() == "F1901M", game.get_current_phase()
    return elapsed


def sengoku_22(subphases: int) -> Synth:
    """The S campaign cut to 22 units (squadrons and trade fleets), each with its orders."""
    full = campaign("S", subphases)
    keep = sorted(full.state.squadrons)[:16] + sorted(full.state.fleets)[:6]
    state = full.state.model_copy(deep=True)
    state.squadrons = {k: v for k, v in state.squadrons.items() if k in keep}
    state.fleets = {k: v for k, v in state.fleets.items() if k in keep}
    state.heavy = {k: v for k, v in state.heavy.items() if v.attached_to in keep}
    orders = [o for o in full.orders if slot_unit(o.unit) in keep
              and not (o.payload.get("operation") and o.payload["operation"] not in keep)]
    assert {slot_unit(o.unit) for o in orders} == set(keep), "every one of the 22 units is ordered"
    return Synth("S22", full.gamemap, state, full.settings, orders)


def ours_once(synth: Synth, i: int) -> float:
    start = time.perf_counter()
    RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice(f"peer-{i}"))
    return time.perf_counter() - start


def stats(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    return {"median": statistics.median(ms), "min": min(ms), "max": max(ms), "runs": len(ms)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    one, three = sengoku_22(1), sengoku_22(3)
    peer_once(), ours_once(one, -1), ours_once(three, -1)  # warm-up
    peer, ours1, ours3 = [], [], []
    for i in range(args.runs):
        peer.append(peer_once())
        ours1.append(ours_once(one, i))
        ours3.append(ours_once(three, i))
    figures = {"peer": stats(peer), "ours_1sp": stats(ours1), "ours_3sp": stats(ours3),
               "ours_1sp_orders": len(one.orders), "ours_3sp_orders": len(three.orders)}
    figures["ratio_1sp"] = figures["ours_1sp"]["median"] / figures["peer"]["median"]
    figures["ratio_3sp"] = figures["ours_3sp"]["median"] / figures["peer"]["median"]
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
