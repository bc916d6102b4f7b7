"""The renderer's speed-ups change no answer: the placer's least-overlap costs and free
spots equal the plain full-matrix formulas they replace, and a warm render measures no text
again (the extents are cached for the process). The golden images prove the bytes."""

from __future__ import annotations

import numpy as np
import pytest

from bot.render import scene as scene_module
from bot.render.geometry import Box
from bot.render.placer import Placer


def _full_overlap(placer: Placer, cand: np.ndarray) -> np.ndarray:
    """The formula before: every candidate against every placed box."""
    b, g = placer._boxes, placer.gap
    w = np.minimum(cand[:, None, 2] + g, b[None, :, 2]) - np.maximum(cand[:, None, 0] - g, b[None, :, 0])
    h = np.minimum(cand[:, None, 3] + g, b[None, :, 3]) - np.maximum(cand[:, None, 1] - g, b[None, :, 1])
    return (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)


def _random_placer(rng: np.random.Generator) -> Placer:
    placer = Placer(Box(0, 0, 1400, 900))
    xy = rng.uniform(-50, 1450, size=(600, 2)).round(1)  # rounded: edges that meet exactly
    wh = rng.choice([0.0, 0.5, 2.0, 30.0, 120.0], size=(600, 2))  # zero-width boxes too
    placer.block_many(np.column_stack([xy, xy + wh]))
    placer.set_anchors(rng.uniform(0, 1400, size=(80, 2)))
    return placer


def _cands(rng: np.random.Generator, n: int) -> list[Box]:
    xy = rng.uniform(-30, 1400, size=(n, 2)).round(1)
    wh = rng.uniform(4, 90, size=(n, 2)).round(1)
    return [Box(x, y, x + w, y + h) for (x, y), (w, h) in zip(xy, wh)]


@pytest.mark.parametrize("seed", range(6))
def test_overlap_and_free_spots_equal_the_full_formula(seed: int) -> None:
    rng = np.random.default_rng(seed)
    placer = _random_placer(rng)
    boxes = _cands(rng, 200)
    cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in boxes])
    full = _full_overlap(placer, cand)
    assert np.array_equal(placer._overlap(cand), full)  # bit for bit: the same float sums
    assert np.array_equal(placer._touches(cand), full > 0)


@pytest.mark.parametrize("seed", range(6))
def test_place_free_picks_the_spot_the_full_search_picks(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    placer = _random_placer(rng)
    for _ in range(30):
        boxes = _cands(rng, 120)
        cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in boxes])
        anchor = tuple(rng.uniform(0, 1400, size=2))
        pref = placer._ambiguity(cand, anchor)
        pref[40:] = 0.0
        free = (_full_overlap(placer, cand) + placer._outside(cand)) <= 0.0
        # The full search's answer: the least ambiguous free one, the first among equals
        # (the chunked search stops at a chunk with a free unambiguous one: the same spot).
        expected = int(np.argmin(np.where(free, pref, np.inf))) if free.any() else None
        assert placer.place_free(boxes, anchor=anchor, unambiguous_from=40, block=False) == expected


def test_a_warm_render_measures_no_text_again(monkeypatch) -> None:
    from bench.bench_render import overlay_for
    from bot.mapfiles import load_shipped_map
    from bot.render import render_map

    gamemap = load_shipped_map("seto")
    overlay = overlay_for(gamemap, 30)
    first = render_map(gamemap, overlay)
    calls = []
    measure = scene_module.RendererAgg.get_text_width_height_descent
    monkeypatch.setattr(scene_module.RendererAgg, "get_text_width_height_descent",
                        lambda self, *a: calls.append(a) or measure(self, *a))
    assert render_map(gamemap, overlay) == first
    assert calls == []
