"""Draw a GameMap and an Overlay to a PNG: the entry point of the renderer.

Only ``matplotlib.figure.Figure`` with the Agg canvas is used, never pyplot:
pyplot keeps global figure state and is not safe off the main thread, and
renders run in worker threads (see ``bot.render.render_map_async``).

Layout works in *layout units*: the image is always 1400 units wide, and
``width_px`` only sets the DPI, so a larger image is the same picture with
more pixels. One unit is 0.72 pt at any width. Text is measured with the
canvas renderer and placed by a greedy box placer (``placer.Placer``) so
names, unit cards and event labels do not sit on top of each other.

Output is deterministic: no timestamps or software tag in the PNG, every
collection iterated in a fixed order, no global rcParams changes (they would
race between threads).

The drawing is spread over these modules of ``bot.render``:

- ``style``: palette, sizes, fonts and small shared helpers
- ``geometry``: projection (``Frame``), boxes and label candidates
- ``placer``: the greedy box placer
- ``scene``: one render's figure, axes, measuring and PNG output
- ``sprites``: texts as cached sprites, leader lines and arrows in batches, pictures pasted by pixels
- ``static``: the cached static layer (map and names), drawn once per map and width
- ``layers``: sea, land masses, the lines the map profile declares, owner tint, the overlay's lines
- ``nodes``: area nodes and ports
- ``events``: highlight rings and route arrows
- ``labels``: area, event, port, marked point, water and group names
- ``cards``: unit badges and cards
- ``legend``: title and legend
"""

from __future__ import annotations

import difflib

from bot.domain.gamemap import GameMap
from bot.domain.gamemap_profile import PLACE, WATER
from bot.render.aggregate import framed
from bot.render.cards import draw_units
from bot.render.events import draw_highlights, draw_routes
from bot.render.labels import place_highlight_labels
from bot.render.layers import draw_lines, draw_owner_tint
from bot.render.legend import draw_legend, draw_title, legend_items
from bot.render.nodes import draw_area_nodes, register_nodes
from bot.render.overlay import Overlay, vocabulary_problems
from bot.render.scene import Scene, has_place, png_bytes
from bot.render.static import paste, static_layer

__all__ = ["MAX_WIDTH_PX", "MIN_WIDTH_PX", "check_overlay", "draw_scene", "render_map"]

MIN_WIDTH_PX = 480
MAX_WIDTH_PX = 4096


def render_map(gamemap: GameMap, overlay: Overlay, *, width_px: int = 1400, sheet: str | None = None) -> bytes:
    """Render one sheet of ``gamemap`` (its first unless named) with ``overlay`` on top; returns PNG bytes.

    Raises ValueError for a width outside [MIN_WIDTH_PX, MAX_WIDTH_PX], an
    unknown sheet or an overlay that names places the map does not have
    (all listed at once).
    """
    scene = draw_scene(gamemap, overlay, width_px=width_px, sheet=sheet)
    try:
        return png_bytes(scene)
    finally:
        scene.release()  # its figure serves the next render of this thread


def draw_scene(gamemap: GameMap, overlay: Overlay, *, width_px: int = 1400, sheet: str | None = None) -> Scene:
    """The finished figure, before it becomes a PNG (tests read its tokens).

    What the overlay puts on another sheet's nodes is not drawn on this one."""
    _check_width(width_px)
    sheet = _check_sheet(gamemap, sheet)
    check_overlay(gamemap, overlay)
    overlay = on_sheet(gamemap, overlay, sheet)
    gamemap, overlay = framed(gamemap, overlay, sheet)  # a faction's map of a big map: its theatre (aggregate.py)
    layer = static_layer(gamemap, width_px, sheet, overlay.language)  # cached: drawn once per map, sheet, width and language
    scene = Scene.create(gamemap, overlay, width_px, legend=legend_items(gamemap, overlay), sheet=sheet)
    paste(scene, layer)
    draw_owner_tint(scene)
    draw_lines(scene)
    register_nodes(scene)
    draw_area_nodes(scene)
    draw_highlights(scene)
    draw_routes(scene)
    # The names are in the static layer; the turn's labels avoid them and each other,
    # units first: an event's words may be left out (its ring and glyph stay), a unit may not.
    draw_units(scene)
    place_highlight_labels(scene)
    draw_title(scene)
    draw_legend(scene)
    return scene


def check_overlay(gamemap: GameMap, overlay: Overlay) -> None:
    """Raise ValueError listing every overlay entry that names an unknown place, or a word its
    vocabulary does not declare.

    A place is any node of the map (a port too: units may stand in one);
    the hint offers the nearest place or water name."""
    problems: list[str] = vocabulary_problems(overlay)
    places = sorted(n.id for n in gamemap.nodes.values() if n.look in (PLACE, WATER))

    def check(what: str, area_id: str) -> None:
        if area_id not in gamemap.nodes:
            close = difflib.get_close_matches(area_id, places, n=1)
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
    problems += [f"line {i + 1} ({line.style}): unknown place {place!r}" for i, line in enumerate(overlay.lines)
                 for place in line.places if not has_place(gamemap, place)]
    if problems:
        raise ValueError(f"overlay does not fit map {gamemap.id!r}: " + "; ".join(problems))


def _check_sheet(gamemap: GameMap, sheet: str | None) -> str:
    if sheet is not None and sheet not in gamemap.sheets:
        raise ValueError(f"map {gamemap.id!r} has no sheet {sheet!r} (sheets: {', '.join(gamemap.sheets)})")
    return sheet or gamemap.default_sheet


def on_sheet(gamemap: GameMap, overlay: Overlay, sheet: str) -> Overlay:
    """The overlay without what stands on other sheets (routes: the steps on this one)."""
    if len(gamemap.sheets) < 2:
        return overlay
    here = {n.id for n in gamemap.nodes_on(sheet)}
    routes = [r.model_copy(update={"areas": [a for a in r.areas if a in here]}) for r in overlay.routes]
    return overlay.model_copy(update={
        "markers": [m for m in overlay.markers if m.area in here],
        "highlights": [h for h in overlay.highlights if h.area in here],
        "routes": [r for r in routes if len(r.areas) >= 2],
        "area_owner": {k: v for k, v in overlay.area_owner.items() if k in here},
    })


def _check_width(width_px: int) -> None:
    if not isinstance(width_px, int) or not MIN_WIDTH_PX <= width_px <= MAX_WIDTH_PX:
        raise ValueError(f"width_px must be an integer from {MIN_WIDTH_PX} to {MAX_WIDTH_PX}, got {width_px!r}")
