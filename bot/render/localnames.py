"""Localised names (a map file's ``local_name``, e.g. 長門) under the romanised
ones, where an installed font can draw them.

DejaVu Sans, matplotlib's own font, has no Japanese glyphs; a server with a
CJK font (e.g. Debian's fonts-noto-cjk) gets the second line, one without
keeps the romanised name alone rather than a row of empty boxes.
"""

from __future__ import annotations

import threading
from functools import cache

from matplotlib import font_manager
from matplotlib.ft2font import FT2Font

BASE_FAMILY = "DejaVu Sans"
CJK_FAMILIES = ("Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP", "IPAexGothic", "IPAGothic",
                "TakaoGothic", "Droid Sans Fallback")


@cache
def families() -> tuple[str, ...]:
    """DejaVu Sans, then the installed CJK families: matplotlib falls back along them glyph by glyph."""
    installed = {f.name for f in font_manager.fontManager.ttflist}
    return (BASE_FAMILY, *(f for f in CJK_FAMILIES if f in installed))


@cache
def _faces() -> tuple[FT2Font, ...]:
    return tuple(FT2Font(font_manager.findfont(font_manager.FontProperties(family=f), fallback_to_default=False))
                 for f in families())


_lock = threading.Lock()  # renders run in threads; one FT2Font is not to be shared unguarded


@cache
def drawable(text: str) -> bool:
    """Whether one of the fonts has a glyph for every character of ``text``."""
    with _lock:
        return all(ch.isspace() or any(face.get_char_index(ord(ch)) for face in _faces()) for ch in text)
