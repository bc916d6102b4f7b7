"""Fingerprints of resolutions of the synthetic campaigns (bench/synth_campaign.py): a SHA-256 of
the final state's JSON and one over every event's JSON in order, per size and seed.

The recorded fingerprints (bench/resolution_hashes.json) were made from the code before the
resolution was made faster (issue 18); a faster resolution must give the same bytes.  Issue 12
added one state field (``captives``, OP-46 c) and re-recorded them: with that field left out of
the dump every state hash was the one recorded before, and every events hash unchanged.
tests/rules/test_resolution_hashes.py checks S, M and ML; L is checked here:

    PYTHONPATH=. python bench/resolution_hashes.py --check [--sizes L]
    PYTHONPATH=. python bench/resolution_hashes.py --record   # only from code known to be right
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synth_campaign import RULESET, campaign  # noqa: E402
from bot.engine.dice import SeededDice  # noqa: E402

RECORDED = Path(__file__).resolve().parent / "resolution_hashes.json"
SEEDS = ("hash-1", "hash-2", "hash-3")
SIZES = ("S", "M", "ML", "L")


def fingerprint(size: str, seed: str) -> dict:
    """One resolution of ``size`` with dice seeded ``seed``: its state and events as hashes."""
    synth = campaign(size)
    result = RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice(seed))
    events = hashlib.sha256()
    for event in result.events:
        events.update(event.model_dump_json().encode())
        events.update(b"\n")
    state = hashlib.sha256(result.state.model_dump_json().encode()).hexdigest()
    return {"state": state, "events": events.hexdigest(), "event_count": len(result.events)}


def recorded() -> dict:
    return json.loads(RECORDED.read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the fingerprints of this code")
    parser.add_argument("--check", action="store_true", help="compare with the recorded ones")
    parser.add_argument("--sizes", nargs="*", default=list(SIZES))
    args = parser.parse_args(argv)
    found = {size: {seed: fingerprint(size, seed) for seed in SEEDS} for size in args.sizes}
    if args.record:
        RECORDED.write_text(json.dumps({**(recorded() if RECORDED.exists() else {}), **found}, indent=1) + "\n")
    if args.check:
        want = recorded()
        bad = [(size, seed) for size in found for seed in found[size] if found[size][seed] != want[size][seed]]
        print("identical" if not bad else f"DIFFERENT: {bad}")
        return 1 if bad else 0
    print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
