"""Benchmark: signed dice (rsa-vrf) against the HMAC-seed dice they replace.

Resolves the demo turn, a crowded sea and the synthetic campaigns (bench/synth_campaign.py) with
each source and prints milliseconds per resolution, rolls per turn and the ratio; and the cost of
making a turn's key pair (OpenSSL, and derived from a seed as tests do).  Not a test.
Run: python bench/bench_dice.py [repetitions]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_resolve import GAMEMAP, RULESET, crowded_case, demo_case  # noqa: E402
from bench.synth_campaign import campaign as synthetic  # noqa: E402
from bot.engine.dice import SeededDice, SignedDice, load_private_key  # noqa: E402
from bot.services.dice_keys import new_turn_key, turn_key  # noqa: E402


def _time(resolve, make_dice, repetitions: int) -> tuple[float, int]:
    times, rolls = [], 0
    for i in range(repetitions):
        dice = make_dice(i)
        start = time.perf_counter()
        resolve(dice)
        times.append((time.perf_counter() - start) * 1000)
        rolls = len(dice.log)
    return statistics.median(times), rolls


def compare(name: str, state, gamemap, settings, orders, repetitions: int) -> None:
    def resolve(dice):
        return RULESET.resolve(state, gamemap, settings, orders, dice)
    keys = [load_private_key(turn_key(f"bench-{i % 2}").private_pem) for i in range(2)]
    seeded, rolls = _time(resolve, lambda i: SeededDice(f"bench-{i}"), repetitions)
    signed, _ = _time(resolve, lambda i: SignedDice(keys[i % 2], 3), repetitions)
    print(f"{name:>10}: {rolls:5d} rolls  hmac-seed {seeded:8.1f} ms  rsa-vrf {signed:8.1f} ms  "
          f"ratio {signed / seeded:5.2f}  (+{(signed - seeded) / max(rolls, 1):.3f} ms per roll)")


def main(repetitions: int = 5) -> None:
    state, settings, orders = demo_case()
    compare("demo", state, GAMEMAP, settings, orders, repetitions)
    state, settings, orders = crowded_case()
    compare("crowded", state, GAMEMAP, settings, orders, repetitions)
    for size in ("M", "L"):
        synth = synthetic(size)
        compare(f"synth {size}", synth.state, synth.gamemap, synth.settings, synth.orders, max(2, repetitions // 2))
    for name, make in (("OpenSSL", new_turn_key), ("from seed", None)):
        times = []
        for i in range(repetitions):
            start = time.perf_counter()
            make() if make else turn_key.__wrapped__(f"keygen-{i}")
            times.append((time.perf_counter() - start) * 1000)
        print(f"key pair {name:>10}: median {statistics.median(times):6.1f} ms, worst {max(times):6.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
