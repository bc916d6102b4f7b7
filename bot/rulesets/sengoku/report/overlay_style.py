"""Sengoku's map vocabulary: its unit tokens, event rings, arrows and cut lines, and
their words in the legend (the renderer draws whatever a ``Vocabulary`` declares).

Declaration order is the legend's order and the order of a badge's glyphs.
"""

from __future__ import annotations

from functools import cache

from bot.domain.gamemap import GameMap
from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.render.overlay import Line
from bot.render.vocabulary import HighlightStyle, LineStyle, RouteStyle, ShapeStyle, Vocabulary

SHAPES = {
    "squadron": ShapeStyle(name=N_("squadron"), plural=N_("squadrons"), glyph="triangle"),
    # A squadron with heavy ships is a "house" (a triangle on a broad hull): it must read
    # differently from a plain squadron at card size on a phone.
    "reinforced": ShapeStyle(name=N_("reinforced squadron"), plural=N_("reinforced squadrons"), glyph="house"),
    # A squadron whose strength the reader cannot know (ordinary or reinforced): the squadron's
    # triangle drawn hollow, so it does not read as "ordinary squadron" (S5.6, OP-26).
    "unknown": ShapeStyle(name=N_("squadron (strength unknown)"), plural=N_("squadrons (strength?)"), glyph="triangle",
                          hollow=True),
    "fleet": ShapeStyle(name=N_("fleet"), plural=N_("fleets"), glyph="diamond"),
    "other": ShapeStyle(name=N_("other"), plural=N_("others"), glyph="circle"),
    # destroyed or captured: no unit there, never in a crowded area's count
    "lost": ShapeStyle(name=N_("lost this turn"), plural=N_("lost this turn"), glyph="cross", counted=False),
}

HIGHLIGHTS = {
    "battle": HighlightStyle(name=N_("battle"), colour="#c1121f", symbol="⚔"),
    "blockade": HighlightStyle(name=N_("blockade"), colour="#1d3557", symbol="⊘", dash=(4, 2.5)),
    "raid": HighlightStyle(name=N_("raid"), colour="#e07a00", symbol="☠", dash=(1.2, 1.8)),
    "landing": HighlightStyle(name=N_("landing"), colour="#2d8a34", symbol="⇑"),
    "storm": HighlightStyle(name=N_("storm"), colour="#6a3d9a", symbol="↯", dash=(6, 2, 1.5, 2)),
    "interception": HighlightStyle(name=N_("interception"), colour="#b5179e", symbol="✕"),
    "port_attack": HighlightStyle(name=N_("port attack"), colour="#7b2d26", symbol="⚑"),
    "piracy": HighlightStyle(name=N_("piracy"), colour="#2b2b2b", symbol="☠", dash=(1.2, 1.8)),
    "plunder": HighlightStyle(name=N_("plunder"), colour="#e07a00", symbol="⚐", dash=(3, 2)),
}

# Keyed by look, as the turn map's tests and callers have always named them.
ROUTES = {
    "solid": RouteStyle(name=N_("squadron move")),
    "dashed": RouteStyle(name=N_("fleet, landing or way back"), dash=(5, 3), legend_dash=(3, 2)),
}

# A cut line of communication (S10) in red over its dotted line, a ✕ at its middle; a
# blocked strait crossing gets the ✕ on the strait.
LINES = {
    "cut": LineStyle(name=N_("cut / blocked"), colour="#c1121f", width=2.4, legend_width=2.2, dash=(1, 2.2), alpha=0.85,
                     mark="cross"),
}

VOCABULARY = Vocabulary(shapes=SHAPES, highlights=HIGHLIGHTS, routes=ROUTES, lines=LINES)


@cache
def vocabulary_in(language: str) -> Vocabulary:
    """The vocabulary with its legend and card words in ``language`` (catalogue sengoku-maps.po)."""
    if language == DEFAULT_LANGUAGE:
        return VOCABULARY
    t = messages(language, "sengoku")

    def worded(section: dict) -> dict:
        return {key: style.model_copy(update={field: t._(getattr(style, field)) for field in ("name", "plural")
                                              if getattr(style, field, "")}) for key, style in section.items()}

    return Vocabulary(shapes=worded(VOCABULARY.shapes), highlights=worded(VOCABULARY.highlights),
                      routes=worded(VOCABULARY.routes), lines=worded(VOCABULARY.lines))


def cut_lines(gamemap: GameMap, locs: list[str], straits: list[str]) -> list[Line]:
    """The cut lines of communication, each from its port along its path to its other
    port (or last area), then the blocked straits, each a ✕ on its own point."""
    lines = []
    for loc_id in sorted(set(locs)):
        loc = gamemap.locs[loc_id]
        end = loc.to_port if loc.to_port is not None else loc.path[-1]
        lines.append(Line(places=[loc.from_port, *loc.path[1:-1], end], style="cut"))
    return lines + [Line(places=[s], style="cut") for s in sorted(set(straits))]
