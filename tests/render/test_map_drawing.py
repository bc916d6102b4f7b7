"""The static layer draws what a ruleset's map profile declares (gamemap_profile.MapDrawing):
its edge kinds' and sections' lines in their colour and width, its groups' names, its land
masses, and the map key in its words; the renderer itself names none of them (issue 11)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Literal

import numpy as np
import pytest
from PIL import Image

from bot import plugins
from bot.domain.gamemap_profile import (
    BORDER,
    PLACE,
    Entry,
    GroupNames,
    LineLook,
    Link,
    MapDrawing,
    MapProfile,
    NodeEntry,
    Section,
    SectionLines,
)
from bot.mapfiles import parse_map
from bot.plugins import RulesetPlugin
from bot.render import Overlay, static
from bot.render.layers import map_lines
from bot.render.mapimage import draw_scene
from bot.render.scene import png_bytes
from tests.render.test_vocabulary import key_of

ROAD, ROUTE = "#ff0000", "#00c000"


class City(NodeEntry):
    kind: Literal["city"] = "city"
    region: str
    x: float
    y: float
    roads: list[str] = []

    def node_kind(self) -> str:
        return self.kind

    def links(self) -> Iterable[Link]:
        return (Link(other, "road") for other in self.roads)


class Region(Entry):
    cities: list[str]


class Caravan(Entry):
    stops: list[str]


def _caravan_lines(caravan: Caravan) -> list[list[str]]:
    return [caravan.stops]


DRAWING = MapDrawing(
    edge_lines={"road": LineLook(ROAD, 3.0, legend="road")},
    section_lines=(SectionLines("caravans", _caravan_lines,
                                LineLook(ROUTE, 6.0, cap="butt", z=2.4, legend="caravan route", keep_clear=True)),),
    group_names=(GroupNames("regions", "cities"),),
    land_group="region",
    legend={PLACE: "city"},
)
PROFILE = MapProfile(
    ruleset="caravans_test",
    sections=(Section("cities", City, "city", link_fields={"roads": "road"}), Section("regions", Region, "region"),
              Section("caravans", Caravan, "caravan")),
    node_kinds=frozenset({"city"}), edge_kinds=frozenset({"road"}), edge_looks={"road": BORDER}, drawing=DRAWING)

MAP = {
    "ruleset": "caravans_test", "id": "desert", "name": "Desert",
    "cities": {
        "ur": {"name": "Ur", "region": "south", "x": 0.0, "y": 0.0, "roads": ["uruk"]},
        "uruk": {"name": "Uruk", "region": "south", "x": 2.0, "y": 0.0, "roads": ["ur"]},
        "mari": {"name": "Mari", "region": "north", "x": 0.0, "y": 2.0},
        "ebla": {"name": "Ebla", "region": "north", "x": 2.0, "y": 2.0},
    },
    "regions": {"south": {"name": "Sumer", "cities": ["ur", "uruk"]},
                "north": {"name": "Syria", "cities": ["mari", "ebla"]}},
    "caravans": {"tin": {"name": "Tin road", "stops": ["ur", "mari", "ebla"]}},
}


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The test ruleset joins the installed ones: the renderer finds its drawing by the map's ruleset."""
    test = RulesetPlugin(id="caravans_test", name="Caravans", rules=lambda: None, presenter=lambda: None,
                         map_profile=lambda: PROFILE)
    installed = dict(sorted({**plugins.plugins(), "caravans_test": test}.items()))
    monkeypatch.setattr(plugins, "plugins", lambda: installed)
    static.clear_cache()
    yield
    static.clear_cache()


def _colour_near(png: bytes, scene, x: float, y: float, colour: str) -> bool:
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    col, row = scene.to_pixels(x, y)
    want = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    patch = rgb[row - 2:row + 3, col - 2:col + 3].reshape(-1, 3)
    return bool((np.abs(patch - want).sum(axis=1) < 60).any())


def _middle(scene, a: str, b: str) -> tuple[float, float]:
    (xa, ya), (xb, yb) = scene.xy(a), scene.xy(b)
    return (xa + xb) / 2, (ya + yb) / 2


def test_the_profiles_lines_groups_and_key_words_are_drawn() -> None:
    gm = parse_map(MAP, "desert.toml")
    scene = draw_scene(gm, Overlay(title="Turn 1"), width_px=800)
    assert [(look.legend, lines) for look, lines in map_lines(scene)] == [
        ("road", [["ur", "uruk"]]), ("caravan route", [["ur", "mari", "ebla"]])]
    assert key_of(scene) == ["city", "road", "caravan route"]
    assert sorted(label.text for label in scene.labels if label.kind == "group") == ["Sumer", "Syria"]
    png = png_bytes(scene)
    assert _colour_near(png, scene, *_middle(scene, "mari", "ebla"), ROUTE)
    # names keep off the route (keep_clear)
    mx, my = _middle(scene, "ur", "mari")
    assert not any(label.box.x0 <= mx <= label.box.x1 and label.box.y0 <= my <= label.box.y1 for label in scene.labels)


def test_a_profile_without_a_drawing_draws_no_line_and_no_key_word() -> None:
    bare = MapProfile(ruleset="caravans_test", sections=PROFILE.sections, node_kinds=PROFILE.node_kinds,
                      edge_kinds=PROFILE.edge_kinds, edge_looks=PROFILE.edge_looks)
    gm = parse_map(MAP, "desert.toml", profile=bare)
    scene = draw_scene(gm.model_copy(update={"ruleset": "not_installed"}), Overlay(title="Turn 1"), width_px=800)
    assert map_lines(scene) == [] and key_of(scene) == []
    assert not _colour_near(png_bytes(scene), scene, *_middle(scene, "mari", "ebla"), ROUTE)


@pytest.mark.parametrize(("drawing", "named"), [
    (MapDrawing(edge_lines={"river": LineLook("#000000", 1.0)}), "edge_lines['river']"),
    (MapDrawing(section_lines=(SectionLines("wells", _caravan_lines, LineLook("#000000", 1.0)),)), "section 'wells'"),
    (MapDrawing(group_names=(GroupNames("tribes", "cities"),)), "section 'tribes'"),
    (MapDrawing(legend={"town": "town"}), "legend['town']"),
])
def test_a_drawing_naming_what_the_profile_lacks_is_refused(drawing, named) -> None:
    with pytest.raises(ValueError) as err:
        MapProfile(ruleset="caravans_test", sections=PROFILE.sections, node_kinds=PROFILE.node_kinds,
                   edge_kinds=PROFILE.edge_kinds, drawing=drawing)
    assert f"caravans_test map profile: the drawing names {named} " in str(err.value)
    assert "(edge kinds: ['road']; sections: ['caravans', 'cities', 'regions']; legend keys: " in str(err.value)

