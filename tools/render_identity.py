"""Render a fixed set of PNGs with the code of the current directory, to compare bytes with
another checkout's (a speed-up of the renderer that must not change a pixel).

    cd OLD && python /path/to/tools/render_identity.py --out /tmp/old
    cd NEW && python tools/render_identity.py --out /tmp/new --compare /tmp/old

The set (about 60 PNGs): the Seto benchmark overlay at 800, 1400 and 2100 px; the Sengoku demo
turn's maps for every audience; a 1,000-unit L campaign's public map and two clans' (after its
turn resolved), a 500-marker benchmark overlay on its 300-province map, the M campaign's public
map; and ``python -m bot demo`` of every ruleset in English and Japanese (``--no-demos`` skips
those). Imports come from the current directory, not from the installed package.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the checkout being measured, whichever this file sits in

RULESETS = ("sengoku", "royal-fleets", "here-i-stand", "empires-in-arms")


def _campaign_maps(size: str, audiences: int) -> dict[str, bytes]:
    from bench.synth_campaign import RULESET, campaign
    from bot.engine.dice import SeededDice
    from bot.render import render_map
    from bot.report import ReportInput
    from bot.rulesets.sengoku.report.overlay import overlay_for

    s = campaign(size)
    res = RULESET.resolve(s.state, s.gamemap, s.settings, s.orders, SeededDice("x"))
    data = ReportInput(campaign_name=size, turn=3, seed="", commitment="", gamemap=s.gamemap,
                       before=s.state, after=res.state, events=res.events)
    out = {}
    for audience in ["public", *sorted(s.state.clans)[:audiences]]:
        out[f"{size}-{audience}.png"] = render_map(s.gamemap, overlay_for(data, audience))
    return out


def in_process() -> dict[str, bytes]:
    from bench.bench_render import demo_turn, overlay_for
    from bench.synth_campaign import campaign
    from bot.mapfiles import load_shipped_map
    from bot.render import render_map
    from bot.rulesets.sengoku.report.overlay import overlay_for as sengoku_overlay

    out: dict[str, bytes] = {}
    seto = load_shipped_map("seto")
    for width in (800, 1400, 2100):
        out[f"seto-bench-{width}.png"] = render_map(seto, overlay_for(seto, 30), width_px=width)
    data = demo_turn()
    for audience in ["public", "moderators", *sorted(data.before.clans)]:
        out[f"seto-demo-{audience}.png"] = render_map(data.gamemap, sengoku_overlay(data, audience))
    out.update(_campaign_maps("L", 2))
    big = campaign("L").gamemap
    out["L-bench-500.png"] = render_map(big, overlay_for(big, 500))
    out.update(_campaign_maps("M", 0))
    return out


def demos(out: Path) -> None:
    for ruleset in RULESETS:
        for lang in ("en", "ja"):
            target = out / f"demo-{ruleset}-{lang}"
            subprocess.run([sys.executable, "-m", "bot", "demo", "--ruleset", ruleset, "--lang", lang,
                            "--out", str(target)], check=True, stdout=subprocess.DEVNULL)


def compare(new: Path, old: Path) -> int:
    a = sorted(p.relative_to(old) for p in old.rglob("*.png"))
    b = sorted(p.relative_to(new) for p in new.rglob("*.png"))
    if a != b:
        print("different sets of PNGs:", sorted(set(a) ^ set(b)))
        return 1
    differ = [str(p) for p in a if not filecmp.cmp(old / p, new / p, shallow=False)]
    print(f"{len(a)} PNGs compared, {len(differ)} differ" + (": " + ", ".join(differ) if differ else ""))
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--compare", type=Path, help="a directory this script wrote with the old code")
    parser.add_argument("--no-demos", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for name, png in in_process().items():
        (args.out / name).write_bytes(png)
    if not args.no_demos:
        demos(args.out)
    print(f"rendered in {time.perf_counter() - started:.1f} s")
    return compare(args.out, args.compare) if args.compare else 0


if __name__ == "__main__":
    sys.exit(main())
