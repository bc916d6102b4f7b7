"""Look of the map: palette, sizes in layout units, fonts, and small helpers
shared by the drawing modules (see ``bot.render.mapimage`` for layout units)."""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.colors import to_rgb
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path

from bot.render.overlay import Overlay

NOMINAL_W = 1400.0  # layout units across the image
UNIT_PT = 0.72  # points per layout unit (the figure is 14 in wide = 1400 units)

# --- palette -----------------------------------------------------------------
SEA = "#d8e8f3"
PAPER = "#fbfaf6"
LAND = "#efe7d3"
LAND_EDGE = "#c9b98f"
COAST_EDGE = "#3f7fbf"
LAND_ADJ = "#8f8f8f"
MARK_INK = "#14877d"  # a marked point of the map (gamemap_profile.MARK) and its name
PORT = "#1d3557"
INK = "#1e1e1e"
MUTED = "#5f5f5f"
SEA_INK = "#4f83b3"
GROUP_INK = "#a8997a"  # the name of a group of places (gamemap_profile.GroupNames)
NEUTRAL_FACTION = "#9e9e9e"

# The vocabulary's glyphs (bot.render.vocabulary) as matplotlib markers. The "house", a
# triangle on a broad hull, reads differently from a triangle at card size on a phone.
_HOUSE = Path([(0, 1), (0.95, 0.05), (0.95, -0.9), (-0.95, -0.9), (-0.95, 0.05), (0, 1)], closed=True)
GLYPH_MARKER: dict[str, object] = {"circle": "o", "square": "s", "triangle": "^", "triangle_down": "v",
                                   "diamond": "D", "cross": "X", "plus": "P", "star": "*", "pentagon": "p",
                                   "hexagon": "h", "house": _HOUSE}

# --- sizes (layout units) ----------------------------------------------------
R_PLACE = 9.0
R_INLAND = 6.5
R_SEA = 4.0
BLOB_R = 24.0
RING_STEP = 5.5
GAP = 2.0  # kept free around every placed label
AMBIGUITY_COST = 400.0  # per neighbouring area about as near to a label as its own (cf. overlap in units²)
AMBIGUITY_MARGIN = 14.0
MAP_PAD = 70.0  # between the outermost node and the map frame, room for labels
SIDE = 16.0  # outer margin of the image
TITLE_H = 64.0
MIN_MAP_H = 360.0
MAX_MAP_H = 1700.0


# --- fonts -------------------------------------------------------------------


@dataclass(frozen=True)
class Font:
    size: float  # points
    weight: str = "normal"
    style: str = "normal"
    colour: str = INK
    halo: float = 2.6  # white outline width in points, 0 for none
    family: tuple[str, ...] = ("DejaVu Sans",)  # tried glyph by glyph, in order

    def prop(self) -> FontProperties:
        return FontProperties(family=list(self.family), size=self.size, weight=self.weight, style=self.style)


F_TITLE = Font(17, "bold", halo=0)
F_SUBTITLE = Font(11, colour=MUTED, halo=0)
F_MAPNAME = Font(10, style="italic", colour=MUTED, halo=0)
F_AREA = Font(9.5, "bold")
F_AREA_INLAND = Font(8.5, style="italic", colour=MUTED)
F_AREA_LOCAL = Font(7.5, colour=MUTED)  # the localised name; its family is set per render (localnames)
F_PORT = Font(7.5, colour=PORT)
F_PORT_GLYPH = Font(10, "bold", colour=PORT, halo=2.2)
F_MARK = Font(7.5, style="italic", colour=MARK_INK)
F_SEA = Font(9.5, style="italic", colour=SEA_INK, halo=2.0)
F_GROUP = Font(13, "bold", style="italic", colour=GROUP_INK, halo=0)
# The chat preview the player maps are designed for (docs/decisions.md): Discord shows an
# attachment about 550 px wide on desktop, so a unit label must be >= MIN_PREVIEW_PX there.
PREVIEW_W = 550.0
MIN_PREVIEW_PX = 9.0
F_BADGE = Font(18.5, "bold", halo=0)  # 25.7 units: 10.1 px in a 550 px preview of any width
BADGE_GLYPH = 24.0  # layout units: 9.4 px in the preview
F_CARD = Font(8.5, halo=0)
F_CARD_DETAIL = Font(7.5, colour=MUTED, halo=0)
F_CARD_MORE = Font(7.5, style="italic", colour=MUTED, halo=0)
F_CARD_HEAD = Font(8, "bold", halo=0)
F_EVENT = Font(8.5, "bold")
F_EVENT_GLYPH = Font(11.5, "bold", halo=2.4)
F_LEGEND = Font(9, halo=0)
F_LEGEND_HEAD = Font(9, "bold", halo=0)


# --- small helpers -----------------------------------------------------------


def pt(units: float) -> float:
    return units * UNIT_PT


def preview_px(units: float) -> float:
    """A length in layout units as pixels of the chat preview (PREVIEW_W wide, whatever the PNG's width)."""
    return units * PREVIEW_W / NOMINAL_W


def hollow_fill(colour: str) -> tuple[float, float, float]:
    """The pale fill of a hollow glyph: the colour mixed with three parts white."""
    r, g, b = to_rgb(colour)
    return (0.25 * r + 0.75, 0.25 * g + 0.75, 0.25 * b + 0.75)


def linestyle(dash: tuple[float, ...], solid: str = "solid") -> object:
    """A vocabulary's dash pattern as a matplotlib line style; () is solid."""
    return (0, dash) if dash else solid


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def faction_colour(ov: Overlay, faction: str) -> str:
    if faction in ov.faction_colours:
        return ov.faction_colours[faction]
    for m in ov.markers:
        if m.faction == faction:
            return m.colour
    return NEUTRAL_FACTION
