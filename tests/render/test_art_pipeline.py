"""The core's shared map-art steps (bot/art_pipeline.py, bot/art_coasts.py), which every ruleset's
art generator draws with: checked here on made-up points, without any ruleset's map."""

from __future__ import annotations

import numpy as np

from bot.art_coasts import DOTS, ISLANDS, OLD_WORLD, WATER
from bot.art_pipeline import (coast_mask, coastline, discs, graticule, project, rough_land, without_art,
                              write_art)

MARKER = "# ---- art: generated; do not edit below ----"


def test_the_projection_frames_the_nodes_with_the_padding_on_every_side():
    points, height, to_px = project({"a": (0.0, 0.0), "b": (10.0, 5.0)}, width=220, pad=10)
    assert points["a"][0] == 10.0 and points["b"][0] == 210.0  # west and east edges at the padding
    assert points["b"][1] == 10.0 and abs(points["a"][1] - (height - 10)) < 1  # north on top, south at the foot (height rounded)
    assert tuple(round(v, 1) for v in to_px(0.0, 0.0)) == points["a"]  # the points are rounded to 0.1 px


def test_a_square_ring_is_land_inside_and_sea_outside():
    square = ((2.0, 2.0), (8.0, 2.0), (8.0, 8.0), (2.0, 8.0))
    to_px = lambda lon, lat: (lon * 10, (10 - lat) * 10)  # noqa: E731
    cover = coast_mask(((square,), (), (), ()), to_px, 100, 100)
    assert cover[50, 50] == 1.0 and cover[5, 5] == 0.0
    coast = coastline(cover > 0.5)
    assert coast[50, 20] and not coast[50, 50] and not coast[5, 5]


def test_the_shared_coasts_put_europe_on_land_and_the_seas_at_sea():
    # lon/lat straight onto a 0.1° grid: Paris on land, the Tyrrhenian and the Black Sea at sea
    to_px = lambda lon, lat: ((lon + 20) * 10, (70 - lat) * 10)  # noqa: E731
    land = rough_land(((OLD_WORLD,), WATER, ISLANDS, DOTS), to_px, 800, 450, seed=1, cells=20)
    at = lambda lon, lat: land[int((70 - lat) * 10), int((lon + 20) * 10)]  # noqa: E731
    assert at(2.35, 48.85) and not at(12.0, 40.0) and not at(34.0, 43.0)
    assert at(14.0, 37.5)  # Sicily: an island, drawn after the sea is cut


def test_discs_and_graticule_mark_their_pixels():
    near = discs({"p": (5.0, 5.0)}, ["p"], 2, 10, 10)
    assert near[5, 5] and near[5, 6] and not near[5, 7]
    lines = graticule(lambda lon, lat: (lon + 20, 20 - lat), 40, 40, range(-10, 11, 10), range(0, 11, 10))
    assert lines[20, 20] and lines[20, 15] and not lines[15, 15]


def test_write_art_saves_the_pictures_and_replaces_the_old_tables(tmp_path):
    path = tmp_path / "map.toml"
    text = f'[map]\nid = "x"\n\n{MARKER}\n\n[art]\nimage = "old.png"\n'
    img = np.zeros((3, 4, 3), dtype=np.uint8)
    write_art(path, text, MARKER, [("art", "new.png", img, {"b": (1.0, 2.0), "a": (0.5, 0.5)})], colors=8)
    assert (tmp_path / "new.png").is_file()
    assert path.read_text(encoding="utf-8") == (
        f'[map]\nid = "x"\n\n{MARKER}\n\n[art]\nimage = "new.png"\nwidth = 4\nheight = 3\n\n[art.points]\n'
        "a = [0.5, 0.5]\nb = [1.0, 2.0]\n")
    assert without_art(path.read_text(encoding="utf-8"), MARKER) == '[map]\nid = "x"\n\n'
