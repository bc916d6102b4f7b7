"""Golden images of the royal fleets map, one per sheet (U10: Europe and the New World),
with a fixed overlay of fleets, a battle and a route: the art, the names and the moves
drawn as a reader sees them, compared within the core golden test's tolerance.

    FLEETWRIGHT_REGEN_GOLDEN=1 PYTHONPATH=. python -m pytest tests/rulesets/royal_fleets/test_map_golden.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.render.drawing as drawing
from bot.mapfiles import load_map_file
from bot.render import Highlight, Marker, Overlay, Route, render_map
from bot.render.vocabulary import HighlightStyle, RouteStyle, ShapeStyle, Vocabulary
from bot.rulesets.royal_fleets.art.generate import MAP_FILE
from bot.rulesets.royal_fleets.rules.map import EUROPE, NEW_WORLD
from bot.rulesets.royal_fleets.rules.map.profile import PROFILE
from tests.render.test_golden import matches_golden

GOLDEN = Path(__file__).parent / "golden"
# A vocabulary of the test's own: the map is under test here, not the ruleset's overlay words.
VOCABULARY = Vocabulary(shapes={"fleet": ShapeStyle(name="fleet", glyph="circle")},
                        highlights={"battle": HighlightStyle(name="battle", colour="#c0392b", symbol="⚔")},
                        routes={"solid": RouteStyle(name="move")})
COLOURS = {"spain": "#d4ac0d", "dutch": "#e67e22", "france": "#2e86c1"}
NAMES = {"spain": "Spain", "dutch": "United Provinces", "france": "France"}
SCENES = {
    EUROPE: ({"channel": "dutch", "biscay": "spain", "gulf_lion": "france"}, ["biscay", "western_approaches",
                                                                             "channel"], "channel"),
    NEW_WORLD: ({"antilles": "dutch", "caribbean": "spain", "gulf_st_lawrence": "france"},
                ["caribbean", "antilles", "mid_atlantic"], "antilles"),
}


@pytest.fixture(autouse=True)
def _royal_drawing(monkeypatch):
    """The profile's lines and key, as its plug-in will hand them over (the same before and after)."""
    monkeypatch.setattr(drawing, "get_map_profile", lambda ruleset: PROFILE)


@pytest.mark.parametrize("sheet", [EUROPE, NEW_WORLD])
def test_each_sheet_matches_its_golden_image(sheet):
    gm = load_map_file(MAP_FILE, profile=PROFILE)
    fleets, route, battle = SCENES[sheet]
    overlay = Overlay(title=f"{gm.sheets[sheet].name} — golden", subtitle="fleets, a battle, a route",
                      markers=[Marker(area=a, label=f"{NAMES[f]} fleet", faction=f, colour=COLOURS[f], shape="fleet")
                               for a, f in fleets.items()],
                      highlights=[Highlight(area=battle, kind="battle", label="battle")],
                      routes=[Route(areas=route, colour=COLOURS["spain"])],
                      faction_colours=COLOURS, faction_names=NAMES, vocabulary=VOCABULARY)
    png = render_map(gm, overlay, width_px=700, sheet=sheet)
    matches_golden(png, GOLDEN / f"royal-fleets-{sheet.replace('_', '-')}.png")
