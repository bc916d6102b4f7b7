"""A golden image of the Empires in Arms board (E2.2, E13) with a fixed overlay of stacks, a
battle and a route: the art, the names, the straits and the moves drawn as a reader sees them,
compared within the core golden test's tolerance.

    FLEETWRIGHT_REGEN_GOLDEN=1 PYTHONPATH=. python -m pytest tests/rulesets/empires_in_arms/test_map_golden.py
"""

from __future__ import annotations

from pathlib import Path

import bot.render.drawing as drawing
from bot.render import Highlight, Marker, Overlay, Route, render_map
from bot.render.vocabulary import HighlightStyle, RouteStyle, ShapeStyle, Vocabulary
from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE
from tests.render.test_golden import matches_golden
from tests.rulesets.empires_in_arms.test_map_board import board

GOLDEN = Path(__file__).parent / "golden"
# A vocabulary of the test's own: the board is under test here, not the ruleset's overlay words.
VOCABULARY = Vocabulary(shapes={"fleet": ShapeStyle(name="fleet", glyph="diamond")},
                        highlights={"battle": HighlightStyle(name="battle", colour="#c0392b", symbol="⚔")},
                        routes={"solid": RouteStyle(name="move")})
COLOURS = {"britain": "#c8102e", "france": "#1f4e9c", "russia": "#2e7d32"}
NAMES = {"britain": "Great Britain", "france": "France", "russia": "Russia"}


def test_the_board_matches_its_golden_image(monkeypatch):
    monkeypatch.setattr(drawing, "get_map_profile", lambda ruleset: PROFILE)  # as the plug-in hands it over
    fleets = {"portuguese_coast": "britain", "cadiz": "france", "gulf_of_finland": "russia", "toulon": "france"}
    overlay = Overlay(title="Empires in Arms — golden", subtitle="stacks, a battle, a route",
                      markers=[Marker(area=a, label=f"{NAMES[f]} fleet", faction=f, colour=COLOURS[f], shape="fleet")
                               for a, f in fleets.items()],
                      highlights=[Highlight(area="portuguese_coast", kind="battle", label="battle")],
                      routes=[Route(areas=["toulon", "gulf_of_lyon", "western_mediterranean", "portuguese_coast"],
                                    colour=COLOURS["france"])],
                      faction_colours=COLOURS, faction_names=NAMES, vocabulary=VOCABULARY)
    png = render_map(board(), overlay, width_px=700)
    matches_golden(png, GOLDEN / "empires-in-arms.png")
