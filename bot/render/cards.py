"""Unit cards: the markers of one area listed on a card beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from matplotlib.patches import FancyBboxPatch

from bot.render.geometry import AROUND_SIDE_FIRST, Box, candidates
from bot.render.overlay import Marker
from bot.render.scene import Scene
from bot.render.style import (
    F_CARD,
    F_CARD_DETAIL,
    F_CARD_HEAD,
    F_CARD_MORE,
    GAP,
    INK,
    SHAPE_MARKER,
    SHAPE_NAME,
    clip,
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


def _card_rows(markers: list[Marker]) -> list[_Row]:
    """One row per marker; a crowded area gets one row per faction and kind
    instead ("×3 squadrons: Imabari-2, Mitsu-1, …"), so every unit is still counted."""
    if len(markers) > MAX_ROWS_PER_AREA:
        markers = _grouped(markers)
    if len(markers) <= MAX_ROWS_PER_AREA:
        shown, hidden = markers, 0
    else:
        shown, hidden = markers[: MAX_ROWS_PER_AREA - 1], len(markers) - (MAX_ROWS_PER_AREA - 1)
    rows = [_Row("unit", clip(_label(m), MAX_LABEL), clip(m.detail, MAX_DETAIL), m) for m in shown]
    if hidden:
        rows.append(_Row("more", f"+{hidden} more"))
    return rows


def _label(m: Marker) -> str:
    return f"×{m.count} {m.label}" if m.count > 1 else m.label


def _grouped(markers: list[Marker]) -> list[Marker]:
    groups: dict[tuple[str, str, str], list[Marker]] = {}
    for m in markers:
        groups.setdefault((m.faction, m.shape, m.colour), []).append(m)
    out = []
    for (faction, shape, colour), ms in groups.items():
        n = sum(m.count for m in ms)
        if len(ms) == 1:
            out.append(ms[0])
            continue
        kind = SHAPE_NAME[shape] + ("s" if n > 1 and shape != "lost" else "")
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


def draw_marker_cards(scene: Scene) -> None:
    """Units of one area share a card beside the area: one row per unit
    (shape in the unit's colour, label, detail), at most MAX_ROWS_PER_AREA
    rows. A card that has to sit away from its area gets a leader line and
    the area's name as a header, so it cannot be read as a neighbour's."""
    by_area: dict[str, list[Marker]] = {}
    for m in scene.ov.markers:
        by_area.setdefault(m.area, []).append(m)
    symbols: dict[str, tuple[list[float], list[float], list[str]]] = {s: ([], [], []) for s in SHAPE_MARKER}
    # Busy areas first: their cards are the hardest to fit.
    for area_id in sorted(by_area, key=lambda a: (-len(by_area[a]), a)):
        near = _card_rows(by_area[area_id])
        far = [_Row("head", clip(scene.gm.areas[area_id].name, MAX_LABEL)), *near]
        x, y, foot = scene.nodes[area_id]
        # Without a header only right beside the area, and only where the
        # card is not as near to a neighbour; else with the header, near or farther out.
        cands = candidates(x, y, *_card_size(scene, near), (foot + GAP + 2,), AROUND_SIDE_FIRST)
        n_near = len(cands)
        cands += candidates(x, y, *_card_size(scene, far), (foot + GAP + 2, foot + 16, foot + 34, foot + 60, foot + 95, foot + 135),
                             AROUND_SIDE_FIRST)
        best, _ = scene.placer.place(cands, anchor=(x, y), unambiguous_from=n_near)
        _draw_card(scene, cands[best], near if best < n_near else far, symbols)
        scene.leader(x, y, cands[best], start=foot, colour=INK)
    for shape, (xs, ys, cs) in symbols.items():
        if xs:
            scene.ax.scatter(xs, ys, s=pt(9) ** 2, marker=SHAPE_MARKER[shape], c=cs, edgecolors=INK,
                             linewidths=0.6, zorder=10.5)


def _draw_card(scene: Scene, box: Box, rows: list[_Row], symbols) -> None:
    scene.ax.add_artist(FancyBboxPatch((box.x0, box.y0), box.x1 - box.x0, box.y1 - box.y0,
                                       boxstyle="round,pad=0,rounding_size=3", facecolor="white",
                                       edgecolor="#8a8a8a", lw=0.6, alpha=0.92, zorder=10))
    top = box.y1 - CARD_PAD
    for i, row in enumerate(rows):
        mid = top - CARD_ROW * (i + 0.5)
        x = box.x0 + CARD_PAD
        if row.kind != "unit":
            scene.text(x, mid, row.label, _ROW_FONT[row.kind], zorder=10.6, va="center_baseline")
            continue
        xs, ys, cs = symbols[row.marker.shape]
        xs.append(x + CARD_SYMBOL / 2 - 1)
        ys.append(mid)
        cs.append(row.marker.colour)
        scene.tokens.append((row.marker, xs[-1], mid))
        x += CARD_SYMBOL
        scene.text(x, mid, row.label, F_CARD, zorder=10.6, va="center_baseline")
        if row.detail:
            x += scene.measure(row.label, F_CARD)[0] + 4
            scene.text(x, mid, row.detail, F_CARD_DETAIL, zorder=10.6, va="center_baseline")
