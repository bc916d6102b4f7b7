"""The Empires in Arms board (E2.2, E13, E16 Zone/Port/Strait, E-OP-24): the entries of its
map file and ``EiaBoard`` (``model``), its checks (``checks``) and its profile (``profile``).

The rules read the board through ``EiaBoard``: zones, ports, ``zone_of(port)``,
``adjacent(zone)``, ``is_fortress(port)``, straits with their zones and controlling ports,
``distance(a, b)`` in maneuvers (E9.2 nearest port), ``name_of`` for messages."""

from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard, Port, SeaZone, Strait

__all__ = ["EiaBoard", "Port", "SeaZone", "Strait"]
