"""The shipped royal fleets map (U10, U10.5, U-OP-34): two sheets, each with its own
art; sea areas, provinces and ports of c. 1635; transition areas with counterparts;
the four trade posts with their initial control. Read through the profile (the
plug-in hands it to the loader)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from PIL import Image

from bot.mapfiles import load_map_file
from bot.rulesets.royal_fleets.art.generate import MAP_FILE, project
from bot.rulesets.royal_fleets.rules.map import EUROPE, NEW_WORLD, RoyalMap
from bot.rulesets.royal_fleets.rules.map.profile import PROFILE


# fewest moves (U2.2), breadth first in id order: the same route every time
PATH_TO_CONSTANTINOPLE = ["gulf_cadiz", "alboran", "sea_of_sardinia", "strait_sicily", "ionian", "sea_of_candia",
                          "aegean", "marmara", "black_sea"]


@cache
def royal() -> RoyalMap:
    return load_map_file(MAP_FILE, profile=PROFILE)


def test_two_sheets_each_with_its_own_art():
    gm = royal()
    assert {s: gm.sheets[s].name for s in gm.sheets} == {EUROPE: "Europe", NEW_WORLD: "New World"}
    images = set()
    for sheet in gm.sheets.values():
        art = sheet.art
        assert art is not None
        with Image.open(art.image) as image:
            assert image.size == (art.width, art.height)
        images.add(art.image)
        assert set(art.points) == {n.id for n in gm.nodes_on(sheet.id)}
    assert len(images) == 2


@pytest.mark.parametrize("sheet", [EUROPE, NEW_WORLD])
def test_the_points_are_the_generators_projection(sheet):
    """The picture and the points cannot drift apart: regenerate both with the generator."""
    gm = royal()
    points, height, _ = project(gm, sheet, gm.sheets[sheet].art.width)
    assert gm.sheets[sheet].art.height == height
    assert gm.sheets[sheet].art.points == {k: tuple(v) for k, v in points.items()}


@pytest.mark.parametrize("sheet", [EUROPE, NEW_WORLD])
def test_fleets_stand_at_sea_and_provinces_on_land(sheet):
    gm = royal()
    art = gm.sheets[sheet].art
    with Image.open(art.image) as image:
        img = np.asarray(image.convert("RGB")).astype(int)

    def bluish(node: str) -> bool:
        x, y = art.points[node]
        r, g, b = img[int(y), int(x)]
        return b > r + 15

    assert [a for a in gm.areas_on(sheet) if not bluish(a)] == []
    assert [p for p in gm.provinces if gm.sheet_of(p) == sheet and bluish(p)] == []


def test_the_trade_posts_and_their_initial_control():
    """U10.5, north to south: New France – France; West Indies – the Dutch; South Africa –
    Spain; East Indies – the Dutch."""
    gm = royal()
    posts = sorted(gm.trade_posts.values(), key=lambda t: -gm.areas[t.sea].y)
    assert [(t.name, t.controller) for t in posts] == [
        ("New France", "france"), ("West Indies", "dutch"), ("South Africa", "spain"), ("East Indies", "dutch")]
    assert {gm.sheet_of(t.sea) for t in posts} == {NEW_WORLD}
    assert gm.trade_post_at("gulf_st_lawrence").name == "New France"


def test_transitions_join_the_sheets_both_ways():
    """U10.1: a fleet entering one transition area appears next turn in its counterpart."""
    gm = royal()
    assert gm.transitions() == ("mid_atlantic", "north_atlantic", "ocean_sea", "western_ocean")
    for area in gm.transitions():
        other = gm.counterpart(area)
        assert gm.counterpart(other) == area and gm.sheet_of(other) != gm.sheet_of(area)
        assert gm.edge_between(area, other, "crossing").delay == 1
    assert gm.counterpart("western_ocean") == "north_atlantic"
    assert gm.counterpart("ocean_sea") == "mid_atlantic"


def test_the_seas_a_fleet_sails():
    gm = royal()
    assert gm.adjacent("channel") == ("southern_north_sea", "western_approaches")
    assert gm.sea_path("channel", "baltic") == ["channel", "southern_north_sea", "north_sea", "skagerrak",
                                                "belt_sea", "baltic"]
    assert gm.sea_path("gulf_cadiz", "black_sea") == PATH_TO_CONSTANTINOPLE
    assert gm.sea_path("channel", "caribbean") is None  # only by a transition, which takes a turn
    assert gm.sea_path("north_atlantic", "east_indies") == [
        "north_atlantic", "sargasso", "mid_atlantic", "cape_verde", "ethiopian_sea", "cape", "indian_ocean",
        "east_indies"]


def test_provinces_and_ports_of_the_period():
    gm = royal()
    assert gm.bordering_provinces("southern_north_sea") == ("flanders", "holland", "holstein", "kent", "zeeland")
    assert [gm.ports[p].name for p in gm.ports_on("southern_north_sea")] == [
        "Amsterdam", "Chatham", "Dunkirk", "Flushing", "Glückstadt"]
    assert gm.ports["leghorn"].name == "Leghorn" and gm.port_province("new_amsterdam") == "new_netherland"
    assert gm.bordering_areas("brittany") == ("biscay", "channel", "western_approaches")
    # every sea area a fleet can stop in borders land, but the open ocean and the transitions
    open_sea = {a for a in gm.areas if not gm.bordering_provinces(a)}
    assert open_sea == {"western_ocean", "ocean_sea", "north_atlantic", "mid_atlantic", "cape"}
    assert len(gm.areas) == 56 and len(gm.provinces) == 100 and len(gm.ports) == 98
