"""What to draw on top of a map, filled in by the caller.

Ruleset-neutral on purpose: a ruleset (or the report layer) decides which
units, battles and routes a given audience may see and turns them into these
plain records; the renderer only draws them. Nothing here knows about clans,
squadrons or dice.

Colours are anything matplotlib accepts ("#1f77b4", "crimson", "C3"); a colour
it does not know is refused here, when the overlay is built, rather than deep
inside a render.
"""

from __future__ import annotations

from typing import Literal

from matplotlib.colors import is_color_like
from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["Highlight", "HighlightKind", "Marker", "MarkerShape", "Overlay", "Route"]

# "reinforced": a squadron with heavy ships; "unknown": a squadron whose strength the reader
# cannot know (ordinary or reinforced, drawn hollow); "lost": a unit destroyed or captured this turn.
MarkerShape = Literal["squadron", "reinforced", "unknown", "fleet", "other", "lost"]
HighlightKind = Literal["battle", "blockade", "raid", "landing", "storm", "interception", "port_attack", "piracy",
                        "plunder"]


def _colour(value: str) -> str:
    if not is_color_like(value):
        raise ValueError(f"{value!r} is not a colour (use a name such as 'crimson' or '#rrggbb')")
    return value


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Marker(_Model):
    """One unit (or anything else) shown in an area."""

    area: str
    label: str
    faction: str
    colour: str
    shape: MarkerShape
    detail: str = ""  # short extra text drawn after the label, e.g. "XP 2, dmg 1"
    count: int = Field(1, ge=1)  # several like units drawn as one token ("×3")

    @field_validator("colour")
    @classmethod
    def _check_colour(cls, value: str) -> str:
        return _colour(value)


class Highlight(_Model):
    """Something that happened in an area, drawn as a coloured ring and symbol."""

    area: str
    kind: HighlightKind
    label: str = ""


class Route(_Model):
    """A movement drawn as arrows from area to area (first to last)."""

    areas: list[str] = Field(min_length=2)
    colour: str
    style: Literal["solid", "dashed"] = "solid"

    @field_validator("colour")
    @classmethod
    def _check_colour(cls, value: str) -> str:
        return _colour(value)


class Overlay(_Model):
    title: str
    subtitle: str = ""
    markers: list[Marker] = []
    highlights: list[Highlight] = []
    routes: list[Route] = []
    area_owner: dict[str, str] = {}  # area id -> faction id; the area is tinted with its colour
    faction_colours: dict[str, str] = {}  # faction id -> colour
    faction_names: dict[str, str] = {}  # faction id -> name shown in the legend
    route_names: dict[Literal["solid", "dashed"], str] = {}  # legend text per route style; "move" if unnamed
    blocked_locs: list[str] = []  # line-of-communication ids drawn as cut
    blocked_straits: list[str] = []  # strait ids whose crossing is drawn as blocked
    # "badges": per area one large badge per faction and kind ("▲3"), readable in a chat
    # preview; "cards": one row per unit with its name and detail, for a full-size reader.
    units_as: Literal["badges", "cards"] = "badges"

    @field_validator("faction_colours")
    @classmethod
    def _check_faction_colours(cls, value: dict[str, str]) -> dict[str, str]:
        for faction, colour in value.items():
            if not is_color_like(colour):
                raise ValueError(f"faction {faction!r}: {colour!r} is not a colour")
        return value
