"""Warm render times of two checkouts side by side: processes of the old and the new code,
alternating, each timing a few warm renders (``render_map``) of the Seto benchmark overlay and
of a 1,000-unit L campaign's public map: the whole render ("png") and its scene building ("scene":
the render less its ``png_bytes``), CPU time of the process.

    python tools/render_ab.py OLD_DIR NEW_DIR [--rounds 3] [--seto 9] [--large 4]

Each figure is a process's median; the table gives the median over rounds and the ratio
old / new per round (on a loaded machine the rounds differ: compare within one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

CHILD = r"""
import gc, json, os, statistics, sys, time
sys.path.insert(0, os.getcwd())
from bench.bench_render import overlay_for as bench_overlay
from bench.synth_campaign import RULESET, campaign
from bot.engine.dice import SeededDice
from bot.mapfiles import load_shipped_map
from bot.render import render_map
from bot.report import ReportInput
from bot.rulesets.sengoku.report.overlay import overlay_for

import bot.render.mapimage as mapimage
encode = mapimage.png_bytes
spent = []

def png_bytes(scene):  # the PNG's part of a render_map: its scene is the rest
    t = time.process_time()
    try:
        return encode(scene)
    finally:
        spent.append(time.process_time() - t)

mapimage.png_bytes = png_bytes

def timed(gm, ov, n):
    render_map(gm, ov)  # warm: static layer, text extents
    total, png = [], []
    for _ in range(n):
        spent.clear()
        t = time.process_time()
        render_map(gm, ov)
        total.append((time.process_time() - t) * 1000)
        png.append(spent[0] * 1000)
    return statistics.median(t - p for t, p in zip(total, png)), statistics.median(total)

seto = load_shipped_map("seto")
seto_ov = bench_overlay(seto, 30)
s = campaign("L")
res = RULESET.resolve(s.state, s.gamemap, s.settings, s.orders, SeededDice("x"))
data = ReportInput(campaign_name="L", turn=3, seed="", commitment="", gamemap=s.gamemap, before=s.state,
                   after=res.state, events=res.events)
large_ov = overlay_for(data, "public")
n_seto, n_large = int(sys.argv[1]), int(sys.argv[2])
seto_scene, seto_png = timed(seto, seto_ov, n_seto)
large_scene, large_png = timed(s.gamemap, large_ov, n_large)
print(json.dumps({"seto scene": seto_scene, "seto png": seto_png, "L scene": large_scene, "L png": large_png}))
"""


def run(where: str, n_seto: int, n_large: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(n_seto), str(n_large)], cwd=where, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seto", type=int, default=9)
    parser.add_argument("--large", type=int, default=4)
    args = parser.parse_args()
    rounds = []
    started = time.perf_counter()
    for i in range(args.rounds):
        order = [("old", args.old), ("new", args.new)]
        if i % 2:
            order.reverse()  # neither always runs first
        got = {name: run(os.path.abspath(where), args.seto, args.large) for name, where in order}
        rounds.append(got)
        print(f"round {i + 1}: " + "; ".join(f"{k} {got['old'][k]:.0f} → {got['new'][k]:.0f} ms"
                                           for k in got["old"]), flush=True)
    print(f"\n{'figure':<12} {'old ms':>8} {'new ms':>8} {'ratio':>6}  per round")
    for key in rounds[0]["old"]:
        old = statistics.median(r["old"][key] for r in rounds)
        new = statistics.median(r["new"][key] for r in rounds)
        per = ", ".join(f"{r['old'][key] / r['new'][key]:.2f}×" for r in rounds)
        print(f"{key:<12} {old:8.1f} {new:8.1f} {old / new:5.2f}×  {per}")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
