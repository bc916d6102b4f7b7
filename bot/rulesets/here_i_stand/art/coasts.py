"""Rough coastlines for the Here I Stand map's art: the core's European coasts (``bot.art_coasts``:
the Atlantic to the Black Sea), nothing of its own; the board's frame cuts them. Land is the LAND
polygon minus the WATER ones (the Mediterranean, the Sea of Marmara and its straits, the Black
Sea), plus the ISLANDS; DOTS are islands too small for a ring (the Cyclades).
"""

from __future__ import annotations

from bot.art_coasts import DOTS, ISLANDS, OLD_WORLD, WATER, Ring

__all__ = ["DOTS", "ISLANDS", "LAND", "WATER"]

LAND: tuple[Ring, ...] = (OLD_WORLD,)
