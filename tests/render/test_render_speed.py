"""The renderer's speed-ups change no answer: the placer's least-overlap costs and free
spots equal the plain full-matrix formulas they replace, with and without its index (grid of
buckets and raster), the candidate spots are the floats the box-by-box formula gave, and a warm
render measures no text again (the extents are cached for the process) and builds no new
figure (a released one is reused). The golden images prove the bytes."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.figure import Figure

from bot.render import scene as scene_module
from bot.render.geometry import AROUND_ALL, AROUND_BELOW_FIRST, AROUND_SIDE_FIRST, Box, candidates
from bot.render.placer import Placer


def _full_overlap(placer: Placer, cand: np.ndarray) -> np.ndarray:
    """The formula before: every candidate against every placed box."""
    b, g = placer._boxes, placer.gap
    w = np.minimum(cand[:, None, 2] + g, b[None, :, 2]) - np.maximum(cand[:, None, 0] - g, b[None, :, 0])
    h = np.minimum(cand[:, None, 3] + g, b[None, :, 3]) - np.maximum(cand[:, None, 1] - g, b[None, :, 1])
    return (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)


def _random_placer(rng: np.random.Generator, indexed: bool = False) -> Placer:
    placer = Placer(Box(0, 0, 1400, 900))
    if indexed:  # the grid and raster from the first box on; the latest boxes one by one
        placer.INDEX_FROM, placer.REINDEX = 0, 7
    xy = rng.uniform(-50, 1450, size=(600, 2)).round(1)  # rounded: edges that meet exactly
    wh = rng.choice([0.0, 0.5, 2.0, 30.0, 120.0], size=(600, 2))  # zero-width boxes too
    boxes = np.column_stack([xy, xy + wh])
    placer.block_many(np.concatenate([boxes, boxes[:50]]))  # some twice, as the area names are
    placer.block_many(rng.uniform(-10, 10, size=(3, 4)) + [[1405, 0, 1410, 10]])  # beyond the bounds
    placer.set_anchors(rng.uniform(0, 1400, size=(80, 2)))
    return placer


def _cands(rng: np.random.Generator, n: int) -> list[Box]:
    xy = rng.uniform(-30, 1400, size=(n, 2)).round(1)
    wh = rng.uniform(4, 90, size=(n, 2)).round(1)
    return [Box(x, y, x + w, y + h) for (x, y), (w, h) in zip(xy, wh)]


@pytest.mark.parametrize("indexed", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_overlap_and_free_spots_equal_the_full_formula(seed: int, indexed: bool) -> None:
    rng = np.random.default_rng(seed)
    placer = _random_placer(rng, indexed)
    boxes = _cands(rng, 200)
    cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in boxes])
    full = _full_overlap(placer, cand)
    assert np.array_equal(placer._overlap(cand), full)  # bit for bit: the same float sums
    assert np.array_equal(placer._touches(cand), full > 0)


@pytest.mark.parametrize("indexed", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_place_free_picks_the_spot_the_full_search_picks(seed: int, indexed: bool) -> None:
    rng = np.random.default_rng(100 + seed)
    placer = _random_placer(rng, indexed)
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


@pytest.mark.parametrize("indexed", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_the_least_overlap_pick_and_its_cost_are_the_full_formula_s(seed: int, indexed: bool) -> None:
    """``place`` sums only near rows in full; its pick and cost are still the full formula's, bit for bit."""
    rng = np.random.default_rng(200 + seed)
    placer = _random_placer(rng, indexed)
    for i in range(30):
        boxes = _cands(rng, 150)
        if i % 3 == 0:  # ties: the same spot twice, at both ends
            boxes = [boxes[-1], *boxes[1:-1], boxes[-1]]
        cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in boxes])
        anchor = tuple(rng.uniform(0, 1400, size=2)) if i % 2 else None
        cost = _full_overlap(placer, cand) + placer._outside(cand)
        if anchor is not None:
            ambiguity = placer._ambiguity(cand, anchor)
            ambiguity[60:] = 0.0
            cost = cost + ambiguity
        expected = int(np.argmin(cost))
        got = placer.place(boxes, anchor=anchor, unambiguous_from=60 if anchor else None)
        assert got == (expected, float(cost[expected]))  # and then blocked, as the full search does
        if i % 10 == 9:
            placer.restore(placer.boxes()[:-5])


def test_the_index_compares_a_candidate_with_the_boxes_near_it_only(monkeypatch) -> None:
    """On a busy map (thousands of boxes) a candidate is tested against a few boxes, not all:
    the free test over every candidate ring against every box was most of an L map's layout."""
    rng = np.random.default_rng(7)
    placer = Placer(Box(0, 0, 1400, 900))
    xy = rng.uniform(0, 1400, size=(4000, 2))
    placer.block_many(np.column_stack([xy, xy + rng.uniform(2, 40, size=(4000, 2))]))
    tested = []
    matrix, pairs = Placer._touch_matrix, getattr(Placer, "_touch_pairs", None)
    monkeypatch.setattr(Placer, "_touch_matrix", lambda self, c, b: tested.append(len(c) * len(b)) or matrix(self, c, b))
    if pairs is not None:
        monkeypatch.setattr(Placer, "_touch_pairs", lambda self, c, b: tested.append(len(b)) or pairs(self, c, b))
    boxes = _cands(rng, 2000)
    placer._touches(np.array([[b.x0, b.y0, b.x1, b.y1] for b in boxes]))
    assert sum(tested) < 100 * len(boxes)  # pairs tested; all against all would be 8,000,000


@pytest.mark.parametrize("seed", range(4))
def test_candidate_spots_are_the_floats_of_the_box_by_box_formula(seed: int) -> None:
    rng = np.random.default_rng(300 + seed)
    for dirs in (AROUND_SIDE_FIRST, AROUND_BELOW_FIRST, AROUND_ALL):
        cx, cy = rng.uniform(0, 1400, size=2)
        w, h = rng.uniform(3, 200, size=2)
        dists = [float(rng.uniform(0, 60)) + d for d in (0, 16, 34, 60, 95)] + [8, 18.0]  # ints too
        got = candidates(cx, cy, w, h, iter(dists), dirs)
        assert [got[i] for i in range(len(got))] == _old_candidates(cx, cy, w, h, dists, dirs)
        assert all(type(v) is float for v in (got[3].x0, got[3].y1))
    assert len(candidates(1.0, 2.0, 3.0, 4.0, [], AROUND_ALL)) == 0


def _old_candidates(cx, cy, w, h, dists, dirs) -> list[Box]:
    """geometry.candidates as it was, box by box in Python."""
    out = []
    for d in dists:
        for dx, dy in dirs:
            fx = fy = 0.75 if dx and dy else 1.0
            if abs(dx) == 2 or abs(dy) == 2:
                fx, fy = (0.9, 0.4) if abs(dx) == 2 else (0.4, 0.9)
                dx, dy = (dx // 2, dy) if abs(dx) == 2 else (dx, dy // 2)
            x0 = cx + d * fx if dx > 0 else (cx - d * fx - w if dx < 0 else cx - w / 2)
            y0 = cy + d * fy if dy > 0 else (cy - d * fy - h if dy < 0 else cy - h / 2)
            out.append(Box(x0, y0, x0 + w, y0 + h))
    return out


def test_a_warm_render_builds_no_figure_and_draws_the_same_bytes(monkeypatch) -> None:
    """A render's figure serves this thread's next one (building the Axes was a third of a quiet
    map's scene); a scene a caller keeps (draw_scene) keeps its own."""
    from bench.bench_render import demo_turn, overlay_for
    from bot.mapfiles import load_shipped_map
    from bot.render import render_map
    from bot.render.mapimage import draw_scene
    from bot.rulesets.sengoku.report.overlay import overlay_for as sengoku_overlay

    gamemap, data = load_shipped_map("seto"), demo_turn()
    busy, demo = overlay_for(gamemap, 30), sengoku_overlay(data, "mori")
    kept = draw_scene(gamemap, busy)  # never released
    first = render_map(gamemap, busy)
    other = render_map(data.gamemap, demo, width_px=900)
    built = []
    monkeypatch.setattr(scene_module, "Figure", lambda *a, **k: built.append(a) or Figure(*a, **k))
    assert render_map(gamemap, busy) == first
    assert render_map(data.gamemap, demo, width_px=900) == other
    assert built == []
    assert scene_module.png_bytes(kept) == first


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
