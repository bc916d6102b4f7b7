"""Rough coastlines for the Empires in Arms board's art: the core's European coasts
(``bot.art_coasts``: Europe, Asia Minor and North Africa in one LAND ring, minus the WATER ones,
plus the ISLANDS and DOTS), and the few small islands of 1805 that only this board marks.
"""

from __future__ import annotations

from bot.art_coasts import DOTS as EUROPE_DOTS
from bot.art_coasts import ISLANDS, OLD_WORLD, WATER, Dot, Ring

__all__ = ["DOTS", "ISLANDS", "LAND", "WATER"]

LAND: tuple[Ring, ...] = (OLD_WORLD,)

DOTS: tuple[Dot, ...] = EUROPE_DOTS + (
    (-25.5, 37.8, 0.3), (-16.9, 32.7, 0.25),  # the Azores (São Miguel), Madeira
    (14.25, 36.05, 0.08), (20.9, 37.75, 0.1), (16.9, 42.95, 0.1), (26.95, 37.75, 0.12),  # Gozo, Zante, Lissa, Samos
)
