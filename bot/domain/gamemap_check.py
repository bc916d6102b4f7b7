"""Checks of ``parse_map`` (bot.domain.gamemap) that every map gets, whatever
its ruleset: the problem report, the file's structure, ids, the nodes' kinds
and sheets, symmetric neighbour lists and edges.

Every check adds its problems to a ``Report`` and goes on, so that a map
author sees every problem at once. A ruleset's own checks (its profile's
``checks``) run after these on the same draft map.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from bot.domain.gamemap_profile import MAX_COORD, Coord, DraftMap, EdgeEntry, Entry, MapProfile, NodeEntry, Section
from bot.domain.gamemap_report import Report, schema_problems

__all__ = ["MAX_COORD", "Coord", "Report", "check_edges", "check_ids", "check_links", "check_nodes",
           "check_top_level", "schema_problems", "section_table"]

_ID_RE = re.compile(r"[a-z][a-z0-9_]*")


def section_table(raw: Mapping[str, Any], name: str, rep: Report) -> dict[str, Any]:
    table = raw.get(name, {})
    if not isinstance(table, Mapping):
        rep.add(name, f"expected a table of entries, got {type(table).__name__}")
        return {}
    return dict(table)


def check_top_level(raw: Mapping[str, Any], sections: Iterable[str], rep: Report, profile: MapProfile) -> None:
    for key in ("id", "name"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            rep.add("top level", f"missing or empty key {key!r}")
    if "ruleset" in raw and raw["ruleset"] != profile.ruleset:
        rep.add("top level", f"ruleset {raw['ruleset']!r}, but the map is read as a {profile.ruleset!r} map")
    for key in sorted(set(raw) - {"id", "name", "ruleset", *sections}, key=str):
        rep.add("top level", f"unknown key {key!r}")
    node_sections = [s for s in profile.sections if s.is_nodes]
    if node_sections and not rep.known[node_sections[0].name]:
        rep.add("top level", f"the map has no {node_sections[0].name}")


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


# --- nodes -----------------------------------------------------------------


def check_nodes(profile: MapProfile, entries: Mapping[str, Mapping[str, Entry]], sheets: set[str],
                rep: Report) -> None:
    """Every node's kind is one the ruleset declares, and it stands on a sheet of the map."""
    for section in profile.sections:
        if not section.is_nodes:
            continue
        for entry_id, node in entries.get(section.name, {}).items():
            assert isinstance(node, NodeEntry)
            where = f"{section.name}.{entry_id}"
            kind = node.node_kind()
            if kind not in profile.node_kinds:
                rep.add(where, f"kind {kind!r} is not a node kind of {profile.ruleset!r} maps "
                               f"(known: {', '.join(sorted(profile.node_kinds))})")
            if node.sheet is None and len(sheets) > 1:
                rep.add(where, f"missing key 'sheet' (the map has several sheets: {', '.join(sorted(sheets))})")
            elif node.sheet is not None and node.sheet not in sheets:
                rep.add(where, f"sheet {node.sheet!r} is not a sheet of this map "
                               f"(known: {', '.join(sorted(sheets)) or 'none'})")


def check_links(gm: DraftMap, section: Section, rep: Report) -> None:
    """A node section's neighbour lists: known ids, none twice, none itself, both ways."""
    table = gm.entries(section.name)
    for entry_id, node in table.items():
        entry = f"{section.name}.{entry_id}"
        for field in section.link_fields:
            seen: set[str] = set()
            for other_id in getattr(node, field):
                if other_id in seen:
                    rep.add(entry, f"{field} lists {other_id!r} twice")
                    continue
                seen.add(other_id)
                if other_id == entry_id:
                    rep.add(entry, f"{field} lists itself")
                    continue
                if not rep.ref(entry, field, other_id, section.name):
                    continue
                other = table.get(other_id)
                if other is not None and entry_id not in getattr(other, field):
                    rep.add(entry, f"{field} lists {other_id!r} but {section.name}.{other_id}.{field} "
                                   f"does not list {entry_id!r}")


def check_edges(profile: MapProfile, gm: DraftMap, rep: Report) -> None:
    """Edge entries join two known nodes, and are of a kind the ruleset declares."""
    node_sections = [s.name for s in profile.sections if s.is_nodes]
    nodes = set().union(*(rep.known[s] for s in node_sections)) if node_sections else set()
    for section in profile.sections:
        if not section.is_edges:
            continue
        for entry_id, edge in gm.entries(section.name).items():
            assert isinstance(edge, EdgeEntry)
            where = f"{section.name}.{entry_id}"
            for end in ("a", "b"):
                node_id = getattr(edge, end)
                if node_id not in nodes:
                    rep.add(where, f"{end} {node_id!r} is not a node of this map")
            if edge.a == edge.b:
                rep.add(where, "a and b are the same node")
            if edge.kind not in profile.edge_kinds:
                rep.add(where, f"kind {edge.kind!r} is not an edge kind of {profile.ruleset!r} maps "
                               f"(known: {', '.join(sorted(profile.edge_kinds))})")
