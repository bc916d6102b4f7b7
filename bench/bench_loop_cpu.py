"""Benchmark: the event loop thread's own CPU time per callback while the L campaign's turn
resolves and its public map and one clan's map render (as bench/bench_load.py's big turn).

Wall-clock stalls (bench_load.py) also count the loop waiting for the GIL or for a core, which a
loaded machine stretches at will; the loop thread's CPU time (time.thread_time around each
callback it runs) counts only work done on the loop.  Prints the longest callbacks, how many took
over 10 ms and the total.  The render timeout is raised: on a loaded machine an L map can take
longer than 30 s.  Issue 18: nothing a turn does should keep the loop busy more than a few ms.

    PYTHONPATH=. python bench/bench_loop_cpu.py
"""
import asyncio, gc, json, sys, tempfile, threading, time
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.synth_campaign import campaign
from bench.turn_setup import serve_generated_maps, store_campaign
from bot.domain.viewer import Viewer
from bot.runtime import favour_event_loop, tune_collector
from bot.services.campaigns import CampaignService
from bot.store import open_repository
import bot.render as r
for n in ("render_map_async", "render_in_worker"):
    if hasattr(r, n): getattr(r, n).__kwdefaults__["timeout"] = 600.0
MAIN = threading.get_ident()
spent = []
run = asyncio.events.Handle._run
def timed(h):
    if threading.get_ident() != MAIN: return run(h)
    t = time.thread_time()
    try: return run(h)
    finally: spent.append(time.thread_time() - t)
gcs = []
_g = {}
def cb(phase, info):
    if threading.get_ident() != MAIN: return
    if phase == "start": _g["t"] = time.thread_time()
    else: gcs.append(time.thread_time() - _g["t"])
async def main():
    large = campaign("L")
    with tempfile.TemporaryDirectory() as folder, serve_generated_maps(large.gamemap):
        async with await open_repository(Path(folder) / "load.sqlite") as repo:
            service = CampaignService(repo)
            big = await store_campaign(repo, large)
            asyncio.events.Handle._run = timed; gc.callbacks.append(cb)
            outcome = await service.resolve_turn(big)
            await service.render_maps("sengoku", outcome.data, [Viewer.public(), Viewer.of(sorted(large.state.clans)[0])])
            asyncio.events.Handle._run = run; gc.callbacks.remove(cb)
favour_event_loop(); tune_collector()
asyncio.run(main())
s = sorted(spent, reverse=True)
print(json.dumps({"max_ms": s[0]*1000, "top5_ms": [round(v*1000, 1) for v in s[:5]], "over_10ms": sum(v > 0.01 for v in s),
                  "total_ms": sum(s)*1000, "callbacks": len(s), "gc_on_loop_ms": [round(v*1000, 1) for v in gcs if v > 0.005]}))
