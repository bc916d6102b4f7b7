"""A crowded map stays readable: units counted per faction where an area has no room, and a
faction's map framed on its own theatre (issue 18).

Ruleset-neutral. A presenter makes one call, ``for_audience``, on the overlay it built: it says
whose map it is (that faction's units are never merged) and which areas are its theatre. Then:

- **aggregation** (``variants``, used by ``bot.render.cards`` while it places the units): where
  an area's units find no free spot as they are, every other faction's units there become one
  entry per faction with a count ("Clan 3: 12 units" on a card, a disc in the faction's colour
  with "12" on a badge), and the units are placed again. Whether it is crowded is what the placer
  says, not a count: an area whose card fits keeps every row, so a map that fits today (the demos)
  does not change, and a crowded one merges only where it must. Only markers of the overlay are
  counted, and the overlay holds only what the audience may see: an aggregated entry says less than
  the separate ones would (the same units, their faction and number, no names or kinds).
- **framing** (``theatre_map``): a faction's map shows the box around its theatre (its units, its
  ports, the events that concern it) with a margin, snapped to a grid of the whole map so that it
  stays put from turn to turn (and the static layer, cached by the map's content, is drawn once per
  frame), when that box is much smaller than the whole map; otherwise the whole map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from bot.domain.events import Event
from bot.domain.gamemap import GameMap
from bot.i18n import N_, messages
from bot.render.overlay import Marker, Overlay
from bot.render.style import MAP_PAD, MAX_MAP_H, NOMINAL_W, SIDE
from bot.render.vocabulary import ShapeStyle

__all__ = ["COUNTED", "for_audience", "framed", "merged", "theatre_map", "variants"]

# The vocabulary key of an aggregated entry: no ruleset's word (a ruleset's keys are plain words).
COUNTED = "+counted"
COUNTED_WORD = N_("units of a faction, counted")


def for_audience(overlay: Overlay, faction: str | None, *, events: Iterable[Event] = (), places: Iterable[str] = (),
                 framing: bool = True) -> Overlay:
    """The overlay drawn for ``faction``'s map (None: the public's or the moderators'): crowded areas
    count every other faction's units; with ``framing``, a faction's map frames its theatre when that
    is much smaller than the whole map (``theatre_map``): the areas of its units on the map, ``places``
    (nodes of the map: its ports, say) and every place named by one of ``events`` addressed to it.
    The presenter's one call (bot/rulesets/*/report/present.py)."""
    shapes = {**overlay.vocabulary.shapes,
              COUNTED: ShapeStyle(name=messages(overlay.language)._(COUNTED_WORD), glyph="circle")}
    theatre: set[str] = set()
    if framing and faction is not None:
        theatre = {m.area for m in overlay.markers if m.faction == faction} | set(places)
        theatre |= {p for e in events if faction in e.audience.factions for p in _places_named(e)}
    return overlay.model_copy(update={
        "aggregate": True, "own_faction": faction,
        "vocabulary": overlay.vocabulary.model_copy(update={"shapes": shapes}),
        "theatre": sorted(theatre),
    })


def _places_named(event: Event) -> list[str]:
    """Every text the event holds, alone or in a list (an area, a port, a route's steps): the map's
    nodes among them are kept by ``theatre_map``, the rest (names, ids of units) never match one."""
    out: list[str] = []
    for value in vars(event).values():
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            out += [v for v in value if isinstance(v, str)]
    return out


def variants(overlay: Overlay, markers: list[Marker]) -> list[list[Marker]]:
    """How one area's markers may be drawn, in order of preference: as they are, then (an
    aggregating overlay, where that merges anything) with other factions' units counted."""
    if not overlay.aggregate:
        return [markers]
    counted = merged(markers, overlay)
    return [markers, counted] if counted != markers else [markers]


def merged(markers: list[Marker], overlay: Overlay) -> list[Marker]:
    """``markers`` of one area with each other faction's markers (two or more) as one, its count
    their sum; the overlay's own faction's, a faction the overlay gives no name (its id must
    not be shown), and markers of a kind that is no unit there (``ShapeStyle.counted``: a loss)
    as they are. Factions in the order they first appear, the markers left as they are after them."""
    groups: dict[str, list[Marker]] = {}
    apart: list[Marker] = []
    shapes = overlay.vocabulary.shapes
    for m in markers:
        if m.shape in shapes and not shapes[m.shape].counted:
            apart.append(m)
        else:
            groups.setdefault(m.faction, []).append(m)
    out = _counted(groups, overlay)
    if not apart:
        return out
    # Nothing merged: the markers in their own order (``variants`` compares with them).
    return markers if len(out) == len(markers) - len(apart) else out + apart


def _counted(groups: dict[str, list[Marker]], overlay: Overlay) -> list[Marker]:
    t = messages(overlay.language)
    out: list[Marker] = []
    for faction, ms in groups.items():
        name = overlay.faction_names.get(faction)
        if faction == overlay.own_faction or not name or len(ms) < 2:
            out += ms
            continue
        n = sum(m.count for m in ms)
        out.append(Marker(area=ms[0].area, label=name, faction=faction, colour=ms[0].colour, shape=COUNTED,
                          count=n, detail=t.n_("{n} unit", "{n} units", n)))
    return out


# --- framing ---------------------------------------------------------------------

FRAME_MIN_NODES = 150  # smaller maps are drawn whole: at 1,400 px every area has room (a 60-node map)
FRAME_MIN_ZOOM = 2.0  # frame only when that draws the theatre at least twice as large as the whole map does
FRAME_GRID = 12  # the box snaps to twelfths of the whole map each way, so it moves only in such steps
FRAME_MARGIN = 1  # grid cells added on each side: the neighbours an arrow or a card comes from
# Between these widths for its height: a framed map is not taller than a phone can show, and one
# of a long coast shows the land and sea beside it, not a thin strip.
FRAME_MIN_ASPECT, FRAME_MAX_ASPECT = 1.4, 2.5


def framed(gm: GameMap, overlay: Overlay, sheet: str) -> tuple[GameMap, Overlay]:
    """The map and overlay drawn: the whole map, or its theatre's frame (``theatre_map``) with what
    the overlay puts outside it left out (a route or a line: its steps inside, if two remain)."""
    framed_map = theatre_map(gm, overlay, sheet)
    if framed_map is gm:
        return gm, overlay
    here = framed_map.nodes
    routes = [r.model_copy(update={"areas": [a for a in r.areas if a in here]}) for r in overlay.routes]
    lines = []
    for line in overlay.lines:
        inside = [p for p in line.places if p in here]
        if inside == line.places:
            lines.append(line)
        elif len(inside) >= 2:  # a line cut by the frame; a mark on one place outside is left out
            lines.append(line.model_copy(update={"places": inside}))
    markers = [m for m in overlay.markers if m.area in here]
    owners = {k: v for k, v in overlay.area_owner.items() if k in here}
    present = {*owners.values(), *(m.faction for m in markers)}  # the legend names the factions in the frame
    return framed_map, overlay.model_copy(update={
        "markers": markers,
        "highlights": [h for h in overlay.highlights if h.area in here],
        "routes": [r for r in routes if len(r.areas) >= 2],
        "lines": lines,
        "area_owner": owners,
        "faction_names": {k: v for k, v in overlay.faction_names.items() if k in present},
        "faction_colours": {k: v for k, v in overlay.faction_colours.items() if k in present},
    })


def theatre_map(gm: GameMap, overlay: Overlay, sheet: str) -> GameMap:
    """The map ``overlay`` is drawn on: ``gm`` itself, or, for a faction's map of a big map whose
    theatre is much smaller than the whole, ``gm`` cut to the nodes in the theatre's frame (a map of
    its own: the static layer's cache keys it by content, one layer per frame)."""
    box = _frame_box(gm, overlay, sheet)
    if box is None:
        return gm
    x0, y0, x1, y1 = box
    kept = {k: n for k, n in gm.nodes.items()
            if n.sheet != sheet or (n.x is not None and n.y is not None and x0 <= n.x <= x1 and y0 <= n.y <= y1)}
    edges = tuple(e for e in gm.edges if e.a in kept and e.b in kept)
    framed = gm.model_copy(update={"nodes": kept, "edges": edges})
    framed._adjacent, framed._paths = None, {}  # the copy must not answer from the whole map's caches
    return framed


def _frame_box(gm: GameMap, overlay: Overlay, sheet: str) -> tuple[float, float, float, float] | None:
    """The theatre's box in map coordinates, snapped and widened; None: draw the whole map."""
    if not overlay.theatre or gm.sheets[sheet].art is not None:
        return None  # a map's own picture is not cut (its art would have to be cropped too)
    nodes = [n for n in gm.nodes_on(sheet) if n.x is not None and n.y is not None]
    if len(nodes) < FRAME_MIN_NODES:
        return None
    xs, ys = [n.x for n in nodes], [n.y for n in nodes]
    mx, my, wx, wy = min(xs), min(ys), (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    pts = [(gm.nodes[a].x, gm.nodes[a].y) for a in overlay.theatre
           if a in gm.nodes and gm.nodes[a].sheet == sheet and gm.nodes[a].x is not None]
    if not pts:
        return None
    cx, cy = wx / FRAME_GRID, wy / FRAME_GRID
    gx0 = max(0, math.floor((min(p[0] for p in pts) - mx) / cx) - FRAME_MARGIN)
    gx1 = min(FRAME_GRID, math.floor((max(p[0] for p in pts) - mx) / cx) + 1 + FRAME_MARGIN)
    gy0 = max(0, math.floor((min(p[1] for p in pts) - my) / cy) - FRAME_MARGIN)
    gy1 = min(FRAME_GRID, math.floor((max(p[1] for p in pts) - my) / cy) + 1 + FRAME_MARGIN)
    kx = math.cos(math.radians(max(-80.0, min(80.0, sum(ys) / len(ys)))))  # as Frame.fit shrinks longitude
    gx0, gx1 = _widened(gx0, gx1, (gy1 - gy0) * cy * FRAME_MIN_ASPECT / (cx * kx))
    gy0, gy1 = _widened(gy0, gy1, (gx1 - gx0) * cx * kx / (FRAME_MAX_ASPECT * cy))
    if _scale((gx1 - gx0) * cx * kx, (gy1 - gy0) * cy) < FRAME_MIN_ZOOM * _scale(wx * kx, wy):
        return None  # not much smaller than the whole map: it would not be drawn much larger
    ex, ey = 1e-9 * wx, 1e-9 * wy  # a node on the grid's edge stays in, whatever the float rounding
    return mx + gx0 * cx - ex, my + gy0 * cy - ey, mx + gx1 * cx + ex, my + gy1 * cy + ey


def _scale(span_x: float, span_y: float) -> float:
    """Layout units per map unit of a box this wide and tall, as ``Frame.fit`` draws it."""
    inner_w = NOMINAL_W - 2 * SIDE - 2 * MAP_PAD
    return min(inner_w / span_x, (MAX_MAP_H - 2 * MAP_PAD) / span_y)


def _widened(g0: int, g1: int, want: float) -> tuple[int, int]:
    """Grid cells g0..g1 of one axis widened (both sides alike, within the map) to at least ``want``."""
    need = min(FRAME_GRID, math.ceil(want - 1e-9))
    while g1 - g0 < need:
        if g0 > 0:
            g0 -= 1
        if g1 - g0 < need and g1 < FRAME_GRID:
            g1 += 1
    return g0, g1
