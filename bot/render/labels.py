"""Names on the map, placed in order so that they avoid each other: area
names, event labels, then ports, marked points, background waters and the
names of groups of places (the profile's GroupNames)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.domain.gamemap import Node
from bot.domain.gamemap_profile import INLAND, MARK, PLACE, PORT, WATER
from bot.render.drawing import map_drawing
from bot.render.events import highlights_by_area
from bot.render.geometry import AROUND_ALL, AROUND_BELOW_FIRST, AROUND_SIDE_FIRST, PlacedLabel, candidates
from bot.render.localnames import drawable, families, place_name
from bot.render.scene import Scene
from bot.render.style import (
    F_AREA,
    F_AREA_INLAND,
    F_AREA_LOCAL,
    F_EVENT,
    F_GROUP,
    F_MARK,
    F_PORT,
    F_PORT_GLYPH,
    F_SEA,
    GAP,
    MUTED,
    UNIT_PT,
    Font,
    clip,
)


NEAR = (0.0, 10.0, 24.0)  # beyond the anchor's footprint: beside it, no leader line
FAR = (40.0, 60.0, 85.0, 115.0, 150.0)  # farther out, with a leader line
SHORT = 14  # characters left of a name that still finds no free spot


def _place_label(scene: Scene, x: float, y: float, text: str, font: Font, *, start: float,
                 dirs: Sequence[tuple[int, int]], zorder: float, colour: str | None = None,
                 area: bool = True, under: tuple[str, Font] | None = None, kind: str = "area",
                 anchor: str | None = None) -> bool:
    """Put ``text`` next to (x, y), ``start`` away from it, on a free spot
    only: beside it, else farther out with a leader line, else without its
    second line, else shortened. ``under``: a second, smaller line centred
    below (the localised name). False when even that found no room: the
    label is left out (the report names everything) rather than drawn over another."""
    tries = [(text, under)] + ([(text, None)] if under else [])
    if len(text) > SHORT:
        tries.append((clip(text, SHORT), None))
    for words, second in tries:
        w, h = scene.measure(words, font)
        w2, h2 = scene.measure(*second) if second else (0.0, -1.0)
        size = (max(w, w2), h + h2 + 1)
        cands = candidates(x, y, *size, [start + GAP + d for d in NEAR], dirs)
        n_near = len(cands)
        cands += candidates(x, y, *size, [start + GAP + d for d in FAR], AROUND_ALL)
        best = scene.placer.place_free(cands, anchor=(x, y) if area else None, unambiguous_from=n_near)
        if best is not None:
            break
    else:
        scene.unplaced.append(f"{kind} {text}")
        return False
    box = cands[best]
    if second:
        mid = (box.x0 + box.x1) / 2
        scene.text(mid, box.y0 + h2 + 1, words, font, zorder=zorder, ha="center", colour=colour)
        scene.text(mid, box.y0, second[0], second[1], zorder=zorder, ha="center")
    else:
        scene.text_in(box, words, font, zorder=zorder, colour=colour)
    scene.labels.append(PlacedLabel(kind, words, box, anchor, font.size / UNIT_PT))
    if best >= n_near:
        scene.leader(x, y, box, start=start, colour=colour or MUTED)
    return True


def place_area_names(scene: Scene) -> None:
    """Land areas, and sea areas the overlay uses (the other waters are
    background, named last where room is left: place_sea_names). A land
    area's localised name goes under its name where a font can draw it."""
    language = scene.ov.language
    local_font = replace(F_AREA_LOCAL, family=families(language))
    for area in _places(scene, PLACE, WATER):
        area_id = area.id
        if area_id not in scene.nodes:
            continue  # background water
        x, y, foot = scene.nodes[area_id]
        font = F_SEA if area.look == WATER else (F_AREA_INLAND if INLAND in area.flags else F_AREA)
        name = place_name(area, language)  # 長門 on a Japanese map: then no second line (localnames)
        local = area.local_name if name == area.name and area.look != WATER and area.local_name \
            and drawable(area.local_name, language) else None
        _place_label(scene, x, y, name, font, start=foot + 1, dirs=AROUND_BELOW_FIRST, zorder=9,
                     under=(local, local_font) if local else None, anchor=area_id)


def _places(scene: Scene, *looks: str) -> list[Node]:
    """The sheet's nodes of these looks, by id."""
    return sorted(scene.gm.nodes_on(scene.sheet, looks), key=lambda n: n.id)


def place_port_names(scene: Scene) -> None:
    for port in _places(scene, PORT):
        x, y = scene.xy(port.id)
        _place_label(scene, x, y, place_name(port, scene.ov.language), F_PORT,
                     start=max(scene.measure("⚓", F_PORT_GLYPH)) / 2,
                     dirs=AROUND_SIDE_FIRST, zorder=9, area=False, kind="port", anchor=port.id)


def place_mark_names(scene: Scene) -> None:
    for mark in _places(scene, MARK):
        x, y = scene.xy(mark.id)
        _place_label(scene, x, y, place_name(mark, scene.ov.language), F_MARK, start=4, dirs=AROUND_BELOW_FIRST, zorder=9, area=False,
                     kind="mark", anchor=mark.id)


def place_sea_names(scene: Scene) -> None:
    """Waters the overlay does not use are background: named on their point
    or nearby, and left unnamed when a busy turn leaves no room."""
    for area in _places(scene, WATER):
        area_id = area.id
        if area_id in scene.nodes:
            continue
        x, y = scene.xy(area_id)
        name = place_name(area, scene.ov.language)
        w, h = scene.measure(name, F_SEA)
        cands = candidates(x, y, w, h, (0.0, 8.0, 18.0, 30.0, 45.0), AROUND_BELOW_FIRST)
        best = scene.placer.place_free(cands)
        if best is not None:
            scene.text_in(cands[best], name, F_SEA, zorder=3.5)
            scene.labels.append(PlacedLabel("sea", name, cands[best], area_id, F_SEA.size / UNIT_PT))


def place_group_names(scene: Scene) -> None:
    """Groups of several places (the profile's GroupNames) get their name where it fits;
    a group of one is named by its single place already."""
    on_sheet = {n.id for n in scene.gm.nodes_on(scene.sheet, PLACE)}
    for groups in map_drawing(scene.gm).group_names:
        for _, group in sorted(scene.gm.entries(groups.section).items()):
            members = [a for a in getattr(group, groups.members) if a in on_sheet]
            if len(members) < 2:
                continue
            pts = [scene.xy(a) for a in members]
            cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
            w, h = scene.measure(group.name.upper(), F_GROUP)
            cands = candidates(cx, cy, w, h, (0.0, 25.0, 50.0, 80.0), AROUND_BELOW_FIRST)
            best = scene.placer.place_free(cands)
            if best is not None:
                scene.text_in(cands[best], group.name.upper(), F_GROUP, zorder=1.2)
                scene.labels.append(PlacedLabel("group", group.name, cands[best], None, F_GROUP.size / UNIT_PT))


def place_highlight_labels(scene: Scene) -> None:
    for area_id, items in highlights_by_area(scene.ov).items():
        x, y, foot = scene.nodes[area_id]
        for h in items:
            if h.label:
                colour = h.label_colour or scene.ov.vocabulary.highlights[h.kind].colour
                _place_label(scene, x, y, h.label, F_EVENT, start=foot + 4, dirs=AROUND_SIDE_FIRST,
                             zorder=9.5, colour=colour, kind="event", anchor=area_id)
