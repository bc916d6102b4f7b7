"""The words an overlay may use, and how each is drawn: supplied by the ruleset.

The renderer knows only neutral primitives: glyphs (circle, square, triangle,
diamond, cross, house …) drawn filled or hollow, rings with a symbol on their
rim, dash patterns, and a cross marking the middle of a line. A ruleset
declares its own marker shapes, highlight kinds, route styles and line styles
as a ``Vocabulary`` in terms of those; the legend lists the entries an overlay
uses, in the order the vocabulary declares them, with the vocabulary's text.

Dash patterns are on/off lengths in line widths, as matplotlib reads them;
``()`` is a solid line.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal, get_args

from matplotlib.colors import is_color_like
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

__all__ = ["GLYPHS", "Colour", "Dash", "DashPattern", "check_colour", "HighlightStyle", "LineStyle", "RouteStyle", "ShapeStyle", "Vocabulary"]

# The glyphs a marker shape may be drawn as; "house" is a triangle on a broad hull.
Glyph = Literal["circle", "square", "triangle", "triangle_down", "diamond", "cross", "plus", "star", "pentagon",
                "hexagon", "house"]
GLYPHS: tuple[str, ...] = get_args(Glyph)
Dash = tuple[float, ...]


def check_colour(value: str) -> str:
    if not _is_colour(value):
        raise ValueError(f"{value!r} is not a colour (use a name such as 'crimson' or '#rrggbb')")
    return value


@lru_cache(maxsize=4096)
def _is_colour(value: str) -> bool:
    """matplotlib's answer, remembered: a large turn's overlays check the same few clan colours on
    ~20,000 markers and routes (issue 18)."""
    return is_color_like(value)


def _dash(value: Dash) -> Dash:
    if len(value) % 2 or any(v <= 0 for v in value):
        raise ValueError(f"{value!r} is not a dash pattern: pairs of positive on/off lengths, or () for solid")
    return value


# A field's type that checks itself when a style or an overlay is built (one check, every field).
Colour = Annotated[str, AfterValidator(check_colour)]
DashPattern = Annotated[Dash, AfterValidator(_dash)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ShapeStyle(_Model):
    """A kind of marker: its glyph, and its words in the legend and in a crowded card."""

    name: str  # legend text, and a grouped card row of one ("galley")
    plural: str = ""  # a grouped card row of several ("×3 galleys"); the name if empty
    glyph: Glyph
    hollow: bool = False  # a pale fill and the colour on a thick rim, instead of a solid fill
    size: float = Field(1.0, gt=0, le=2)  # relative to the standard glyph
    # Merged into its faction's count where a crowded area has no room (bot.render.aggregate); False
    # for a marker that is no unit there (a loss this turn, units waiting off the board): counted,
    # it would make "N units" of what is not there, and its own mark would vanish.
    counted: bool = True


class HighlightStyle(_Model):
    """A kind of event in an area: a ring in its colour with its symbol on the rim."""

    name: str  # legend text
    colour: Colour
    symbol: str = Field(min_length=1, max_length=2)  # a character the fonts can draw ("⚔")
    dash: DashPattern = ()  # of the ring
    # A picture the map's art draws with such a place (a PNG file's path, e.g. a flag on a sea area):
    # the legend shows it beside the ring, so that the key explains it too. "": the ring alone.
    icon: str = ""


class RouteStyle(_Model):
    """A kind of movement arrow (drawn in the moving faction's colour)."""

    name: str  # legend text
    dash: DashPattern = ()
    legend_dash: DashPattern | None = None  # the legend's short sample, if it needs a shorter pattern


class LineStyle(_Model):
    """A mark over places of the map: a line through them and, with ``cross``, a ✕ at its
    middle (a single place gets the ✕ alone)."""

    name: str  # legend text
    colour: Colour
    width: float = Field(2.0, gt=0)  # points
    dash: DashPattern = ()
    alpha: float = Field(1.0, gt=0, le=1)
    mark: Literal["none", "cross"] = "none"
    legend_width: float | None = Field(None, gt=0)  # the legend's sample, if not ``width``


class Vocabulary(_Model):
    """Every marker shape, highlight kind, route style and line style an overlay may name.
    Declaration order is the legend's order (and the order of a badge's glyphs)."""

    shapes: dict[str, ShapeStyle] = {}
    highlights: dict[str, HighlightStyle] = {}
    routes: dict[str, RouteStyle] = {}  # the first is a route's style when it names none
    lines: dict[str, LineStyle] = {}
