"""The Here I Stand map profile (H2.3, H-OP-02): the sections of its map files, how their entries
become nodes and edges, its own checks, its map class, and how the renderer draws it. The plug-in
(bot/rulesets/here_i_stand/__init__.py) hands it to the map loader; until it does,
``load_map_file(path, profile=PROFILE)`` reads a map with it. Pure module.

Drawn as the board is read: a sea zone is a named water (its name in the sea, the art paints its
borders and every port's anchors, art/generate.py); a port is a place, a disc the overlay fills with
its controller's colour; the Turn Track is a small grey place beside its box on the art."""

from __future__ import annotations

from bot.domain.gamemap_profile import PLACE, WATER, MapDrawing, MapProfile, Section
from bot.domain.text import N_
from bot.rulesets.here_i_stand.rules.map.checks import CHECKS
from bot.rulesets.here_i_stand.rules.map.model import (
    ANCHOR,
    BORDER,
    PORT,
    SEA_ZONE,
    TURN_TRACK,
    HisGameMap,
    Port,
    SeaZone,
    Track,
)

__all__ = ["PROFILE", "RULESET"]

RULESET = "here-i-stand"

# No edge is drawn: the art paints the sea zones' borders and the anchors (H2.3.2), as the board does.
DRAWING = MapDrawing(legend={PLACE: N_("port"), WATER: N_("sea zone")})

PROFILE = MapProfile(
    ruleset=RULESET,
    sections=(
        Section("sea_zones", SeaZone, "sea zone", link_fields={"adjacent": BORDER}),
        Section("ports", Port, "port"),
        Section("tracks", Track, "turn track"),
    ),
    node_kinds=frozenset({SEA_ZONE, PORT, TURN_TRACK}),
    edge_kinds=frozenset({BORDER, ANCHOR}),
    checks=CHECKS,
    map_class=HisGameMap,
    looks={SEA_ZONE: WATER},  # ports and the Turn Track: places
    drawing=DRAWING,
)
