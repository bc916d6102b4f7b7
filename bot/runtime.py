"""Process-wide settings of the running bot."""

from __future__ import annotations

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
