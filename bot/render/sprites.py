"""Drawing in batches: text as cached sprites, thin lines as one collection per height,
arrows drawn straight onto the renderer.

A text drawn by matplotlib costs a FreeType layout and a bitmap per glyph, and a
haloed one is a stroked and a filled path of every glyph, on every render. The
maps draw the same strings again and again (unit names, "+2 more", counts, the
legend), so each distinct (text, font, colour, halo, alignment, dpi) is drawn
once per process, by matplotlib itself into a small transparent image (the
same glyphs, halo and fallback fonts as a text artist), and composited onto the
figure at its anchor's pixel (``_Sprites``; ``PictureArtist`` does the same for
the static layer). The anchor is rounded to a whole pixel, so a text may sit up
to half a pixel from where matplotlib would put it; nothing else changes. Each
height (zorder) has one compositing artist, so what is above what stays the same.

Arrows (routes, the legend's swatch) were FancyArrowPatches: each finds where its
curve leaves the nodes by bisection and builds its head through several layers of
objects, which at 180 routes was most of an L map's drawing. ``_Arrows`` computes
the same curve (matplotlib's arc3: a quadratic Bézier), cut where it leaves a
circle round each end, and the same "-|>" head (ArrowStyle.CurveFilledB's
geometry), and draws each arrow's halo and stroke in the order the patch and
its path effects did.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np
from matplotlib import patheffects
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.transforms import IdentityTransform

from bot.render.style import Font

# Of cached pixels: a 60-node map's texts at 1400 px take 0.3 MB, two 1,000-unit maps' 1.2 MB (about 3.5 KB a text).
MAX_SPRITE_BYTES = 16 * 2**20
MAX_FIGURES = 8  # the dpis (widths) a text was drawn at


@dataclass(frozen=True)
class Sprite:
    rgba: np.ndarray  # (h, w, 4) uint8, rows bottom up (as RendererAgg.draw_image takes them)
    dx: int  # from the anchor's pixel to the image's lower left corner
    dy: int


_cache: OrderedDict[tuple, Sprite] = OrderedDict()
_cached_bytes = 0
_lock = threading.Lock()
_figures: dict[float, Figure] = {}  # a text needs a figure for its dpi; one per dpi, used under _lock
drawn = 0  # sprites rasterised: lets tests see the cache work


def sprite(text: str, font: Font, colour: str, ha: str, va: str, dpi: float) -> Sprite:
    """The sprite of this text, drawn on first use (``font``'s family already the map's)."""
    key = (text, font, colour, ha, va, dpi)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
        made = _rasterise(text, font, colour, ha, va, dpi)
        _keep(key, made)
        return made


def _keep(key: tuple, made: Sprite) -> None:
    global _cached_bytes, drawn
    drawn += 1
    _cache[key] = made
    _cached_bytes += made.rgba.nbytes
    while _cached_bytes > MAX_SPRITE_BYTES and len(_cache) > 1:
        _, old = _cache.popitem(last=False)
        _cached_bytes -= old.rgba.nbytes


def clear_cache() -> None:
    global _cached_bytes
    with _lock:
        _cache.clear()
        _cached_bytes = 0


def _rasterise(text: str, font: Font, colour: str, ha: str, va: str, dpi: float) -> Sprite:
    """Draw the text with matplotlib at the middle of a transparent canvas twice its size
    (room for any alignment and the halo), and keep the pixels it touched."""
    prop = font.prop()
    if dpi not in _figures and len(_figures) >= MAX_FIGURES:
        _figures.clear()
    figure = _figures.get(dpi) or _figures.setdefault(dpi, Figure(dpi=dpi))
    probe = RendererAgg(1, 1, dpi)
    lines = text.split("\n")  # (the maps' texts are one line; a caller's may not be)
    w, h = (max(extents) for extents in zip(*(probe.get_text_width_height_descent(line or " ", prop, ismath=False)[:2]
                                               for line in lines)))
    pad = math.ceil(font.halo * dpi / 72) + 4
    width, height = 2 * math.ceil(w) + 2 * pad, 2 * len(lines) * math.ceil(h * 1.3) + 2 * pad
    cx, cy = width // 2, height // 2
    renderer = RendererAgg(width, height, dpi)
    effects = [patheffects.withStroke(linewidth=font.halo, foreground="white")] if font.halo else None
    artist = Text(cx, cy, text, fontproperties=prop, color=colour, ha=ha, va=va, parse_math=False,
                  path_effects=effects, transform=IdentityTransform())
    artist.set_figure(figure)
    artist.draw(renderer)
    pixels = np.asarray(renderer.buffer_rgba())  # rows top down
    rows, cols = np.flatnonzero(pixels[..., 3].any(axis=1)), np.flatnonzero(pixels[..., 3].any(axis=0))
    if not len(rows):
        return Sprite(np.zeros((0, 0, 4), np.uint8), 0, 0)
    top, bottom, left, right = rows[0], rows[-1], cols[0], cols[-1]
    crop = np.ascontiguousarray(pixels[top:bottom + 1, left:right + 1][::-1])
    # Display y runs up from the canvas' bottom edge: row r of the buffer is y = height - 1 - r.
    return Sprite(crop, int(left - cx), int(height - 1 - bottom - cy))


class _Sprites(Artist):
    """The text sprites of one height, each at its anchor (layout units) rounded to a pixel."""

    def __init__(self, zorder: float) -> None:
        super().__init__()
        self.items: list[tuple[Sprite, float, float]] = []
        self.set_zorder(zorder)

    def draw(self, renderer) -> None:
        if not self.items:
            return
        anchors = self.axes.transData.transform([(x, y) for _, x, y in self.items])
        gc = renderer.new_gc()
        for (made, _, _), (x, y) in zip(self.items, np.rint(anchors).astype(int).tolist()):
            if made.rgba.size:
                renderer.draw_image(gc, x + made.dx, y + made.dy, made.rgba)
        gc.restore()


class _Lines(Artist):
    """Thin straight lines of one height and style, drawn as one LineCollection."""

    def __init__(self, zorder: float, lw: float, alpha: float, capstyle: str) -> None:
        super().__init__()
        self.segments: list[list[tuple[float, float]]] = []
        self.colours: list[str] = []
        self.style = dict(linewidths=lw, alpha=alpha, capstyle=capstyle)
        self.set_zorder(zorder)

    def draw(self, renderer) -> None:
        if not self.segments:
            return
        lines = LineCollection(self.segments, colors=self.colours, **self.style)
        lines.set_figure(self.figure)
        lines.axes = self.axes
        lines.set_transform(self.axes.transData)
        lines.draw(renderer)


TILE = 32  # rows of a band of a mostly transparent picture
TILE_GAP = 16  # columns of nothing that split a band into two tiles


@dataclass(frozen=True)
class Picture:
    """A full-size image prepared once for being composited on every render: copied into the
    canvas when it is opaque (the same pixels as blending it, at a fraction of the cost), else
    only its tiles that hold something are blended (the static layer's names cover a fifth of it)."""

    height: int
    opaque: np.ndarray | None  # the pixels, rows top down, when every one of them is opaque
    tiles: tuple[tuple[int, int, np.ndarray], ...] = ()  # (x, y from the bottom, pixels bottom up)


def picture(rgba: np.ndarray) -> Picture:
    if rgba[..., 3].min() == 255:
        return Picture(rgba.shape[0], rgba)
    alpha = rgba[..., 3]
    tiles = []
    for top in range(0, rgba.shape[0], TILE):
        band = alpha[top:top + TILE].any(axis=0)
        cols = np.flatnonzero(band)
        if not len(cols):
            continue
        breaks = np.flatnonzero(np.diff(cols) > TILE_GAP)
        for start, end in zip([cols[0], *cols[breaks + 1]], [*cols[breaks], cols[-1]]):
            part = rgba[top:top + TILE, start:end + 1]
            tiles.append((int(start), rgba.shape[0] - top - part.shape[0], np.ascontiguousarray(part[::-1])))
    return Picture(rgba.shape[0], None, tuple(tiles))


class PictureArtist(Artist):
    """A ``Picture`` at a pixel offset, unscaled: ``imshow`` would resample the full-size image
    on every render (about 50 ms each)."""

    def __init__(self, pic: Picture, bottom_px: float, zorder: float) -> None:
        super().__init__()
        self._pic = pic
        self._bottom = round(bottom_px)
        self.set_zorder(zorder)

    def draw(self, renderer) -> None:
        pic, bottom = self._pic, self._bottom
        if pic.opaque is not None and isinstance(renderer, RendererAgg):
            canvas = np.asarray(renderer.buffer_rgba())  # rows top down: display y is height - 1 - row
            top = canvas.shape[0] - bottom - pic.height
            if top >= 0 and pic.opaque.shape[1] <= canvas.shape[1]:
                canvas[top:top + pic.height, :pic.opaque.shape[1]] = pic.opaque
                return
        gc = renderer.new_gc()
        if pic.opaque is not None:
            renderer.draw_image(gc, 0, bottom, pic.opaque[::-1])
        for x, y, pixels in pic.tiles:
            renderer.draw_image(gc, x, bottom + y, pixels)
        gc.restore()


@dataclass(frozen=True)
class Arrow:
    """An arc3 arrow from ``a`` to ``b`` (layout units); widths, shrinks and head size in points."""

    a: tuple[float, float]
    b: tuple[float, float]
    colour: str
    lw: float
    rad: float = 0.0
    shrink_a: float = 0.0
    shrink_b: float = 0.0
    head: bool = True  # a filled head at b ("-|>"), else a plain curve ("-")
    mutation: float = 10.0  # the head's scale: 0.4 of it long, 0.2 of it wide
    dash: tuple[float, ...] = ()  # in line widths, as a patch's linestyle (0, dash)
    halo: tuple[float, str, float] | None = None  # (width, colour, alpha) drawn under each path


_T = np.linspace(0.0, 1.0, 129)[:, None]


def _cut(distance: np.ndarray, t: np.ndarray, radius: float) -> float | None:
    """Where (in t) the distance first reaches ``radius``; None if it never does."""
    beyond = np.flatnonzero(distance >= radius)
    if not len(beyond):
        return None
    i = beyond[0]
    if i == 0:
        return float(t[0])
    d0, d1 = distance[i - 1], distance[i]
    return float(t[i - 1] + (radius - d0) / (d1 - d0) * (t[i] - t[i - 1]))


def arrow_paths(p0: np.ndarray, p2: np.ndarray, arrow: Arrow, px_per_pt: float) -> list[tuple[Path, bool]]:
    """The arrow's paths in display coordinates and whether each is filled: the curve, and its head."""
    d = p2 - p0
    c = (p0 + p2) / 2 + arrow.rad * np.array([d[1], -d[0]])
    curve = (1 - _T) ** 2 * p0 + 2 * (1 - _T) * _T * c + _T**2 * p2
    t = _T[:, 0]
    t0 = _cut(np.hypot(*(curve - p0).T), t, arrow.shrink_a * px_per_pt) if arrow.shrink_a else 0.0
    t1 = _cut(np.hypot(*(curve - p2).T)[::-1], 1 - t[::-1], arrow.shrink_b * px_per_pt) if arrow.shrink_b else 0.0
    t0, t1 = t0 or 0.0, 1.0 - (t1 or 0.0)  # a cut that is not found is not made (as matplotlib's shrink)
    q0 = (1 - t0) ** 2 * p0 + 2 * (1 - t0) * t0 * c + t0**2 * p2
    q2 = (1 - t1) ** 2 * p0 + 2 * (1 - t1) * t1 * c + t1**2 * p2
    q1 = (1 - t0) * (1 - t1) * p0 + ((1 - t0) * t1 + t0 * (1 - t1)) * c + t0 * t1 * p2
    codes = [Path.MOVETO, Path.CURVE3, Path.CURVE3]
    if not arrow.head or np.array_equal(q1, q2):
        return [(Path(np.array([q0, q1, q2]), codes), False)]
    size = arrow.mutation * px_per_pt
    length, width = 0.4 * size, 0.2 * size
    dist = math.hypot(length, width)
    cos_t, sin_t = length / dist, width / dist
    back = q1 - q2
    along = float(np.hypot(*back)) or 1.0
    pad = 0.5 * arrow.lw * px_per_pt / sin_t * back / along  # the stroke's projection past the tip
    dx, dy = back / along * dist
    tip = q2 + pad
    wedge = [tip + (cos_t * dx + sin_t * dy, -sin_t * dx + cos_t * dy), tip,
             tip + (cos_t * dx - sin_t * dy, sin_t * dx + cos_t * dy), (0.0, 0.0)]
    return [(Path(np.array([q0, q1, tip]), codes), False),
            (Path(np.array(wedge), [Path.MOVETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY]), True)]


class _Arrows(Artist):
    """Arrows of one height, in order, each its halo then itself for each of its paths."""

    def __init__(self, zorder: float) -> None:
        super().__init__()
        self.arrows: list[Arrow] = []
        self.set_zorder(zorder)

    def draw(self, renderer) -> None:
        if not self.arrows:
            return
        k = renderer.points_to_pixels(1.0)
        ends = self.axes.transData.transform([p for arrow in self.arrows for p in (arrow.a, arrow.b)])
        identity = IdentityTransform()
        gc = renderer.new_gc()
        gc.set_capstyle("round")  # a FancyArrowPatch's
        gc.set_joinstyle("round")
        for i, arrow in enumerate(self.arrows):
            colour = to_rgba(arrow.colour)
            dashes = (0.0, [d * arrow.lw for d in arrow.dash]) if arrow.dash else (0, None)
            gc.set_dashes(*dashes)
            for path, filled in arrow_paths(ends[2 * i], ends[2 * i + 1], arrow, k):
                if arrow.halo:
                    width, halo_colour, alpha = arrow.halo
                    gc.set_linewidth(width)
                    gc.set_foreground(halo_colour)
                    gc.set_alpha(alpha)
                    renderer.draw_path(gc, path, identity, colour if filled else None)
                gc.set_linewidth(arrow.lw)
                gc.set_alpha(None)  # before the colour: a forced alpha would stay in it
                gc.set_foreground(colour, isRGBA=True)
                renderer.draw_path(gc, path, identity, colour if filled else None)
        gc.restore()


@dataclass
class Batch:
    """A scene's batched drawing (tests read ``texts``: every text drawn, with its font)."""

    texts: list[tuple[str, Font]] = field(default_factory=list)
    _sprites: dict[float, _Sprites] = field(default_factory=dict)
    _lines: dict[tuple, _Lines] = field(default_factory=dict)
    _arrows: dict[float, _Arrows] = field(default_factory=dict)

    def text(self, ax: Axes, x: float, y: float, text: str, font: Font, *, colour: str, zorder: float,
             ha: str, va: str) -> None:
        if not text:
            return
        self.texts.append((text, font))
        layer = _layer(ax, self._sprites, zorder, lambda: _Sprites(zorder))
        layer.items.append((sprite(text, font, colour, ha, va, ax.get_figure(root=True).dpi), x, y))

    def line(self, ax: Axes, xs: tuple[float, float], ys: tuple[float, float], *, colour: str, lw: float,
             alpha: float, zorder: float, capstyle: str = "butt") -> None:
        key = (zorder, lw, alpha, capstyle)
        layer = _layer(ax, self._lines, key, lambda: _Lines(zorder, lw, alpha, capstyle))
        layer.segments.append(list(zip(xs, ys)))
        layer.colours.append(colour)


    def arrow(self, ax: Axes, arrow: Arrow, *, zorder: float) -> None:
        _layer(ax, self._arrows, zorder, lambda: _Arrows(zorder)).arrows.append(arrow)


def _layer(ax: Axes, layers: dict, key, make):
    """The batch artist under ``key``, added to ``ax`` on first use (again if it was removed:
    the static layer removes what it has drawn before drawing the names)."""
    layer = layers.get(key)
    if layer is None or layer.axes is not ax:
        layer = layers[key] = make()
        ax.add_artist(layer)
    return layer
