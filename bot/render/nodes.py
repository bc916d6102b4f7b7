"""Area nodes and ports: the places units stand on and labels keep clear of."""

from __future__ import annotations

import math

from matplotlib.patches import Circle

from bot.domain.gamemap import Area
from bot.render.geometry import Box
from bot.render.overlay import Overlay
from bot.render.scene import Scene
from bot.render.style import (
    COAST_EDGE,
    F_PORT_GLYPH,
    LAND_ADJ,
    PORT,
    R_COASTAL,
    R_INLAND,
    R_SEA,
    RING_STEP,
    SEA_INK,
    faction_colour,
    pt,
)


def _in_play(ov: Overlay) -> set[str]:
    """Areas the overlay puts something on."""
    areas = {m.area for m in ov.markers} | {h.area for h in ov.highlights} | set(ov.area_owner)
    return areas.union(*(r.areas for r in ov.routes))


def node_radius(area: Area) -> float:
    if area.kind == "sea":
        return R_SEA
    return R_COASTAL if area.coastal else R_INLAND


def register_nodes(scene: Scene) -> None:
    """Where every node is and how much room it keeps free: land areas and
    the sea areas the overlay uses. The footprint keeps room for one event
    ring, so names placed once for the static layer stay clear of it; each
    further ring takes RING_STEP more."""
    counts: dict[str, int] = {}
    for h in scene.ov.highlights:
        counts[h.area] = counts.get(h.area, 0) + 1
    used = _in_play(scene.ov)
    for area_id, area in sorted(scene.gm.areas.items()):
        if area.kind == "sea" and area_id not in used:
            continue
        x, y = scene.xy(area_id)
        footprint = node_radius(area) + 2 + RING_STEP * max(1, counts.get(area_id, 0))
        scene.nodes[area_id] = (x, y, footprint)
        scene.placer.block_disc(x, y, footprint)
    scene.placer.set_anchors([(x, y) for x, y, _ in scene.nodes.values()])


def draw_area_nodes(scene: Scene) -> None:
    """Coastal areas: circles with a sea-blue rim, filled with the owner's
    colour; inland: smaller, grey-rimmed; sea areas: a small dot, only when
    the overlay uses them (otherwise their name alone marks them, see
    labels.place_sea_names)."""
    for area_id, (x, y, _) in sorted(scene.nodes.items()):
        area = scene.gm.areas[area_id]
        r = node_radius(area)
        owner = scene.ov.area_owner.get(area_id)
        fill = faction_colour(scene.ov, owner) if owner else "white"
        if area.kind == "sea":
            scene.ax.add_artist(Circle((x, y), r, facecolor=SEA_INK, edgecolor="none", alpha=0.6, zorder=5))
        elif area.coastal:
            scene.ax.add_artist(Circle((x, y), r, facecolor=fill, edgecolor=COAST_EDGE, lw=pt(2.4), zorder=5))
        else:
            scene.ax.add_artist(Circle((x, y), r, facecolor=fill, edgecolor=LAND_ADJ, lw=pt(1.6),
                                       linestyle=(0, (2, 1)), zorder=5))


def draw_port_glyphs(scene: Scene) -> None:
    """⚓ at the port's own place, tied to its area by a short hairline."""
    for _, port in sorted(scene.gm.ports.items()):
        x, y = scene.xy(port.id)
        ax_, ay_ = scene.xy(port.area)
        if math.hypot(x - ax_, y - ay_) > R_COASTAL + 6:
            scene.ax.plot([ax_, x], [ay_, y], color=PORT, lw=0.5, alpha=0.3, zorder=4.5)
        scene.text(x, y, "⚓", F_PORT_GLYPH, zorder=6, ha="center", va="center")


def block_ports(scene: Scene) -> None:
    for _, port in sorted(scene.gm.ports.items()):
        x, y = scene.xy(port.id)
        w, h = scene.measure("⚓", F_PORT_GLYPH)
        scene.placer.block(Box(x - w / 2, y - h / 2, x + w / 2, y + h / 2))
