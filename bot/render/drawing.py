"""The map's own drawing, as its ruleset's map profile declares it (bot/domain/gamemap_profile.py):
the renderer draws whatever lines, group names and key words it finds here, and knows none of them."""

from __future__ import annotations

from bot.domain.gamemap import GameMap
from bot.domain.gamemap_profile import MapDrawing
from bot.plugins import get_map_profile


def map_drawing(gm: GameMap) -> MapDrawing:
    """The drawing of the map's ruleset; a ruleset that declares none (or none installed) draws
    only nodes and the edges of its looks' default."""
    try:
        return get_map_profile(gm.ruleset).drawing
    except LookupError:  # UnknownRuleset is one too
        return MapDrawing()
