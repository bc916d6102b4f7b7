"""The state of one render: figure, axes, text measuring, projection, placer.

Every drawing step takes the ``Scene`` and adds to it; ``png_bytes`` turns the
finished figure into PNG bytes.
"""

from __future__ import annotations

import math
import struct
import threading
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from dataclasses import replace

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from PIL import Image

from bot.domain.gamemap import GameMap, MapArt
from bot.render.fonts import BASE_FAMILY, families_for
from bot.render.geometry import Box, Frame, PlacedLabel
from bot.render.legend_layout import LegendItem, legend_height, legend_rows
from bot.render.overlay import Marker, Overlay
from bot.render.placer import Placer
from bot.render.sprites import Batch
from bot.render.style import MUTED, NOMINAL_W, PAPER, SIDE, TITLE_H, Font


PNG_LEVEL = 1  # zlib's compression level for the PNG (see png_bytes)
PALETTE_SAMPLE = 3  # the PNG's palette is chosen from one pixel in PALETTE_SAMPLE² (see png_bytes)
MAX_METRICS = 100_000  # cached text extents; a busy L map measures a few thousand strings

# Text extents in pixels per (text, font properties, dpi), for every render in the process:
# matplotlib caches them per renderer, and each render has a fresh one, so a warm render
# measured every string again (FreeType's layout, about a third of a render's time). The
# extents depend on nothing else, so the pictures stay the same to the byte.
_metrics: dict[tuple, tuple[float, float, float]] = {}


def _prop_key(prop) -> tuple:
    """A FontProperties' state as a key (the object is mutable, its hash follows its state)."""
    return tuple(tuple(v) if isinstance(v, list) else v for v in vars(prop).values())


class _Renderer(RendererAgg):
    """The Agg renderer with the process-wide text extents (``_metrics``)."""

    def get_text_width_height_descent(self, s, prop, ismath):
        if ismath is not False:
            return super().get_text_width_height_descent(s, prop, ismath)
        key = (s, _prop_key(prop), self.dpi)
        extents = _metrics.get(key)
        if extents is None:
            extents = super().get_text_width_height_descent(s, prop, ismath)
            if len(_metrics) >= MAX_METRICS:
                _metrics.clear()
            _metrics[key] = extents
        return extents


class _Canvas(FigureCanvasAgg):
    """FigureCanvasAgg drawing with ``_Renderer`` (its get_renderer, with that class)."""

    def get_renderer(self):
        w, h = self.get_width_height(physical=True)
        key = w, h, self.figure.dpi
        if self._lastKey != key:
            self.renderer = _Renderer(w, h, self.figure.dpi)
            self._lastKey = key
        return self.renderer


# A figure whose render is finished, per thread, for the next render there: building the Axes
# (its spines and axis objects) is about a third of a quiet map's scene. Only a figure handed
# back by ``Scene.release`` is taken again, emptied and set as a new one is, so the pictures are
# the same to the byte.
_spare = threading.local()


def _figure(dpi: float, facecolor: str) -> tuple[Figure, Axes]:
    """A figure of one full-size Axes at ``dpi``: the one this thread released, else a new one."""
    spare = getattr(_spare, "figure", None)
    _spare.figure = None
    if spare is None:
        fig = Figure(figsize=(NOMINAL_W / 100, 8), dpi=dpi, facecolor=facecolor)
        _Canvas(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        # Every artist added is clipped to the axes' patch, which builds that patch's transform
        # anew each time (a third of adding a text or patch); it never changes, so build it once.
        clip_transform = ax.patch.get_transform()
        ax.patch.get_transform = lambda: clip_transform
        return fig, ax
    fig, ax = spare
    fig.set_dpi(dpi)
    fig.set_size_inches(NOMINAL_W / 100, 8)
    fig.set_facecolor(facecolor)
    ax.set_prop_cycle(None)  # the colour cycle from its start, as in a new Axes
    return fig, ax


_measurers = threading.local()


def _measurer(dpi: float) -> _Renderer:
    """A renderer of one pixel, per thread and dpi, to measure text with: extents depend on the
    font and the dpi only, and measuring with the figure's renderer made it allocate a full-size
    canvas for the figure's first size and another when the size was set (a few ms each)."""
    by_dpi = getattr(_measurers, "by_dpi", None)
    if by_dpi is None:
        by_dpi = _measurers.by_dpi = {}
    renderer = by_dpi.get(dpi)
    if renderer is None:
        renderer = by_dpi[dpi] = _Renderer(1, 1, dpi)
    return renderer


class Measure:
    """Text extents in layout units (the renderer caches them for the process)."""

    def __init__(self, fig: Figure, width_px: int, families: tuple[str, ...] = (BASE_FAMILY,)) -> None:
        self._fig = fig
        self._k = width_px / NOMINAL_W  # pixels per layout unit
        self._cache: dict[tuple[str, Font], tuple[float, float]] = {}
        self.families = families  # of the map's language (bot.render.fonts), for every text

    def font(self, font: Font) -> Font:
        """``font`` in the families of the map's language (DejaVu alone: unchanged)."""
        return font if self.families == (BASE_FAMILY,) else replace(font, family=self.families)

    @property
    def px_per_unit(self) -> float:
        return self._k

    def __call__(self, text: str, font: Font) -> tuple[float, float]:
        key = (text, font)
        if key not in self._cache:
            w, h, _ = _measurer(self._fig.dpi).get_text_width_height_descent(text, self.font(font).prop(), ismath=False)
            self._cache[key] = (w / self._k, h / self._k)
        return self._cache[key]


@dataclass
class Scene:
    gm: GameMap
    ov: Overlay
    fig: Figure
    ax: Axes
    measure: Measure
    frame: Frame
    legend_rows: list[list[LegendItem]]
    height: float  # of the whole image, layout units
    placer: Placer
    bottom: float  # of the map region: the legend band's height
    sheet: str  # the map's sheet drawn (one at a time)
    # area id -> (x, y, footprint radius), filled when the nodes are drawn
    nodes: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    # every unit token drawn: (marker, x, y) in layout units; tests read it
    tokens: list[tuple[Marker, float, float]] = field(default_factory=list)
    # every label placed, the static layer's names included; and what found no free spot
    labels: list[PlacedLabel] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)
    glyphs: list[Box] = field(default_factory=list)  # event glyphs on the rings: labels keep off them too
    batch: Batch = field(default_factory=Batch)  # texts as sprites, leader lines (bot.render.sprites)

    @classmethod
    def create(cls, gm: GameMap, ov: Overlay, width_px: int, *, bands: bool = True,
               legend: Sequence[Sequence[LegendItem]] = (), facecolor: str = PAPER,
               sheet: str | None = None) -> Scene:
        """A scene for the whole image, ``legend`` its legend's groups (bot.render.legend);
        ``bands=False``: the map region only (the static layer, see ``bot.render.static``).
        ``sheet``: which of the map's sheets (its first when not given)."""
        sheet = sheet or gm.default_sheet
        art = gm.sheets[sheet].art
        dpi = 100.0 * width_px / NOMINAL_W
        fig, ax = _figure(dpi, facecolor)
        measure = Measure(fig, width_px, families_for(ov.language))
        # Bottom to top: legend band, map region, title band.
        rows = legend_rows(measure, legend) if bands else []
        legend_h = legend_height(rows) if bands else 0.0
        frame = Frame.fit_art(art.width, art.height, bottom=legend_h) if art else \
            Frame.fit(_map_points(gm, sheet), bottom=legend_h)
        height = legend_h + frame.height + (TITLE_H if bands else 0.0)
        # +0.5 px so that the canvas never truncates to one pixel less.
        fig.set_size_inches((width_px + 0.5) / dpi, (height * width_px / NOMINAL_W + 0.5) / dpi)
        ax.set_xlim(0, NOMINAL_W)
        ax.set_ylim(0, height)
        placer = Placer(Box(SIDE + 4, legend_h + 4, SIDE + frame.width - 4, legend_h + frame.height - 4))
        return cls(gm, ov, fig, ax, measure, frame, rows, height, placer, legend_h, sheet)

    def release(self) -> None:
        """Hand the figure back for this thread's next render, emptied; the scene is done with
        (its PNG made). A scene never released keeps its figure."""
        ax = self.ax
        for artist in [*ax.collections, *ax.patches, *ax.lines, *ax.texts, *ax.artists, *ax.images, *ax.tables]:
            artist.remove()
        _spare.figure = (self.fig, self.ax)

    @property
    def map_box(self) -> Box:
        return Box(SIDE, self.bottom, SIDE + self.frame.width, self.bottom + self.frame.height)

    def text(self, x: float, y: float, text: str, font: Font, *, zorder: float,
             ha: str = "left", va: str = "bottom", colour: str | None = None) -> None:
        font = self.measure.font(font)
        self.batch.text(self.ax, x, y, text, font, colour=colour or font.colour, zorder=zorder, ha=ha, va=va)

    def text_in(self, box: Box, text: str, font: Font, *, zorder: float, colour: str | None = None) -> None:
        self.text(box.x0, box.y0, text, font, zorder=zorder, colour=colour)

    def to_pixels(self, x: float, y: float) -> tuple[int, int]:
        """Layout units to (column, row) of the PNG, row 0 at the top."""
        k = self.measure.px_per_unit
        rows = int(self.height * k + 0.5)
        return int(x * k), rows - 1 - int(y * k)

    @property
    def art(self) -> MapArt | None:
        """The art of the sheet drawn, if it has any."""
        return self.gm.sheets[self.sheet].art

    def xy(self, node_id: str) -> tuple[float, float]:
        """Layout position of a node of the sheet: its point on the sheet's
        art if it has art, else its own coordinates (longitude and latitude) projected."""
        if self.art is not None:
            return self.frame.xy(*self.art.flipped(node_id))
        node = self.gm.nodes[node_id]
        return self.frame.xy(node.x, node.y)

    def leader(self, x: float, y: float, box: Box, *, start: float, colour: str = MUTED) -> None:
        """A thin line from the anchor to a label that was pushed away from it."""
        nx, ny = box.nearest(x, y)
        dist = math.hypot(nx - x, ny - y)
        if dist <= start + 1:
            return
        ux, uy = (nx - x) / dist, (ny - y) / dist
        self.batch.line(self.ax, (x + ux * start, nx), (y + uy * start, ny), colour=colour, lw=0.9, alpha=0.85,
                        zorder=8.5)


def has_place(gm: GameMap, node_id: str) -> bool:
    """Whether ``Scene.xy`` can place this id (any node of the map)."""
    return node_id in gm.nodes


def _map_points(gm: GameMap, sheet: str) -> list[tuple[float, float]]:
    # In the map's node order (its sections', each by id): the frame's mean latitude is a float sum.
    return [(n.x, n.y) for n in gm.nodes_on(sheet) if n.x is not None and n.y is not None]


def png_bytes(scene: Scene) -> bytes:
    """The figure as a 256-colour PNG: the map is flat colours and
    antialiased edges, which a palette keeps (no dithering), at a quarter of
    the bytes of RGBA (about 100 KiB instead of 400 at 1400 px) and faster
    to encode. No text chunks: the bytes depend only on the picture.

    The palette is chosen from every PALETTE_SAMPLE-th pixel of every PALETTE_SAMPLE-th row (a
    ninth of the pixels: the map's colours are large flat areas and edges between them), then
    each pixel takes its nearest palette colour: a quarter of the time of quantizing all pixels
    (PIL's octree), and nearer the true colours (it maps each pixel to its octree cell's mean)."""
    scene.fig.canvas.draw()
    rgb = Image.fromarray(np.asarray(scene.fig.canvas.buffer_rgba())).convert("RGB")
    sample = rgb.resize((max(1, rgb.width // PALETTE_SAMPLE), max(1, rgb.height // PALETTE_SAMPLE)),
                        Image.Resampling.NEAREST)
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return _palette_png(rgb.quantize(palette=palette, dither=Image.Dither.NONE))


def _palette_png(image: Image.Image) -> bytes:
    """A palette image as PNG bytes, written here: every row unfiltered and the whole compressed at
    zlib's fastest level (PNG_LEVEL) in one go, half of what PIL's encoder takes at that level and a
    third of its default (level 6), for about a fifth more bytes (the 60-node benchmark map at 1400 px:
    139 KiB, 113 before, the nearest-colour palette included; docs/decisions.md "Drawing in batches")."""
    indices = np.asarray(image)
    height, width = indices.shape
    rows = np.zeros((height, width + 1), np.uint8)  # a filter byte (0: none) before each row
    rows[:, 1:] = indices
    palette = image.palette.tobytes()[:3 * (int(indices.max()) + 1)]
    return b"".join([b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
                     _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", zlib.compress(rows.tobytes(), PNG_LEVEL)),
                     _chunk(b"IEND", b"")])


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
