"""Concurrency: every clan of ten campaigns submits all its orders at once,
through three connections of this process and two other bot processes on the
same database (an SQLite file, a PostgreSQL database), while an eleventh campaign's turn is resolved.  No write is
lost (every order stored as validated, one slot each, distinct sequence
numbers), nothing fails, and no "database is locked" is raised."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from bot.domain.campaign import Phase
from bot.plugins import get_ruleset
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.captives import through_captives
from tests.robustness.concurrent_orders import demo_orders, submit_all

ROOT = Path(__file__).resolve().parents[2]
RULESET = get_ruleset("sengoku")


def expected_orders() -> list[tuple[str, str, dict]]:
    parsed = [(faction, RULESET.parse_order(payload)) for faction, payload in demo_orders()]
    return sorted((faction, RULESET.order_slot(o), o.model_dump(mode="json")) for faction, o in parsed)


async def _start_child(db: str, campaign_ids: list[int]) -> subprocess.Popen:
    child = subprocess.Popen([sys.executable, "-m", "tests.robustness.submit_child", str(db),
                              *map(str, campaign_ids)], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert (await asyncio.to_thread(child.stdout.readline)).strip() == "ready", child.stderr.read()
    return child


async def _finish_child(child: subprocess.Popen) -> list[str]:
    out, err = await asyncio.to_thread(child.communicate, "go\n", 120)
    assert child.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


async def test_orders_submitted_at_once_by_many_clans_and_processes_are_all_kept(database):
    db = database
    repos = [await open_repository(db) for _ in range(3)]
    services = [CampaignService(repo, seed_factory=lambda: "concurrency-seed") for repo in repos]
    try:
        ids = []
        for n in range(11):
            campaign = await services[0].create_campaign("seto-demo", name=f"Campaign {n}")
            await services[0].open_turn(campaign.id)
            ids.append(campaign.id)
        mine, theirs, resolving = ids[:6], [ids[6:8], ids[8:10]], ids[10]
        assert await submit_all(services, [resolving]) == []
        children = [await _start_child(db, chunk) for chunk in theirs]
        failures, outcome, *child_failures = await asyncio.gather(
            submit_all(services, mine), services[1].resolve_turn(resolving),
            *(_finish_child(child) for child in children))
        assert failures == [] and child_failures == [[], []]
        for cid in ids[:10]:
            stored = await repos[0].list_orders(cid, 3)
            assert sorted((o.faction, o.unit, o.payload) for o in stored) == expected_orders(), f"campaign {cid}"
            assert len({o.seq for o in stored}) == len(stored)
        record = await repos[2].last_resolution(resolving)
        assert outcome.turn == 3 and record is not None and len(record.orders) == len(demo_orders())
        now = await services[2].campaign(resolving)  # its orders resolved, its captives' choices open (OP-46 c)
        assert (now.turn, now.step, now.phase) == (3, 2, Phase.PLANNING)
        (last,) = await through_captives(services[2], resolving)
        assert last.turn_ended and (await services[0].campaign(resolving)).turn == 4
    finally:
        for repo in repos:
            await repo.close()
