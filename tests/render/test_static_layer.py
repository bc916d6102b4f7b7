"""The static layer (map and names) is drawn once per map and width and reused."""

from __future__ import annotations

import pytest

from bot.mapfiles import parse_map
from bot.render import Overlay, render_map, static
from tests.render.test_render import SMALL_MAP, busy_overlay


@pytest.fixture()
def small():
    static.clear_cache()
    yield parse_map(SMALL_MAP, "small.toml")
    static.clear_cache()


def test_second_render_reuses_the_layer(small) -> None:
    before = static.builds
    render_map(small, busy_overlay(), width_px=600)
    render_map(small, Overlay(title="another turn"), width_px=600)
    assert static.builds - before == 1


def test_each_width_has_its_own_layer(small) -> None:
    before = static.builds
    render_map(small, busy_overlay(), width_px=600)
    render_map(small, busy_overlay(), width_px=700)
    assert static.builds - before == 2


def test_a_changed_map_with_the_same_id_is_drawn_again(small) -> None:
    render_map(small, busy_overlay(), width_px=600)
    renamed = parse_map({**SMALL_MAP, "areas": {**SMALL_MAP["areas"],
                                                "east": {**SMALL_MAP["areas"]["east"], "name": "Far East"}}},
                        "small.toml")
    before = static.builds
    render_map(renamed, busy_overlay(), width_px=600)
    assert static.builds - before == 1


def test_warm_and_cold_renders_are_the_same_picture(small) -> None:
    cold = render_map(small, busy_overlay(), width_px=600)
    warm = render_map(small, busy_overlay(), width_px=600)
    static.clear_cache()
    assert cold == warm == render_map(small, busy_overlay(), width_px=600)


def test_the_cache_is_bounded(small) -> None:
    for width in range(600, 600 + static.MAX_CACHED + 3):
        render_map(small, Overlay(title="t"), width_px=width)
    assert len(static._cache) == static.MAX_CACHED
