"""What to draw on top of a map, filled in by the caller.

Ruleset-neutral on purpose: a ruleset (or the report layer) decides which
units, events and routes a given audience may see and turns them into these
plain records; the renderer only draws them. Nothing here knows a ruleset's
units, events or dice. The words an overlay uses (marker shapes, highlight kinds,
route and line styles) are the ruleset's own, declared with how they look in
the overlay's ``Vocabulary`` (``bot.render.vocabulary``); a word it does not
declare is refused when the overlay is built, naming the declared ones.

Colours are anything matplotlib accepts ("#1f77b4", "crimson", "C3"); a colour
it does not know is refused here, when the overlay is built, rather than deep
inside a render.
"""

from __future__ import annotations

from typing import Literal

from matplotlib.colors import is_color_like
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.render.vocabulary import Colour, Vocabulary

__all__ = ["Highlight", "Line", "Marker", "Overlay", "Route", "vocabulary_problems"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Marker(_Model):
    """One unit (or anything else) shown in an area."""

    area: str
    label: str
    faction: str
    colour: Colour
    shape: str  # a key of the overlay's vocabulary.shapes
    detail: str = ""  # short extra text drawn after the label, e.g. "XP 2, dmg 1"
    count: int = Field(1, ge=1)  # several like units drawn as one token ("×3")


class Highlight(_Model):
    """Something that happened in an area, drawn as a coloured ring and symbol."""

    area: str
    kind: str  # a key of the overlay's vocabulary.highlights
    label: str = ""
    label_colour: Colour | None = None  # the label's own colour (e.g. its controller's); None: the kind's


class Route(_Model):
    """A movement drawn as arrows from area to area (first to last)."""

    areas: list[str] = Field(min_length=2)
    colour: Colour
    style: str | None = None  # a key of the overlay's vocabulary.routes; None: the first declared


class Line(_Model):
    """A mark over places of the map (areas or other points it names) in one of the
    vocabulary's line styles: a line through them, or a mark on a single place."""

    places: list[str] = Field(min_length=1)
    style: str  # a key of the overlay's vocabulary.lines


class Overlay(_Model):
    title: str
    subtitle: str = ""
    markers: list[Marker] = []
    highlights: list[Highlight] = []
    routes: list[Route] = []
    area_owner: dict[str, str] = {}  # area id -> faction id; the area is tinted with its colour
    faction_colours: dict[str, str] = {}  # faction id -> colour
    faction_names: dict[str, str] = {}  # faction id -> name shown in the legend
    lines: list[Line] = []  # drawn in this order, under the nodes
    vocabulary: Vocabulary = Vocabulary()  # the ruleset's words and looks
    # "badges": per area one large badge per faction and kind ("▲3"), readable in a chat
    # preview; "cards": one row per unit with its name and detail, for a full-size reader.
    units_as: Literal["badges", "cards"] = "badges"
    # The post's language (bot/i18n.py LANGUAGES): the renderer's own words (legend heads, the map's
    # lines), the place names (localnames) and the fonts follow it; the caller words everything else.
    language: str = "en"
    # bot.render.aggregate.for_audience: where an area's units find no free spot, every faction's
    # but ``own_faction``'s are counted per faction; ``theatre``: the areas a faction's map frames.
    aggregate: bool = False
    own_faction: str | None = None
    theatre: list[str] = []

    @field_validator("faction_colours")
    @classmethod
    def _check_faction_colours(cls, value: dict[str, str]) -> dict[str, str]:
        for faction, colour in value.items():
            if not is_color_like(colour):
                raise ValueError(f"faction {faction!r}: {colour!r} is not a colour")
        return value

    def route_style(self, route: Route) -> str:
        """The vocabulary's key for a route's look: its own, else the first declared."""
        return route.style if route.style is not None else next(iter(self.vocabulary.routes))

    @model_validator(mode="after")
    def _check_words(self) -> Overlay:
        problems = vocabulary_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self


def vocabulary_problems(ov: Overlay) -> list[str]:
    """Every shape, highlight kind, route or line style the overlay names that its vocabulary
    does not declare, each with the declared ones (also checked before a render: a
    ``model_copy`` is not validated)."""
    v = ov.vocabulary
    problems = [_undeclared(f"marker {m.label!r}", "shape", m.shape, v.shapes) for m in ov.markers]
    problems += [_undeclared(f"highlight in {h.area!r}", "kind", h.kind, v.highlights) for h in ov.highlights]
    problems += [_undeclared(f"route {i + 1}", "style", r.style, v.routes) for i, r in enumerate(ov.routes)
                 if r.style is not None]
    if any(r.style is None for r in ov.routes) and not v.routes:
        problems.append("a route names no style and the vocabulary declares none")
    problems += [_undeclared(f"line {i + 1}", "style", line.style, v.lines) for i, line in enumerate(ov.lines)]
    return list(dict.fromkeys(p for p in problems if p))


def _undeclared(what: str, word: str, value: str, declared: dict) -> str:
    if value in declared:
        return ""
    known = ", ".join(map(repr, declared)) or "none"
    return f"{what}: {word} {value!r} is not in the overlay's vocabulary (declared {word}s: {known})"
