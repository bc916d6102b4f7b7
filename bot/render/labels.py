"""Names on the map, placed in order so that they avoid each other: area
names, event labels, then ports, straits, background seas and islands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.render.events import highlights_by_area
from bot.render.geometry import AROUND_BELOW_FIRST, AROUND_SIDE_FIRST, candidates
from bot.render.localnames import drawable, families
from bot.render.scene import Scene
from bot.render.style import (
    F_AREA,
    F_AREA_INLAND,
    F_AREA_LOCAL,
    F_EVENT,
    F_ISLAND,
    F_PORT,
    F_PORT_GLYPH,
    F_SEA,
    F_STRAIT,
    GAP,
    HIGHLIGHT_STYLE,
    MUTED,
    Font,
)


def _place_label(scene: Scene, x: float, y: float, text: str, font: Font, *, start: float,
                 dirs: Sequence[tuple[int, int]], zorder: float, colour: str | None = None,
                 area: bool = True, under: tuple[str, Font] | None = None) -> None:
    """Put ``text`` next to (x, y), ``start`` away from it; farther out with a
    leader line when the near spots are taken. ``under``: a second, smaller
    line centred below (the localised name)."""
    w, h = scene.measure(text, font)
    w2, h2 = scene.measure(*under) if under else (0.0, -1.0)
    cands = candidates(x, y, max(w, w2), h + h2 + 1, (start + GAP, start + GAP + 10, start + GAP + 24), dirs)
    best, _ = scene.placer.place(cands, anchor=(x, y) if area else None)
    box = cands[best]
    if under:
        mid = (box.x0 + box.x1) / 2
        scene.text(mid, box.y0 + h2 + 1, text, font, zorder=zorder, ha="center", colour=colour)
        scene.text(mid, box.y0, under[0], under[1], zorder=zorder, ha="center")
    else:
        scene.text_in(box, text, font, zorder=zorder, colour=colour)
    if best >= len(dirs):
        scene.leader(x, y, box, start=start, colour=colour or MUTED)


def place_area_names(scene: Scene) -> None:
    """Land areas, and sea areas the overlay uses (the other waters are
    background, named last where room is left: place_sea_names). A land
    area's localised name goes under its name where a font can draw it."""
    local_font = replace(F_AREA_LOCAL, family=families())
    for area_id, area in sorted(scene.gm.areas.items()):
        if area_id not in scene.nodes:
            continue  # background water
        x, y, foot = scene.nodes[area_id]
        font = F_SEA if area.kind == "sea" else (F_AREA if area.coastal else F_AREA_INLAND)
        local = area.local_name if area.kind != "sea" and area.local_name and drawable(area.local_name) else None
        _place_label(scene, x, y, area.name, font, start=foot + 1, dirs=AROUND_BELOW_FIRST, zorder=9,
                     under=(local, local_font) if local else None)


def place_port_names(scene: Scene) -> None:
    for _, port in sorted(scene.gm.ports.items()):
        x, y = scene.xy(port.id)
        _place_label(scene, x, y, port.name, F_PORT, start=max(scene.measure("⚓", F_PORT_GLYPH)) / 2,
                     dirs=AROUND_SIDE_FIRST, zorder=9, area=False)


def place_strait_names(scene: Scene) -> None:
    for _, s in sorted(scene.gm.straits.items()):
        x, y = scene.xy(s.id)
        _place_label(scene, x, y, s.name, F_STRAIT, start=4, dirs=AROUND_BELOW_FIRST, zorder=9, area=False)


def place_sea_names(scene: Scene) -> None:
    """Waters the overlay does not use are background: named on their point
    or nearby, and left unnamed when a busy turn leaves no room."""
    for area_id, area in sorted(scene.gm.areas.items()):
        if area.kind != "sea" or area_id in scene.nodes:
            continue
        x, y = scene.xy(area_id)
        w, h = scene.measure(area.name, F_SEA)
        cands = candidates(x, y, w, h, (0.0, 8.0, 18.0, 30.0, 45.0), AROUND_BELOW_FIRST)
        best, cost = scene.placer.place(cands, block=False)
        if cost == 0:
            scene.placer.block(cands[best])
            scene.text_in(cands[best], area.name, F_SEA, zorder=3.5)


def place_island_names(scene: Scene) -> None:
    """Island groups of several areas get their name where it fits; small
    ones are named by their single area already."""
    for _, island in sorted(scene.gm.islands.items()):
        members = [a for a in island.areas if a in scene.gm.areas]
        if len(members) < 2:
            continue
        pts = [scene.xy(a) for a in members]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        w, h = scene.measure(island.name.upper(), F_ISLAND)
        cands = candidates(cx, cy, w, h, (0.0, 25.0, 50.0, 80.0), AROUND_BELOW_FIRST)
        best, cost = scene.placer.place(cands, block=False)
        if cost == 0:
            scene.placer.block(cands[best])
            scene.text_in(cands[best], island.name.upper(), F_ISLAND, zorder=1.2)


def place_highlight_labels(scene: Scene) -> None:
    for area_id, items in highlights_by_area(scene.ov).items():
        x, y, foot = scene.nodes[area_id]
        for h in items:
            if h.label:
                colour = HIGHLIGHT_STYLE[h.kind][0]
                _place_label(scene, x, y, h.label, F_EVENT, start=foot + 4, dirs=AROUND_SIDE_FIRST,
                             zorder=9.5, colour=colour)
