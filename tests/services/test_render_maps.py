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


async def test_maps_are_asked_for_no_faster_than_the_renderer_has_slots(monkeypatch) -> None:
    """A render's timeout counts its wait for a slot: asking for a 17-clan campaign's maps all
    at once timed the last ones out (bench, size L). At most MAX_CONCURRENT_RENDERS in flight."""
    import asyncio

    from bot.render import MAX_CONCURRENT_RENDERS
    from bot.rulesets.sengoku.report.present import SengokuPresenter
    in_flight, most = 0, 0

    async def counting_render(self, data, audience="public", sheet=None) -> bytes:  # the Presenter protocol
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1
        return audience.encode()

    monkeypatch.setattr(SengokuPresenter, "render", counting_render)
    service = CampaignService(_NoRepo(), clock=lambda: NOW)
    audiences = ["public", "moderators", "mori", "otomo", "kono"]
    maps = await service.render_maps("sengoku", demo(), audiences)
    assert maps == {a: a.encode() for a in audiences}
    assert most == MAX_CONCURRENT_RENDERS
