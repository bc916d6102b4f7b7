"""Golden images: each shipped map with a fixed busy overlay, compared with
``tests/render/golden/<map>.png`` within a tolerance, so that a matplotlib or
FreeType patch release that moves a few antialiased pixels does not fail,
while a changed layout, colour or missing layer does.

Regenerate on purpose only, after looking at the new pictures:

    FLEETWRIGHT_REGEN_GOLDEN=1 PYTHONPATH=. python -m pytest tests/render/test_golden.py
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from bot.domain.gamemap import GameMap
from bot.mapfiles import load_shipped_map
from bot.plugins import plugin
from bot.render import Highlight, Marker, Overlay, Route, render_map
from bot.rulesets.sengoku.report.overlay_style import VOCABULARY, cut_lines

GOLDEN = Path(__file__).parent / "golden"
# Sengoku's maps: the fixed overlay is drawn with Sengoku's words and lines (another ruleset
# keeps its own golden images beside its tests).
SENGOKU_MAPS = plugin("sengoku").maps()
REGEN = os.environ.get("FLEETWRIGHT_REGEN_GOLDEN") == "1"
WIDTH = 700
FACTIONS = {"red": ("Red clan", "#c0392b"), "blue": ("Blue clan", "#2e86c1"), "gold": ("Gold clan", "#d4ac0d")}
MAX_MEAN_DIFF = 0.002  # mean absolute difference per channel, 0..1 (units moved to another area: 0.003)
MAX_CHANGED = 0.001  # share of pixels allowed to differ by more than CHANGED (units moved: 0.004)
CHANGED = 0.25


# Sengoku's vocabulary, the route named as the golden images were drawn (before the
# vocabulary, an unnamed route style read "move" in the legend).
GOLDEN_VOCABULARY = VOCABULARY.model_copy(update={"routes": {
    "solid": VOCABULARY.routes["solid"].model_copy(update={"name": "move"}), "dashed": VOCABULARY.routes["dashed"]}})


def fixed_overlay(gm: GameMap) -> Overlay:
    """Every kind of token, event and line once, on the first coastal areas."""
    coastal = sorted(a for a, area in gm.areas.items() if area.coastal)
    shapes = ["squadron", "reinforced", "unknown", "fleet", "lost"]
    markers = [Marker(area=coastal[i % 3], label=f"Unit {i}", faction=f, colour=FACTIONS[f][1], shape=shapes[i % 5],
                      detail="dmg 1" if i % 2 else "")
               for i, f in enumerate(list(FACTIONS) * 3)]
    kinds = ["battle", "blockade", "interception", "port_attack", "piracy", "plunder", "landing", "storm"]
    highlights = [Highlight(area=coastal[(i * 2) % len(coastal)], kind=k, label=k) for i, k in enumerate(kinds)]
    route = gm.coast_path(coastal[0], coastal[-1]) or coastal[:2]
    return Overlay(title=f"{gm.name} — golden", subtitle="every kind of mark", markers=markers,
                   highlights=highlights, routes=[Route(areas=route, colour=FACTIONS["red"][1])],
                   area_owner={a: list(FACTIONS)[i % 3] for i, a in enumerate(coastal)},
                   faction_colours={f: c for f, (_, c) in FACTIONS.items()},
                   faction_names={f: n for f, (n, _) in FACTIONS.items()},
                   lines=cut_lines(gm, sorted(gm.locs)[:1], sorted(gm.straits)[:1]), vocabulary=GOLDEN_VOCABULARY)


def _rgb(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float) / 255


def difference(actual: bytes, expected: bytes) -> tuple[float, float]:
    """(mean absolute difference, share of clearly changed pixels)."""
    a, b = _rgb(actual), _rgb(expected)
    if a.shape != b.shape:
        return 1.0, 1.0
    diff = np.abs(a - b)
    return float(diff.mean()), float((diff.max(axis=2) > CHANGED).mean())


def matches_golden(png: bytes, path) -> None:
    if REGEN:
        path.write_bytes(png)
        pytest.skip(f"regenerated {path.name}")
    assert path.exists(), f"no golden image {path}: run with FLEETWRIGHT_REGEN_GOLDEN=1 and look at it"
    mean, changed = difference(png, path.read_bytes())
    assert mean <= MAX_MEAN_DIFF and changed <= MAX_CHANGED, (
        f"differs from {path.name} (mean {mean:.4f}, {changed:.2%} pixels changed); "
        "if the change is intended, regenerate with FLEETWRIGHT_REGEN_GOLDEN=1")


@pytest.mark.parametrize("map_id", SENGOKU_MAPS)
def test_map_matches_its_golden_image(map_id: str) -> None:
    gm = load_shipped_map(map_id)
    png = render_map(gm, fixed_overlay(gm), width_px=WIDTH)
    matches_golden(png, GOLDEN / f"{map_id}.png")


def test_the_card_layout_matches_its_golden_image() -> None:
    """The moderators' layout: one row per unit, with its name and detail."""
    gm = load_shipped_map(SENGOKU_MAPS[0])
    png = render_map(gm, fixed_overlay(gm).model_copy(update={"units_as": "cards"}), width_px=WIDTH)
    matches_golden(png, GOLDEN / f"{gm.id}-cards.png")


def test_the_tolerance_catches_a_real_change() -> None:
    gm = load_shipped_map(SENGOKU_MAPS[0])
    base = fixed_overlay(gm)
    moved = base.model_copy(update={"markers": [m.model_copy(update={"area": max(gm.areas)})
                                                for m in base.markers]})
    _, changed = difference(render_map(gm, base, width_px=WIDTH), render_map(gm, moved, width_px=WIDTH))
    assert changed > MAX_CHANGED


def test_the_tolerance_forgives_a_few_pixels() -> None:
    gm = load_shipped_map(SENGOKU_MAPS[0])
    png = render_map(gm, fixed_overlay(gm), width_px=WIDTH)
    img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).copy()
    img[100:104, 100:140] = 0  # a small smudge, like a glyph rasterised one pixel over
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG")
    mean, changed = difference(buf.getvalue(), png)
    assert 0 < changed <= MAX_CHANGED and mean <= MAX_MEAN_DIFF
