"""Benchmark: resolution before and after issue 18's speed-up, side by side in one run.

The code before (``--old``, default the commit the work started from) is unpacked with
``git archive`` into a temporary folder; one worker process per variant and size builds the
synthetic campaign (bench/synth_campaign.py) and then resolves it on request, the variants taking
turns round after round, so a noisy neighbour on the shared machine slows them alike.  Variants:

* ``old``: the code before, the collector at Python's defaults;
* ``new``: this code, the collector at Python's defaults;
* ``new+gc``: this code with the bot's start-up collector settings (bot/runtime.py:
  ``tune_collector`` before loading, ``freeze_loaded`` after).

Each worker also times the collector (``gc.callbacks``) during the resolutions: its share.

    PYTHONPATH=. python bench/bench_resolve_ab.py [--rounds 5] [--sizes S M L] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BASELINE = "cd1c6d1"  # main as merged when issue 18's resolution work began (bench/RESULTS.md of 15:04)

WORKER = r'''
import gc, json, sys, time
tree, size, tuned = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
sys.path.insert(0, tree)
if tuned:
    from bot.runtime import tune_collector
    tune_collector()
from bench.synth_campaign import RULESET, campaign
from bot.engine.dice import SeededDice
synth = campaign(size)
RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice("warm-up"))
if tuned:
    from bot.runtime import freeze_loaded
    freeze_loaded()
spent, started, collections = [0.0], [0.0], [0]
def watch(phase, info):
    if phase == "start":
        started[0] = time.perf_counter()
    else:
        spent[0] += time.perf_counter() - started[0]
        collections[0] += 1
gc.callbacks.append(watch)
print(json.dumps({"units": synth.units}), flush=True)
for n, line in enumerate(sys.stdin):
    spent[0], collections[0] = 0.0, 0
    start, cpu = time.perf_counter(), time.process_time()
    RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice(f"bench-{n}"))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"s": took, "cpu_s": cpu, "gc_s": spent[0], "collections": collections[0]}), flush=True)
'''


def unpack(rev: str, into: Path) -> Path:
    archive = into / "old.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, stdout=out)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "old", filter="data")
    return into / "old"


class Worker:
    def __init__(self, tree: Path, size: str, tuned: bool) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, str(tree), size, "1" if tuned else "0"],
                                     cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"})
        self.units = json.loads(self.proc.stdout.readline())["units"]
        self.runs: list[dict] = []

    def resolve(self) -> None:
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        self.runs.append(json.loads(self.proc.stdout.readline()))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()

    def figures(self) -> dict:
        ms = [r["s"] * 1000 for r in self.runs]
        cpu = [r["cpu_s"] * 1000 for r in self.runs]
        gc_ms = [r["gc_s"] * 1000 for r in self.runs]
        # CPU time is the figure: on the shared machine a resolution's wall time also counts the
        # other jobs' turns on the two cores; the wall-time median is kept beside it.
        return {"units": self.units, "median": statistics.median(cpu), "min": min(cpu), "max": max(cpu),
                "wall_median": statistics.median(ms),
                "runs": len(ms), "gc_share": statistics.median(g / t for g, t in zip(gc_ms, ms)),
                "collections": statistics.median(r["collections"] for r in self.runs)}


def measure(old_tree: Path, sizes: list[str], rounds: dict[str, int]) -> dict:
    variants = {"old": (old_tree, False), "new": (ROOT, False), "new+gc": (ROOT, True)}
    found: dict[str, dict] = {}
    for size in sizes:
        print(f"== {size}", file=sys.stderr, flush=True)
        workers = {name: Worker(tree, size, tuned) for name, (tree, tuned) in variants.items()}
        for _ in range(rounds[size]):
            for worker in workers.values():
                worker.resolve()
        for worker in workers.values():
            worker.close()
        found[size] = {name: w.figures() for name, w in workers.items()}
    return found


def exponent(figures: dict, variant: str, small: str = "M", big: str = "L") -> float | None:
    if small not in figures or big not in figures:
        return None
    a, b = figures[small][variant], figures[big][variant]
    return math.log(b["median"] / a["median"]) / math.log(b["units"] / a["units"])


def table(figures: dict) -> str:
    lines = ["CPU time of one resolution (median, min–max, runs; wall-time median after the slash):", "",
             "| size | units | before (old code) | after | after, start-up GC settings | before ÷ after | "
             "GC share before → after → with settings |", "|---|---|---|---|---|---|---|"]
    for size, v in figures.items():
        cell = [f"{v[k]['median']:.1f} ms ({v[k]['min']:.1f}–{v[k]['max']:.1f}, {v[k]['runs']} runs) / "
                f"{v[k]['wall_median']:.0f} ms" for k in ("old", "new", "new+gc")]
        share = " → ".join(f"{100 * v[k]['gc_share']:.0f} % ({v[k]['collections']:.0f})" for k in ("old", "new", "new+gc"))
        lines.append(f"| {size} | {v['old']['units']} | {cell[0]} | {cell[1]} | {cell[2]} | "
                     f"{v['old']['median'] / v['new+gc']['median']:.1f}× | {share} |")
    growth = [f"{name} units^{e:.2f}" for name in ("old", "new", "new+gc") if (e := exponent(figures, name))]
    if growth:
        lines += ["", "Growth M → L (time ∝ units^k): " + ", ".join(growth) + "."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default=BASELINE)
    parser.add_argument("--rounds", type=int, default=0, help="resolutions per variant (default 9, 7, 5 for S, M, L)")
    parser.add_argument("--sizes", nargs="*", default=["S", "M", "L"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rounds = {size: args.rounds or {"S": 9, "M": 7, "L": 5}.get(size, 5) for size in args.sizes}
    with tempfile.TemporaryDirectory() as folder:
        figures = measure(unpack(args.old, Path(folder)), args.sizes, rounds)
    figures_out = {"baseline": args.old, "sizes": figures}
    print(json.dumps(figures_out) if args.json else table(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
