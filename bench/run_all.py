"""Run the benchmarks and write bench/RESULTS.md (``make bench``).

Each benchmark runs in its own process (so each size's peak memory is its own)
and prints JSON; bench_render.py (the renderer's own benchmark) prints text,
quoted as it is.  About 6–10 minutes on two shared cores (until the maps get fast); ``--quick`` runs
each figure once or twice, to try the pipeline.  A benchmark that fails is named in
RESULTS.md (its figures missing) and makes the run exit non-zero.  Every figure is also kept in
bench/RESULTS.json; ``--rewrite`` writes RESULTS.md again from it without running anything.  ``FLEETWRIGHT_WORKERS``
is passed on: the turn benchmarks then run through the bot's worker pool (bench/workers_mode.py).
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

from bench.results_md import machine, now_utc, write_results  # noqa: E402

# (resolve runs, full-turn runs at most, seconds after which no new full turn starts) per size:
# fewer for L, whose turn renders 17 maps.  The budgets give a slow turn one run and a fast one
# several: with the maps of issue 18's start, on the shared two-core machine at load average ~10,
# `make bench` took 616 s, ~240 s of it the L size (one turn's 17 maps ~175 s); it shrinks as maps get fast.
RUNS = {"S": (7, 5, 10), "M": (5, 3, 10), "L": (3, 3, 20)}
QUICK = {"S": (2, 1, 0), "M": (1, 1, 0), "L": (1, 1, 0)}


FAILED: list[str] = []


def _run(script: str, args: tuple[str, ...], json_out: bool) -> str | None:
    """The benchmark's standard output, or None when it failed (named in RESULTS.md; make bench then fails)."""
    print(f"== {script} {' '.join(args)}", flush=True)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, str(HERE / script), *args, *(["--json"] if json_out else [])],
                          capture_output=True, text=True, env=_env())
    print(f"   {time.perf_counter() - started:.0f} s", flush=True)
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        FAILED.append(f"{script} {' '.join(args)}".strip())
        return None
    return done.stdout


def run_json(script: str, *args: str) -> dict | None:
    out = _run(script, args, True)
    return None if out is None else json.loads(out.strip().splitlines()[-1])


def run_text(script: str, *args: str) -> str | None:
    return _run(script, args, False)


def _resolve_ab(rounds: str, rounds_l: str) -> dict | None:
    """bench_resolve_ab.py for S and M, then L with fewer rounds (the old code's L resolution takes ~4 s); one result."""
    small = run_json("bench_resolve_ab.py", "--sizes", "S", "M", "--rounds", rounds)
    large = run_json("bench_resolve_ab.py", "--sizes", "L", "--rounds", rounds_l)
    if not small or not large:
        return None
    return {"baseline": small["baseline"], "sizes": {**small["sizes"], **large["sizes"]}}


def _code() -> str:
    """The commit measured (and whether files had changed from it), for RESULTS.md."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(HERE.parent), *args], capture_output=True, text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    return commit + (" with uncommitted changes" if git("status", "--porcelain") else "")


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(HERE.parent) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=str(HERE / "RESULTS.md"))
    parser.add_argument("--rewrite", action="store_true",
                        help="no benchmark: RESULTS.md again from the figures of the last run (RESULTS.json)")
    args = parser.parse_args(argv)
    figures = Path(args.out).with_suffix(".json")
    if args.rewrite:
        saved = json.loads(figures.read_text())
        print(write_results(Path(args.out), saved["run"], **{**saved["meta"], "load": tuple(saved["meta"]["load"])}))
        return 0
    quick = args.quick
    runs = QUICK if quick else RUNS
    counts = {"peer": "5" if quick else "30", "concurrency": "10" if quick else "15", "render": "3" if quick else "10",
              "map_l": "1" if quick else "5", "rulesets": "1" if quick else "2", "ab": "1" if quick else "5",
              "ab_l": "1" if quick else "2"}
    started, load_before = time.perf_counter(), os.getloadavg()[0]
    run: dict = {"sizes": {}}
    for size, (r, t, budget) in runs.items():
        found = run_json("bench_turns.py", "--size", size, "--runs", str(r), "--turn-runs", str(t),
                         "--turn-budget", str(budget), *(["--profile"] if size == "L" else []))
        if found:
            run["sizes"][size] = found
    run["ab"] = _resolve_ab(counts["ab"], counts["ab_l"])  # issue 18: resolution before/after
    run["peer"] = run_json("bench_peer.py", "--runs", counts["peer"])
    run["load"] = run_json("bench_load.py")
    run["concurrency"] = run_json("bench_concurrency.py", "--campaigns", counts["concurrency"])
    run["map_l"] = run_json("bench_map_l.py", "--runs", counts["map_l"], "--budget", "6")
    run["rulesets"] = run_json("bench_rulesets.py", "--runs", counts["rulesets"], "--budget", "8")
    run["rss"] = run_json("bench_rss.py")
    run["render"] = run_text("bench_render.py", "-n", counts["render"], "--stall-runs", "2")
    command = "make bench" + (" (python bench/run_all.py --quick)" if quick else "")
    described = [f"resolve {', '.join(f'{k} {r}' for k, (r, _, _) in runs.items())}",
                 "full turn " + ", ".join(f"{k} up to {t}" + (f" (none started after {b} s)" if b else "")
                                          for k, (_, t, b) in runs.items()),
                 f"before/after resolve S and M {counts['ab']}, L {counts['ab_l']} rounds", f"peer {counts['peer']}",
                 "event loop under load 1 (100 submissions)", f"concurrency 1 burst of {counts['concurrency']} campaigns",
                 f"L map warm up to {counts['map_l']} (at least 2; none started after 6 s)",
                 f"rulesets' demo turns up to {counts['rulesets']} each after a warm-up (none started after 8 s)",
                 "memory 1", f"Seto render warm {counts['render']}, 2 rounds of 4 concurrent renders per pool"]
    meta = {"machine": machine(), "command": command, "code": _code(), "when": now_utc(), "wall_s": time.perf_counter() - started, "runs": described,
            "failed": FAILED, "load": (load_before, os.getloadavg()[0])}
    figures.write_text(json.dumps({"run": run, "meta": meta}, indent=1) + "\n")  # every figure, for --rewrite
    text = write_results(Path(args.out), run, **meta)
    print(text)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
