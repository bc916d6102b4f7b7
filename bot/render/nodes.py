"""Nodes and ports: the places units stand on and labels keep clear of.

Which nodes are drawn how is the node's look (bot/domain/gamemap_profile.py):
places always, waters where the turn uses them, ports as an anchor glyph
(and as a place when a unit stands in the port)."""

from __future__ import annotations

import math

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle

from bot.domain.gamemap import GameMap, Node
from bot.domain.gamemap_profile import INLAND, PLACE, PORT, WATER
from bot.render.geometry import Box
from bot.render.overlay import Overlay
from bot.render.scene import Scene
from bot.render.style import PORT as PORT_INK
from bot.render.style import (
    COAST_EDGE,
    F_PORT_GLYPH,
    LAND_ADJ,
    R_PLACE,
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


def node_radius(node: Node) -> float:
    if node.look != PLACE:
        return R_SEA
    return R_INLAND if INLAND in node.flags else R_PLACE


def register_nodes(scene: Scene) -> None:
    """Where every node is and how much room it keeps free: land areas and
    the sea areas the overlay uses. The footprint keeps room for one event
    ring, so names placed once for the static layer stay clear of it; each
    further ring takes RING_STEP more."""
    counts: dict[str, int] = {}
    for h in scene.ov.highlights:
        counts[h.area] = counts.get(h.area, 0) + 1
    used = _in_play(scene.ov)
    for node in sorted(scene.gm.nodes_on(scene.sheet), key=lambda n: n.id):
        area_id = node.id
        if node.look != PLACE and (area_id not in used or node.look not in (WATER, PORT)):
            continue
        x, y = scene.xy(area_id)
        footprint = node_radius(node) + 2 + RING_STEP * max(1, counts.get(area_id, 0))
        scene.nodes[area_id] = (x, y, footprint)
        scene.placer.block_disc(x, y, footprint)
    scene.placer.set_anchors([(x, y) for x, y, _ in scene.nodes.values()])


def draw_area_nodes(scene: Scene) -> None:
    """Places: circles with a sea-blue rim, filled with the owner's colour;
    inland places: smaller, grey-rimmed; waters: a small dot, only when the
    overlay uses them (otherwise their name alone marks them, see
    labels.place_sea_names). One collection, in the same order: one draw call, not hundreds."""
    discs = []
    for area_id, (x, y, _) in sorted(scene.nodes.items()):
        node = scene.gm.nodes[area_id]
        r = node_radius(node)
        owner = scene.ov.area_owner.get(area_id)
        fill = faction_colour(scene.ov, owner) if owner else "white"
        if node.look == PORT:
            continue  # its anchor glyph is in the static layer
        if node.look == WATER:
            discs.append(Circle((x, y), r, facecolor=SEA_INK, edgecolor="none", alpha=0.6))
        elif INLAND not in node.flags:
            discs.append(Circle((x, y), r, facecolor=fill, edgecolor=COAST_EDGE, lw=pt(2.4)))
        else:
            discs.append(Circle((x, y), r, facecolor=fill, edgecolor=LAND_ADJ, lw=pt(1.6), linestyle=(0, (2, 1))))
    if discs:
        scene.ax.add_collection(PatchCollection(discs, match_original=True, zorder=5))


def draw_port_glyphs(scene: Scene) -> None:
    """⚓ at the port's own place, tied to its place by a short hairline."""
    for port in _ports(scene):
        x, y = scene.xy(port.id)
        home = port_home(scene.gm, port.id)
        if home is not None and scene.gm.nodes[home].sheet == scene.sheet:
            ax_, ay_ = scene.xy(home)
            if math.hypot(x - ax_, y - ay_) > R_PLACE + 6:
                scene.ax.plot([ax_, x], [ay_, y], color=PORT_INK, lw=0.5, alpha=0.3, zorder=4.5)
        scene.text(x, y, "⚓", F_PORT_GLYPH, zorder=6, ha="center", va="center")


def port_home(gm: GameMap, port_id: str) -> str | None:
    """The place a port belongs to: its first neighbour by id that is a place or a water."""
    return next((n for n in gm.neighbours(port_id) if gm.nodes[n].look in (PLACE, WATER)), None)


def _ports(scene: Scene) -> list[Node]:
    return sorted(scene.gm.nodes_on(scene.sheet, PORT), key=lambda n: n.id)


def block_ports(scene: Scene) -> None:
    for port in _ports(scene):
        x, y = scene.xy(port.id)
        w, h = scene.measure("⚓", F_PORT_GLYPH)
        scene.placer.block(Box(x - w / 2, y - h / 2, x + w / 2, y + h / 2))
