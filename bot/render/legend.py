"""The title band above the map and the legend band below it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from matplotlib import image as plt_image
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from bot.domain.gamemap import GameMap
from bot.i18n import messages
from bot.domain.gamemap_profile import INLAND, PLACE, PORT, LineLook
from bot.render.drawing import map_drawing
from bot.render.legend_layout import LEGEND_ROW, LEGEND_SWATCH, LegendItem, item_width, legend_height
from bot.render.overlay import Overlay
from bot.render.scene import Measure, Scene
from bot.render.sprites import Arrow, Batch, Picture, PictureArtist, picture
from bot.render.style import (
    COAST_EDGE,
    F_LEGEND,
    F_LEGEND_HEAD,
    F_MAPNAME,
    F_PORT_GLYPH,
    F_SUBTITLE,
    F_TITLE,
    GLYPH_MARKER,
    INK,
    LAND_ADJ,
    MUTED,
    NOMINAL_W,
    R_PLACE,
    R_INLAND,
    SIDE,
    Font,
    clip,
    faction_colour,
    linestyle,
    pt,
)
from bot.render.vocabulary import HighlightStyle, LineStyle, RouteStyle, ShapeStyle


def _fit(scene: Scene, text: str, font: Font, max_w: float) -> str:
    if scene.measure(text, font)[0] <= max_w:
        return text
    while text and scene.measure(text + "…", font)[0] > max_w:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_title(scene: Scene) -> None:
    top = scene.height
    map_name = scene.gm.name
    name_w = scene.measure(map_name, F_MAPNAME)[0]
    room = NOMINAL_W - 2 * SIDE - name_w - 30
    scene.text(SIDE + 4, top - 12, _fit(scene, scene.ov.title, F_TITLE, room), F_TITLE, zorder=12, va="top")
    if scene.ov.subtitle:
        scene.text(SIDE + 4, top - 40, _fit(scene, scene.ov.subtitle, F_SUBTITLE, room), F_SUBTITLE,
                   zorder=12, va="top")
    scene.text(NOMINAL_W - SIDE - 4, top - 16, map_name, F_MAPNAME, zorder=12, ha="right", va="top")


def legend_items(gm: GameMap, ov: Overlay) -> list[list[LegendItem]]:
    """Two groups: the factions in play, then a key to the symbols used: the overlay's
    shapes, highlights and routes in its vocabulary's order and words, the map's own
    nodes and lines in its profile's words (bot.render.drawing), then the overlay's lines."""
    factions = list(dict.fromkeys([*ov.faction_names, *ov.faction_colours, *ov.area_owner.values(),
                                   *(m.faction for m in ov.markers)]))
    t = messages(ov.language)  # the renderer's own words; the vocabulary's come worded by the caller
    groups = []
    if factions:
        items = [LegendItem(t._("Factions"), _no_swatch, head=True)]
        for f in factions:
            colour = faction_colour(ov, f)
            items.append(LegendItem(clip(ov.faction_names.get(f, f), 32), _swatch_disc(colour)))
        groups.append(items)
    key = [LegendItem(t._("Key"), _no_swatch, head=True)]
    v = ov.vocabulary
    shapes = {m.shape for m in ov.markers}
    key += [LegendItem(look.name, _swatch_shape(look)) for s, look in v.shapes.items() if s in shapes]
    kinds = {h.kind for h in ov.highlights}
    key += [LegendItem(look.name, _swatch_highlight(look)) for k, look in v.highlights.items() if k in kinds]
    routes = {ov.route_style(r) for r in ov.routes}
    key += [LegendItem(look.name, _swatch_arrow(look)) for r, look in v.routes.items() if r in routes]
    key += map_key(gm, ov.language)
    lines = {line.style for line in ov.lines}
    key += [LegendItem(look.name, _swatch_mark(look)) for s, look in v.lines.items() if s in lines]
    groups.append(key)
    return groups


def map_key(gm: GameMap, language: str) -> list[LegendItem]:
    """The map's own features in its profile's words, in the reader's language (the words are
    the ruleset's, so its catalogue has them): its node looks (places, inland ones, ports), then
    each edge kind and section drawn as lines, where the map has any."""
    drawing = map_drawing(gm)
    t = messages(language, gm.ruleset)
    words = {look: t._(word) for look, word in drawing.legend.items()}
    nodes = list(gm.nodes.values())
    key = []
    if PLACE in words and any(n.look == PLACE and INLAND not in n.flags for n in nodes):
        key.append(LegendItem(words[PLACE], _swatch_node(inland=False)))
    if INLAND in words and any(INLAND in n.flags and n.look == PLACE for n in nodes):
        key.append(LegendItem(words[INLAND], _swatch_node(inland=True)))
    if PORT in words and any(n.look == PORT for n in nodes):
        key.append(LegendItem(words[PORT], _swatch_port))
    kinds = {e.kind for e in gm.edges}
    key += [LegendItem(t._(look.legend), _swatch_map_line(look)) for kind, look in drawing.edge_lines.items()
            if look.legend and kind in kinds]
    key += [LegendItem(t._(s.look.legend), _swatch_map_line(s.look)) for s in drawing.section_lines
            if s.look.legend and gm.entries(s.section)]
    return key


MAX_BANDS = 16  # legends kept as pictures; one is about 0.5 MB at 1400 px (its rows only)

# The legend of a map, as the pixels it puts on the image (transparent elsewhere) and the texts it
# drew, per (image size, fonts, legend items): a campaign's maps draw the same legend turn after
# turn, and its swatches and words are a tenth of a render. Only legends whose every swatch says
# what it draws (``_keyed``) are kept; one with an icon (an image artist) is drawn each time.
_bands: OrderedDict[tuple, tuple[Picture, tuple[tuple[str, Font], ...]]] = OrderedDict()
_bands_lock = threading.Lock()


def draw_legend(scene: Scene) -> None:
    key = _band_key(scene)
    if key is None:
        _draw_legend(scene)
        return
    with _bands_lock:
        found = _bands.get(key)
        if found is not None:
            _bands.move_to_end(key)
    if found is None:
        found = _draw_band(scene)
        with _bands_lock:
            _bands[key] = found
            while len(_bands) > MAX_BANDS:
                _bands.popitem(last=False)
    pixels, texts = found
    scene.ax.add_artist(PictureArtist(pixels, 0, zorder=12))
    scene.batch.texts.extend(texts)


def clear_cache() -> None:
    with _bands_lock:
        _bands.clear()


def _band_key(scene: Scene) -> tuple | None:
    items = tuple((item.label, item.head, None if item.head else getattr(item.draw, "band_key", None))
                  for row in scene.legend_rows for item in row)
    if any(not head and swatch is None for _, head, swatch in items):
        return None
    return (tuple(scene.fig.canvas.get_width_height()), scene.fig.dpi, scene.height, scene.measure.families,
            tuple(len(row) for row in scene.legend_rows), items)


@dataclass
class _Band:
    """What the legend's drawing needs of a scene, on a transparent figure of the scene's size."""

    ax: Axes
    measure: Measure
    legend_rows: list
    batch: Batch

    def text(self, x: float, y: float, text: str, font: Font, *, zorder: float, ha: str = "left",
             va: str = "bottom", colour: str | None = None) -> None:
        font = self.measure.font(font)
        self.batch.text(self.ax, x, y, text, font, colour=colour or font.colour, zorder=zorder, ha=ha, va=va)


def _draw_band(scene: Scene) -> tuple[Picture, tuple[tuple[str, Font], ...]]:
    fig = Figure(figsize=scene.fig.get_size_inches(), dpi=scene.fig.dpi, facecolor="none")
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_xlim(*scene.ax.get_xlim())
    ax.set_ylim(*scene.ax.get_ylim())
    band = _Band(ax, scene.measure, scene.legend_rows, Batch())
    _draw_legend(band)
    fig.canvas.draw()
    return picture(np.asarray(fig.canvas.buffer_rgba()).copy()), tuple(band.batch.texts)


def _keyed(draw: Callable[[Scene, float, float], None], *key) -> Callable[[Scene, float, float], None]:
    """``draw`` marked with what it draws, so that a legend made of such swatches can be kept."""
    draw.band_key = key
    return draw


def _draw_legend(scene: Scene) -> None:
    y = legend_height(scene.legend_rows) - 7 - LEGEND_ROW / 2
    for row in scene.legend_rows:
        x = SIDE + 4
        for item in row:
            if item.head:
                scene.text(x, y, item.label, F_LEGEND_HEAD, zorder=12, va="center_baseline")
            else:
                item.draw(scene, x + LEGEND_SWATCH / 2, y)
                scene.text(x + LEGEND_SWATCH + 5, y, item.label, F_LEGEND, zorder=12, va="center_baseline")
            x += item_width(scene.measure, item)
        y -= LEGEND_ROW


def _no_swatch(scene: Scene, x: float, y: float) -> None:
    pass


def _swatch_disc(colour: str) -> Callable[[Scene, float, float], None]:
    def draw(scene: Scene, x: float, y: float) -> None:
        scene.ax.add_artist(Circle((x, y), 7, facecolor=colour, edgecolor=INK, lw=0.6, zorder=12))
    return _keyed(draw, "disc", colour)


def _swatch_shape(look: ShapeStyle) -> Callable[[Scene, float, float], None]:
    marker = GLYPH_MARKER[look.glyph]

    def draw(scene: Scene, x: float, y: float) -> None:
        if look.hollow:  # as drawn on the map: a pale fill, the colour on the rim
            size = 11 * look.size
            scene.ax.scatter([x], [y], s=pt(size) ** 2, marker=marker, c="white", edgecolors=MUTED,
                             linewidths=pt(size / 7), zorder=12)
            return
        scene.ax.scatter([x], [y], s=pt(10 * look.size) ** 2, marker=marker, c="#8a8a8a", edgecolors=INK,
                         linewidths=0.6, zorder=12)
    return _keyed(draw, "shape", look.glyph, look.hollow, look.size)


def _swatch_highlight(look: HighlightStyle) -> Callable[[Scene, float, float], None]:
    if look.icon:
        return _swatch_icon(look)

    def draw(scene: Scene, x: float, y: float) -> None:
        scene.ax.add_artist(Circle((x, y), 8, facecolor="white", edgecolor=look.colour, lw=pt(2.2),
                                  linestyle=linestyle(look.dash), zorder=12))
        scene.text(x, y, look.symbol, Font(8.5, "bold", halo=0), zorder=12.5, ha="center", va="center",
                   colour=look.colour)
    return _keyed(draw, "ring", look.colour, tuple(look.dash), look.symbol)


def _swatch_icon(look: HighlightStyle) -> Callable[[Scene, float, float], None]:
    """The ring, smaller, with the art's picture flying from its upper right as on the map."""
    picture = plt_image.imread(look.icon)
    h, w = picture.shape[:2]

    def draw(scene: Scene, x: float, y: float) -> None:
        scene.ax.add_artist(Circle((x - 7, y - 3), 4.5, facecolor="white", edgecolor=look.colour, lw=pt(1.8),
                                  linestyle=linestyle(look.dash), zorder=12))
        top, width = y + 10, 16 * w / h
        scene.ax.imshow(picture, extent=(x - 2, x - 2 + width, top - 16, top), zorder=11.9, interpolation="bilinear")
    return draw


def _swatch_arrow(look: RouteStyle) -> Callable[[Scene, float, float], None]:
    dash = look.dash if look.legend_dash is None else look.legend_dash

    def draw(scene: Scene, x: float, y: float) -> None:
        # (as a FancyArrowPatch with its default shrink of 2 points at each end: bot.render.sprites)
        scene.batch.arrow(scene.ax, Arrow((x - 11, y), (x + 11, y), INK, pt(2.4), shrink_a=2, shrink_b=2,
                                          mutation=pt(16), dash=dash), zorder=12)
    return _keyed(draw, "arrow", tuple(dash))


def _swatch_mark(look: LineStyle) -> Callable[[Scene, float, float], None]:
    width = look.width if look.legend_width is None else look.legend_width
    return _swatch_line(look.colour, linestyle(look.dash, solid="-"), width)


def _swatch_map_line(look: LineLook) -> Callable[[Scene, float, float], None]:
    width = look.width if look.legend_width is None else look.legend_width
    return _swatch_line(look.colour, linestyle(look.dash, solid="-"), width, alpha=look.legend_alpha)


def _swatch_node(*, inland: bool) -> Callable[[Scene, float, float], None]:
    def draw(scene: Scene, x: float, y: float) -> None:
        if not inland:
            scene.ax.add_artist(Circle((x, y), R_PLACE - 1, facecolor="white", edgecolor=COAST_EDGE, lw=pt(2.4),
                                      zorder=12))
        else:
            scene.ax.add_artist(Circle((x, y), R_INLAND, facecolor="white", edgecolor=LAND_ADJ, lw=pt(1.6),
                                      linestyle=(0, (2, 1)), zorder=12))
    return _keyed(draw, "node", inland)


def _swatch_port(scene: Scene, x: float, y: float) -> None:
    scene.text(x, y, "⚓", F_PORT_GLYPH, zorder=12, ha="center", va="center")


_keyed(_swatch_port, "port")
_keyed(_no_swatch, "none")


def _swatch_line(colour: str, style, width: float, alpha: float = 1.0) -> Callable[[Scene, float, float], None]:
    def draw(scene: Scene, x: float, y: float) -> None:
        scene.ax.plot([x - 11, x + 11], [y, y], color=colour, lw=width, linestyle=style, alpha=alpha, zorder=12,
                      solid_capstyle="butt")
    return _keyed(draw, "line", colour, repr(style), width, alpha)
