"""Sengoku's map profile (S12.2): the sections of its map files, how their
entries become nodes and edges, its own checks and its map class. The plug-in
(bot/rulesets/sengoku/__init__.py) hands it to the map loader. Pure module."""

from __future__ import annotations

from bot.domain.gamemap_profile import BORDER, MARK, PASSAGE, PORT, WATER, MapProfile, Section
from bot.rulesets.sengoku.rules.model.map_checks import CHECKS
from bot.rulesets.sengoku.rules.model.map_model import Area, Island, Loc, Port, SengokuMap, Strait

__all__ = ["PROFILE"]

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
)
