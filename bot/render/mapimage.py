"""Draw a GameMap and an Overlay to a PNG.

Only ``matplotlib.figure.Figure`` with the Agg canvas is used, never pyplot:
pyplot keeps global figure state and is not safe off the main thread, and
renders run in worker threads (see ``bot.render.render_map_async``).

Layout works in *layout units*: the image is always 1400 units wide, and
``width_px`` only sets the DPI, so a larger image is the same picture with
more pixels. One unit is 0.72 pt at any width. Text is measured with the
canvas renderer and placed by a greedy box placer (``_Placer``) so names,
unit cards and event labels do not sit on top of each other.

Output is deterministic: no timestamps or software tag in the PNG, every
collection iterated in a fixed order, no global rcParams changes (they would
race between threads).
"""

from __future__ import annotations

import difflib
import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import (
    Circle,
    FancyArrowPatch,
    FancyBboxPatch,
    Polygon,
    Rectangle,
)

from bot.domain.gamemap import Area, GameMap
from bot.render.overlay import Highlight, Marker, Overlay

__all__ = ["MAX_WIDTH_PX", "MIN_WIDTH_PX", "check_overlay", "render_map"]

MIN_WIDTH_PX = 480
MAX_WIDTH_PX = 4096

NOMINAL_W = 1400.0  # layout units across the image
UNIT_PT = 0.72  # points per layout unit (the figure is 14 in wide = 1400 units)
MAX_ROWS_PER_AREA = 4  # marker rows in one area's card, the "+n more" row included

# --- palette -----------------------------------------------------------------
SEA = "#d8e8f3"
PAPER = "#fbfaf6"
LAND = "#efe7d3"
LAND_EDGE = "#c9b98f"
COAST_EDGE = "#3f7fbf"
LAND_ADJ = "#8f8f8f"
LOC = "#9a6324"
STRAIT = "#14877d"
PORT = "#1d3557"
INK = "#1e1e1e"
MUTED = "#5f5f5f"
SEA_INK = "#4f83b3"
ISLAND_INK = "#a8997a"
NEUTRAL_FACTION = "#9e9e9e"

# kind -> (colour, glyph, ring line style)
HIGHLIGHT_STYLE: dict[str, tuple[str, str, object]] = {
    "battle": ("#c1121f", "⚔", "solid"),
    "blockade": ("#1d3557", "⊘", (0, (4, 2.5))),
    "raid": ("#e07a00", "☠", (0, (1.2, 1.8))),
    "landing": ("#2d8a34", "⇑", "solid"),
    "storm": ("#6a3d9a", "↯", (0, (6, 2, 1.5, 2))),
}
SHAPE_MARKER = {"squadron": "^", "fleet": "D", "other": "o"}

# --- sizes (layout units) ----------------------------------------------------
R_COASTAL = 9.0
R_INLAND = 6.5
R_SEA = 4.0
BLOB_R = 24.0
RING_STEP = 5.5
GAP = 2.0  # kept free around every placed label
AMBIGUITY_COST = 400.0  # per neighbouring area about as near to a label as its own (cf. overlap in units²)
AMBIGUITY_MARGIN = 14.0
MAP_PAD = 70.0  # between the outermost node and the map frame, room for labels
SIDE = 16.0  # outer margin of the image
TITLE_H = 64.0
MIN_MAP_H = 360.0
MAX_MAP_H = 1700.0


# ---------------------------------------------------------------------------
# Public entry point
# ---------------------------------------------------------------------------


def render_map(gamemap: GameMap, overlay: Overlay, *, width_px: int = 1400) -> bytes:
    """Render ``gamemap`` with ``overlay`` on top; returns PNG bytes.

    Raises ValueError for a width outside [MIN_WIDTH_PX, MAX_WIDTH_PX] or an
    overlay that names areas the map does not have (all listed at once).
    """
    _check_width(width_px)
    check_overlay(gamemap, overlay)
    scene = _Scene.create(gamemap, overlay, width_px)
    _draw_background(scene)
    _draw_land(scene)
    _draw_adjacency(scene)
    _draw_locs(scene)
    _draw_straits(scene)
    _draw_owner_tint(scene)
    _draw_area_nodes(scene)
    _draw_ports(scene)
    _draw_highlights(scene)
    _draw_routes(scene)
    # Labels are placed in order of importance: each avoids those before it.
    _place_area_names(scene)
    _place_highlight_labels(scene)
    _draw_marker_cards(scene)
    _place_port_names(scene)
    _place_strait_names(scene)
    _place_sea_names(scene)
    _place_island_names(scene)
    _draw_title(scene)
    _draw_legend(scene)
    return _png(scene)


def check_overlay(gamemap: GameMap, overlay: Overlay) -> None:
    """Raise ValueError listing every overlay entry that names an unknown area."""
    problems: list[str] = []

    def check(what: str, area_id: str) -> None:
        if area_id not in gamemap.areas:
            close = difflib.get_close_matches(area_id, sorted(gamemap.areas), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problems.append(f"{what}: unknown area {area_id!r}{hint}")

    for m in overlay.markers:
        check(f"marker {m.label!r} ({m.faction})", m.area)
    for h in overlay.highlights:
        check(f"{h.kind} highlight", h.area)
    for i, route in enumerate(overlay.routes):
        for area_id in route.areas:
            check(f"route {i + 1}", area_id)
    for area_id in overlay.area_owner:
        check("area_owner", area_id)
    if problems:
        raise ValueError(f"overlay does not fit map {gamemap.id!r}: " + "; ".join(problems))


def _check_width(width_px: int) -> None:
    if not isinstance(width_px, int) or not MIN_WIDTH_PX <= width_px <= MAX_WIDTH_PX:
        raise ValueError(f"width_px must be an integer from {MIN_WIDTH_PX} to {MAX_WIDTH_PX}, got {width_px!r}")


# ---------------------------------------------------------------------------
# Geometry: projection, boxes, label placement
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """Map coordinates (x = longitude, y = latitude) to layout units.

    Longitude is shrunk by cos(mean latitude) so the map is not stretched
    east-west; maps with abstract coordinates near y = 0 are unaffected.
    """

    kx: float
    min_x: float
    min_y: float
    scale: float
    origin_x: float
    origin_y: float
    width: float  # of the map region
    height: float

    @classmethod
    def fit(cls, points: Sequence[tuple[float, float]], bottom: float) -> _Frame:
        lat0 = max(-80.0, min(80.0, sum(y for _, y in points) / len(points)))
        kx = math.cos(math.radians(lat0))
        xs = [x * kx for x, _ in points]
        ys = [y for _, y in points]
        span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
        region_w = NOMINAL_W - 2 * SIDE
        inner_w = region_w - 2 * MAP_PAD
        scale = inner_w / span_x if span_x > 0 else (inner_w / span_y if span_y > 0 else 1.0)
        if span_y * scale + 2 * MAP_PAD > MAX_MAP_H:
            scale = (MAX_MAP_H - 2 * MAP_PAD) / span_y
        height = max(MIN_MAP_H, span_y * scale + 2 * MAP_PAD)
        # Centre the drawing in the region when one side was capped.
        origin_x = SIDE + (region_w - span_x * scale) / 2
        origin_y = bottom + (height - span_y * scale) / 2
        return cls(kx, min(xs), min(ys), scale, origin_x, origin_y, region_w, height)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin_x + (x * self.kx - self.min_x) * self.scale,
                self.origin_y + (y - self.min_y) * self.scale)


@dataclass(frozen=True)
class _Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def around(cls, cx: float, cy: float, r: float) -> _Box:
        return cls(cx - r, cy - r, cx + r, cy + r)

    def nearest(self, x: float, y: float) -> tuple[float, float]:
        return min(max(x, self.x0), self.x1), min(max(y, self.y0), self.y1)


# Directions tried around an anchor, as unit offsets (dx, dy) of the box
# side or corner that faces the anchor. Order = preference.
_E, _W, _S, _N = (1, 0), (-1, 0), (0, -1), (0, 1)
_NE, _SE, _NW, _SW = (1, 1), (1, -1), (-1, 1), (-1, -1)
AROUND_SIDE_FIRST = (_E, _W, _NE, _SE, _NW, _SW, _S, _N)
AROUND_BELOW_FIRST = (_S, _N, _E, _W, _SE, _SW, _NE, _NW)


def _candidates(cx: float, cy: float, w: float, h: float, dists: Iterable[float],
                dirs: Sequence[tuple[int, int]]) -> list[_Box]:
    """Boxes of size w×h that sit ``dist`` away from (cx, cy) in each direction."""
    out = []
    for d in dists:
        for dx, dy in dirs:
            diag = 0.75 if dx and dy else 1.0
            if dx > 0:
                x0 = cx + d * diag
            elif dx < 0:
                x0 = cx - d * diag - w
            else:
                x0 = cx - w / 2
            if dy > 0:
                y0 = cy + d * diag
            elif dy < 0:
                y0 = cy - d * diag - h
            else:
                y0 = cy - h / 2
            out.append(_Box(x0, y0, x0 + w, y0 + h))
    return out


class _Placer:
    """Greedy placement of axis-aligned boxes: first free candidate wins.

    When no candidate is free, the one with the least overlap is used so
    nothing silently disappears. Boxes outside ``bounds`` count as
    overlapping by the area that sticks out. A label placed for an anchor
    (an area) also pays a little for every other anchor that is about as
    near to it as its own, so a card does not seem to belong to a neighbour.
    """

    def __init__(self, bounds: _Box, gap: float = GAP) -> None:
        self.bounds = bounds
        self.gap = gap
        self._boxes = np.zeros((0, 4))
        self._anchors = np.zeros((0, 2))

    def set_anchors(self, points: Sequence[tuple[float, float]]) -> None:
        self._anchors = np.array(points, dtype=float).reshape(-1, 2)

    def block(self, box: _Box) -> None:
        self._boxes = np.vstack([self._boxes, [box.x0, box.y0, box.x1, box.y1]])

    def block_disc(self, x: float, y: float, r: float) -> None:
        """A disc, as a plus of two boxes: corner candidates may come close."""
        self.block(_Box(x - r, y - 0.55 * r, x + r, y + 0.55 * r))
        self.block(_Box(x - 0.55 * r, y - r, x + 0.55 * r, y + r))

    def place(self, candidates: Sequence[_Box], *, block: bool = True,
              anchor: tuple[float, float] | None = None, unambiguous_from: int | None = None) -> tuple[int, float]:
        """Index of the chosen candidate and its cost (0.0 when it sits free).

        With ``anchor``, candidates near other anchors cost more, except
        those from index ``unambiguous_from`` on (they say whose they are).
        """
        cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in candidates])
        cost = self._overlap(cand) + self._outside(cand)
        if anchor is not None:
            ambiguity = self._ambiguity(cand, anchor)
            if unambiguous_from is not None:
                ambiguity[unambiguous_from:] = 0.0
            cost = cost + ambiguity
        best = int(np.argmin(cost))  # first minimum: preference order wins ties
        if block:
            self.block(candidates[best])
        return best, float(cost[best])

    def _overlap(self, cand: np.ndarray) -> np.ndarray:
        if not len(self._boxes):
            return np.zeros(len(cand))
        g = self.gap
        b = self._boxes
        w = np.minimum(cand[:, None, 2] + g, b[None, :, 2]) - np.maximum(cand[:, None, 0] - g, b[None, :, 0])
        h = np.minimum(cand[:, None, 3] + g, b[None, :, 3]) - np.maximum(cand[:, None, 1] - g, b[None, :, 1])
        return (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)

    def _ambiguity(self, cand: np.ndarray, anchor: tuple[float, float]) -> np.ndarray:
        """AMBIGUITY_COST for each other anchor that is about as near to the
        box's edge as its own anchor, or nearer to the box's centre."""
        own_pt = np.array([anchor], dtype=float)
        others = self._anchors[np.hypot(*(self._anchors - own_pt[0]).T) > 0.5]
        if not len(others):
            return np.zeros(len(cand))
        centres = np.column_stack([(cand[:, 0] + cand[:, 2]) / 2, (cand[:, 1] + cand[:, 3]) / 2])

        def to_edge(points: np.ndarray) -> np.ndarray:  # (candidates, points)
            px, py = points[None, :, 0], points[None, :, 1]
            dx = np.maximum(np.maximum(cand[:, None, 0] - px, 0), px - cand[:, None, 2])
            dy = np.maximum(np.maximum(cand[:, None, 1] - py, 0), py - cand[:, None, 3])
            return np.hypot(dx, dy)

        def to_centre(points: np.ndarray) -> np.ndarray:
            return np.hypot(centres[:, None, 0] - points[None, :, 0], centres[:, None, 1] - points[None, :, 1])

        near_edge = to_edge(others) < to_edge(own_pt) + AMBIGUITY_MARGIN
        near_centre = to_centre(others) < to_centre(own_pt)
        return AMBIGUITY_COST * (near_edge | near_centre).sum(axis=1)

    def _outside(self, cand: np.ndarray) -> np.ndarray:
        bx = self.bounds
        area = (cand[:, 2] - cand[:, 0]) * (cand[:, 3] - cand[:, 1])
        w = np.clip(np.minimum(cand[:, 2], bx.x1) - np.maximum(cand[:, 0], bx.x0), 0, None)
        h = np.clip(np.minimum(cand[:, 3], bx.y1) - np.maximum(cand[:, 1], bx.y0), 0, None)
        return (area - w * h) * 10.0  # leaving the map is worse than touching a label


# ---------------------------------------------------------------------------
# Scene: figure, axes, fonts and measuring
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Font:
    size: float  # points
    weight: str = "normal"
    style: str = "normal"
    colour: str = INK
    halo: float = 2.6  # white outline width in points, 0 for none

    def prop(self) -> FontProperties:
        return FontProperties(family="DejaVu Sans", size=self.size, weight=self.weight, style=self.style)


F_TITLE = _Font(17, "bold", halo=0)
F_SUBTITLE = _Font(11, colour=MUTED, halo=0)
F_MAPNAME = _Font(10, style="italic", colour=MUTED, halo=0)
F_AREA = _Font(9.5, "bold")
F_AREA_INLAND = _Font(8.5, style="italic", colour=MUTED)
F_PORT = _Font(7.5, colour=PORT)
F_PORT_GLYPH = _Font(10, "bold", colour=PORT, halo=2.2)
F_STRAIT = _Font(7.5, style="italic", colour=STRAIT)
F_SEA = _Font(9.5, style="italic", colour=SEA_INK, halo=2.0)
F_ISLAND = _Font(13, "bold", style="italic", colour=ISLAND_INK, halo=0)
F_CARD = _Font(8.5, halo=0)
F_CARD_DETAIL = _Font(7.5, colour=MUTED, halo=0)
F_CARD_MORE = _Font(7.5, style="italic", colour=MUTED, halo=0)
F_CARD_HEAD = _Font(8, "bold", halo=0)
F_EVENT = _Font(8.5, "bold")
F_EVENT_GLYPH = _Font(11.5, "bold", halo=2.4)
F_LEGEND = _Font(9, halo=0)
F_LEGEND_HEAD = _Font(9, "bold", halo=0)


class _Measure:
    """Text extents in layout units, measured once per (text, font)."""

    def __init__(self, fig: Figure, width_px: int) -> None:
        self._fig = fig
        self._k = width_px / NOMINAL_W  # pixels per layout unit
        self._cache: dict[tuple[str, _Font], tuple[float, float]] = {}

    def __call__(self, text: str, font: _Font) -> tuple[float, float]:
        key = (text, font)
        if key not in self._cache:
            renderer = self._fig.canvas.get_renderer()
            w, h, _ = renderer.get_text_width_height_descent(text, font.prop(), ismath=False)
            self._cache[key] = (w / self._k, h / self._k)
        return self._cache[key]


@dataclass
class _Scene:
    gm: GameMap
    ov: Overlay
    fig: Figure
    ax: Axes
    measure: _Measure
    frame: _Frame
    legend_rows: list[list[_LegendItem]]
    height: float  # of the whole image, layout units
    placer: _Placer
    # area id -> (x, y, footprint radius), filled when the nodes are drawn
    nodes: dict[str, tuple[float, float, float]] = field(default_factory=dict)

    @classmethod
    def create(cls, gm: GameMap, ov: Overlay, width_px: int) -> _Scene:
        dpi = 100.0 * width_px / NOMINAL_W
        fig = Figure(figsize=(NOMINAL_W / 100, 8), dpi=dpi, facecolor=PAPER)
        FigureCanvasAgg(fig)
        measure = _Measure(fig, width_px)
        # Bottom to top: legend band, map region, title band.
        legend_rows = _legend_rows(measure, _legend_items(gm, ov))
        legend_h = _legend_height(legend_rows)
        frame = _Frame.fit(_map_points(gm), bottom=legend_h)
        height = legend_h + frame.height + TITLE_H
        # +0.5 px so that the canvas never truncates to one pixel less.
        fig.set_size_inches((width_px + 0.5) / dpi, (height * width_px / NOMINAL_W + 0.5) / dpi)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ax.set_xlim(0, NOMINAL_W)
        ax.set_ylim(0, height)
        placer = _Placer(_Box(SIDE + 4, legend_h + 4, SIDE + frame.width - 4, legend_h + frame.height - 4))
        return cls(gm, ov, fig, ax, measure, frame, legend_rows, height, placer)

    @property
    def map_box(self) -> _Box:
        return _Box(SIDE, self.height - TITLE_H - self.frame.height, SIDE + self.frame.width, self.height - TITLE_H)

    def text(self, x: float, y: float, text: str, font: _Font, *, zorder: float,
             ha: str = "left", va: str = "bottom", colour: str | None = None) -> None:
        effects = [patheffects.withStroke(linewidth=font.halo, foreground="white")] if font.halo else None
        self.ax.text(x, y, text, fontproperties=font.prop(), color=colour or font.colour, ha=ha, va=va,
                     zorder=zorder, parse_math=False, path_effects=effects)

    def text_in(self, box: _Box, text: str, font: _Font, *, zorder: float, colour: str | None = None) -> None:
        self.text(box.x0, box.y0, text, font, zorder=zorder, colour=colour)

    def xy(self, area_id: str) -> tuple[float, float]:
        a = self.gm.areas[area_id]
        return self.frame.xy(a.x, a.y)

    def leader(self, x: float, y: float, box: _Box, *, start: float, colour: str = MUTED) -> None:
        """A thin line from the anchor to a label that was pushed away from it."""
        nx, ny = box.nearest(x, y)
        dist = math.hypot(nx - x, ny - y)
        if dist <= start + 1:
            return
        ux, uy = (nx - x) / dist, (ny - y) / dist
        self.ax.plot([x + ux * start, nx], [y + uy * start, ny], color=colour, lw=0.9, alpha=0.85,
                     zorder=8.5, solid_capstyle="butt")


def _map_points(gm: GameMap) -> list[tuple[float, float]]:
    pts = [(a.x, a.y) for _, a in sorted(gm.areas.items())]
    pts += [(p.x, p.y) for _, p in sorted(gm.ports.items())]
    pts += [(s.x, s.y) for _, s in sorted(gm.straits.items())]
    return pts


def _png(scene: _Scene) -> bytes:
    buf = io.BytesIO()
    # metadata: drop the "Software" tag (matplotlib version) so that the bytes
    # depend only on the picture.
    scene.fig.savefig(buf, format="png", dpi=scene.fig.dpi, facecolor=PAPER, metadata={"Software": None})
    return buf.getvalue()


def _pt(units: float) -> float:
    return units * UNIT_PT


# ---------------------------------------------------------------------------
# Map layers
# ---------------------------------------------------------------------------


def _draw_background(scene: _Scene) -> None:
    b = scene.map_box
    scene.ax.add_artist(Rectangle((b.x0, b.y0), b.x1 - b.x0, b.y1 - b.y0, facecolor=SEA,
                                 edgecolor="#9fb7c9", lw=0.8, zorder=0))


def _land_areas(gm: GameMap) -> list[Area]:
    return [a for _, a in sorted(gm.areas.items()) if a.kind != "sea"]


def _draw_land(scene: _Scene) -> None:
    """Island groups as soft land masses: a disc under every land area, thick
    round-capped bands along the land borders inside each island, and the
    triangles of mutually bordering areas filled so an island has no holes."""
    gm = scene.gm
    segments = [[scene.xy(a), scene.xy(b)] for a, b in _island_borders(gm)]
    triangles = [[scene.xy(a), scene.xy(b), scene.xy(c)] for a, b, c in _island_triangles(gm)]
    centres = [scene.xy(a.id) for a in _land_areas(gm)]
    for colour, extra, z in ((LAND_EDGE, 2.5, 0.5), (LAND, 0.0, 0.6)):
        r = BLOB_R + extra
        if triangles:
            scene.ax.add_collection(PatchCollection([Polygon(t, closed=True) for t in triangles], facecolor=colour,
                                                    edgecolor="none", zorder=z))
        if segments:
            scene.ax.add_collection(LineCollection(segments, colors=colour, linewidths=_pt(2 * r),
                                                   capstyle="round", joinstyle="round", zorder=z))
        scene.ax.add_collection(PatchCollection([Circle(c, r) for c in centres], facecolor=colour,
                                                edgecolor="none", zorder=z))


def _island_borders(gm: GameMap) -> list[tuple[str, str]]:
    return [(a, b) for a, b in _pairs(gm, "land")
            if gm.areas[a].kind != "sea" and gm.areas[b].kind != "sea" and gm.areas[a].island == gm.areas[b].island]


def _island_triangles(gm: GameMap) -> list[tuple[str, str, str]]:
    borders = set(_island_borders(gm))
    out = []
    for a, b in sorted(borders):
        for c in sorted(gm.areas[b].land):
            if b < c and (a, c) in borders and (b, c) in borders:
                out.append((a, b, c))
    return out


def _pairs(gm: GameMap, relation: str) -> list[tuple[str, str]]:
    out = []
    for a_id, a in sorted(gm.areas.items()):
        out += [(a_id, b) for b in sorted(getattr(a, relation)) if a_id < b and b in gm.areas]
    return out


def _draw_adjacency(scene: _Scene) -> None:
    land = [[scene.xy(a), scene.xy(b)] for a, b in _pairs(scene.gm, "land")]
    coast = [[scene.xy(a), scene.xy(b)] for a, b in _pairs(scene.gm, "coast")]
    scene.ax.add_collection(LineCollection(land, colors=LAND_ADJ, linewidths=0.7, alpha=0.55,
                                           linestyles=(0, (4, 3)), zorder=2))
    scene.ax.add_collection(LineCollection(coast, colors=COAST_EDGE, linewidths=1.1, alpha=0.85, zorder=2.2))


def _loc_points(scene: _Scene, loc) -> list[tuple[float, float]]:
    gm, f = scene.gm, scene.frame
    start = gm.ports[loc.from_port]
    pts = [f.xy(start.x, start.y)] + [scene.xy(a) for a in loc.path[1:-1]]
    if loc.to_port is not None:
        end = gm.ports[loc.to_port]
        pts.append(f.xy(end.x, end.y))
    else:
        pts.append(scene.xy(loc.path[-1]))
    return pts


def _draw_locs(scene: _Scene) -> None:
    lines = [_loc_points(scene, loc) for _, loc in sorted(scene.gm.locs.items())]
    if lines:
        scene.ax.add_collection(LineCollection(lines, colors=LOC, linewidths=1.6, alpha=0.9,
                                               linestyles=(0, (1, 2.2)), capstyle="round", zorder=3))


def _draw_straits(scene: _Scene) -> None:
    """A strait is a marked sea step between its island side and the opposite shore."""
    segments, points = [], []
    for _, s in sorted(scene.gm.straits.items()):
        segments += [[scene.xy(side), scene.xy(s.opposite)] for side in s.island_side]
        points.append(scene.frame.xy(s.x, s.y))
    if not segments:
        return
    scene.ax.add_collection(LineCollection(segments, colors=STRAIT, linewidths=4.5, alpha=0.35,
                                           capstyle="butt", zorder=2.4))
    xs, ys = zip(*points)
    scene.ax.scatter(xs, ys, s=_pt(7) ** 2, marker="D", c=STRAIT, edgecolors="white", linewidths=0.8, zorder=4)
    for x, y in points:
        scene.placer.block(_Box.around(x, y, 4))


def _faction_colour(ov: Overlay, faction: str) -> str:
    if faction in ov.faction_colours:
        return ov.faction_colours[faction]
    for m in ov.markers:
        if m.faction == faction:
            return m.colour
    return NEUTRAL_FACTION


def _draw_owner_tint(scene: _Scene) -> None:
    """A translucent disc of the owner's colour over the area's land."""
    discs, colours = [], []
    for area_id, faction in sorted(scene.ov.area_owner.items()):
        discs.append(Circle(scene.xy(area_id), BLOB_R - 2))
        colours.append(_faction_colour(scene.ov, faction))
    if discs:
        scene.ax.add_collection(PatchCollection(discs, facecolor=colours, edgecolor="none", alpha=0.32, zorder=0.8))


def _node_radius(area: Area) -> float:
    if area.kind == "sea":
        return R_SEA
    return R_COASTAL if area.coastal else R_INLAND


def _draw_area_nodes(scene: _Scene) -> None:
    """Coastal areas: circles with a sea-blue rim; inland: smaller, grey-rimmed;
    sea areas: a small dot, only when the overlay uses them (otherwise their
    name alone marks them, see _place_sea_names)."""
    counts: dict[str, int] = {}
    for h in scene.ov.highlights:
        counts[h.area] = counts.get(h.area, 0) + 1
    used = _in_play(scene.ov)
    for area_id, area in sorted(scene.gm.areas.items()):
        x, y = scene.xy(area_id)
        r = _node_radius(area)
        owner = scene.ov.area_owner.get(area_id)
        fill = _faction_colour(scene.ov, owner) if owner else "white"
        if area.kind == "sea":
            if area_id not in used:
                continue
            scene.ax.add_artist(Circle((x, y), r, facecolor=SEA_INK, edgecolor="none", alpha=0.6, zorder=5))
        elif area.coastal:
            scene.ax.add_artist(Circle((x, y), r, facecolor=fill, edgecolor=COAST_EDGE, lw=_pt(2.4), zorder=5))
        else:
            scene.ax.add_artist(Circle((x, y), r, facecolor=fill, edgecolor=LAND_ADJ, lw=_pt(1.6),
                                       linestyle=(0, (2, 1)), zorder=5))
        footprint = r + 2 + RING_STEP * counts.get(area_id, 0)
        scene.nodes[area_id] = (x, y, footprint)
        scene.placer.block_disc(x, y, footprint)
    scene.placer.set_anchors([(x, y) for x, y, _ in scene.nodes.values()])


def _draw_ports(scene: _Scene) -> None:
    """⚓ at the port's own place, tied to its area by a short hairline."""
    for _, port in sorted(scene.gm.ports.items()):
        x, y = scene.frame.xy(port.x, port.y)
        ax_, ay_ = scene.xy(port.area)
        if math.hypot(x - ax_, y - ay_) > R_COASTAL + 6:
            scene.ax.plot([ax_, x], [ay_, y], color=PORT, lw=0.5, alpha=0.3, zorder=4.5)
        scene.text(x, y, "⚓", F_PORT_GLYPH, zorder=6, ha="center", va="center")
        w, h = scene.measure("⚓", F_PORT_GLYPH)
        scene.placer.block(_Box(x - w / 2, y - h / 2, x + w / 2, y + h / 2))


def _highlights_by_area(ov: Overlay) -> dict[str, list[Highlight]]:
    out: dict[str, list[Highlight]] = {}
    for h in ov.highlights:
        out.setdefault(h.area, []).append(h)
    return out


def _draw_highlights(scene: _Scene) -> None:
    """Rings around the area node, one per highlight, with the kind's glyph
    on the rim (battle ⚔, blockade ⊘, raid ☠, landing ⇑, storm ↯)."""
    for area_id, items in _highlights_by_area(scene.ov).items():
        x, y = scene.xy(area_id)
        base = _node_radius(scene.gm.areas[area_id])
        for i, h in enumerate(items):
            colour, glyph, style = HIGHLIGHT_STYLE[h.kind]
            r = base + RING_STEP * (i + 1)
            scene.ax.add_artist(Circle((x, y), r, facecolor="none", edgecolor=colour, lw=_pt(2.6),
                                      linestyle=style, zorder=7))
            # Glyphs go round the rim, one slot per highlight, from upper left.
            angle = math.radians(135 - 60 * i)
            gx, gy = x + (r + 7) * math.cos(angle), y + (r + 7) * math.sin(angle)
            scene.text(gx, gy, glyph, F_EVENT_GLYPH, zorder=11, ha="center", va="center", colour=colour)
            w, h_ = scene.measure(glyph, F_EVENT_GLYPH)
            scene.placer.block(_Box(gx - w / 2, gy - h_ / 2, gx + w / 2, gy + h_ / 2))


ROUTE_RAD = 0.18


def _block_arc(scene: _Scene, p0: tuple[float, float], p2: tuple[float, float], rad: float) -> None:
    """Keep labels off a route arrow: block small boxes along the same
    quadratic curve matplotlib draws for connectionstyle arc3."""
    (x0, y0), (x2, y2) = p0, p2
    cx, cy = (x0 + x2) / 2 + rad * (y2 - y0), (y0 + y2) / 2 - rad * (x2 - x0)
    steps = max(2, int(math.hypot(x2 - x0, y2 - y0) / 8))
    for i in range(1, steps):
        t = i / steps
        x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t**2 * x2
        y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t**2 * y2
        scene.placer.block(_Box.around(x, y, 3))


def _draw_routes(scene: _Scene) -> None:
    for route in scene.ov.routes:
        steps = [a for i, a in enumerate(route.areas) if i == 0 or a != route.areas[i - 1]]
        style = "-" if route.style == "solid" else (0, (5, 3))
        for i, (a, b) in enumerate(zip(steps, steps[1:])):
            last = i == len(steps) - 2
            _block_arc(scene, scene.xy(a), scene.xy(b), ROUTE_RAD)
            arrow = FancyArrowPatch(
                scene.xy(a), scene.xy(b), arrowstyle="-|>" if last else "-", mutation_scale=_pt(20),
                connectionstyle=f"arc3,rad={ROUTE_RAD}", shrinkA=_pt(scene.nodes[a][2] + 1),
                shrinkB=_pt(scene.nodes[b][2] + 2), color=route.colour, lw=_pt(3.2), linestyle=style,
                zorder=7.5,
                path_effects=[patheffects.Stroke(linewidth=_pt(6), foreground="white", alpha=0.8),
                              patheffects.Normal()],
            )
            scene.ax.add_artist(arrow)


# ---------------------------------------------------------------------------
# Labels (placed, so they avoid each other)
# ---------------------------------------------------------------------------


def _place_label(scene: _Scene, x: float, y: float, text: str, font: _Font, *, start: float,
                 dirs: Sequence[tuple[int, int]], zorder: float, colour: str | None = None,
                 area: bool = True) -> None:
    """Put ``text`` next to (x, y), ``start`` away from it; farther out with a
    leader line when the near spots are taken."""
    w, h = scene.measure(text, font)
    cands = _candidates(x, y, w, h, (start + GAP, start + GAP + 10, start + GAP + 24), dirs)
    best, _ = scene.placer.place(cands, anchor=(x, y) if area else None)
    box = cands[best]
    scene.text_in(box, text, font, zorder=zorder, colour=colour)
    if best >= len(dirs):
        scene.leader(x, y, box, start=start, colour=colour or MUTED)


def _in_play(ov: Overlay) -> set[str]:
    """Areas the overlay puts something on."""
    areas = {m.area for m in ov.markers} | {h.area for h in ov.highlights} | set(ov.area_owner)
    return areas.union(*(r.areas for r in ov.routes))


def _place_area_names(scene: _Scene) -> None:
    """Land areas, and sea areas the overlay uses (the other waters are
    background, named last where room is left: _place_sea_names)."""
    for area_id, area in sorted(scene.gm.areas.items()):
        if area_id not in scene.nodes:
            continue  # background water
        x, y, foot = scene.nodes[area_id]
        font = F_SEA if area.kind == "sea" else (F_AREA if area.coastal else F_AREA_INLAND)
        _place_label(scene, x, y, area.name, font, start=foot + 1, dirs=AROUND_BELOW_FIRST, zorder=9)


def _place_port_names(scene: _Scene) -> None:
    for _, port in sorted(scene.gm.ports.items()):
        x, y = scene.frame.xy(port.x, port.y)
        _place_label(scene, x, y, port.name, F_PORT, start=max(scene.measure("⚓", F_PORT_GLYPH)) / 2,
                     dirs=AROUND_SIDE_FIRST, zorder=9, area=False)


def _place_strait_names(scene: _Scene) -> None:
    for _, s in sorted(scene.gm.straits.items()):
        x, y = scene.frame.xy(s.x, s.y)
        _place_label(scene, x, y, s.name, F_STRAIT, start=4, dirs=AROUND_BELOW_FIRST, zorder=9, area=False)


def _place_sea_names(scene: _Scene) -> None:
    """Waters the overlay does not use are background: named on their point
    or nearby, and left unnamed when a busy turn leaves no room."""
    for area_id, area in sorted(scene.gm.areas.items()):
        if area.kind != "sea" or area_id in scene.nodes:
            continue
        x, y = scene.xy(area_id)
        w, h = scene.measure(area.name, F_SEA)
        cands = _candidates(x, y, w, h, (0.0, 8.0, 18.0, 30.0, 45.0), AROUND_BELOW_FIRST)
        best, cost = scene.placer.place(cands, block=False)
        if cost == 0:
            scene.placer.block(cands[best])
            scene.text_in(cands[best], area.name, F_SEA, zorder=3.5)


def _place_island_names(scene: _Scene) -> None:
    """Island groups of several areas get their name where it fits; small
    ones are named by their single area already."""
    for _, island in sorted(scene.gm.islands.items()):
        members = [a for a in island.areas if a in scene.gm.areas]
        if len(members) < 2:
            continue
        pts = [scene.xy(a) for a in members]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        w, h = scene.measure(island.name.upper(), F_ISLAND)
        cands = _candidates(cx, cy, w, h, (0.0, 25.0, 50.0, 80.0), AROUND_BELOW_FIRST)
        best, cost = scene.placer.place(cands, block=False)
        if cost == 0:
            scene.placer.block(cands[best])
            scene.text_in(cands[best], island.name.upper(), F_ISLAND, zorder=1.2)


def _place_highlight_labels(scene: _Scene) -> None:
    for area_id, items in _highlights_by_area(scene.ov).items():
        x, y, foot = scene.nodes[area_id]
        for h in items:
            if h.label:
                colour = HIGHLIGHT_STYLE[h.kind][0]
                _place_label(scene, x, y, h.label, F_EVENT, start=foot + 4, dirs=AROUND_SIDE_FIRST,
                             zorder=9.5, colour=colour)


# ---------------------------------------------------------------------------
# Marker cards
# ---------------------------------------------------------------------------

CARD_PAD = 4.0
CARD_ROW = 16.0
CARD_SYMBOL = 12.0
MAX_LABEL = 22
MAX_DETAIL = 26


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass(frozen=True)
class _Row:
    kind: Literal["unit", "more", "head"]
    label: str
    detail: str = ""
    marker: Marker | None = None


def _card_rows(markers: list[Marker]) -> list[_Row]:
    if len(markers) <= MAX_ROWS_PER_AREA:
        shown, hidden = markers, 0
    else:
        shown, hidden = markers[: MAX_ROWS_PER_AREA - 1], len(markers) - (MAX_ROWS_PER_AREA - 1)
    rows = [_Row("unit", _clip(m.label, MAX_LABEL), _clip(m.detail, MAX_DETAIL), m) for m in shown]
    if hidden:
        rows.append(_Row("more", f"+{hidden} more"))
    return rows


_ROW_FONT = {"more": F_CARD_MORE, "head": F_CARD_HEAD}


def _row_width(scene: _Scene, row: _Row) -> float:
    if row.kind != "unit":
        return scene.measure(row.label, _ROW_FONT[row.kind])[0]
    w = CARD_SYMBOL + scene.measure(row.label, F_CARD)[0]
    if row.detail:
        w += 4 + scene.measure(row.detail, F_CARD_DETAIL)[0]
    return w


def _card_size(scene: _Scene, rows: list[_Row]) -> tuple[float, float]:
    return (2 * CARD_PAD + max(_row_width(scene, r) for r in rows), 2 * CARD_PAD + CARD_ROW * len(rows))


def _draw_marker_cards(scene: _Scene) -> None:
    """Units of one area share a card beside the area: one row per unit
    (shape in the unit's colour, label, detail), at most MAX_ROWS_PER_AREA
    rows. A card that has to sit away from its area gets a leader line and
    the area's name as a header, so it cannot be read as a neighbour's."""
    by_area: dict[str, list[Marker]] = {}
    for m in scene.ov.markers:
        by_area.setdefault(m.area, []).append(m)
    symbols: dict[str, tuple[list[float], list[float], list[str]]] = {s: ([], [], []) for s in SHAPE_MARKER}
    # Busy areas first: their cards are the hardest to fit.
    for area_id in sorted(by_area, key=lambda a: (-len(by_area[a]), a)):
        near = _card_rows(by_area[area_id])
        far = [_Row("head", _clip(scene.gm.areas[area_id].name, MAX_LABEL)), *near]
        x, y, foot = scene.nodes[area_id]
        # Without a header only right beside the area, and only where the
        # card is not as near to a neighbour; else with the header, near or farther out.
        cands = _candidates(x, y, *_card_size(scene, near), (foot + GAP + 2,), AROUND_SIDE_FIRST)
        n_near = len(cands)
        cands += _candidates(x, y, *_card_size(scene, far), (foot + GAP + 2, foot + 16, foot + 34, foot + 60),
                             AROUND_SIDE_FIRST)
        best, _ = scene.placer.place(cands, anchor=(x, y), unambiguous_from=n_near)
        _draw_card(scene, cands[best], near if best < n_near else far, symbols)
        scene.leader(x, y, cands[best], start=foot, colour=INK)
    for shape, (xs, ys, cs) in symbols.items():
        if xs:
            scene.ax.scatter(xs, ys, s=_pt(9) ** 2, marker=SHAPE_MARKER[shape], c=cs, edgecolors=INK,
                             linewidths=0.6, zorder=10.5)


def _draw_card(scene: _Scene, box: _Box, rows: list[_Row], symbols) -> None:
    scene.ax.add_artist(FancyBboxPatch((box.x0, box.y0), box.x1 - box.x0, box.y1 - box.y0,
                                       boxstyle="round,pad=0,rounding_size=3", facecolor="white",
                                       edgecolor="#8a8a8a", lw=0.6, alpha=0.92, zorder=10))
    top = box.y1 - CARD_PAD
    for i, row in enumerate(rows):
        mid = top - CARD_ROW * (i + 0.5)
        x = box.x0 + CARD_PAD
        if row.kind != "unit":
            scene.text(x, mid, row.label, _ROW_FONT[row.kind], zorder=10.6, va="center_baseline")
            continue
        xs, ys, cs = symbols[row.marker.shape]
        xs.append(x + CARD_SYMBOL / 2 - 1)
        ys.append(mid)
        cs.append(row.marker.colour)
        x += CARD_SYMBOL
        scene.text(x, mid, row.label, F_CARD, zorder=10.6, va="center_baseline")
        if row.detail:
            x += scene.measure(row.label, F_CARD)[0] + 4
            scene.text(x, mid, row.detail, F_CARD_DETAIL, zorder=10.6, va="center_baseline")


# ---------------------------------------------------------------------------
# Title and legend
# ---------------------------------------------------------------------------


def _fit(scene: _Scene, text: str, font: _Font, max_w: float) -> str:
    if scene.measure(text, font)[0] <= max_w:
        return text
    while text and scene.measure(text + "…", font)[0] > max_w:
        text = text[:-1]
    return text.rstrip() + "…"


def _draw_title(scene: _Scene) -> None:
    top = scene.height
    map_name = scene.gm.name
    name_w = scene.measure(map_name, F_MAPNAME)[0]
    room = NOMINAL_W - 2 * SIDE - name_w - 30
    scene.text(SIDE + 4, top - 12, _fit(scene, scene.ov.title, F_TITLE, room), F_TITLE, zorder=12, va="top")
    if scene.ov.subtitle:
        scene.text(SIDE + 4, top - 40, _fit(scene, scene.ov.subtitle, F_SUBTITLE, room), F_SUBTITLE,
                   zorder=12, va="top")
    scene.text(NOMINAL_W - SIDE - 4, top - 16, map_name, F_MAPNAME, zorder=12, ha="right", va="top")


@dataclass(frozen=True)
class _LegendItem:
    label: str
    draw: Callable[[_Scene, float, float], None]  # draws the swatch centred at (x, y)
    head: bool = False  # a group caption, no swatch


LEGEND_SWATCH = 24.0
LEGEND_ROW = 22.0
LEGEND_GAP = 18.0


def _legend_items(gm: GameMap, ov: Overlay) -> list[list[_LegendItem]]:
    """Two groups: the factions in play, then a key to the symbols used."""
    factions = list(dict.fromkeys([*ov.faction_names, *ov.faction_colours, *ov.area_owner.values(),
                                   *(m.faction for m in ov.markers)]))
    groups = []
    if factions:
        items = [_LegendItem("Factions", _no_swatch, head=True)]
        for f in factions:
            colour = _faction_colour(ov, f)
            items.append(_LegendItem(_clip(ov.faction_names.get(f, f), 32), _swatch_disc(colour)))
        groups.append(items)
    key = [_LegendItem("Key", _no_swatch, head=True)]
    shapes = list(dict.fromkeys(m.shape for m in ov.markers))
    key += [_LegendItem(s, _swatch_shape(s)) for s in sorted(shapes, key=list(SHAPE_MARKER).index)]
    kinds = list(dict.fromkeys(h.kind for h in ov.highlights))
    key += [_LegendItem(k, _swatch_highlight(k)) for k in sorted(kinds, key=list(HIGHLIGHT_STYLE).index)]
    if ov.routes:
        key.append(_LegendItem("move", _swatch_arrow))
    key.append(_LegendItem("coastal area", _swatch_node(True)))
    if any(not a.coastal and a.kind != "sea" for a in gm.areas.values()):
        key.append(_LegendItem("inland area", _swatch_node(False)))
    if gm.ports:
        key.append(_LegendItem("port", _swatch_port))
    key.append(_LegendItem("coastal move", _swatch_line(COAST_EDGE, "-", 1.1)))
    if any(a.land for a in gm.areas.values()):
        key.append(_LegendItem("land border", _swatch_line(LAND_ADJ, (0, (4, 3)), 0.9)))
    if gm.straits:
        key.append(_LegendItem("strait", _swatch_line(STRAIT, "-", 4.5, alpha=0.35)))
    if gm.locs:
        key.append(_LegendItem("line of communication", _swatch_line(LOC, (0, (1, 2.2)), 1.6)))
    groups.append(key)
    return groups


def _item_width(measure: _Measure, item: _LegendItem) -> float:
    if item.head:
        return measure(item.label, F_LEGEND_HEAD)[0] + 10
    return LEGEND_SWATCH + 5 + measure(item.label, F_LEGEND)[0] + LEGEND_GAP


def _legend_rows(measure: _Measure, groups: list[list[_LegendItem]]) -> list[list[_LegendItem]]:
    """Flow layout: each group starts a new row and wraps at the image width."""
    avail = NOMINAL_W - 2 * SIDE - 8
    rows: list[list[_LegendItem]] = []
    for items in groups:
        row: list[_LegendItem] = []
        used = 0.0
        for item in items:
            w = _item_width(measure, item)
            if row and used + w > avail:
                rows.append(row)
                row, used = [], 0.0
            row.append(item)
            used += w
        rows.append(row)
    return rows


def _legend_height(rows: list[list[_LegendItem]]) -> float:
    return 14 + LEGEND_ROW * len(rows)


def _draw_legend(scene: _Scene) -> None:
    y = _legend_height(scene.legend_rows) - 7 - LEGEND_ROW / 2
    for row in scene.legend_rows:
        x = SIDE + 4
        for item in row:
            if item.head:
                scene.text(x, y, item.label, F_LEGEND_HEAD, zorder=12, va="center_baseline")
            else:
                item.draw(scene, x + LEGEND_SWATCH / 2, y)
                scene.text(x + LEGEND_SWATCH + 5, y, item.label, F_LEGEND, zorder=12, va="center_baseline")
            x += _item_width(scene.measure, item)
        y -= LEGEND_ROW


def _no_swatch(scene: _Scene, x: float, y: float) -> None:
    pass


def _swatch_disc(colour: str) -> Callable[[_Scene, float, float], None]:
    def draw(scene: _Scene, x: float, y: float) -> None:
        scene.ax.add_artist(Circle((x, y), 7, facecolor=colour, edgecolor=INK, lw=0.6, zorder=12))
    return draw


def _swatch_shape(shape: str) -> Callable[[_Scene, float, float], None]:
    def draw(scene: _Scene, x: float, y: float) -> None:
        scene.ax.scatter([x], [y], s=_pt(10) ** 2, marker=SHAPE_MARKER[shape], c="#d0d0d0", edgecolors=INK,
                         linewidths=0.6, zorder=12)
    return draw


def _swatch_highlight(kind: str) -> Callable[[_Scene, float, float], None]:
    colour, glyph, style = HIGHLIGHT_STYLE[kind]

    def draw(scene: _Scene, x: float, y: float) -> None:
        scene.ax.add_artist(Circle((x, y), 8, facecolor="white", edgecolor=colour, lw=_pt(2.2), linestyle=style,
                                  zorder=12))
        scene.text(x, y, glyph, _Font(8.5, "bold", halo=0), zorder=12.5, ha="center", va="center", colour=colour)
    return draw


def _swatch_arrow(scene: _Scene, x: float, y: float) -> None:
    scene.ax.add_artist(FancyArrowPatch((x - 11, y), (x + 11, y), arrowstyle="-|>", mutation_scale=_pt(16),
                                       color=INK, lw=_pt(2.4), zorder=12))


def _swatch_node(coastal: bool) -> Callable[[_Scene, float, float], None]:
    def draw(scene: _Scene, x: float, y: float) -> None:
        if coastal:
            scene.ax.add_artist(Circle((x, y), R_COASTAL - 1, facecolor="white", edgecolor=COAST_EDGE, lw=_pt(2.4),
                                      zorder=12))
        else:
            scene.ax.add_artist(Circle((x, y), R_INLAND, facecolor="white", edgecolor=LAND_ADJ, lw=_pt(1.6),
                                      linestyle=(0, (2, 1)), zorder=12))
    return draw


def _swatch_port(scene: _Scene, x: float, y: float) -> None:
    scene.text(x, y, "⚓", F_PORT_GLYPH, zorder=12, ha="center", va="center")


def _swatch_line(colour: str, style, width: float, alpha: float = 1.0) -> Callable[[_Scene, float, float], None]:
    def draw(scene: _Scene, x: float, y: float) -> None:
        scene.ax.plot([x - 11, x + 11], [y, y], color=colour, lw=width, linestyle=style, alpha=alpha, zorder=12,
                      solid_capstyle="butt")
    return draw
