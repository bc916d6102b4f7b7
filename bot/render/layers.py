"""The map itself, under everything the overlay adds: sea, land masses, the
lines its profile declares (edge kinds and sections, bot.render.drawing), its
marked points and the owners' tint."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.patches import Circle, Polygon, Rectangle
from PIL import Image

from bot.domain.gamemap import GameMap, Node
from bot.domain.gamemap_profile import BORDER, MARK, PLACE, LineLook
from bot.render.drawing import map_drawing
from bot.render.geometry import Box
from bot.render.scene import Scene
from bot.render.style import (
    BLOB_R,
    LAND,
    LAND_EDGE,
    MARK_INK,
    SEA,
    UNIT_PT,
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
    """Land masses, soft: a disc under every place, thick round-capped bands
    along the borders between places of one land (the profile's land_group),
    and the triangles of mutually bordering places filled so a land has no holes."""
    gm, sheet = scene.gm, scene.sheet
    group = map_drawing(gm).land_group
    segments = [[scene.xy(a), scene.xy(b)] for a, b in _land_borders(gm, sheet, group)]
    triangles = [[scene.xy(a), scene.xy(b), scene.xy(c)] for a, b, c in _land_triangles(gm, sheet, group)]
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


def _land(node: Node, group: str | None) -> object:
    # The land a place is part of, where its ruleset's entry says (else all its places are one land).
    return getattr(node.entry, group, None) if group else None


def _land_borders(gm: GameMap, sheet: str, group: str | None) -> list[tuple[str, str]]:
    nodes = gm.nodes
    return [(a, b) for a, b in gm.lines(BORDER, sheet)
            if nodes[a].look == PLACE and nodes[b].look == PLACE and _land(nodes[a], group) == _land(nodes[b], group)]


def _land_triangles(gm: GameMap, sheet: str, group: str | None) -> list[tuple[str, str, str]]:
    borders = set(_land_borders(gm, sheet, group))
    out = []
    for a, b in sorted(borders):
        for c in gm.neighbours(b, lambda e: e.look == BORDER):
            if b < c and (a, c) in borders and (b, c) in borders:
                out.append((a, b, c))
    return out


def map_lines(scene: Scene) -> list[tuple[LineLook, list[list[str]]]]:
    """Every line the profile declares, with the node ids each runs through, on this sheet:
    each edge kind's edges (a < b, in order), then each section's entries (by id)."""
    gm, sheet = scene.gm, scene.sheet
    drawing = map_drawing(gm)
    out = []
    for kind, look in drawing.edge_lines.items():
        pairs = {(min(e.a, e.b), max(e.a, e.b)) for e in gm.edges if e.kind == kind}
        out.append((look, [[a, b] for a, b in sorted(pairs) if _on(gm, sheet, (a, b))]))
    for section in drawing.section_lines:
        lines = [list(line) for _, entry in sorted(gm.entries(section.section).items())
                 for line in section.lines(entry)]
        out.append((section.look, [line for line in lines if len(line) > 1 and _on(gm, sheet, line)]))
    return out


def _on(gm: GameMap, sheet: str, ids) -> bool:
    return all(i in gm.nodes and gm.nodes[i].sheet == sheet for i in ids)


def draw_map_lines(scene: Scene) -> None:
    """The profile's lines, each in its colour, width, dash and height; then its marked
    points (a small diamond), and names keep off both."""
    drawn = map_lines(scene)
    for look, lines in drawn:
        if lines:
            scene.ax.add_collection(_collection(scene, look, lines))
    marks = [scene.xy(n.id) for n in sorted(scene.gm.nodes_on(scene.sheet, MARK), key=lambda n: n.id)]
    if marks:
        xs, ys = zip(*marks)
        scene.ax.scatter(xs, ys, s=pt(7) ** 2, marker="D", c=MARK_INK, edgecolors="white", linewidths=0.8, zorder=4)
    for x, y in marks:
        scene.placer.block(Box.around(x, y, 4))
    for look, lines in drawn:
        if look.keep_clear:
            for line in lines:
                for a, b in zip(line, line[1:]):
                    block_segment(scene, scene.xy(a), scene.xy(b), half=half_width(look) + 0.5)


def _collection(scene: Scene, look: LineLook, lines: list[list[str]]) -> LineCollection:
    extra = {}
    if look.dash:
        extra["linestyles"] = linestyle(look.dash)
    if look.cap:
        extra["capstyle"] = look.cap
    return LineCollection([[scene.xy(n) for n in line] for line in lines], colors=look.colour,
                          linewidths=look.width, alpha=look.alpha, zorder=look.z, **extra)


def half_width(look: LineLook) -> float:
    """Half a line's width (points), in layout units."""
    return look.width / 2 / UNIT_PT


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
