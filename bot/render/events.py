"""What happened this turn: highlight rings around areas and route arrows."""

from __future__ import annotations

import math

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle

from bot.render.geometry import Box
from bot.render.nodes import node_radius
from bot.render.overlay import Highlight, Overlay
from bot.render.scene import Scene
from bot.render.sprites import Arrow
from bot.render.style import F_EVENT_GLYPH, RING_STEP, linestyle, pt


def highlights_by_area(ov: Overlay) -> dict[str, list[Highlight]]:
    out: dict[str, list[Highlight]] = {}
    for h in ov.highlights:
        out.setdefault(h.area, []).append(h)
    return out


def draw_highlights(scene: Scene) -> None:
    """Rings around the area node, one per highlight, in the colour and dash its
    kind has in the overlay's vocabulary, with the kind's symbol on the rim. The rings are
    one collection (one draw call), in the same order."""
    rings = []
    for area_id, items in highlights_by_area(scene.ov).items():
        x, y = scene.xy(area_id)
        base = node_radius(scene.gm.nodes[area_id])
        for i, h in enumerate(items):
            look = scene.ov.vocabulary.highlights[h.kind]
            colour, glyph = look.colour, look.symbol
            r = base + RING_STEP * (i + 1)
            rings.append(Circle((x, y), r, facecolor="none", edgecolor=colour, lw=pt(2.6),
                                linestyle=linestyle(look.dash)))
            # Glyphs go round the rim, one slot per highlight, from upper left; a slot
            # where a name already is gives way to the next free one round the rim.
            w, h_ = scene.measure(glyph, F_EVENT_GLYPH)
            spots = []
            for step in range(12):
                angle = math.radians(135 - 60 * i - 30 * step)
                gx, gy = x + (r + 7) * math.cos(angle), y + (r + 7) * math.sin(angle)
                spots.append(Box(gx - w / 2, gy - h_ / 2, gx + w / 2, gy + h_ / 2))
            # (against the names only: the node's own footprint, rings included, is where a glyph belongs)
            box = next((b for b in spots if not any(_touch(b, n.box) for n in scene.labels)), spots[0])
            scene.placer.block(box)
            scene.text((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, glyph, F_EVENT_GLYPH, zorder=11, ha="center",
                       va="center", colour=colour)
            scene.glyphs.append(box)
    if rings:
        scene.ax.add_collection(PatchCollection(rings, match_original=True, zorder=7))


def _touch(a: Box, b: Box, gap: float = 1.0) -> bool:
    return a.x0 - gap < b.x1 and b.x0 < a.x1 + gap and a.y0 - gap < b.y1 and b.y0 < a.y1 + gap


ROUTE_RAD = 0.18


def _block_arc(scene: Scene, p0: tuple[float, float], p2: tuple[float, float], rad: float) -> None:
    """Keep labels off a route arrow: block small boxes along the same
    quadratic curve matplotlib draws for connectionstyle arc3."""
    (x0, y0), (x2, y2) = p0, p2
    cx, cy = (x0 + x2) / 2 + rad * (y2 - y0), (y0 + y2) / 2 - rad * (x2 - x0)
    steps = max(2, int(math.hypot(x2 - x0, y2 - y0) / 8))
    for i in range(1, steps):
        t = i / steps
        x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t**2 * x2
        y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t**2 * y2
        scene.placer.block(Box.around(x, y, 3))


def draw_routes(scene: Scene) -> None:
    for route in scene.ov.routes:
        steps = [a for i, a in enumerate(route.areas) if i == 0 or a != route.areas[i - 1]]
        dash = scene.ov.vocabulary.routes[scene.ov.route_style(route)].dash
        for i, (a, b) in enumerate(zip(steps, steps[1:])):
            last = i == len(steps) - 2
            _block_arc(scene, scene.xy(a), scene.xy(b), ROUTE_RAD)
            # A curved arrow with a white halo under it (bot.render.sprites draws them in one go).
            scene.batch.arrow(scene.ax, Arrow(
                scene.xy(a), scene.xy(b), route.colour, pt(3.2), rad=ROUTE_RAD, shrink_a=pt(scene.nodes[a][2] + 1),
                shrink_b=pt(scene.nodes[b][2] + 2), head=last, mutation=pt(20), dash=dash,
                halo=(pt(6), "white", 0.8)), zorder=7.5)
