"""The royal fleets map vocabulary: fleet tokens, event rings, arrows, and their legend words."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.render.vocabulary import HighlightStyle, RouteStyle, ShapeStyle, Vocabulary

FLAG_ICON = Path(__file__).parents[1] / "art" / "trade-post-flag.png"  # written by art/generate.py

SHAPES = {
    "fleet": ShapeStyle(name=N_("fleet"), plural=N_("fleets"), glyph="diamond"),
    "carrying": ShapeStyle(name=N_("fleet with troops aboard"), plural=N_("fleets with troops"), glyph="house"),
    "pirates": ShapeStyle(name=N_("pirates"), plural=N_("pirates"), glyph="triangle", hollow=True),
    "in_transit": ShapeStyle(name=N_("fleet in transit"), plural=N_("fleets in transit"), glyph="circle", hollow=True),
    "lost": ShapeStyle(name=N_("lost this turn"), plural=N_("lost this turn"), glyph="cross", counted=False),
}

HIGHLIGHTS = {
    "battle": HighlightStyle(name=N_("battle"), colour="#c1121f", symbol="⚔"),
    "blockade": HighlightStyle(name=N_("blockade"), colour="#1d3557", symbol="⊘", dash=(4, 2.5)),
    "transport": HighlightStyle(name=N_("embarkation or landing"), colour="#2d8a34", symbol="⇑"),
    "transit": HighlightStyle(name=N_("crossing to the other map"), colour="#6a3d9a", symbol="↔", dash=(6, 2, 1.5, 2)),
    # The flag the map's art flies at each trade post (art/generate.py) is in the key beside the ring.
    "trade_post": HighlightStyle(name=N_("trade post"), colour="#b08900", symbol="$", dash=(1.2, 1.8),
                                 icon=str(FLAG_ICON)),
}

ROUTES = {
    "solid": RouteStyle(name=N_("fleet move")),
    "dashed": RouteStyle(name=N_("retreat or avoidance"), dash=(5, 3), legend_dash=(3, 2)),
    "transport": RouteStyle(name=N_("troops carried and landed"), dash=(1.5, 2.5), legend_dash=(1.5, 1.5)),
}

VOCABULARY = Vocabulary(shapes=SHAPES, highlights=HIGHLIGHTS, routes=ROUTES)


@cache
def vocabulary_in(language: str) -> Vocabulary:
    if language == DEFAULT_LANGUAGE:
        return VOCABULARY
    t = messages(language, "royal-fleets")

    def worded(section: dict) -> dict:
        return {key: style.model_copy(update={field: t._(getattr(style, field)) for field in ("name", "plural")
                                              if getattr(style, field, "")}) for key, style in section.items()}

    return Vocabulary(shapes=worded(VOCABULARY.shapes), highlights=worded(VOCABULARY.highlights),
                      routes=worded(VOCABULARY.routes))
