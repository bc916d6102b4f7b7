"""The renderer draws whatever vocabulary a ruleset declares: a made-up galley ruleset
(no Sengoku word in it) gets its own tokens, rings, arrows, lines and legend, and an
overlay naming a word its vocabulary does not declare is refused, naming the word and
the declared ones."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.collections import PathCollection
from matplotlib.colors import to_rgb
from PIL import Image
from pydantic import ValidationError

from bot.domain.gamemap import GameMap
from bot.mapfiles import parse_map
from bot.render import (
    Highlight,
    HighlightStyle,
    Line,
    LineStyle,
    Marker,
    Overlay,
    Route,
    RouteStyle,
    ShapeStyle,
    Vocabulary,
    render_map,
    render_map_async,
)
from bot.render.mapimage import draw_scene
from bot.render.scene import png_bytes
from bot.render.style import hollow_fill
from tests.render.test_render import SMALL_MAP

GALLEYS = Vocabulary(
    shapes={"galley": ShapeStyle(name="war galley", plural="war galleys", glyph="triangle"),
            "corsair": ShapeStyle(name="corsair (flag unknown)", plural="corsairs", glyph="diamond", hollow=True)},
    highlights={"siege": HighlightStyle(name="siege", colour="#8b0000", symbol="♜", dash=(3, 2))},
    routes={"row": RouteStyle(name="rowed"), "tow": RouteStyle(name="towed", dash=(2, 2))},
    lines={"chain": LineStyle(name="harbour chain", colour="#333333", width=2.0, mark="cross")},
)
RED, BLUE = "#d62828", "#1d4e89"
STATIC_KEY = ["coastal area", "inland area", "port", "coastal move", "land border", "strait",
              "line of communication"]  # the small map's own features


@pytest.fixture(scope="module")
def small_map() -> GameMap:
    return parse_map(SMALL_MAP, "small.toml")


def galley_overlay(**changes) -> Overlay:
    fields = dict(
        title="Galleys — turn 1", vocabulary=GALLEYS,
        # the corsair comes first here: the legend still follows the vocabulary's order
        markers=[Marker(area="isle", label="Barbary", faction="corsairs", colour=BLUE, shape="corsair"),
                 Marker(area="west", label="Reale", faction="venice", colour=RED, shape="galley")],
        highlights=[Highlight(area="middle", kind="siege", label="Middle besieged")],
        routes=[Route(areas=["west", "middle"], colour=RED)],  # no style: the first declared, "row"
        lines=[Line(places=["westport", "isle", "rockhaven"], style="chain")],
        faction_colours={"venice": RED, "corsairs": BLUE}, faction_names={"venice": "Venice", "corsairs": "Corsairs"},
    )
    fields.update(changes)
    return Overlay(**fields)


def key_of(scene) -> list[str]:
    """The legend's key group, in order, without its caption."""
    items = [item for row in scene.legend_rows for item in row]
    start = next(i for i, item in enumerate(items) if item.head and item.label == "Key")
    return [item.label for item in items[start + 1:]]


def test_the_legend_lists_the_rulesets_words_in_its_order(small_map: GameMap) -> None:
    scene = draw_scene(small_map, galley_overlay(), width_px=800)
    assert key_of(scene) == ["war galley", "corsair (flag unknown)", "siege", "rowed", *STATIC_KEY, "harbour chain"]
    assert {m.shape for m, _, _ in scene.tokens} == {"galley", "corsair"}


def test_the_legend_lists_only_the_words_used(small_map: GameMap) -> None:
    ov = galley_overlay(markers=[], highlights=[], lines=[],
                        routes=[Route(areas=["west", "middle"], colour=RED, style="tow")])
    assert key_of(draw_scene(small_map, ov, width_px=800)) == ["towed", *STATIC_KEY]


def test_a_hollow_shape_is_drawn_pale_inside_and_a_filled_one_solid(small_map: GameMap) -> None:
    scene = draw_scene(small_map, galley_overlay(), width_px=800)
    img = np.asarray(Image.open(io.BytesIO(png_bytes(scene))).convert("RGB")).astype(float) / 255
    for marker, x, y in scene.tokens:
        col, row = scene.to_pixels(x, y)
        want = hollow_fill(marker.colour) if marker.shape == "corsair" else to_rgb(marker.colour)
        window = img[row - 2:row + 3, col - 2:col + 3].reshape(-1, 3)
        assert (np.abs(window - want).max(axis=1) < 0.08).any(), marker.label


def test_a_shapes_size_scales_its_glyph(small_map: GameMap) -> None:
    big = GALLEYS.model_copy(update={"shapes": {**GALLEYS.shapes,
                                                "galley": GALLEYS.shapes["galley"].model_copy(update={"size": 1.5})}})

    def glyph_sizes(vocabulary: Vocabulary) -> set[float]:
        ov = galley_overlay(vocabulary=vocabulary, markers=galley_overlay().markers[1:])  # the galley alone
        scene = draw_scene(small_map, ov, width_px=800)
        return {float(s) for c in scene.ax.collections if isinstance(c, PathCollection) and c.get_zorder() == 10.5
                for s in c.get_sizes()}

    (normal,), (larger,) = glyph_sizes(GALLEYS), glyph_sizes(big)
    assert larger == pytest.approx(normal * 1.5 ** 2)  # a scatter's size is an area


def test_an_undeclared_shape_is_refused_naming_it_and_the_declared_ones() -> None:
    with pytest.raises(ValidationError) as exc:
        galley_overlay(markers=[Marker(area="west", label="Santa Ana", faction="venice", colour=RED, shape="galleon")])
    message = str(exc.value)
    assert "marker 'Santa Ana': shape 'galleon' is not in the overlay's vocabulary" in message
    assert "declared shapes: 'galley', 'corsair'" in message


def test_another_rulesets_words_are_refused_too() -> None:
    """Sengoku's words mean nothing to the galley vocabulary, nor to an overlay that declares none."""
    with pytest.raises(ValidationError, match=r"highlight in 'middle': kind 'blockade' .*declared kinds: 'siege'"):
        galley_overlay(highlights=[Highlight(area="middle", kind="blockade")])
    with pytest.raises(ValidationError, match=r"shape 'squadron' .*declared shapes: none"):
        Overlay(title="t", markers=[Marker(area="west", label="A", faction="a", colour=RED, shape="squadron")])


def test_undeclared_route_and_line_styles_are_refused_all_at_once() -> None:
    with pytest.raises(ValidationError) as exc:
        galley_overlay(routes=[Route(areas=["west", "middle"], colour=RED, style="sail")],
                       lines=[Line(places=["west", "isle"], style="cut")])
    message = str(exc.value)
    assert "route 1: style 'sail' is not in the overlay's vocabulary (declared styles: 'row', 'tow')" in message
    assert "line 1: style 'cut' is not in the overlay's vocabulary (declared styles: 'chain')" in message


def test_a_route_without_style_needs_a_declared_one() -> None:
    with pytest.raises(ValidationError, match="a route names no style and the vocabulary declares none"):
        Overlay(title="t", routes=[Route(areas=["west", "middle"], colour=RED)])


async def test_a_copied_overlay_is_checked_again_before_a_render(small_map: GameMap) -> None:
    """``model_copy`` skips validation: the render checks the words itself, before any waiting."""
    bad = galley_overlay().model_copy(update={"markers": [
        Marker(area="west", label="Santa Ana", faction="venice", colour=RED, shape="galleon")]})
    with pytest.raises(ValueError, match=r"shape 'galleon' .*declared shapes: 'galley', 'corsair'"):
        render_map(small_map, bad)
    with pytest.raises(ValueError, match=r"shape 'galleon'"):
        await render_map_async(small_map, bad)


def test_a_line_through_an_unknown_place_is_named(small_map: GameMap) -> None:
    with pytest.raises(ValueError, match=r"line 1 \(chain\): unknown place 'nowhere'"):
        render_map(small_map, galley_overlay(lines=[Line(places=["west", "nowhere"], style="chain")]))


def test_a_line_and_its_cross_are_drawn_in_its_colour(small_map: GameMap) -> None:
    ov = galley_overlay(lines=[Line(places=["narrows"], style="chain")])  # one place: the ✕ alone
    scene = draw_scene(small_map, ov, width_px=800)
    crosses = [c for c in scene.ax.collections if isinstance(c, PathCollection) and c.get_zorder() == 6.5]
    assert len(crosses) == 1 and tuple(crosses[0].get_facecolor()[0][:3]) == pytest.approx(to_rgb("#333333"))
    assert tuple(crosses[0].get_offsets()[0]) == pytest.approx(scene.xy("narrows"))


@pytest.mark.parametrize("bad", [
    dict(symbol=""), dict(colour="blood"), dict(dash=(1,)), dict(dash=(2, 0))])
def test_a_badly_declared_highlight_is_refused(bad: dict) -> None:
    with pytest.raises(ValidationError):
        HighlightStyle(**{"name": "siege", "colour": "#8b0000", "symbol": "♜", **bad})


def test_a_glyph_the_renderer_has_not_is_refused_naming_those_it_has() -> None:
    with pytest.raises(ValidationError, match="'circle', 'square', 'triangle'"):
        ShapeStyle(name="galley", glyph="oar")


# --- every ruleset's own vocabulary ------------------------------------------------


def _with_vocabulary() -> list[str]:
    from bot.plugins import plugins
    return [p.id for p in plugins().values() if p.map_vocabulary is not None]


@pytest.mark.parametrize("ruleset_id", _with_vocabulary())
def test_every_rulesets_vocabulary_draws_on_its_default_map(ruleset_id: str) -> None:
    """Each word once on the ruleset's own map: it renders, every symbol has a glyph in the
    fonts (no empty box), and the legend lists every word by its declared name, in order."""
    from bot.mapfiles import load_map_file
    from bot.plugins import plugin
    from bot.render.localnames import drawable
    found = plugin(ruleset_id)
    vocabulary = found.map_vocabulary()
    assert isinstance(vocabulary, Vocabulary)
    gm = load_map_file(found.maps_dir / f"{found.default_map}.toml")
    areas = sorted(a for a in gm.areas if gm.node(a).sheet in (None, gm.default_sheet))  # the sheet drawn
    ov = Overlay(
        title=ruleset_id, vocabulary=vocabulary,
        markers=[Marker(area=areas[i % len(areas)], label=f"U{i}", faction="f", colour=RED, shape=s)
                 for i, s in enumerate(vocabulary.shapes)],
        highlights=[Highlight(area=areas[i % len(areas)], kind=k) for i, k in enumerate(vocabulary.highlights)],
        routes=[Route(areas=areas[:2], colour=RED, style=r) for r in vocabulary.routes],
        lines=[Line(places=areas[:2], style=s) for s in vocabulary.lines])
    scene = draw_scene(gm, ov, width_px=800)
    assert all(drawable(look.symbol) for look in vocabulary.highlights.values())
    names = [look.name for table in (vocabulary.shapes, vocabulary.highlights, vocabulary.routes, vocabulary.lines)
             for look in table.values()]
    assert [label for label in key_of(scene) if label in names] == names


def test_every_glyph_a_vocabulary_may_name_is_drawn(small_map: GameMap) -> None:
    from bot.render.style import GLYPH_MARKER
    from bot.render.vocabulary import GLYPHS
    assert set(GLYPHS) == set(GLYPH_MARKER)
    every = Vocabulary(shapes={g: ShapeStyle(name=g, glyph=g, hollow=i % 2 == 1) for i, g in enumerate(GLYPHS)})
    areas = sorted(small_map.areas)
    ov = Overlay(title="glyphs", vocabulary=every, units_as="cards",
                 markers=[Marker(area=areas[i % len(areas)], label=g, faction="f", colour=RED, shape=g)
                          for i, g in enumerate(GLYPHS)])
    scene = draw_scene(small_map, ov, width_px=800)
    assert sorted(m.shape for m, _, _ in scene.tokens) == sorted(GLYPHS)
    assert [label for label in key_of(scene) if label in GLYPHS] == list(GLYPHS)
