"""Fixtures the step tests of the services share (issue 12): the two-question test ruleset
(tests/services/steps_ruleset.py) and a demo campaign with turn 3 open on it."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.services.campaigns import CampaignService
from bot.services.steps import StepService
from bot.services.turns import TurnLifecycle
from bot.store import open_repository
from tests.services.steps_ruleset import install

STEPS_NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def steps(monkeypatch):
    return install(monkeypatch)


@pytest.fixture
async def steps_world(database, steps):
    """(turn lifecycle, step service, campaign id): Seto 1560 with turn 3 open for 48 hours."""
    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: STEPS_NOW, seed_factory=lambda: "fixed-seed")
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.set_channels(campaign.id, report_channel_id=520)
    await service.open_turn(campaign.id, "in 48h")
    yield TurnLifecycle(service), StepService(service), campaign.id
    await repo.close()
