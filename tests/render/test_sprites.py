"""Drawing in batches (bot.render.sprites): text sprites look like the text matplotlib draws and
are drawn once per process, arrows have FancyArrowPatch's geometry, heights keep what is above
what, and the PNG written by hand holds the quantized picture."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib import patheffects
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, Rectangle
from PIL import Image

from bot.mapfiles import load_shipped_map
from bot.render import legend, render_map, sprites
from bot.render.mapimage import draw_scene
from bot.render.scene import _palette_png, png_bytes
from bot.render.sprites import Arrow, Batch, arrow_paths, picture
from bot.render.style import Font
from tests.render.test_golden import fixed_overlay


def _figure(dpi: float = 100.0):
    fig = Figure(figsize=(3, 1), dpi=dpi, facecolor="#d8e8f3")
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_xlim(0, 300)
    ax.set_ylim(0, 100)
    return fig, ax


def _pixels(fig) -> np.ndarray:
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)


@pytest.mark.parametrize("font", [Font(9.5, "bold"), Font(8.5, halo=0), Font(11, style="italic", halo=2.0)])
@pytest.mark.parametrize("align", [("left", "bottom"), ("center", "center"), ("right", "top"),
                                   ("left", "center_baseline")])
def test_a_sprite_is_the_text_matplotlib_draws(font: Font, align: tuple[str, str]) -> None:
    """At a whole-pixel anchor the sprite composited is the text artist's picture (halo included)."""
    ha, va = align
    old, ax = _figure()
    effects = [patheffects.withStroke(linewidth=font.halo, foreground="white")] if font.halo else None
    ax.text(150, 50, "Kurushima ×3", fontproperties=font.prop(), color="#1e1e1e", ha=ha, va=va, parse_math=False,
            path_effects=effects, zorder=9)
    new, ax2 = _figure()
    Batch().text(ax2, 150, 50, "Kurushima ×3", font, colour="#1e1e1e", zorder=9, ha=ha, va=va)
    a, b = _pixels(old), _pixels(new)
    assert (np.abs(a - b) > 2).sum() == 0, "the sprite differs from the text artist"
    assert (a != a[0, 0]).any()  # something was drawn


def test_a_text_is_rasterised_once_per_process() -> None:
    gm = load_shipped_map("seto")
    overlay = fixed_overlay(gm).model_copy(update={"units_as": "cards"})
    render_map(gm, overlay, width_px=700)
    before = sprites.drawn
    render_map(gm, overlay, width_px=700)
    assert sprites.drawn == before


def test_the_cache_keeps_to_its_bytes(monkeypatch) -> None:
    monkeypatch.setattr(sprites, "MAX_SPRITE_BYTES", 20_000)
    sprites.clear_cache()
    for i in range(60):
        sprites.sprite(f"Unit {i}", Font(8.5, halo=0), "#1e1e1e", "left", "bottom", 100.0)
    assert 0 < sprites._cached_bytes <= 20_000
    assert sum(s.rgba.nbytes for s in sprites._cache.values()) == sprites._cached_bytes
    sprites.clear_cache()


def test_a_text_is_drawn_at_its_height() -> None:
    """A sprite under a patch of a greater height is hidden by it, over one of a lower height is seen."""
    def draw(patch_z: float) -> np.ndarray:
        fig, ax = _figure()
        ax.add_patch(Rectangle((0, 0), 300, 100, facecolor="#ff0000", zorder=patch_z))
        Batch().text(ax, 150, 50, "Aki", Font(20, "bold", halo=0), colour="#0000ff", zorder=10, ha="center",
                     va="center")
        return _pixels(fig)
    assert (draw(11)[..., 2] > 200).sum() == 0
    assert (draw(9)[..., 2] > 200).sum() > 50


@pytest.mark.parametrize("head", [True, False])
@pytest.mark.parametrize("rad,shrink", [(0.18, (12.0, 14.0)), (0.0, (2.0, 2.0)), (-0.3, (0.0, 20.0))])
def test_an_arrow_has_the_geometry_of_a_fancyarrowpatch(head: bool, rad: float, shrink: tuple[float, float]) -> None:
    fig, ax = _figure()
    patch = FancyArrowPatch((40, 20), (250, 80), arrowstyle="-|>" if head else "-", mutation_scale=14.4,
                            connectionstyle=f"arc3,rad={rad}", shrinkA=shrink[0], shrinkB=shrink[1], lw=2.3)
    ax.add_patch(patch)
    renderer = fig.canvas.get_renderer()
    patch._dpi_cor = renderer.points_to_pixels(1.0)
    want, fills = patch._get_path_in_displaycoord()
    want, fills = (want, fills) if isinstance(want, list) else ([want], [fills])
    ends = ax.transData.transform([(40, 20), (250, 80)])
    got = arrow_paths(ends[0], ends[1], Arrow((40, 20), (250, 80), "black", 2.3, rad=rad, shrink_a=shrink[0],
                                              shrink_b=shrink[1], head=head, mutation=14.4),
                      renderer.points_to_pixels(1.0))
    assert [f for _, f in got] == list(fills)
    for (path, _), expected in zip(got, want):
        assert path.codes.tolist() == expected.codes.tolist()
        assert np.abs(path.vertices - expected.vertices).max() < 0.05  # pixels


def test_a_picture_is_composited_as_the_image_would_be() -> None:
    """The static layer's names go on as their non-empty tiles; what they leave is untouched."""
    rng = np.random.default_rng(1)
    rgba = np.zeros((90, 300, 4), np.uint8)
    rgba[10:30, 20:120] = rng.integers(0, 256, (20, 100, 4))
    rgba[60:70, 200:290] = (0, 0, 0, 255)
    pic = picture(rgba)
    assert pic.opaque is None and 1 < len(pic.tiles) <= 6
    canvas = np.zeros((90, 300, 4), np.uint8)
    for x, y, pixels in pic.tiles:
        top = 90 - y - pixels.shape[0]
        canvas[top:top + pixels.shape[0], x:x + pixels.shape[1]] = pixels[::-1]
    assert np.array_equal(canvas, rgba)


def test_the_png_holds_the_quantized_picture() -> None:
    rgb = Image.fromarray(np.random.default_rng(2).integers(0, 256, (40, 70, 3), dtype=np.uint8))
    quantized = rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    decoded = Image.open(io.BytesIO(_palette_png(quantized)))
    assert decoded.mode == "P" and decoded.size == (70, 40)
    assert np.array_equal(np.asarray(decoded.convert("RGB")), np.asarray(quantized.convert("RGB")))


def test_the_png_keeps_the_colours_drawn() -> None:
    """Each pixel takes its nearest palette colour: the PNG stays near what was drawn (the octree
    over all pixels, before, was off by 27 levels or more on one pixel in a thousand of this map)."""
    gm = load_shipped_map("seto")
    scene = draw_scene(gm, fixed_overlay(gm).model_copy(update={"units_as": "cards"}), width_px=1400)
    png = png_bytes(scene)
    drawn = np.asarray(scene.fig.canvas.buffer_rgba())[..., :3].astype(int)
    error = np.abs(np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int) - drawn).max(axis=-1)
    assert error.mean() < 1.5 and np.percentile(error, 99.9) <= 20


def test_a_kept_legend_looks_as_one_drawn_each_time(monkeypatch) -> None:
    """The legend is drawn once per (size, fonts, items) and pasted on later renders: the same picture,
    its words still among the scene's texts (the glyph checks read them), none of its artists drawn again."""
    gm = load_shipped_map("seto")
    overlay = fixed_overlay(gm)
    legend.clear_cache()
    render_map(gm, overlay, width_px=1400)
    kept = draw_scene(gm, overlay, width_px=1400)
    assert not [a for a in kept.ax.patches if a.get_zorder() == 12]  # the faction discs: pasted, not drawn
    assert {"Factions", "Key", "Red clan"} <= {text for text, _ in kept.batch.texts}
    monkeypatch.setattr(legend, "_band_key", lambda scene: None)
    drawn = draw_scene(gm, overlay, width_px=1400)
    assert [a for a in drawn.ax.patches if a.get_zorder() == 12]
    a, b = (_pixels(scene.fig) for scene in (kept, drawn))  # as drawn, before the PNG's palette
    assert np.abs(a - b).max() <= 2


def test_a_legend_with_an_icon_is_drawn_each_time() -> None:
    """An icon swatch is an image artist (tests count them); such a legend is not kept."""
    from bot.render.legend_layout import LegendItem
    assert legend._band_key(type("S", (), {"legend_rows": [[LegendItem("flag", lambda s, x, y: None)]]})()) is None


def test_a_text_of_two_lines_is_drawn_whole() -> None:
    old, ax = _figure()
    ax.text(150, 50, "Aki\nBingo", fontproperties=Font(9).prop(), color="#1e1e1e", ha="center", va="center",
            parse_math=False, zorder=9)
    new, ax2 = _figure()
    Batch().text(ax2, 150, 50, "Aki\nBingo", Font(9, halo=0), colour="#1e1e1e", zorder=9, ha="center", va="center")
    assert (np.abs(_pixels(old) - _pixels(new)) > 2).sum() == 0
