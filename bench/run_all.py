"""Run the benchmarks and write bench/RESULTS.md (``make bench``).

Each benchmark runs in its own process (so each size's peak memory is its own)
and prints JSON; bench_render.py (the renderer's own benchmark) prints text,
quoted as it is.  About 5–8 minutes on two shared cores; ``--quick`` runs
each figure once or twice, to try the pipeline.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.results_md import machine, write_results  # noqa: E402

# (resolve runs, full-turn runs) per size: fewer for L, whose turn renders 17 maps.
RUNS = {"S": (7, 5), "M": (5, 3), "L": (3, 2)}
QUICK = {"S": (2, 1), "M": (1, 1), "L": (1, 1)}


def run_json(script: str, *args: str) -> dict:
    print(f"== {script} {' '.join(args)}", flush=True)
    out = subprocess.run([sys.executable, str(HERE / script), *args, "--json"], check=True,
                         capture_output=True, text=True, env=_env()).stdout
    return json.loads(out.strip().splitlines()[-1])


def run_text(script: str, *args: str) -> str:
    print(f"== {script} {' '.join(args)}", flush=True)
    return subprocess.run([sys.executable, str(HERE / script), *args], check=True, capture_output=True,
                          text=True, env=_env()).stdout


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=str(HERE / "RESULTS.md"))
    args = parser.parse_args(argv)
    runs = QUICK if args.quick else RUNS
    started = time.perf_counter()
    sizes = {size: run_json("bench_turns.py", "--size", size, "--runs", str(r), "--turn-runs", str(t),
                            *(["--profile"] if size == "L" else []))
             for size, (r, t) in runs.items()}
    ab = run_json("bench_resolve_ab.py", *(["--rounds", "1"] if args.quick else []))  # issue 18: before/after
    peer = run_json("bench_peer.py", "--runs", "5" if args.quick else "30")
    load = run_json("bench_load.py")
    concurrency = run_json("bench_concurrency.py", "--campaigns", "10" if args.quick else "50")
    render = run_text("bench_render.py", "-n", "3" if args.quick else "10")
    command = "make bench" + (" (python bench/run_all.py --quick)" if args.quick else "")
    text = write_results(Path(args.out), sizes=sizes, peer=peer, load=load, render=render, ab=ab,
                         machine=machine(), command=command, wall_s=time.perf_counter() - started,
                         concurrency=concurrency)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
