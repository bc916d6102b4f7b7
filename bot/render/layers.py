"""The map itself, under everything the overlay adds: sea, land masses,
adjacency lines, lines of communication, straits and the owners' tint."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.patches import Circle, Polygon, Rectangle
from PIL import Image

from bot.domain.gamemap import GameMap, Node
from bot.domain.gamemap_profile import BORDER, PASSAGE, PLACE
from bot.render.geometry import Box
from bot.render.scene import Scene
from bot.render.style import (
    BLOB_R,
    COAST_EDGE,
    LAND,
    LAND_ADJ,
    LAND_EDGE,
    LOC,
    SEA,
    STRAIT,
    faction_colour,
    linestyle,
    pt,
)


def draw_background(scene: Scene) -> None:
    b = scene.map_box
    scene.ax.add_artist(Rectangle((b.x0, b.y0), b.x1 - b.x0, b.y1 - b.y0, facecolor=SEA,
                                 edgecolor="#9fb7c9", lw=0.8, zorder=0))


def draw_art(scene: Scene) -> None:
    """The map's own artwork fills the map region (see Frame.fit_art)."""
    f = scene.frame
    image = load_art(scene.art.image)
    scene.ax.imshow(image, extent=(f.origin_x, f.origin_x + scene.art.width * f.scale, f.origin_y,
                                   f.origin_y + f.height), interpolation="antialiased", aspect="auto", zorder=0.1)


@lru_cache(maxsize=4)
def load_art(path: str) -> np.ndarray:
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"))


def _land_areas(gm: GameMap, sheet: str) -> list[Node]:
    return sorted(gm.nodes_on(sheet, PLACE), key=lambda n: n.id)


def draw_land(scene: Scene) -> None:
    """Island groups as soft land masses: a disc under every place, thick
    round-capped bands along the land borders inside each island, and the
    triangles of mutually bordering places filled so an island has no holes."""
    gm, sheet = scene.gm, scene.sheet
    segments = [[scene.xy(a), scene.xy(b)] for a, b in _island_borders(gm, sheet)]
    triangles = [[scene.xy(a), scene.xy(b), scene.xy(c)] for a, b, c in _island_triangles(gm, sheet)]
    centres = [scene.xy(a.id) for a in _land_areas(gm, sheet)]
    for colour, extra, z in ((LAND_EDGE, 2.5, 0.5), (LAND, 0.0, 0.6)):
        r = BLOB_R + extra
        if triangles:
            scene.ax.add_collection(PatchCollection([Polygon(t, closed=True) for t in triangles], facecolor=colour,
                                                    edgecolor="none", zorder=z))
        if segments:
            scene.ax.add_collection(LineCollection(segments, colors=colour, linewidths=pt(2 * r),
                                                   capstyle="round", joinstyle="round", zorder=z))
        scene.ax.add_collection(PatchCollection([Circle(c, r) for c in centres], facecolor=colour,
                                                edgecolor="none", zorder=z))


def _island(node: Node) -> object:
    # The island a place is on, where its ruleset's entry says (else all its places are one land).
    return getattr(node.entry, "island", None)


def _island_borders(gm: GameMap, sheet: str) -> list[tuple[str, str]]:
    nodes = gm.nodes
    return [(a, b) for a, b in gm.lines(BORDER, sheet)
            if nodes[a].look == PLACE and nodes[b].look == PLACE and _island(nodes[a]) == _island(nodes[b])]


def _island_triangles(gm: GameMap, sheet: str) -> list[tuple[str, str, str]]:
    borders = set(_island_borders(gm, sheet))
    out = []
    for a, b in sorted(borders):
        for c in gm.neighbours(b, lambda e: e.look == BORDER):
            if b < c and (a, c) in borders and (b, c) in borders:
                out.append((a, b, c))
    return out


def draw_adjacency(scene: Scene) -> None:
    land = [[scene.xy(a), scene.xy(b)] for a, b in scene.gm.lines(BORDER, scene.sheet)]
    coast = [[scene.xy(a), scene.xy(b)] for a, b in scene.gm.lines(PASSAGE, scene.sheet)]
    scene.ax.add_collection(LineCollection(land, colors=LAND_ADJ, linewidths=0.7, alpha=0.55,
                                           linestyles=(0, (4, 3)), zorder=2))
    scene.ax.add_collection(LineCollection(coast, colors=COAST_EDGE, linewidths=1.1, alpha=0.85, zorder=2.2))


def _loc_points(scene: Scene, loc) -> list[tuple[float, float]]:
    pts = [scene.xy(loc.from_port)] + [scene.xy(a) for a in loc.path[1:-1]]
    pts.append(scene.xy(loc.to_port if loc.to_port is not None else loc.path[-1]))
    return pts


def draw_locs(scene: Scene) -> None:
    lines = [_loc_points(scene, loc) for _, loc in sorted(scene.gm.entries("locs").items())]
    if lines:
        scene.ax.add_collection(LineCollection(lines, colors=LOC, linewidths=1.6, alpha=0.9,
                                               linestyles=(0, (1, 2.2)), capstyle="round", zorder=3))


def draw_straits(scene: Scene) -> None:
    """A strait is a marked sea step between its island side and the opposite shore."""
    segments, points = [], []
    for _, s in sorted(scene.gm.entries("straits").items()):
        segments += [[scene.xy(side), scene.xy(s.opposite)] for side in s.island_side]
        points.append(scene.xy(s.id))
    if not segments:
        return
    scene.ax.add_collection(LineCollection(segments, colors=STRAIT, linewidths=4.5, alpha=0.35,
                                           capstyle="butt", zorder=2.4))
    xs, ys = zip(*points)
    scene.ax.scatter(xs, ys, s=pt(7) ** 2, marker="D", c=STRAIT, edgecolors="white", linewidths=0.8, zorder=4)
    for x, y in points:
        scene.placer.block(Box.around(x, y, 4))
    for segment in segments:
        block_segment(scene, *segment, half=STRAIT_HALF_W + 0.5)


STRAIT_HALF_W = 4.5 / 2 / 0.72  # half the band's line width (4.5 pt), in layout units


def block_segment(scene: Scene, a: tuple[float, float], b: tuple[float, float], *, half: float) -> None:
    """Keep labels off a straight line: small boxes along it, closer than their size."""
    (x0, y0), (x1, y1) = a, b
    steps = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / half))
    for i in range(steps + 1):
        t = i / steps
        scene.placer.block(Box.around(x0 + t * (x1 - x0), y0 + t * (y1 - y0), half))


def draw_owner_tint(scene: Scene) -> None:
    """A translucent disc of the owner's colour over the area's land."""
    discs, colours = [], []
    for area_id, faction in sorted(scene.ov.area_owner.items()):
        discs.append(Circle(scene.xy(area_id), BLOB_R - 2))
        colours.append(faction_colour(scene.ov, faction))
    if discs:
        scene.ax.add_collection(PatchCollection(discs, facecolor=colours, edgecolor="none", alpha=0.32, zorder=0.8))


def draw_lines(scene: Scene) -> None:
    """The overlay's lines, style by style in the vocabulary's order: a line through
    the places of each (in the style's colour, width and dash), then, for a style
    with a cross, a ✕ at the middle of each (on the place itself for one place)."""
    by_style: dict[str, list[list[tuple[float, float]]]] = {}
    for line in scene.ov.lines:
        by_style.setdefault(line.style, []).append([scene.xy(p) for p in line.places])
    for style, look in scene.ov.vocabulary.lines.items():
        drawn = by_style.get(style, [])
        lines = [pts for pts in drawn if len(pts) > 1]
        if lines:
            scene.ax.add_collection(LineCollection(lines, colors=look.colour, linewidths=look.width, alpha=look.alpha,
                                                   linestyles=linestyle(look.dash), capstyle="round", zorder=3.2))
        if look.mark == "cross" and drawn:
            xs, ys = zip(*(_middle(pts) for pts in drawn))
            scene.ax.scatter(xs, ys, s=pt(9) ** 2, marker="X", c=look.colour, edgecolors="white", linewidths=0.7,
                             zorder=6.5)


def _middle(pts: list[tuple[float, float]]) -> tuple[float, float]:
    """The point halfway along a polyline."""
    lengths = [((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 for (x0, y0), (x1, y1) in zip(pts, pts[1:])]
    half = sum(lengths) / 2
    for (x0, y0), (x1, y1), length in zip(pts, pts[1:], lengths):
        if half <= length and length > 0:
            t = half / length
            return x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        half -= length
    return pts[-1]
