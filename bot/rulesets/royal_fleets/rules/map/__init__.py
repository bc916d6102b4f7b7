"""The royal fleets map (U10, U13 SeaArea/Province, U-OP-34): the entries of its map
files (``model``), its checks (``checks``) and its profile (``profile``).

The rules read a map through ``RoyalMap`` (``model``): sea areas, provinces, ports,
adjacency, transition areas and their counterparts, trade posts, sheets."""

from bot.rulesets.royal_fleets.rules.map.model import (
    EUROPE,
    NEW_WORLD,
    Port,
    Province,
    RoyalMap,
    SeaArea,
    TradePost,
)

__all__ = ["EUROPE", "NEW_WORLD", "Port", "Province", "RoyalMap", "SeaArea", "TradePost"]
