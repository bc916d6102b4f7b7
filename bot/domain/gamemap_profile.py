"""What a ruleset declares about its maps: a ``MapProfile``.

The core map (``bot.domain.gamemap``) knows nodes, edges and sheets, never a
ruleset's words. A ruleset says which sections its map files have and what
each entry of a section is, as pydantic models:

- a *node section* (its model subclasses ``NodeEntry``): every entry is a node
  of the graph; ``node_kind()`` names its kind (a word the ruleset defines,
  e.g. "sea zone", "port"), ``links()`` the edges it brings;
- an *edge section* (model subclasses ``EdgeEntry``): every entry is one edge
  with its own kind, flags, cost or delay (a strait, a transition between
  two sheets);
- any other section holds data the ruleset reads itself (islands, supply
  lines …), validated the same way.

``link_fields`` of a node section are lists of neighbour ids in the same
section that must be symmetric (A lists B, so B lists A); the core checks
them, and the ruleset's own ``checks`` add what only it knows. ``looks`` and
``edge_looks`` tell the renderer, in its own few words, how a kind is drawn;
``drawing`` (a ``MapDrawing``) how the rest of the map's unchanging picture is:
which edge kinds and which sections are drawn as lines, in what colour, width
and dash, which sections name groups of nodes, and the map key's words for
them. The renderer draws whatever is declared and knows none of the words.
Pure module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from bot.domain.gamemap_report import Report

# A coordinate (degrees, or pixels on an art image) must be finite and of a
# size a drawing can use: NaN, inf or 1e308 would pass a plain float and
# leave the renderer's frame meaningless or overflowing.
MAX_COORD = 1e6
Coord = Annotated[float, Field(allow_inf_nan=False, ge=-MAX_COORD, le=MAX_COORD)]


class Entry(BaseModel):
    """One entry of a map section: ``[<section>.<id>]``."""

    # extra="forbid" turns a typo'd key in a map file into a named error
    # instead of a silently ignored setting; a ruleset's own fields are
    # declared on its subclass.
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str


@dataclass(frozen=True)
class Link:
    """An edge a node entry brings, from itself to ``other``."""

    other: str
    kind: str
    flags: frozenset[str] = frozenset()
    cost: int | None = None
    delay: int | None = None


class NodeEntry(Entry):
    """An entry that is a node: where units stand, move from and to."""

    local_name: str | None = None  # in the local script, drawn under ``name`` where a font has it
    sheet: str | None = None  # None: the map's only sheet
    x: Coord | None = None
    y: Coord | None = None

    def node_kind(self) -> str:
        raise NotImplementedError

    def node_flags(self) -> frozenset[str]:
        """Flags the core and the renderer may read (e.g. INLAND)."""
        return frozenset()

    def links(self) -> Iterable[Link]:
        return ()


class EdgeEntry(Entry):
    """An entry that is an edge between two nodes (both ways)."""

    a: str
    b: str
    kind: str
    flags: list[str] = []
    cost: int | None = Field(None, ge=0)
    delay: int | None = Field(None, ge=0)  # turns a crossing takes (a transition between sheets)


@dataclass(frozen=True)
class Section:
    name: str  # the table in the file: [<name>.<id>]
    model: type[Entry]
    noun: str  # one entry in messages: "is not a known <noun>"
    # node sections: fields listing neighbours in this section -> the edge kind they make
    link_fields: Mapping[str, str] = field(default_factory=dict)

    @property
    def is_nodes(self) -> bool:
        return issubclass(self.model, NodeEntry)

    @property
    def is_edges(self) -> bool:
        return issubclass(self.model, EdgeEntry)


class DraftMap(Protocol):
    """What the core's checks read of the map being built (a ``bot.domain.gamemap.GameMap``)."""

    ruleset: str

    def entries(self, section: str) -> dict[str, Any]: ...


# A ruleset's check of a draft map: (its map class, the report). Any, not DraftMap: a check
# takes the ruleset's own map class, which has more than the core's checks read.
Check = Callable[[Any, Report], None]

# How the renderer draws a node of a kind (MapProfile.looks), in its own words:
PLACE = "place"  # a disc, always drawn: units stand here
WATER = "water"  # a named water: its name in the background, a dot when a turn uses it
PORT = "port"  # an anchor glyph at its place, tied to the place it belongs to; units may stand in it
MARK = "mark"  # a marked point (a strait): its name and a small diamond
LOOKS = frozenset({PLACE, WATER, PORT, MARK})
BORDER = "border"  # edge: a land border, a dashed grey line
PASSAGE = "passage"  # edge: a step by sea, a blue line
EDGE_LOOKS = frozenset({BORDER, PASSAGE})
INLAND = "inland"  # node flag: a place off the coast, drawn smaller and grey-rimmed


@dataclass(frozen=True)
class LineLook:
    """How a line of the map is drawn (an edge kind's, or a section's entries'), and its key entry."""

    colour: str
    width: float  # points
    dash: tuple[float, ...] = ()  # on/off lengths in points; () is solid
    alpha: float = 1.0
    z: float = 2.0  # its height among the map's lines: 2 (over the land) to 4 (under the nodes)
    cap: str | None = None  # "round", "butt"; None: the renderer's default
    legend: str = ""  # its word in the map's key; "" leaves it out
    legend_width: float | None = None  # the key's swatch, when it is not drawn as on the map
    legend_alpha: float = 1.0
    keep_clear: bool = False  # names keep off it (a band a name would hide)


@dataclass(frozen=True)
class SectionLines:
    """A data section whose every entry is drawn as lines through nodes."""

    section: str
    # an entry -> its lines, each the node ids it runs through (at least two)
    lines: Callable[[Any], Sequence[Sequence[str]]]
    look: LineLook


@dataclass(frozen=True)
class GroupNames:
    """A data section whose entries are named groups of nodes: a group of two or more nodes
    on a sheet has its name drawn large over their middle (one node's own name names it already)."""

    section: str
    members: str  # the entry's field listing its nodes


@dataclass(frozen=True)
class MapDrawing:
    """The unchanging picture of a ruleset's maps beyond its nodes' looks (bot.render.static).

    Lines are drawn in the order declared, edge kinds first, then sections; the map key lists
    them in the same order, after the node looks of ``legend``."""

    edge_lines: Mapping[str, LineLook] = field(default_factory=dict)  # edge kind -> its line
    section_lines: tuple[SectionLines, ...] = ()
    group_names: tuple[GroupNames, ...] = ()
    # a node entry's field naming the land mass a place is part of: places joined by a border
    # edge are drawn as one land where it is the same (None: all of them are one land)
    land_group: str | None = None
    # the key's word for a node look (PLACE, PORT …) or INLAND, listed when the sheet has such a node
    legend: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class MapProfile:
    """A ruleset's declaration of its maps (found through its plug-in)."""

    ruleset: str
    sections: tuple[Section, ...]
    node_kinds: frozenset[str]
    edge_kinds: frozenset[str]
    checks: tuple[Check, ...] = ()  # the ruleset's own checks of a draft map, after the core's
    # the map class to build (a subclass of GameMap with the ruleset's typed view), or GameMap
    map_class: Any = None
    looks: Mapping[str, str] = field(default_factory=dict)  # node kind -> LOOKS; PLACE when not named
    edge_looks: Mapping[str, str] = field(default_factory=dict)  # edge kind -> EDGE_LOOKS; not drawn when not named
    drawing: MapDrawing = field(default_factory=MapDrawing)

    def __post_init__(self) -> None:
        # A ruleset's mistake, found when its profile is built rather than mid-render.
        for kind, look in self.looks.items():
            if kind not in self.node_kinds or look not in LOOKS:
                raise ValueError(f"{self.ruleset} map profile: looks[{kind!r}] = {look!r} "
                                 f"(node kinds: {sorted(self.node_kinds)}; looks: {sorted(LOOKS)})")
        for kind, look in self.edge_looks.items():
            if kind not in self.edge_kinds or look not in EDGE_LOOKS:
                raise ValueError(f"{self.ruleset} map profile: edge_looks[{kind!r}] = {look!r} "
                                 f"(edge kinds: {sorted(self.edge_kinds)}; looks: {sorted(EDGE_LOOKS)})")
        self._check_drawing()

    def _check_drawing(self) -> None:
        d, names = self.drawing, {s.name for s in self.sections}
        unknown = [f"edge_lines[{k!r}]" for k in d.edge_lines if k not in self.edge_kinds]
        unknown += [f"section {s.section!r}" for s in (*d.section_lines, *d.group_names) if s.section not in names]
        unknown += [f"legend[{k!r}]" for k in d.legend if k not in LOOKS | {INLAND}]
        if unknown:
            raise ValueError(f"{self.ruleset} map profile: the drawing names {', '.join(unknown)} "
                             f"(edge kinds: {sorted(self.edge_kinds)}; sections: {sorted(names)}; "
                             f"legend keys: {sorted(LOOKS | {INLAND})})")

    def section(self, name: str) -> Section:
        return next(s for s in self.sections if s.name == name)

    def nouns(self) -> dict[str, str]:
        return {s.name: s.noun for s in self.sections}
