"""A turn's map as posted: one picture per sheet of the map, for each audience.

A map may be drawn on several sheets (``GameMap.sheets``, e.g. Europe and the New
World), and the renderer draws one at a time; every sheet is drawn and posted, so an
audience sees every place its report names. A map of one sheet gives one picture, as
it always has, under its old file name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["SheetMap", "sheet_file_name"]


@dataclass(frozen=True)
class SheetMap:
    """One sheet's picture of a turn's map for one audience."""

    sheet: str | None  # the sheet's id; None: the map's only sheet
    png: bytes


def sheet_file_name(name: str, sheet: str | None) -> str:
    """The file name of one sheet's picture: ``name`` ("map.png", "map-mori.png") for a map of
    one sheet, else the sheet's id before the suffix ("map.europe.png", "map-mori.new-world.png").
    A dot sets the sheet apart, so a clan's own name can never make two files alike."""
    if sheet is None:
        return name
    stem, dot, suffix = name.rpartition(".")
    slug = re.sub(r"[^a-z0-9]+", "-", sheet.lower()).strip("-") or "sheet"
    return f"{stem}.{slug}.{suffix}" if dot else f"{name}.{slug}"
