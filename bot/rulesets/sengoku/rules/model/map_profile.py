"""Sengoku's map profile (S12.2): the sections of its map files, how their
entries become nodes and edges, its own checks, its map class, and how the
renderer draws its map (coastal moves, land borders, straits S6/OP-30, lines
of communication OP-20, islands, and their words in the map's key). The
plug-in (bot/rulesets/sengoku/__init__.py) hands it to the map loader. Pure module."""

from __future__ import annotations

from bot.domain.text import N_
from bot.domain.gamemap_profile import (
    BORDER,
    INLAND,
    MARK,
    PASSAGE,
    PLACE,
    PORT,
    WATER,
    GroupNames,
    LineLook,
    MapDrawing,
    MapProfile,
    Section,
    SectionLines,
)
from bot.rulesets.sengoku.rules.model.map_checks import CHECKS
from bot.rulesets.sengoku.rules.model.map_model import Area, Island, Loc, Port, SengokuMap, Strait

__all__ = ["PROFILE"]


def _strait_lines(strait: Strait) -> list[list[str]]:
    """A strait is a marked sea step between its island side and the opposite shore (OP-30)."""
    return [[side, strait.opposite] for side in strait.island_side]


def _loc_line(loc: Loc) -> list[list[str]]:
    """A line of communication runs from its port along its coastal path to its port or area (OP-20)."""
    return [[loc.from_port, *loc.path[1:-1], loc.to_port if loc.to_port is not None else loc.path[-1]]]


DRAWING = MapDrawing(
    # the key lists coastal moves before land borders; land borders lie under them (z)
    edge_lines={
        "coast": LineLook("#3f7fbf", 1.1, alpha=0.85, z=2.2, legend=N_("coastal move")),
        "land": LineLook("#8f8f8f", 0.7, dash=(4, 3), alpha=0.55, z=2.0, legend=N_("land border"), legend_width=0.9),
    },
    section_lines=(
        SectionLines("straits", _strait_lines, LineLook("#14877d", 4.5, alpha=0.35, cap="butt", z=2.4,
                                                        legend=N_("strait"), legend_alpha=0.35, keep_clear=True)),
        SectionLines("locs", _loc_line, LineLook("#9a6324", 1.6, dash=(1, 2.2), alpha=0.9, cap="round", z=3.0,
                                                 legend=N_("line of communication"))),
    ),
    group_names=(GroupNames("islands", "areas"),),
    land_group="island",
    legend={PLACE: N_("coastal area"), INLAND: N_("inland area"), PORT: N_("port")},
)

PROFILE = MapProfile(
    ruleset="sengoku",
    sections=(
        Section("areas", Area, "area", link_fields={"coast": "coast", "land": "land", "sea": "sea"}),
        Section("ports", Port, "port"),
        Section("islands", Island, "island"),
        Section("straits", Strait, "strait"),
        Section("locs", Loc, "line of communication"),
    ),
    node_kinds=frozenset({"province", "sea", "port", "strait"}),
    edge_kinds=frozenset({"coast", "land", "sea", "port"}),
    checks=CHECKS,
    map_class=SengokuMap,
    looks={"sea": WATER, "port": PORT, "strait": MARK},  # provinces: places
    edge_looks={"land": BORDER, "coast": PASSAGE},
    drawing=DRAWING,
)
