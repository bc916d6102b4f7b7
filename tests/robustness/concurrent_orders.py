"""Every demo order of every clan, submitted at once through CampaignService
(shared by test_concurrency and its child processes)."""

from __future__ import annotations

import asyncio
from functools import cache

from bot.scenarios import load_shipped_scenario
from bot.services.campaigns import CampaignService


@cache
def demo_orders() -> list[tuple[str, dict]]:
    orders = load_shipped_scenario("seto-demo").file.orders
    return [(faction, payload) for faction, payloads in orders.items() for payload in payloads]


async def submit_all(services: list[CampaignService], campaign_ids: list[int]) -> list[str]:
    """Submit everything concurrently, spreading the calls over ``services``
    (one per connection); return one line per failed call."""
    calls = [services[n % len(services)].submit_order(cid, faction, payload)
             for n, (cid, (faction, payload)) in enumerate((c, o) for c in campaign_ids for o in demo_orders())]
    results = await asyncio.gather(*calls, return_exceptions=True)
    return [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
