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
``edge_looks`` tell the renderer, in its own few words, how a kind is drawn.
Pure module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from bot.domain.gamemap import GameMap
    from bot.domain.gamemap_check import Report

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


Check = Callable[["GameMap", "Report"], None]

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

    def section(self, name: str) -> Section:
        return next(s for s in self.sections if s.name == name)

    def nouns(self) -> dict[str, str]:
        return {s.name: s.noun for s in self.sections}
