"""Campaigns stored by the main before rulesets became plug-ins (commit 6fdc1a7) still open and
resolve (issue 11).  fixtures/old-main.db.gz was made by that code (fixtures/make_old_main.py):
"Seto 1560" from the demo with turn 3 resolved and turn 4 open, and "Empty Seto" with one clan."""

from __future__ import annotations

import gzip
import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from bot.services import queries, setup
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.store import open_repository

FIXTURES = Path(__file__).parent / "fixtures"
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
async def service(tmp_path):
    db = tmp_path / "old-main.db"
    with gzip.open(FIXTURES / "old-main.db.gz", "rb") as packed, db.open("wb") as raw:
        shutil.copyfileobj(packed, raw)
    repo = await open_repository(db)
    yield CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "new-main-seed")
    await repo.close()


async def test_an_old_campaign_opens_and_its_next_turn_resolves_as_the_old_main_resolved_it(service):
    campaign = await service.campaign(1)
    assert (campaign.name, campaign.ruleset, campaign.map_id, campaign.turn) == ("Seto 1560", "sengoku", "seto", 4)
    assert [line.text for line in await service.order_lines(1, "mori")] == [
        "Kurushima-maru stays in port. engages if not outnumbered; low stake."]
    seeds = await queries.turn_seeds(service, 1)
    assert [(s.turn, s.matches) for s in seeds] == [(3, True), (4, False)]
    outcome = await service.resolve_turn(1)
    expected = json.loads((FIXTURES / "turn4-reports.json").read_text(encoding="utf-8"))
    assert outcome.turn == 4 and outcome.reports.model_dump(mode="json") == expected


async def test_an_old_turns_rolls_are_still_found_in_its_report(service):
    """A clan is given the rolls its stored report of turn 3 shows, and no other's."""
    record = await service.repo.resolution(1, 3)
    rolls = {roll.key: roll for roll in record.dice}
    own = rolls["battle:sp1-w1-suo-s1-mori-otomo:mori-kobayakawa:r1"]
    recomputed, recorded = await queries.recompute_roll(service, 1, 3, own.key, reader="mori")
    assert recorded == own and recomputed.faces == own.faces
    with pytest.raises(UserError, match="is not one your report of that turn shows"):
        await queries.recompute_roll(service, 1, 3, "battle:sp1-w1-suo-s1-mori-otomo:otomo-tahara:r1", reader="mori")


async def test_an_old_empty_campaign_takes_another_clan(service):
    assert [f.name for f in (await service.campaign(2)).factions] == ["Shōni"]
    faction, _ = await setup.add_faction(service, 2, "Ōuchi", "#1f6f8b")
    assert [f.id for f in (await service.campaign(2)).factions] == ["shoni", "ouchi"] and faction.id == "ouchi"
    assert await setup.relations(service, 2) == [("shoni", "ouchi", "neutral")]
