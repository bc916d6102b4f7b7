"""Benchmark and byte check of a Sengoku turn's reports, map overlays and summary cards for every
audience (public, moderators, each clan), old code against new (issue 18).

Not a test.  The old code is a copy of the tree you branched from:

    git archive HEAD | tar -x -C /tmp/base          # before you change anything
    PYTHONPATH=. python bench/bench_reports_ab.py time --old /tmp/base [--size L] [--runs 3]
    PYTHONPATH=. python bench/bench_reports_ab.py dump OUT [--sizes S,M,L]   # run once per tree, then
    diff -r OUT-old OUT-new

``time`` imports both trees into one process and times them alternately (ratios hold on a loaded
machine); the collector is tuned as the bot tunes it (bot/runtime.py).  ``dump`` writes every
audience's report, overlay (model_dump_json) and cards for each size in English, in Japanese, and
with the clans' languages mixed (en, ru, zh-TW, ja), from the tree it is run in.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import statistics
import sys
import time
from functools import cache
from pathlib import Path

WHAT = ("reports", "overlay", "cards")


@cache
def turn(size: str):
    """The benchmark campaign of ``size`` (bench/synth_campaign.py), resolved: its ReportInput."""
    from bench.synth_campaign import RULESET, campaign
    from bot.engine.dice import SeededDice
    from bot.report import ReportInput
    synth = campaign(size)
    dice = SeededDice(f"bench-{size}")
    result = RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, dice)
    return ReportInput(campaign_name=f"bench {size}", turn=1, seed=f"bench-{size}", commitment="c0ffee",
                       gamemap=synth.gamemap, before=synth.state, after=result.state, events=result.events,
                       rolls=list(dice.log))


def in_languages(data, language: str, mixed: bool):
    cycle = ("en", "ru", "zh-TW", "ja")
    languages = {c: cycle[i % 4] for i, c in enumerate(sorted(data.before.clans))} if mixed else {}
    return dataclasses.replace(data, language=language, faction_languages=languages)


def jobs(data) -> dict:
    """What a turn makes for its audiences, as the tree on sys.path makes it."""
    from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
    from bot.report.presenters import presenter
    from bot.rulesets.sengoku.report.overlay import overlay_for
    shown = presenter("sengoku")
    viewers = [PUBLIC, MODERATORS] + [Viewer.of(c) for c in sorted(data.before.clans)]
    return {"reports": lambda: shown.build_reports(data),
            "overlay": lambda: [overlay_for(data, v) for v in viewers],
            "cards": lambda: [shown.cards(data, v) for v in viewers]}


def load_tree(tree: Path, size: str, language: str) -> dict:
    """Import ``tree``'s bot (and bench) afresh and make its jobs; the modules stay bound to them."""
    for name in [m for m in sys.modules if m.split(".")[0] in ("bot", "bench")]:
        del sys.modules[name]
    sys.path.insert(0, str(tree))
    try:
        return jobs(in_languages(turn.__wrapped__(size), language, False))
    finally:
        sys.path.remove(str(tree))


def time_trees(old: Path, new: Path, size: str, runs: int, language: str) -> None:
    trees = {"old": load_tree(old, size, language), "new": load_tree(new, size, language)}
    from bot.runtime import tune_collector
    tune_collector()
    for made in trees.values():
        for job in made.values():
            job()  # warm: imports, catalogues, what a turn remembers
    times: dict[tuple[str, str], list[float]] = {(t, w): [] for t in trees for w in WHAT}
    for _ in range(runs):
        for what in WHAT:
            for name, made in trees.items():
                start = time.process_time()
                made[what]()
                times[name, what].append((time.process_time() - start) * 1000)
    for what in WHAT:
        old_ms, new_ms = statistics.median(times["old", what]), statistics.median(times["new", what])
        print(f"{size} {language} {what:8s} all audiences: old {old_ms:8.1f} ms  new {new_ms:7.1f} ms  "
              f"ratio {old_ms / new_ms:5.1f}x")


def dump(out: Path, sizes: list[str]) -> None:
    from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
    from bot.report.presenters import presenter
    from bot.rulesets.sengoku.report.overlay import overlay_for
    shown = presenter("sengoku")
    for size in sizes:
        for language, mixed in (("en", False), ("ja", False), ("en", True)):
            data = in_languages(turn(size), language, mixed)
            folder = out / f"{size}-{language}{'-mixed' if mixed else ''}"
            folder.mkdir(parents=True, exist_ok=True)
            reports = shown.build_reports(data)
            (folder / "public.txt").write_text(reports.public)
            (folder / "moderators.txt").write_text(reports.moderators)
            for clan, text in reports.factions.items():
                (folder / f"faction-{clan}.txt").write_text(text)
            for viewer in [PUBLIC, MODERATORS] + [Viewer.of(c) for c in sorted(data.before.clans)]:
                (folder / f"overlay-{viewer.file_stem}.json").write_text(overlay_for(data, viewer).model_dump_json(indent=1))
                (folder / f"cards-{viewer.file_stem}.txt").write_text(repr(shown.cards(data, viewer)))
            print(folder, len(data.events), "events", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    timing = sub.add_parser("time", help="old against new, alternately, in one process")
    timing.add_argument("--old", type=Path, required=True, help="a copy of the tree you branched from")
    timing.add_argument("--new", type=Path, default=Path.cwd(), help="the tree to compare (default: here)")
    timing.add_argument("--size", default="L", choices=["S", "M", "L"])
    timing.add_argument("--runs", type=int, default=3)
    timing.add_argument("--language", default="en")
    dumping = sub.add_parser("dump", help="every audience's texts and overlays, from the tree it runs in")
    dumping.add_argument("out", type=Path)
    dumping.add_argument("--sizes", default="S,M,L")
    args = parser.parse_args(argv)
    gc.collect()
    if args.command == "time":
        time_trees(args.old.resolve(), args.new.resolve(), args.size, args.runs, args.language)
    else:
        sys.path.insert(0, str(Path.cwd()))
        dump(args.out, args.sizes.split(","))
    return 0


if __name__ == "__main__":
    sys.exit(main())
