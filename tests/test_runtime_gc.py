"""The running bot's collector settings (bot/runtime.py, issue 18): thresholds raised at start,
everything loaded by the end of start-up frozen out of the collector's view."""

from __future__ import annotations

import gc

from bot import runtime


def test_tune_collector_raises_the_thresholds():
    before = gc.get_threshold()
    try:
        runtime.tune_collector()
        assert gc.get_threshold() == runtime.GC_THRESHOLDS == (50_000, 20, 20)
    finally:
        gc.set_threshold(*before)


def test_freeze_loaded_moves_the_survivors_to_the_permanent_generation():
    kept = [[] for _ in range(100)]  # live objects the collector tracks
    try:
        runtime.freeze_loaded()
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()
