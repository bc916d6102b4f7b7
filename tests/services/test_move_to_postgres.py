"""Moving a campaign from SQLite to PostgreSQL with the export and import every installation has
(`python -m bot export`, `python -m bot import`): the moved campaign is the same campaign, and
its next turn resolves exactly as it would have where it was."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timezone

import pytest

from bot.__main__ import main
from bot.services.campaigns import CampaignService
from bot.store import open_repository

from tests.captives import through_captives

from .test_campaign_service import submit_demo_orders

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
pytestmark = pytest.mark.postgres


def service_on(repo) -> CampaignService:
    return CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "turn-four-seed")


async def _played_on_sqlite(path: str) -> None:
    """The demo campaign with turn 3 resolved (and undone and resolved again: a redo's history), then
    its captives' choices at their defaults."""
    async with await open_repository(path) as repo:
        service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "turn-three-seed")
        campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
        await service.open_turn(campaign.id, "in 48h")
        await submit_demo_orders(service, campaign.id)
        await service.resolve_turn(campaign.id)
        await service.undo_last(campaign.id)
        await service.resolve_turn(campaign.id)
        await through_captives(service, campaign.id)  # the turn's last step: its captives' choices (OP-46 c)


async def _next_turn(location: str, campaign_id: int) -> tuple[dict, dict]:
    """Open turn 4 with the same dice key, resolve it: its stored record and the whole export."""
    async with await open_repository(location) as repo:
        service = service_on(repo)
        await service.open_turn(campaign_id, "in 48h")
        accepted = await _orders_again(service, campaign_id)
        outcome = await service.resolve_turn(campaign_id)
        if not outcome.turn_ended:  # someone captured again: the turn's captives' choices, at their defaults
            await through_captives(service, campaign_id)
        record = await repo.resolution(campaign_id, outcome.turn)
        return ({**record.model_dump(mode="json", exclude={"campaign_id"}), "accepted": accepted},
                await service.export(campaign_id))


async def _orders_again(service: CampaignService, campaign_id: int) -> list[str]:
    """Turn 3's demo orders given again: those that still hold after turn 3 are taken (the same
    ones on both databases, or the comparison below says otherwise)."""
    from bot.scenarios import load_shipped_scenario
    from bot.services.errors import UserError

    accepted = []
    for faction, payloads in load_shipped_scenario("seto-demo").file.orders.items():
        for payload in payloads:
            try:
                await service.submit_order(campaign_id, faction, payload)
                accepted.append(f"{faction}:{payload.get('unit')}")
            except UserError:
                pass
    return accepted


def _without_ids(export: dict) -> dict:
    export = json.loads(json.dumps(export))
    export["campaign"].pop("id")
    export["campaign"].pop("version", None)  # a count of this record's writes, per database
    return export


def test_a_campaign_moved_from_sqlite_to_postgresql_resolves_its_next_turn_identically(tmp_path, postgres,
                                                                                          capsys):
    sqlite_file, moved = str(tmp_path / "campaigns.db"), tmp_path / "seto.json"
    pg_url = postgres.fresh()
    try:
        asyncio.run(_played_on_sqlite(sqlite_file))
        assert main(["export", "--db", sqlite_file, "--campaign", "1", "--out", str(moved)]) == 0
        assert main(["import", str(moved), "--db", pg_url]) == 0
        assert "imported as campaign #1 Seto 1560 into postgresql://" in capsys.readouterr().out
        exported = json.loads(moved.read_text(encoding="utf-8"))
        assert [t["status"] for t in exported["turns"]] == ["resolved"] and exported["orders"]

        async def moved_matches() -> None:
            async with await open_repository(pg_url) as repo:
                assert _without_ids(await CampaignService(repo).export(1)) == _without_ids(exported)
        asyncio.run(moved_matches())

        there, there_after = asyncio.run(_next_turn(sqlite_file, 1))
        here, here_after = asyncio.run(_next_turn(pg_url, 1))
        assert here == there  # dice, events, reports, states: byte for byte the same resolution
        assert here["turn"] == 4 and here["accepted"] and here["dice"] and here["report"]["public"]
        assert _without_ids(here_after) == _without_ids(there_after)
    finally:
        postgres.drop(pg_url)
