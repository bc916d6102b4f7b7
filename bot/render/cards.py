"""Units on the map: per area a badge (a large glyph per faction and kind,
with a count) or a card (one row per unit with its name and detail)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from matplotlib.collections import PatchCollection
from matplotlib.patches import FancyBboxPatch

from bot.i18n import messages
from bot.render.aggregate import COUNTED, variants
from bot.render.geometry import AROUND_ALL, AROUND_SIDE_FIRST, Box, PlacedLabel, candidates
from bot.render.localnames import place_name
from bot.render.overlay import Marker
from bot.render.scene import Scene
from bot.render.vocabulary import ShapeStyle
from bot.render.style import (
    BADGE_GLYPH,
    F_BADGE,
    F_CARD,
    F_CARD_DETAIL,
    F_CARD_HEAD,
    F_CARD_MORE,
    GAP,
    GLYPH_MARKER,
    INK,
    UNIT_PT,
    Font,
    clip,
    hollow_fill,
    pt,
)

MAX_ROWS_PER_AREA = 6  # marker rows in one area's card, the "+n more" row included
CARD_PAD = 4.0
CARD_ROW = 16.0
CARD_SYMBOL = 12.0
MAX_LABEL = 22
MAX_DETAIL = 26


@dataclass(frozen=True)
class _Row:
    kind: Literal["unit", "more", "head"]
    label: str
    detail: str = ""
    marker: Marker | None = None


def _card_rows(markers: list[Marker], shapes: dict[str, ShapeStyle], language: str = "en") -> list[_Row]:
    """One row per marker; a crowded area gets one row per faction and kind
    instead ("×3 ships: Red-2, Red-4, …", the shape's plural), so every unit is still counted."""
    if len(markers) > MAX_ROWS_PER_AREA:
        markers = _grouped(markers, shapes)
    if len(markers) <= MAX_ROWS_PER_AREA:
        shown, hidden = markers, 0
    else:
        shown, hidden = markers[: MAX_ROWS_PER_AREA - 1], len(markers) - (MAX_ROWS_PER_AREA - 1)
    rows = [_Row("unit", clip(_label(m), MAX_LABEL), clip(m.detail, MAX_DETAIL), m) for m in shown]
    if hidden:
        rows.append(_Row("more", messages(language)._("+{n} more", n=hidden)))
    return rows


def _label(m: Marker) -> str:
    return f"×{m.count} {m.label}" if m.count > 1 and m.shape != COUNTED else m.label  # counted: in its detail


def _grouped(markers: list[Marker], shapes: dict[str, ShapeStyle]) -> list[Marker]:
    groups: dict[tuple[str, str, str], list[Marker]] = {}
    for m in markers:
        groups.setdefault((m.faction, m.shape, m.colour), []).append(m)
    out = []
    for (faction, shape, colour), ms in groups.items():
        n = sum(m.count for m in ms)
        if len(ms) == 1:
            out.append(ms[0])
            continue
        style = shapes[shape]
        kind = (style.plural or style.name) if n > 1 else style.name
        out.append(Marker(area=ms[0].area, label=kind, faction=faction, colour=colour, shape=shape, count=n,
                          detail=", ".join(m.label for m in ms)))
    return out


_ROW_FONT = {"more": F_CARD_MORE, "head": F_CARD_HEAD}


def _row_width(scene: Scene, row: _Row) -> float:
    if row.kind != "unit":
        return scene.measure(row.label, _ROW_FONT[row.kind])[0]
    w = CARD_SYMBOL + scene.measure(row.label, F_CARD)[0]
    if row.detail:
        w += 4 + scene.measure(row.detail, F_CARD_DETAIL)[0]
    return w


def _card_size(scene: Scene, rows: list[_Row]) -> tuple[float, float]:
    return (2 * CARD_PAD + max(_row_width(scene, r) for r in rows), 2 * CARD_PAD + CARD_ROW * len(rows))


Symbols = dict[tuple[str, float], tuple[list[float], list[float], list[str]]]


@dataclass
class Drawn:
    """What the drawing steps collect, to be drawn at once: the glyphs per shape and size, the panels."""

    symbols: Symbols = field(default_factory=dict)
    panels: list[FancyBboxPatch] = field(default_factory=list)


Plan = list[Callable[[Drawn], None]]  # drawing steps, run once every spot is chosen
FAR_CARD = (16, 34, 60, 95, 135, 180, 230)  # beyond the footprint, with a leader line
FAR_BADGE = (*FAR_CARD, 290, 360, 440, 520)
# On a crowded map, smaller ones before an overlap: the last is the size of a card's glyph.
BADGE_SIZES = ((BADGE_GLYPH, F_BADGE), (15.0, Font(11, "bold", halo=0)), (10.0, Font(8, "bold", halo=0)))


def draw_units(scene: Scene) -> None:
    """Every marker of the overlay, per area: as badges (``units_as="badges"``,
    readable in a chat preview) or as cards. Busy areas first: theirs are the
    hardest to fit. Only on free spots: when cards leave an area without one,
    the whole map gets badges instead; what still finds none is placed where
    it overlaps least and named in ``scene.unplaced`` (tests fail on it)."""
    by_area: dict[str, list[Marker]] = {}
    for m in scene.ov.markers:
        by_area.setdefault(m.area, []).append(m)
    order = sorted(by_area, key=lambda a: (-len(by_area[a]), a))
    saved, n_unplaced = scene.placer.boxes(), len(scene.unplaced)
    plan: Plan = []
    if scene.ov.units_as == "cards":
        for area_id in order:
            # A crowded area's other factions counted (bot.render.aggregate) before the map gives up cards.
            if not any(_place_card(scene, area_id, ms, plan) for ms in variants(scene.ov, by_area[area_id])):
                scene.unplaced.append(f"card {area_id}")
                break  # the whole map gets badges: no need to try the other cards
    if scene.ov.units_as != "cards" or len(scene.unplaced) > n_unplaced:
        scene.placer.restore(saved)
        del scene.unplaced[n_unplaced:]
        plan = []
        for area_id in order:
            _place_badge(scene, area_id, by_area[area_id], plan)
    drawn = Drawn()
    for step in plan:
        step(drawn)
    if drawn.panels:  # one collection, in the same order: one draw call, not one per card
        scene.ax.add_collection(PatchCollection(drawn.panels, match_original=True, zorder=10))
    for (shape, size), (xs, ys, cs) in sorted(drawn.symbols.items()):
        draw_glyphs(scene, scene.ov.vocabulary.shapes[shape], xs, ys, cs, size, zorder=10.5)


def draw_glyphs(scene: Scene, style: ShapeStyle, xs, ys, colours, size: float, *, zorder: float) -> None:
    """Unit glyphs ``size`` layout units tall (times the shape's own size); a hollow one has
    a pale fill and its colour on a thick rim."""
    size = size * style.size
    marker = GLYPH_MARKER[style.glyph]
    if style.hollow:
        scene.ax.scatter(xs, ys, s=pt(size) ** 2, marker=marker, c=[hollow_fill(c) for c in colours],
                         edgecolors=colours, linewidths=pt(size / 7), zorder=zorder)
        return
    scene.ax.scatter(xs, ys, s=pt(size) ** 2, marker=marker, c=colours, edgecolors=INK,
                     linewidths=0.6 * max(1.0, size / 12), zorder=zorder)


# --- badges ----------------------------------------------------------------------

BADGE_PAD = 4.0
ITEM_GAP = 8.0


@dataclass(frozen=True)
class _Item:
    shape: str
    colour: str
    markers: tuple[Marker, ...]

    @property
    def count(self) -> int:
        return sum(m.count for m in self.markers)


def _badge_items(markers: list[Marker], shapes: dict[str, ShapeStyle]) -> list[_Item]:
    """One item per faction and kind, factions in the overlay's order, kinds in the legend's
    (the vocabulary's)."""
    groups: dict[tuple[str, str], list[Marker]] = {}
    for m in markers:
        groups.setdefault((m.faction, m.shape), []).append(m)
    factions = list(dict.fromkeys(m.faction for m in markers))
    order = list(shapes)
    keys = sorted(groups, key=lambda k: (factions.index(k[0]), order.index(k[1])))
    return [_Item(shape, groups[(f, shape)][0].colour, tuple(groups[(f, shape)])) for f, shape in keys]


def _item_width(scene: Scene, item: _Item, glyph: float, font: Font) -> float:
    return glyph + (2 + scene.measure(str(item.count), font)[0] if item.count > 1 else 0.0)


def _badge_size(scene: Scene, items: list[_Item], glyph: float, font: Font) -> tuple[float, float]:
    w = sum(_item_width(scene, i, glyph, font) for i in items) + ITEM_GAP * (len(items) - 1)
    return 2 * BADGE_PAD + w, 2 * BADGE_PAD + max(glyph, scene.measure("0", font)[1])


def _place_badge(scene: Scene, area_id: str, markers: list[Marker], plan: Plan) -> None:
    """Beside the area; else farther out on a leader line; else, on a crowded map, at a smaller size
    (below the preview's reading size: better than on top of another label)."""
    shapes = scene.ov.vocabulary.shapes
    x, y, foot = scene.nodes[area_id]
    # At each size as they are, then with other factions counted (bot.render.aggregate) unless that is
    # no narrower (the same spots: the same answer), then smaller.
    tries: list[tuple[float, Font, list[_Item], tuple[float, float]]] = []
    ways = [_badge_items(ms, shapes) for ms in variants(scene.ov, markers)]
    for glyph, font in BADGE_SIZES:
        for items in ways:
            size = _badge_size(scene, items, glyph, font)
            if not tries or tries[-1][3] != size:
                tries.append((glyph, font, items, size))
    for glyph, font, items, size in tries:
        cands = candidates(x, y, *size, (foot + GAP + 2,), AROUND_SIDE_FIRST)
        n_near = len(cands)
        cands += candidates(x, y, *size, [foot + d for d in FAR_BADGE], AROUND_ALL)
        best = scene.placer.place_free(cands, anchor=(x, y), unambiguous_from=n_near)
        if best is not None:
            break
    else:
        best, _ = scene.placer.place(cands, anchor=(x, y), unambiguous_from=n_near)
        scene.unplaced.append(f"units {area_id}")
    box, far = cands[best], best >= n_near

    def draw(drawn: Drawn) -> None:
        _draw_badge(scene, box, items, drawn, glyph, font)
        scene.labels.append(PlacedLabel("units", " ".join(f"{i.shape}×{i.count}" for i in items), box, area_id,
                                        min(glyph, font.size / UNIT_PT)))
        if far:
            scene.leader(x, y, box, start=foot, colour=INK)
    plan.append(draw)


def _draw_badge(scene: Scene, box: Box, items: list[_Item], drawn: Drawn, glyph: float, font: Font) -> None:
    drawn.panels.append(_panel(box))
    x, mid = box.x0 + BADGE_PAD, (box.y0 + box.y1) / 2
    for item in items:
        xs, ys, cs = drawn.symbols.setdefault((item.shape, glyph), ([], [], []))
        gx = x + glyph / 2
        xs.append(gx)
        ys.append(mid)
        cs.append(item.colour)
        scene.tokens += [(m, gx, mid) for m in item.markers]
        if item.count > 1:
            scene.text(x + glyph + 2, mid, str(item.count), font, zorder=10.6, va="center_baseline")
        x += _item_width(scene, item, glyph, font) + ITEM_GAP


def _panel(box: Box) -> FancyBboxPatch:
    return FancyBboxPatch((box.x0, box.y0), box.x1 - box.x0, box.y1 - box.y0, boxstyle="round,pad=0,rounding_size=3",
                          facecolor="white", edgecolor="#8a8a8a", lw=0.6, alpha=0.92)


# --- cards -----------------------------------------------------------------------


def _place_card(scene: Scene, area_id: str, markers: list[Marker], plan: Plan) -> bool:
    """Units of one area share a card beside the area: one row per unit
    (shape in the unit's colour, label, detail), at most MAX_ROWS_PER_AREA
    rows. A card that has to sit away from its area gets a leader line and
    the area's name as a header, so it cannot be read as a neighbour's.
    Where no card fits, the map gets badges (draw_units)."""
    near = _card_rows(markers, scene.ov.vocabulary.shapes, scene.ov.language)
    far = [_Row("head", clip(place_name(scene.gm.nodes[area_id], scene.ov.language), MAX_LABEL)), *near]
    x, y, foot = scene.nodes[area_id]
    # Without a header only right beside the area, and only where the
    # card is not as near to a neighbour; else with the header, near or farther out.
    cands = candidates(x, y, *_card_size(scene, near), (foot + GAP + 2,), AROUND_SIDE_FIRST)
    n_near = len(cands)
    cands += candidates(x, y, *_card_size(scene, far), [foot + GAP + 2, *(foot + d for d in FAR_CARD)],
                        AROUND_ALL)
    best = scene.placer.place_free(cands, anchor=(x, y), unambiguous_from=n_near)
    if best is None:
        return False
    rows, box = near if best < n_near else far, cands[best]

    def draw(drawn: Drawn) -> None:
        _draw_card(scene, box, rows, drawn)
        scene.labels.append(PlacedLabel("units", " / ".join(r.label for r in rows), box, area_id,
                                        F_CARD_DETAIL.size / UNIT_PT))
        scene.leader(x, y, box, start=foot, colour=INK)
    plan.append(draw)
    return True


def _draw_card(scene: Scene, box: Box, rows: list[_Row], drawn: Drawn) -> None:
    drawn.panels.append(_panel(box))
    top = box.y1 - CARD_PAD
    for i, row in enumerate(rows):
        mid = top - CARD_ROW * (i + 0.5)
        x = box.x0 + CARD_PAD
        if row.kind != "unit":
            scene.text(x, mid, row.label, _ROW_FONT[row.kind], zorder=10.6, va="center_baseline")
            continue
        xs, ys, cs = drawn.symbols.setdefault((row.marker.shape, 9.0), ([], [], []))
        xs.append(x + CARD_SYMBOL / 2 - 1)
        ys.append(mid)
        cs.append(row.marker.colour)
        scene.tokens.append((row.marker, xs[-1], mid))
        x += CARD_SYMBOL
        scene.text(x, mid, row.label, F_CARD, zorder=10.6, va="center_baseline")
        if row.detail:
            x += scene.measure(row.label, F_CARD)[0] + 4
            scene.text(x, mid, row.detail, F_CARD_DETAIL, zorder=10.6, va="center_baseline")
