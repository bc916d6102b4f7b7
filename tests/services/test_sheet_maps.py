"""Every sheet of a map is drawn for every audience (issue 13: the royal fleets map has
a Europe and a New World sheet); a map of one sheet is drawn once, as before, by a
presenter that need not know sheets exist."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from bot.domain.viewer import Viewer
from bot.services import campaigns
from bot.services.campaigns import CampaignService
from bot.services.sheet_maps import SheetMap, sheet_file_name

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class _NoRepo:
    """render_sheet_maps needs no store."""


class _SheetPresenter:
    """Draws "<audience>@<sheet>"; it must be asked for each sheet of a map of several."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str | None]] = []

    async def render(self, data, audience, sheet=None) -> bytes:
        self.asked.append((str(audience), sheet))
        return f"{audience}@{sheet}".encode()


class _OneSheetPresenter:
    """A presenter asked for a map of one sheet: it is never named one (the Presenter protocol's None)."""

    async def render(self, data, audience, sheet=None) -> bytes:
        assert sheet is None
        return audience.file_stem.encode()


def _data(*sheets: str):
    return SimpleNamespace(gamemap=SimpleNamespace(sheets={s: None for s in sheets}))


async def test_every_sheet_is_drawn_for_every_audience_in_the_maps_order(monkeypatch):
    shown = _SheetPresenter()
    monkeypatch.setattr(campaigns, "presenter", lambda ruleset_id: shown)
    service = CampaignService(_NoRepo(), clock=lambda: NOW)
    maps = await service.render_sheet_maps("any", _data("europe", "new_world"), ["public", "dutch"])
    assert maps == {
        "public": [SheetMap("europe", b"public@europe"), SheetMap("new_world", b"public@new_world")],
        "dutch": [SheetMap("europe", b"dutch@europe"), SheetMap("new_world", b"dutch@new_world")],
    }
    assert sorted(shown.asked) == sorted((a, s) for a in ("public", "dutch") for s in ("europe", "new_world"))


async def test_a_map_of_one_sheet_is_drawn_once_without_naming_it(monkeypatch):
    monkeypatch.setattr(campaigns, "presenter", lambda ruleset_id: _OneSheetPresenter())
    service = CampaignService(_NoRepo(), clock=lambda: NOW)
    maps = await service.render_sheet_maps("any", _data("main"), [Viewer.public(), Viewer.of("mori")])
    assert maps == {Viewer.public(): [SheetMap(None, b"public")], Viewer.of("mori"): [SheetMap(None, b"mori")]}


@pytest.mark.parametrize(("name", "sheet", "expected"), [
    ("map.png", None, "map.png"),
    ("map.png", "europe", "map.europe.png"),
    ("map-mori.png", "new_world", "map-mori.new-world.png"),
    ("map-clan-public.png", "New World!", "map-clan-public.new-world.png"),
    ("map.png", "__", "map.sheet.png"),
])
def test_each_sheet_has_its_own_file_name(name, sheet, expected):
    assert sheet_file_name(name, sheet) == expected


async def test_the_royal_maps_sheets_are_both_drawn(monkeypatch):
    """The real two-sheet map through the renderer: two pictures, each its own sheet's."""
    from bot.mapfiles import load_map_file
    from bot.render import render_map_async
    from bot.render.overlay import Overlay
    from bot.rulesets.royal_fleets.art.generate import MAP_FILE
    from bot.rulesets.royal_fleets.rules.map.profile import PROFILE

    class _Royal:
        async def render(self, data, audience, sheet=None) -> bytes:
            return await render_map_async(data.gamemap, Overlay(title="t"), sheet=sheet, width_px=500)

    monkeypatch.setattr(campaigns, "presenter", lambda ruleset_id: _Royal())
    data = SimpleNamespace(gamemap=load_map_file(MAP_FILE, profile=PROFILE))
    maps = await CampaignService(_NoRepo(), clock=lambda: NOW).render_sheet_maps("royal", data, ["public"])
    europe, new_world = maps["public"]
    assert (europe.sheet, new_world.sheet) == ("europe", "new_world")
    assert europe.png.startswith(b"\x89PNG") and new_world.png.startswith(b"\x89PNG") and europe.png != new_world.png
