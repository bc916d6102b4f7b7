"""The Empires in Arms map profile (E2.2, E13, E16): the sections of its map files, how
their entries become nodes and edges, its own checks, its map class, and how the
renderer draws it. The plug-in (bot/rulesets/empires_in_arms/__init__.py) hands it to
the map loader; until it does, ``load_map_file(path, profile=PROFILE)`` reads a map with
it. Pure module."""

from __future__ import annotations

from bot.domain.gamemap_profile import PASSAGE, PLACE, PORT, LineLook, MapDrawing, MapProfile, Section, SectionLines
from bot.domain.text import N_
from bot.rulesets.empires_in_arms.rules.map.checks import CHECKS
from bot.rulesets.empires_in_arms.rules.map.model import (
    HARBOUR,
    PORT_KIND,
    SEA,
    ZONE_KIND,
    EiaBoard,
    Port,
    SeaZone,
    Strait,
)

__all__ = ["PROFILE", "RULESET"]

RULESET = "empires-in-arms"


def _strait_line(strait: Strait) -> list[list[str]]:
    """A strait is drawn as a broad band over the move between its two zones (E13)."""
    return [list(strait.zones)] if len(strait.zones) == 2 else []


DRAWING = MapDrawing(
    # A move between adjacent zones (1 maneuver, E2.2) is a line between their discs, so a player
    # can count the maneuvers of a route on the map itself.
    edge_lines={SEA: LineLook("#3f7fbf", 1.2, alpha=0.75, z=2.2, legend=N_("move between zones (1 maneuver)"))},
    section_lines=(
        SectionLines("straits", _strait_line,
                     LineLook("#a23b2a", 5.0, alpha=0.35, cap="butt", z=2.4, legend=N_("strait under a fortress"),
                              legend_alpha=0.35, keep_clear=True)),
    ),
    legend={PLACE: N_("sea zone"), PORT: N_("port")},
)

PROFILE = MapProfile(
    ruleset=RULESET,
    sections=(
        Section("zones", SeaZone, ZONE_KIND, link_fields={"adjacent": SEA}),
        Section("ports", Port, PORT_KIND),
        Section("straits", Strait, "strait"),
    ),
    node_kinds=frozenset({ZONE_KIND, PORT_KIND}),
    edge_kinds=frozenset({SEA, HARBOUR}),
    checks=CHECKS,
    map_class=EiaBoard,
    looks={PORT_KIND: PORT},  # sea zones: places, where fleets stand
    edge_looks={SEA: PASSAGE},
    drawing=DRAWING,
)
