"""The Here I Stand map's art (art/generate.py): one picture whose points are the generator's
projection, sea zones at sea and ports on land, every port's anchors drawn in its own zones'
water (H2.3.2), and the sea cut into the board's zones."""

from __future__ import annotations

from functools import cache

import numpy as np
from PIL import Image

from bot.mapfiles import load_map_file
from bot.rulesets.here_i_stand.art.generate import MAP_FILE, land_mask, project, zones_of
from bot.rulesets.here_i_stand.rules.map.model import HisGameMap
from bot.rulesets.here_i_stand.rules.map.profile import PROFILE


@cache
def board() -> HisGameMap:
    return load_map_file(MAP_FILE, profile=PROFILE)


@cache
def pixels() -> np.ndarray:
    with Image.open(board().art.image) as image:
        return np.asarray(image.convert("RGB")).astype(int)


def test_one_picture_with_a_point_for_every_node():
    gm = board()
    art = gm.art
    assert art is not None and art.image.endswith("here-i-stand-art.png")
    with Image.open(art.image) as image:
        assert image.size == (art.width, art.height) == (1600, art.height)
    assert set(art.points) == set(gm.nodes)


def test_the_points_are_the_generators_projection():
    """The picture and the points cannot drift apart: regenerate both with the generator."""
    gm = board()
    points, height, _ = project(gm, gm.art.width)
    assert gm.art.height == height
    assert gm.art.points == {k: tuple(v) for k, v in points.items()}


def test_sea_zones_are_at_sea_and_ports_on_land():
    gm, img = board(), pixels()

    def bluish(node: str) -> bool:
        x, y = gm.art.points[node]
        r, g, b = img[int(y), int(x)]
        return b > r + 15

    assert [z for z in gm.sea_zones if not bluish(z)] == []
    assert [p for p in gm.ports if bluish(p)] == []


def test_each_zone_holds_its_own_point_and_the_water_by_its_one_zone_ports():
    """The sea is cut into the board's zones: a zone's point lies in it, and so does the water
    next to every port anchored in that zone alone."""
    gm = board()
    points, height, to_px = project(gm, gm.art.width)
    land = land_mask(gm, points, to_px, gm.art.width, height)
    label = zones_of(gm, points, to_px, land)
    zones = sorted(gm.sea_zones)
    assert [z for z in zones if label[int(points[z][1]), int(points[z][0])] != zones.index(z)] == []
    wrong = []
    for port_id, port in sorted(gm.ports.items()):
        if len(port.seas) == 1:
            x, y = points[port_id]
            near = label[max(0, int(y) - 25):int(y) + 26, max(0, int(x) - 25):int(x) + 26]
            if zones.index(port.seas[0]) not in near:
                wrong.append(port_id)
    assert wrong == []
