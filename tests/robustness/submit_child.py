"""Child process of test_concurrency: another bot process on the same SQLite
file.  It opens the store, prints "ready", waits for a line on stdin, then
submits every demo order of every clan of the campaigns given, all at once,
and prints how many calls failed and why, as JSON.

    python -m tests.robustness.submit_child <database> <campaign id> ...
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.robustness.concurrent_orders import submit_all


async def main(database: str, campaign_ids: list[int]) -> list[str]:
    async with await open_repository(database) as repo:
        service = CampaignService(repo)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        return await submit_all([service], campaign_ids)


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], [int(c) for c in sys.argv[2:]]))))
