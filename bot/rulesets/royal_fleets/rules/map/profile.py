"""The royal fleets map profile (U10, U13): the sections of its map files, how
their entries become nodes and edges, its own checks, its map class, and how the
renderer draws it. The plug-in (bot/rulesets/royal_fleets/__init__.py) hands it to
the map loader; until it does, ``load_map_file(path, profile=PROFILE)`` reads a
map with it. Pure module."""

from __future__ import annotations

from bot.domain.gamemap_profile import INLAND, PASSAGE, PLACE, PORT, LineLook, MapDrawing, MapProfile, Section
from bot.domain.text import N_
from bot.rulesets.royal_fleets.rules.map.checks import CHECKS
from bot.rulesets.royal_fleets.rules.map.model import (
    COAST,
    CROSSING,
    PORT_EDGE,
    SEA,
    Port,
    Province,
    RoyalMap,
    SeaArea,
    TradePost,
)

__all__ = ["PROFILE"]

RULESET = "royal-fleets"

DRAWING = MapDrawing(
    # A move between adjacent sea areas (1 MP, U2.2) is a line between their discs, so a
    # player can count the MP of a route on the map itself.
    edge_lines={SEA: LineLook("#3f7fbf", 1.1, alpha=0.7, z=2.2, legend=N_("move (1 MP)"))},
    # Fleets stand in sea areas (places); provinces are drawn smaller (the INLAND flag).
    legend={PLACE: N_("sea area"), INLAND: N_("coastal province"), PORT: N_("port")},
)

PROFILE = MapProfile(
    ruleset=RULESET,
    sections=(
        Section("areas", SeaArea, "sea area", link_fields={"adjacent": SEA}),
        Section("provinces", Province, "province"),
        Section("ports", Port, "port"),
        Section("trade_posts", TradePost, "trade post"),
    ),
    node_kinds=frozenset({"sea area", "province", "port"}),
    edge_kinds=frozenset({SEA, CROSSING, COAST, PORT_EDGE}),
    checks=CHECKS,
    map_class=RoyalMap,
    looks={"port": PORT},  # sea areas and provinces: places
    edge_looks={SEA: PASSAGE},
    drawing=DRAWING,
)
