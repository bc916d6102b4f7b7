"""CampaignService.render_maps: one PNG per audience, each its own picture;
an unknown audience is refused before anything is drawn."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.services.campaigns import CampaignService
from tests.render.test_sengoku_maps import demo

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


class _NoRepo:
    """render_maps needs no store."""


async def test_every_audience_gets_its_own_map() -> None:
    service = CampaignService(_NoRepo(), clock=lambda: NOW)
    audiences = ["public", "moderators", "mori", "otomo", "kono", "miyoshi"]
    maps = await service.render_maps("sengoku", demo(), audiences)
    assert list(maps) == audiences
    assert all(png.startswith(b"\x89PNG") for png in maps.values())
    assert len(set(maps.values())) == len(audiences)  # the clans' maps differ from the public one


async def test_unknown_audience_is_named() -> None:
    service = CampaignService(_NoRepo(), clock=lambda: NOW)
    with pytest.raises(ValueError, match="no map for audience 'shimazu'"):
        await service.render_maps("sengoku", demo(), ["public", "shimazu"])
