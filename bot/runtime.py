"""Process-wide settings of the running bot."""

from __future__ import annotations

import gc
import sys

# CPython hands the GIL over every 5 ms by default.  While a worker thread resolves a
# large turn or draws maps, each database round trip of an order submission waited up
# to two such intervals, and submissions queue behind one another on the connection:
# with 1,000 units resolving, p99 latency was 3.9 s (bench/bench_load.py); at 0.5 ms it
# is 0.54 s and the turn itself is no slower.
SWITCH_INTERVAL_S = 0.0005


def favour_event_loop() -> None:
    """Let the event loop's thread get the GIL back quickly from CPU-bound workers."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)


# The cyclic collector cost 11–16 % of a 1,000-unit resolution (~158 collections, most of them
# gen 0 passes over the campaign's live pydantic models, none of which is garbage) and its gen 2
# passes over everything loaded at start-up caused the longest pauses (bench/bench_resolve_ab.py).
# Objects that live as long as the process (modules, maps, plug-ins) are frozen out of its view,
# and gen 0 waits for 50,000 new objects instead of 700: 2 collections, ~4–5 %.  Reference counting
# still frees everything that is not in a cycle at once; memory grows by at most one gen 0's worth.
GC_THRESHOLDS = (50_000, 20, 20)


def tune_collector() -> None:
    """Raise the collector's thresholds (before the long-lived objects are made)."""
    gc.set_threshold(*GC_THRESHOLDS)


def freeze_loaded() -> None:
    """After start-up has loaded what lives as long as the process: collect once, then move every
    surviving object to the permanent generation, which no collection scans again."""
    gc.collect()
    gc.freeze()
