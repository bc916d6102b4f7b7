"""Place names in the map's language: a map file's ``local_name`` (長門, 伊予灘) on a
Japanese or Traditional Chinese map, the romanised ``name`` (Nagato) on the others.

The local name is the area's main label, not a second line under the romanised one: a
reader of that script knows the places by those characters, the report of the same
post names them so (map and text agree), and one line keeps a crowded map as readable as
the English one. Where a font lacks one of its characters (a map added after the font
subset was cut: ``tools/make_font_subset.py``) the label is the romanised name, never a
row of empty boxes.

An English or Russian map keeps the romanised name, with the local one as a smaller second
line only where its fonts (DejaVu alone) draw it: Cyrillic, never kanji.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Protocol

from matplotlib import font_manager
from matplotlib.ft2font import FT2Font

from bot.render.fonts import families_for

LOCAL_SCRIPT_LANGUAGES = frozenset({"ja", "zh-TW"})


class Named(Protocol):  # what place_name reads of a map's node or entry
    name: str
    local_name: str | None


def place_name(place: Named, language: str) -> str:
    """The label of a place (area, sea, port …) on a map in ``language``."""
    if language in LOCAL_SCRIPT_LANGUAGES and place.local_name and drawable(place.local_name, language):
        return place.local_name
    return place.name


@cache
def _faces(families: tuple[str, ...]) -> tuple[FT2Font, ...]:
    return tuple(FT2Font(font_manager.findfont(font_manager.FontProperties(family=f), fallback_to_default=False))
                 for f in families)


_lock = threading.Lock()  # renders run in threads; one FT2Font is not to be shared unguarded


def missing(text: str, families: tuple[str, ...]) -> str:
    """The characters of ``text`` that none of the fonts of ``families`` has a glyph for."""
    with _lock:
        faces = _faces(families)
        return "".join(dict.fromkeys(ch for ch in text if not ch.isspace()
                                     and not any(face.get_char_index(ord(ch)) for face in faces)))


def families(language: str = "en") -> tuple[str, ...]:
    return families_for(language)


@cache
def drawable(text: str, language: str = "en") -> bool:
    """Whether the fonts of a map in ``language`` have a glyph for every character of ``text``."""
    return not missing(text, families_for(language))
