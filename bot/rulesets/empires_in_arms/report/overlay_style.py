"""The Empires in Arms map vocabulary: stack tokens (fleets, armadas, fleets in port), event
rings (battles, interceptions, evasions, landings, batteries), zone control, blockades, the
strait batteries, moves, placements and convoys, and their legend words (catalogue
empires-in-arms-maps.po)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.render.vocabulary import HighlightStyle, RouteStyle, ShapeStyle, Vocabulary

DOMAIN = "empires-in-arms"
FORT_ICON = Path(__file__).parents[1] / "art" / "fortress.png"  # written by art/generate.py

SHAPES = {
    "fleet": ShapeStyle(name=N_("fleet at sea"), plural=N_("fleets at sea"), glyph="diamond"),  # E2.1
    "armada": ShapeStyle(name=N_("armada"), plural=N_("armadas"), glyph="star", size=1.2),  # E3.1
    "in_port": ShapeStyle(name=N_("fleet in port"), plural=N_("fleets in port"), glyph="square", hollow=True),
}

HIGHLIGHTS = {
    "battle": HighlightStyle(name=N_("naval battle"), colour="#c1121f", symbol="⚔"),  # E8, E10
    "interception": HighlightStyle(name=N_("interception or patrol found its target"), colour="#e76f51",
                                   symbol="!"),  # E5, E13.2
    "evasion": HighlightStyle(name=N_("evasion"), colour="#2a9d8f", symbol="↷", dash=(4, 2)),  # E6
    "battery": HighlightStyle(name=N_("coastal battery fired"), colour="#6d4c41", symbol="✸"),  # E10, E12.2, E13.1
    "landing": HighlightStyle(name=N_("landing from the sea"), colour="#2d8a34", symbol="⇑"),  # E12
    "port_lost": HighlightStyle(name=N_("port lost"), colour="#7b2cbf", symbol="✕"),  # E14
    "zone_control": HighlightStyle(name=N_("controls the zone"), colour="#1d3557", symbol="◆",
                                   dash=(1.2, 1.8)),  # E7 footnote, E-OP-12
    "blockade": HighlightStyle(name=N_("blockaded port"), colour="#1d3557", symbol="⊘", dash=(4, 2.5)),  # E7
    # The star fort the art draws round every fortress (art/generate.py) is in the key beside the ring.
    "strait_battery": HighlightStyle(name=N_("fortress commanding a strait"), colour="#a23b2a", symbol="♜",
                                     dash=(2, 1.5), icon=str(FORT_ICON)),  # E13
}

ROUTES = {
    "move": RouteStyle(name=N_("fleet move")),  # E2.2
    "placed": RouteStyle(name=N_("placed in port after a defeat"), dash=(5, 3), legend_dash=(3, 2)),  # E9.2-E9.4
    "convoy": RouteStyle(name=N_("convoy"), dash=(1.5, 2.5), legend_dash=(1.5, 1.5)),  # E11
}

VOCABULARY = Vocabulary(shapes=SHAPES, highlights=HIGHLIGHTS, routes=ROUTES)


@cache
def vocabulary_in(language: str) -> Vocabulary:
    """The vocabulary with its legend words in ``language``."""
    if language == DEFAULT_LANGUAGE:
        return VOCABULARY
    t = messages(language, DOMAIN)

    def worded(section: dict) -> dict:
        return {key: style.model_copy(update={field: t._(getattr(style, field)) for field in ("name", "plural")
                                              if getattr(style, field, "")}) for key, style in section.items()}

    return Vocabulary(shapes=worded(VOCABULARY.shapes), highlights=worded(VOCABULARY.highlights),
                      routes=worded(VOCABULARY.routes))
