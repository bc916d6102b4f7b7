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
them, and the ruleset's own ``checks`` add what only it knows. Pure module.
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

    def section(self, name: str) -> Section:
        return next(s for s in self.sections if s.name == name)

    def nouns(self) -> dict[str, str]:
        return {s.name: s.noun for s in self.sections}
