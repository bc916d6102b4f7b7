"""The fonts a map is drawn with, per language of the post.

DejaVu Sans (matplotlib's own) draws Latin, Cyrillic and the map's symbols; it has no
Chinese or Japanese glyphs. The project ships subsets of Noto Sans CJK (SIL Open Font
Licence, ``data/fonts/OFL.txt``) cut to the characters the maps draw — every ``local_name``
of the shipped maps and every map word of the ja and zh-TW catalogues — made by
``tools/make_font_subset.py``. They are registered with matplotlib on first use, so a
fresh machine needs no system font package.

Japanese maps use the Japanese face and Traditional Chinese maps the Taiwanese one (the
same character is drawn in each region's own form); DejaVu stays first, so Latin text and
symbols look the same in every language. English and Russian maps use DejaVu alone, as
they always have: their pictures do not change with the fonts installed.
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

from matplotlib import font_manager

FONTS_DIR = Path(__file__).resolve().parents[2] / "data" / "fonts"
BASE_FAMILY = "DejaVu Sans"
# The subsets' own family names (renamed from Noto's, as the OFL asks of a modified font, and
# so that a system's full Noto never stands in for them with other metrics).
CJK_FAMILY = {"ja": "Fleetwright Noto Sans JP", "zh-TW": "Fleetwright Noto Sans TC"}
SUBSET_FILES = {"ja": ("FleetwrightNotoSansJP-Regular.otf", "FleetwrightNotoSansJP-Bold.otf"),
                "zh-TW": ("FleetwrightNotoSansTC-Regular.otf", "FleetwrightNotoSansTC-Bold.otf")}

_lock = threading.Lock()


@cache
def register() -> tuple[str, ...]:
    """Add the shipped subsets to matplotlib's font list (once); the families added.
    A missing file is skipped: its language's text falls back as a missing glyph does."""
    added = []
    with _lock:
        known = {f.fname for f in font_manager.fontManager.ttflist}
        for language, names in SUBSET_FILES.items():
            paths = [FONTS_DIR / name for name in names]
            if all(path.is_file() for path in paths):
                for path in paths:
                    if str(path) not in known:
                        font_manager.fontManager.addfont(str(path))
                added.append(CJK_FAMILY[language])
    return tuple(added)


def families_for(language: str) -> tuple[str, ...]:
    """The families a map in ``language`` is drawn with, tried glyph by glyph in this order."""
    family = CJK_FAMILY.get(language)
    if family is not None and family in register():
        return (BASE_FAMILY, family)
    return (BASE_FAMILY,)
