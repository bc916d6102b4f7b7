"""The legend's items and how they flow into rows: the part of the legend a scene needs to
size itself (bot.render.scene), below the drawing of the legend (bot.render.legend)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.render.style import F_LEGEND, F_LEGEND_HEAD, NOMINAL_W, SIDE, Font

Measure = Callable[[str, Font], tuple[float, float]]  # text extents in layout units (scene.Measure)

LEGEND_SWATCH = 24.0
LEGEND_ROW = 22.0
LEGEND_GAP = 18.0


@dataclass(frozen=True)
class LegendItem:
    label: str
    draw: Callable[[Any, float, float], None]  # draws the swatch centred at (x, y) on a scene.Scene
    head: bool = False  # a group caption, no swatch


def item_width(measure: Measure, item: LegendItem) -> float:
    if item.head:
        return measure(item.label, F_LEGEND_HEAD)[0] + 10
    return LEGEND_SWATCH + 5 + measure(item.label, F_LEGEND)[0] + LEGEND_GAP


def legend_rows(measure: Measure, groups: Sequence[Sequence[LegendItem]]) -> list[list[LegendItem]]:
    """Flow layout: each group starts a new row and wraps at the image width."""
    avail = NOMINAL_W - 2 * SIDE - 8
    rows: list[list[LegendItem]] = []
    for items in groups:
        row: list[LegendItem] = []
        used = 0.0
        for item in items:
            w = item_width(measure, item)
            if row and used + w > avail:
                rows.append(row)
                row, used = [], 0.0
            row.append(item)
            used += w
        rows.append(row)
    return rows


def legend_height(rows: list[list[LegendItem]]) -> float:
    return 14 + LEGEND_ROW * len(rows)
