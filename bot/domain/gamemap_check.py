"""Checks of ``parse_map`` (bot.domain.gamemap): the problem report, the
structure of a map file, and the areas and ports of a draft map.

Every check adds its problems to a ``Report`` and goes on, so that a map
author sees every problem at once. The checks read the draft GameMap that
``parse_map`` builds without validation; they only need its attributes, so
the models are imported for type checking only (gamemap.py imports this
module).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, ValidationError

if TYPE_CHECKING:
    from bot.domain.gamemap import Area, GameMap


_NOUN = {"areas": "area", "ports": "port", "islands": "island"}
_ID_RE = re.compile(r"[a-z][a-z0-9_]*")
_KNOWN_SHOWN = 8

# A coordinate (degrees, or pixels on an art image) must be finite and of a
# size a drawing can use: NaN, inf or 1e308 would pass a plain float and
# leave the renderer's frame meaningless or overflowing.
MAX_COORD = 1e6
Coord = Annotated[float, Field(allow_inf_nan=False, ge=-MAX_COORD, le=MAX_COORD)]


class Report:
    """Collects problem lines; ``known`` holds every id written in the file,
    valid entry or not, so one broken entry does not cascade into "unknown
    id" noise everywhere it is referenced."""

    def __init__(self, source: str, known: dict[str, set[str]]) -> None:
        self.source = source
        self.known = known
        self.problems: list[str] = []

    def add(self, entry: str, problem: str) -> None:
        self.problems.append(f"{self.source}: {entry}: {problem}")

    def ref(self, entry: str, field: str, value: str, section: str) -> bool:
        if value in self.known[section]:
            return True
        names = sorted(self.known[section])
        shown = ", ".join(names[:_KNOWN_SHOWN]) + (", …" if len(names) > _KNOWN_SHOWN else "")
        self.add(entry, f"{field} {value!r} is not a known {_NOUN[section]} (known: {shown or 'none'})")
        return False


def section_table(raw: Mapping[str, Any], name: str, rep: Report) -> dict[str, Any]:
    table = raw.get(name, {})
    if not isinstance(table, Mapping):
        rep.add(name, f"expected a table of entries, got {type(table).__name__}")
        return {}
    return dict(table)


def check_top_level(raw: Mapping[str, Any], sections: Iterable[str], rep: Report) -> None:
    for key in ("id", "name"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            rep.add("top level", f"missing or empty key {key!r}")
    for key in sorted(set(raw) - {"id", "name", *sections}):
        rep.add("top level", f"unknown key {key!r}")
    if not rep.known["areas"]:
        rep.add("top level", "the map has no areas")


def check_ids(sections: Mapping[str, Mapping[str, Any]], rep: Report) -> None:
    owner: dict[str, str] = {}
    for section, table in sections.items():
        for key in table:
            entry = f"{section}.{key}"
            if not (isinstance(key, str) and _ID_RE.fullmatch(key)):
                rep.add(entry, f"id {key!r} must be lower-case ASCII letters, digits and '_', starting with a letter")
            if key in owner:
                rep.add(entry, f"id {key!r} is already used by {owner[key]}.{key}")
            else:
                owner[key] = section


def schema_problems(exc: ValidationError) -> list[str]:
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            problems.append(f"unknown key {where!r}")
        elif err["type"] == "missing":
            problems.append(f"missing key {where!r}")
        else:
            problems.append(f"key {where!r}: {err['msg']}")
    return problems


# --- areas -----------------------------------------------------------------


def check_areas(gm: GameMap, rep: Report) -> None:
    for area in gm.areas.values():
        entry = f"areas.{area.id}"
        if area.island is not None:
            rep.ref(entry, "island", area.island, "islands")
        if area.kind == "sea":
            _check_sea_area(area, rep)
        elif area.coast and not area.coastal:
            rep.add(entry, f"is not coastal but has coast neighbours: {', '.join(area.coast)}")
        for relation in ("coast", "land", "sea"):
            _check_relation(gm, area, relation, rep)


def _check_sea_area(area: Area, rep: Report) -> None:
    entry = f"areas.{area.id}"
    if area.coastal:
        rep.add(entry, "a sea area cannot be coastal")
    if area.island is not None:
        rep.add(entry, "a sea area cannot be on an island")
    if area.land:
        rep.add(entry, "a sea area cannot have land neighbours")
    if area.coast:
        rep.add(entry, "a sea area cannot have coast neighbours (use 'sea')")


def _check_relation(gm: GameMap, area: Area, relation: str, rep: Report) -> None:
    entry = f"areas.{area.id}"
    seen: set[str] = set()
    for other_id in getattr(area, relation):
        if other_id in seen:
            rep.add(entry, f"{relation} lists {other_id!r} twice")
            continue
        seen.add(other_id)
        if other_id == area.id:
            rep.add(entry, f"{relation} lists itself")
            continue
        if not rep.ref(entry, relation, other_id, "areas"):
            continue
        other = gm.areas.get(other_id)
        if other is None:
            continue  # the other entry is broken; its own problems say why
        if area.id not in getattr(other, relation):
            rep.add(entry, f"{relation} lists {other_id!r} but areas.{other_id}.{relation} does not list {area.id!r}")
        _check_pair_kinds(area, other, relation, rep)


def _check_pair_kinds(area: Area, other: Area, relation: str, rep: Report) -> None:
    entry = f"areas.{area.id}"
    if relation == "coast" and not other.coastal:
        rep.add(entry, f"coast lists {other.id!r}, which is not coastal")
    elif relation == "land" and other.kind == "sea":
        rep.add(entry, f"land lists {other.id!r}, which is a sea area")
    elif relation == "sea" and area.kind == "province" and other.kind == "province":
        rep.add(entry, f"sea lists {other.id!r}, but sea adjacency needs a sea area on one side")
    elif relation == "sea" and area.kind == "province" and not area.coastal:
        rep.add(entry, f"sea lists {other.id!r}, but {area.id!r} is not coastal")


# --- ports -----------------------------------------------------------------


def check_ports(gm: GameMap, rep: Report) -> None:
    first_in: dict[str, str] = {}
    for port_id in sorted(gm.ports):
        port = gm.ports[port_id]
        entry = f"ports.{port_id}"
        if not rep.ref(entry, "area", port.area, "areas"):
            continue
        area = gm.areas.get(port.area)
        if area is not None and not area.coastal:
            rep.add(entry, f"area {port.area!r} is not coastal")
        if port.area in first_in:
            rep.add(entry, f"area {port.area!r} already has port {first_in[port.area]!r} (at most one port per area)")
        else:
            first_in[port.area] = port_id
