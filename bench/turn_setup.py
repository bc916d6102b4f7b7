"""Putting a synthetic campaign (bench/synth_campaign.py) into a real SQLite
store behind a real CampaignService, and timing the steps of a turn.

The service loads maps by id from the rulesets' map folders; a generated coast is not there,
so ``serve_generated_maps`` lets the service find it too (benchmark only).
"""

from __future__ import annotations

import importlib
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from typing import Any, Iterator

from bot.domain.campaign import Campaign, Faction
from bot.domain.gamemap import GameMap
from bot.domain.viewer import Viewer
from bot.engine.seed import commitment
from bot.services.campaigns import CampaignService
from bot.store import Repository
from bench.synth_campaign import Synth


@contextmanager
def serve_generated_maps(*maps: GameMap) -> Iterator[None]:
    """The services load a campaign's map by id from the rulesets' map folders; a generated map has no file,
    so every services module that imported the loader gets one that knows these maps too."""
    known = {m.id: m for m in maps}
    for name in ("campaign_reads", "queries", "setup", "stored_turns"):  # the loaders' users, loaded now
        importlib.import_module(f"bot.services.{name}")
    patched = [(module, module.load_shipped_map) for name, module in list(sys.modules.items())
               if name.startswith("bot.services") and hasattr(module, "load_shipped_map")]
    for module, shipped in patched:
        module.load_shipped_map = (lambda original: lambda map_id: known.get(map_id) or original(map_id))(shipped)
    try:
        yield
    finally:
        for module, shipped in patched:
            module.load_shipped_map = shipped


async def store_campaign(repo: Repository, synth: Synth, seed: str = "bench-seed", with_orders: bool = True) -> int:
    """The campaign, its settings and state, an open turn and every order, as /order would leave them."""
    state = synth.state
    campaign = Campaign(name=f"Bench {synth.size}", ruleset="sengoku", map_id=synth.gamemap.id, turn=state.turn,
                        factions=[Faction(id=c.id, name=c.name, colour=c.colour) for c in state.clans.values()])
    created = await repo.create_campaign(campaign, synth.settings.model_dump(mode="json"),
                                         state.model_dump(mode="json"))
    assert created.id is not None
    await repo.open_turn(created.id, state.turn, seed, commitment(seed))
    for order in synth.orders if with_orders else []:
        await repo.put_order(created.id, state.turn, order.faction, order.unit, order.payload)
    return created.id


class StepTimer:
    """Adds up the time spent in named callables (sync or async) while patched in."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def wrap(self, owner: Any, name: str, step: str) -> None:
        original = getattr(owner, name)
        spent, calls = self.spent, self.calls
        if _is_async(original):
            async def timed_async(*args, **kwargs):
                start = time.perf_counter()
                try:
                    return await original(*args, **kwargs)
                finally:
                    spent[step] += time.perf_counter() - start
                    calls[step] += 1
            setattr(owner, name, timed_async)
        else:
            def timed(*args, **kwargs):
                start = time.perf_counter()
                try:
                    return original(*args, **kwargs)
                finally:
                    spent[step] += time.perf_counter() - start
                    calls[step] += 1
            setattr(owner, name, timed)

    def reset(self) -> None:
        self.spent.clear()
        self.calls.clear()


def _is_async(func: Any) -> bool:
    import inspect
    return inspect.iscoroutinefunction(func)


async def timed_full_turn(service: CampaignService, campaign_id: int, timer: StepTimer) -> dict[str, float]:
    """Resolve the open turn, render the public map and every clan's, then undo it
    (not timed) so the next run resolves the same turn again (in correction)."""
    timer.reset()
    start = time.perf_counter()
    outcome = await service.resolve_turn(campaign_id)
    resolved = time.perf_counter()
    audiences = [Viewer.public(), *(Viewer.of(f.id) for f in outcome.campaign.factions)]
    maps = await service.render_maps(outcome.campaign.ruleset, outcome.data, audiences)
    end = time.perf_counter()
    assert len(maps) == len(audiences)
    await service.undo_last(campaign_id)
    steps = dict(timer.spent)
    steps["render"] = end - resolved
    steps["total"] = end - start
    steps["other"] = steps["total"] - sum(v for k, v in steps.items() if k != "total")
    return steps
