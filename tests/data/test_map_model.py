"""The neutral map model with a ruleset that is not Sengoku: a tiny test profile
(sea zones, ports as nodes of their own, a strait controlled by ports, a
transition with a delay between two sheets), found through the plug-in
registry like any ruleset's; its validation messages, the filtered graph
queries, and a unit drawn in a port node on the second sheet."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Literal

import pytest

from bot import plugins
from bot.domain.gamemap import Edge, GameMap, MapError
from bot.domain.gamemap_check import Report
from bot.domain.gamemap_profile import PORT, WATER, EdgeEntry, Link, MapProfile, NodeEntry, Section
from bot.mapfiles import load_map_file, parse_map
from bot.plugins import RulesetPlugin

MAP = Path(__file__).parent / "maps" / "two_sheets.toml"


class Zone(NodeEntry):
    kind: Literal["sea_zone"]

    def node_kind(self) -> str:
        return self.kind


class Harbour(NodeEntry):
    zone: str
    dock: int = 1

    def node_kind(self) -> str:
        return "port"

    def links(self) -> Iterable[Link]:
        return (Link(self.zone, "port", cost=1),)  # in and out of port costs a manoeuvre (cf. EiA E-OP-24)


class FleetEdge(EdgeEntry):
    kind: Literal["strait", "transition", "sea_border"]
    controlled_by: list[str] = []


def _check_straits(gm: GameMap, rep: Report) -> None:
    for edge_id, edge in gm.entries("edges").items():
        for port in edge.controlled_by:
            if port not in gm.entries("ports"):
                rep.add(f"edges.{edge_id}", f"controlled_by {port!r} is not a port")


PROFILE = MapProfile(
    ruleset="fleets_test",
    sections=(Section("zones", Zone, "sea zone"), Section("ports", Harbour, "port"),
              Section("edges", FleetEdge, "edge")),
    node_kinds=frozenset({"sea_zone", "port"}),
    edge_kinds=frozenset({"port", "strait", "transition", "sea_border"}),
    checks=(_check_straits,),
    looks={"sea_zone": WATER, "port": PORT},
)


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The test ruleset joins the installed ones: the loader finds its profile by the map's `ruleset`."""
    test = RulesetPlugin(id="fleets_test", name="Test fleets", rules=lambda: None, presenter=lambda: None,
                         map_profile=lambda: PROFILE)
    installed = dict(sorted({**plugins.plugins(), "fleets_test": test}.items()))
    monkeypatch.setattr(plugins, "plugins", lambda: installed)


@pytest.fixture()
def gm() -> GameMap:
    return load_map_file(MAP)


def _raw() -> dict:
    import tomllib
    return tomllib.loads(MAP.read_text(encoding="utf-8"))


def _problems(raw: dict) -> list[str]:
    with pytest.raises(MapError) as err:
        parse_map(raw, "t.toml")
    return err.value.problems


# --- the model -------------------------------------------------------------


def test_nodes_sheets_and_edges(gm: GameMap) -> None:
    assert gm.ruleset == "fleets_test" and type(gm) is GameMap
    assert list(gm.sheets) == ["europe", "new_world"]
    assert [n.id for n in gm.nodes_on("new_world")] == ["caribbean", "havana_port"]
    port = gm.node("brest_port")
    assert (port.kind, port.look, port.sheet, port.entry.dock) == ("port", PORT, "europe", 3)
    assert gm.sheets["europe"].art.points["brest_port"] == (20.0, 20.0)
    assert gm.sheets["new_world"].art.image == str((MAP.parent / "two-sheets-new-world.png").resolve())
    strait = gm.edge_between("biscay", "iberia")
    assert (strait.kind, strait.flags, strait.id) == ("strait", frozenset({"controlled"}), "biscay_strait")
    assert gm.entries("edges")["biscay_strait"].controlled_by == ["brest_port", "lisbon_port"]
    crossing = gm.edge_between("caribbean", "iberia")
    assert (crossing.kind, crossing.delay, crossing.other("iberia")) == ("transition", 2, "caribbean")
    assert gm.edge_between("havana_port", "caribbean") == Edge(a="caribbean", b="havana_port", kind="port", cost=1)


def test_filtered_paths(gm: GameMap) -> None:
    assert gm.path("brest_port", "havana_port") == ["brest_port", "biscay", "iberia", "caribbean", "havana_port"]
    # no crossing between the sheets: no way
    assert gm.path("brest_port", "havana_port", edge_filter={"port", "strait"}) is None
    # a strait closed by its ports (the edge's flag), as a predicate
    assert gm.path("biscay", "iberia", edge_filter=lambda e: "controlled" not in e.flags) is None
    # through sea zones only: the ports at the ends are not sea zones
    assert gm.path("biscay", "caribbean", node_filter="sea_zone") == ["biscay", "iberia", "caribbean"]
    assert gm.path("brest_port", "iberia", node_filter="sea_zone") is None
    assert gm.path("nowhere", "biscay") is None
    assert gm.neighbours("iberia") == ("biscay", "caribbean", "lisbon_port")
    assert gm.neighbours("iberia", "port") == ("lisbon_port",)
    assert gm.neighbours("iberia", node_filter="port") == ("lisbon_port",)
    assert gm.reachable("biscay", 1) == {"biscay": 0, "brest_port": 1, "iberia": 1}
    assert gm.reachable("biscay", 2, edge_filter=lambda e: e.kind != "transition") == {
        "biscay": 0, "brest_port": 1, "iberia": 1, "lisbon_port": 2}
    assert gm.is_path(["brest_port", "biscay", "iberia"]) and not gm.is_path(["brest_port", "iberia"])


def test_paths_are_cached_per_map(gm: GameMap) -> None:
    first = gm.path("brest_port", "havana_port", "port")
    assert first is None
    route = gm.path("brest_port", "lisbon_port")
    route.append("mutated")  # a caller's copy: the cache keeps its own
    assert gm.path("brest_port", "lisbon_port") == ["brest_port", "biscay", "iberia", "lisbon_port"]
    assert len(gm._paths) == 2


def test_a_map_that_answered_queries_equals_a_fresh_copy(gm: GameMap) -> None:
    fresh = load_map_file(MAP)
    assert gm.path("brest_port", "havana_port") and gm.neighbours("biscay")
    assert gm == fresh and not gm != fresh


def test_round_trip_through_file_data(gm: GameMap) -> None:
    raw = gm.file_data()
    for sheet in raw["sheets"].values():
        sheet["art"]["image"] = Path(sheet["art"]["image"]).name
    again = parse_map(raw, "again.toml")
    assert again.nodes == gm.nodes and again.edges == gm.edges


# --- the profile's validation messages --------------------------------------


def test_profile_messages() -> None:
    raw = _raw()
    raw["zones"]["biscay"]["kind"] = "lake"
    raw["zones"]["iberia"]["sheet"] = "asia"
    del raw["zones"]["caribbean"]["sheet"]
    raw["ports"]["havana_port"]["quay"] = 2
    raw["edges"]["crossing"]["b"] = "atlantis"
    raw["edges"]["biscay_strait"]["controlled_by"] = ["gibraltar"]
    raw["sheets"]["europe"]["art"]["points"]["atlantis"] = [1.0, 1.0]
    problems = _problems(raw)
    assert problems[0].startswith("t.toml: zones.biscay: key 'kind': Input should be 'sea_zone'")
    assert "t.toml: ports.havana_port: unknown key 'quay'" in problems
    assert ("t.toml: zones.iberia: sheet 'asia' is not a sheet of this map (known: europe, new_world)"
            in problems)
    assert ("t.toml: zones.caribbean: missing key 'sheet' (the map has several sheets: europe, new_world)"
            in problems)
    assert "t.toml: edges.crossing: b 'atlantis' is not a node of this map" in problems
    assert "t.toml: edges.biscay_strait: controlled_by 'gibraltar' is not a port" in problems
    assert "t.toml: sheets.europe.art.points.atlantis: not a sea zone or port on sheet 'europe'" in problems


def test_a_profile_that_draws_an_unknown_kind_is_refused_when_built() -> None:
    with pytest.raises(ValueError, match=r"fleets_test map profile: looks\['lake'\] = 'water'"):
        MapProfile(ruleset="fleets_test", sections=(), node_kinds=frozenset({"sea_zone"}), edge_kinds=frozenset(),
                   looks={"lake": WATER})


def test_a_map_names_its_ruleset() -> None:
    INSTALLED = ", ".join(sorted({*plugins.ruleset_ids(), "fleets_test"}))  # noqa: N806 - every installed one
    raw = _raw()
    del raw["ruleset"]
    assert _problems(raw) == ["t.toml: top level: missing key 'ruleset' (the ruleset this map is for; "
                              f"installed: {INSTALLED})"]
    raw["ruleset"] = "chess"
    assert _problems(raw) == [f"t.toml: top level: ruleset 'chess' is not installed (installed: {INSTALLED})"]


def test_art_point_missing_on_a_sheet() -> None:
    raw = _raw()
    del raw["sheets"]["new_world"]["art"]["points"]["havana_port"]
    assert _problems(raw) == ["t.toml: sheets.new_world.art.points: no point for havana_port "
                              "(every sea zone and port needs [x, y])"]


# --- drawing a unit in a port node on the second sheet ----------------------


def test_a_unit_in_a_port_is_drawn_at_the_port_on_its_sheet(gm: GameMap, tmp_path) -> None:
    from bot.render import Marker, Overlay
    from bot.render.mapimage import draw_scene, render_map
    from bot.render.vocabulary import ShapeStyle, Vocabulary

    galleon = Vocabulary(shapes={"galleon": ShapeStyle(name="galleon", glyph="circle")})
    unit = Marker(area="havana_port", label="Santa Maria", faction="spain", colour="#c00000", shape="galleon")
    overlay = Overlay(title="Turn 1", markers=[unit], faction_colours={"spain": "#c00000"}, vocabulary=galleon)
    scene = draw_scene(gm, overlay, width_px=800, sheet="new_world")
    art = gm.sheets["new_world"].art
    assert scene.art is art
    # Havana's art point is (250, 40) from the top of a 300×200 image: y up is 160.
    assert scene.xy("havana_port") == scene.frame.xy(250.0, 160.0)
    x, y, _ = scene.nodes["havana_port"]
    assert (x, y) == scene.frame.xy(250.0, 160.0)
    assert [m for m, _, _ in scene.tokens] == [unit]
    # On the first sheet the unit (and Havana) is not drawn.
    europe = draw_scene(gm, overlay, width_px=800, sheet="europe")
    assert europe.tokens == [] and "havana_port" not in europe.nodes
    assert render_map(gm, overlay, width_px=800, sheet="new_world").startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="map 'two_sheets' has no sheet 'asia' \\(sheets: europe, new_world\\)"):
        draw_scene(gm, overlay, width_px=800, sheet="asia")
