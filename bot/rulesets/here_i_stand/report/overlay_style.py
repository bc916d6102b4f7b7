"""The Here I Stand map vocabulary: naval unit and leader tokens (normal and vertical, H0.1),
event rings, arrows, and their legend words; the board's colours of the powers."""

from __future__ import annotations

from functools import cache

from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.render.vocabulary import HighlightStyle, RouteStyle, ShapeStyle, Vocabulary

__all__ = ["DOMAIN", "POWER_COLOURS", "VOCABULARY", "vocabulary_in"]

DOMAIN = "here-i-stand"

# The powers' colours on the board (and their counters), for a state that names none.
POWER_COLOURS = {
    "ottoman": "#2e7d32", "hapsburg": "#d4a017", "england": "#c62828", "france": "#1f5fbf",
    "papacy": "#7b3fa0", "protestant": "#8d6e4a", "venice": "#0f8b8d", "genoa": "#d9822b",
    "scotland": "#4f6d8a", "hungary": "#9e9d24", "knights": "#5d4037", "independent": "#9e9e9e",
}

# A square counter is a unit in normal orientation; a hollow one stands vertical, just arrived
# in a sea zone without friendly units and open to interception (H0.1, H2.6.2 (c), H2.6.4).
SHAPES = {
    "squadron": ShapeStyle(name=N_("squadron"), plural=N_("squadrons"), glyph="square"),
    "squadron_vertical": ShapeStyle(name=N_("squadron, vertical (just arrived)"), plural=N_("squadrons, vertical"),
                                    glyph="square", hollow=True),
    "corsair": ShapeStyle(name=N_("corsair"), plural=N_("corsairs"), glyph="triangle"),
    "corsair_vertical": ShapeStyle(name=N_("corsair, vertical (just arrived)"), plural=N_("corsairs, vertical"),
                                   glyph="triangle", hollow=True),
    "leader": ShapeStyle(name=N_("naval leader"), plural=N_("naval leaders"), glyph="star", size=1.2),
    "formation": ShapeStyle(name=N_("army to be carried"), plural=N_("armies"), glyph="house"),
    "turn_track": ShapeStyle(name=N_("on the Turn Track"), plural=N_("on the Turn Track"), glyph="cross",
                             counted=False),  # a group waiting to return, not one unit
}

HIGHLIGHTS = {
    "combat": HighlightStyle(name=N_("naval combat"), colour="#c1121f", symbol="⚔"),
    "interception": HighlightStyle(name=N_("interception"), colour="#e76f51", symbol="↯", dash=(4, 2)),
    "avoid": HighlightStyle(name=N_("avoid battle"), colour="#457b9d", symbol="↷", dash=(2, 2)),
    "piracy": HighlightStyle(name=N_("piracy this turn"), colour="#111111", symbol="☠"),
    "pirate_haven": HighlightStyle(name=N_("pirate haven"), colour="#6d2e46", symbol="⚑", dash=(1.2, 1.8)),
    "built": HighlightStyle(name=N_("built this impulse"), colour="#2d8a34", symbol="+"),
    "landing": HighlightStyle(name=N_("naval transport landing"), colour="#2d8a34", symbol="⇑"),
    "unrest": HighlightStyle(name=N_("unrest"), colour="#b5651d", symbol="!", dash=(3, 2)),
    "besieged": HighlightStyle(name=N_("besieged"), colour="#5a189a", symbol="⊗", dash=(3, 2)),
}

ROUTES = {
    "move": RouteStyle(name=N_("naval move")),
    "intercept": RouteStyle(name=N_("interception"), dash=(1.5, 2.5), legend_dash=(1.5, 1.5)),
    "withdraw": RouteStyle(name=N_("retreat or avoid battle"), dash=(5, 3), legend_dash=(3, 2)),
    "transport": RouteStyle(name=N_("naval transport"), dash=(6, 2, 1.5, 2), legend_dash=(3, 1.5, 1, 1.5)),
}

VOCABULARY = Vocabulary(shapes=SHAPES, highlights=HIGHLIGHTS, routes=ROUTES)


@cache
def vocabulary_in(language: str) -> Vocabulary:
    """The vocabulary with its words in ``language`` (the here-i-stand-maps catalogue)."""
    if language == DEFAULT_LANGUAGE:
        return VOCABULARY
    t = messages(language, DOMAIN)

    def worded(section: dict) -> dict:
        return {key: style.model_copy(update={field: t._(getattr(style, field)) for field in ("name", "plural")
                                              if getattr(style, field, "")}) for key, style in section.items()}

    return Vocabulary(shapes=worded(VOCABULARY.shapes), highlights=worded(VOCABULARY.highlights),
                      routes=worded(VOCABULARY.routes))
