"""Custom artwork: the [art] table of a map file, drawing over the art at its
pixel points, and the schematic the Seto map ships with."""

from __future__ import annotations

import io
import shutil

import numpy as np
import pytest
from PIL import Image

from bot.domain.gamemap import MapError
from bot.mapfiles import load_map_file, load_shipped_map, parse_map, shipped_map_path
from bot.render import Marker, Overlay
from bot.render.mapimage import draw_scene
from bot.render.scene import png_bytes
from bot.rulesets.sengoku.report.schematic import LAND_TONES, project, render_schematic
from bot.rulesets.sengoku.report.overlay_style import VOCABULARY
from tests.render.test_render import SMALL_MAP

NODES = [*SMALL_MAP["areas"], *SMALL_MAP["ports"], *SMALL_MAP["straits"]]
POINTS = {"west": [60, 150], "middle": [200, 120], "east": [340, 140], "hills": [200, 40], "isle": [110, 250],
          "bay": [160, 200], "westport": [70, 180], "rockhaven": [120, 240], "narrows": [90, 215]}
ART_GREEN = (0, 200, 0)


def with_art(**art) -> dict:
    return {**SMALL_MAP, "art": {"image": "small-art.png", "width": 400, "height": 300, "points": POINTS, **art}}


def test_art_is_parsed_with_its_points() -> None:
    gm = parse_map(with_art(), "small.toml")
    assert gm.art.image == "small-art.png" and (gm.art.width, gm.art.height) == (400, 300)
    assert gm.art.flipped("west") == (60, 150)  # y up: 300 - 150
    assert gm.art.flipped("hills") == (200, 260)


def test_every_art_problem_is_named_at_once() -> None:
    points = {k: v for k, v in POINTS.items() if k not in ("east", "rockhaven")}
    points.update({"atlantis": [1, 1], "isle": [500, 20]})
    with pytest.raises(MapError) as exc:
        parse_map(with_art(image="../secret.png", points=points), "small.toml")
    problems = exc.value.problems
    assert "small.toml: art: image '../secret.png' must be a PNG file name next to the map file, " \
           "e.g. 'coast-art.png'" in problems
    assert "small.toml: art.points: no point for east, rockhaven (every area, port and strait needs [x, y])" \
        in problems
    assert "small.toml: art.points.atlantis: not an area, port or strait of this map" in problems
    assert "small.toml: art.points.isle: [500, 20] lies outside the 400×300 image" in problems


def test_art_needs_a_size() -> None:
    with pytest.raises(MapError, match="small.toml: art: missing key .width."):
        parse_map({**SMALL_MAP, "art": {"image": "a.png", "height": 10, "points": POINTS}}, "small.toml")


def test_a_map_file_finds_its_art_next_to_it(tmp_path) -> None:
    shutil.copy(shipped_map_path("seto"), tmp_path / "seto.toml")
    with pytest.raises(MapError, match="seto.toml: art: image 'seto-art.png' not found next to the map file"):
        load_map_file(tmp_path / "seto.toml")
    shutil.copy(shipped_map_path("seto").parent / "seto-art.png", tmp_path / "seto-art.png")
    assert load_map_file(tmp_path / "seto.toml").art.image == str((tmp_path / "seto-art.png").resolve())


@pytest.fixture()
def art_map(tmp_path):
    path = tmp_path / "small-art.png"
    Image.new("RGB", (400, 300), ART_GREEN).save(path)
    gm = parse_map(with_art(), "small.toml")
    return gm.with_art_image(gm.default_sheet, str(path))


def test_nodes_sit_at_their_art_points(art_map) -> None:
    scene = draw_scene(art_map, Overlay(title="art"), width_px=800)
    (wx, wy), (ex, ey), (hx, hy) = scene.xy("west"), scene.xy("east"), scene.xy("hills")
    scale = (ex - wx) / (340 - 60)
    assert scale > 0
    assert ey - wy == pytest.approx(-(140 - 150) * scale)  # pixel y runs down, layout y up
    assert hx - wx == pytest.approx((200 - 60) * scale) and hy - wy == pytest.approx((150 - 40) * scale)


def test_tokens_are_drawn_over_the_art(art_map) -> None:
    overlay = Overlay(title="art", area_owner={"west": "red"}, faction_colours={"red": "#d62828"},
                      markers=[Marker(area="east", label="Red-1", faction="red", colour="#d62828",
                                      shape="squadron")], vocabulary=VOCABULARY)
    scene = draw_scene(art_map, overlay, width_px=800)
    img = np.asarray(Image.open(io.BytesIO(png_bytes(scene))).convert("RGB")).astype(int)
    box = scene.map_box
    corner = scene.to_pixels(box.x0 + 3, box.y0 + 3)
    assert np.abs(img[corner[1], corner[0]] - ART_GREEN).max() <= 8  # the art fills the map region
    col, row = scene.to_pixels(*scene.xy("west"))
    assert np.abs(img[row, col] - (0xd6, 0x28, 0x28)).max() <= 25  # the owner's node, at the art point
    (_, x, y), = scene.tokens
    col, row = scene.to_pixels(x, y)
    assert np.abs(img[row - 1:row + 2, col - 1:col + 2] - (0xd6, 0x28, 0x28)).max(axis=2).min() <= 25


def test_seto_points_are_the_schematic_projection() -> None:
    seto = load_shipped_map("seto")
    points, height = project(seto, seto.art.width)
    assert seto.art.height == height
    assert seto.art.points == {k: tuple(v) for k, v in points.items()}
    with Image.open(seto.art.image) as image:
        assert image.size == (seto.art.width, seto.art.height)


def test_schematic_puts_land_under_land_areas_and_water_under_waters() -> None:
    gm = parse_map(SMALL_MAP, "small.toml")
    img, points = render_schematic(gm, width=500)
    land = {tuple(t) for t in LAND_TONES}

    def at(node: str) -> tuple:
        x, y = points[node]
        return tuple(int(c) for c in img[int(y), int(x)])

    assert all(at(a) in land for a in ("west", "middle", "east", "hills", "isle"))
    assert at("bay") not in land
    again, _ = render_schematic(gm, width=500)
    assert np.array_equal(img, again)  # fixed noise: the same map always gives the same picture


# --- localised names ---------------------------------------------------------------


def _with_local(name: str | None):
    areas = {**SMALL_MAP["areas"], "west": {**SMALL_MAP["areas"]["west"], "local_name": name}}
    raw = {**SMALL_MAP, "areas": areas}
    if name is None:
        del raw["areas"]["west"]["local_name"]
    return parse_map(raw, "small.toml")


def test_a_localised_name_is_drawn_under_the_romanised_one() -> None:
    from bot.render import render_map
    plain = render_map(_with_local(None), Overlay(title="t"), width_px=600)
    cyrillic = render_map(_with_local("Запад"), Overlay(title="t"), width_px=600)  # DejaVu has Cyrillic
    assert _with_local("Запад").areas["west"].local_name == "Запад"
    assert cyrillic != plain


def test_a_localised_name_no_font_can_draw_is_left_out() -> None:
    from bot.render import render_map
    from bot.render.localnames import drawable, families
    if len(families()) > 1:
        pytest.skip("a CJK font is installed here: 長門 can be drawn")
    assert not drawable("長門") and drawable("Запад")
    plain = render_map(_with_local(None), Overlay(title="t"), width_px=600)
    assert render_map(_with_local("長門"), Overlay(title="t"), width_px=600) == plain  # no empty boxes


def test_seto_carries_japanese_names() -> None:
    seto = load_shipped_map("seto")
    assert seto.areas["nagato"].local_name == "長門" and seto.areas["geiyo"].local_name == "芸予諸島"
