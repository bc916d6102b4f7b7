"""Shipped maps load and hold together; every parse_map check names file, entry and problem.

Rule references: S2.2, S3.6, S4.3 (OP-20), S5.3 (OP-24), S6 (OP-30), S12.2.
"""

from __future__ import annotations

import copy
import pickle
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from bot.domain.gamemap import GameMap, MapError
from bot.mapfiles import load_map_file, load_shipped_map, map_ruleset, parse_map, shipped_map_ids, shipped_map_path

# The checks below read Sengoku's map format (S12.2: coastal areas, straits, lines of
# communication); every other ruleset tests its own maps (tests/rulesets/<package>/).
SHIPPED = [m for m in shipped_map_ids() if map_ruleset(m) == "sengoku"]

SETO_PROVINCES = {
    "nagato", "suo", "aki", "bingo", "bitchu", "bizen", "harima", "settsu", "izumi", "kii",
    "awaji", "awa", "sanuki", "iyo", "buzen", "chikuzen", "bungo",
}
# strait id -> (island side, opposite), S6 / OP-30
SETO_STRAITS = {
    "kanmon": ({"buzen"}, "nagato"),
    "akashi": ({"awaji"}, "harima"),
    "naruto": ({"awaji"}, "awa"),
}
INLAND_SEA = {"suonada", "iyonada", "akinada", "hiuchinada", "bingonada", "bisan", "harimanada", "osakawan"}


def _component(start: str, neighbours: dict[str, set[str]]) -> set[str]:
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in neighbours[queue.popleft()] - seen:
            seen.add(nxt)
            queue.append(nxt)
    return seen


def _is_connected(nodes: set[str], edges: dict[str, list[str]]) -> bool:
    if not nodes:
        return True
    graph = {n: set(edges[n]) & nodes for n in nodes}
    return _component(next(iter(sorted(nodes))), graph) == nodes


# --------------------------------------------------------------------------
# Every shipped map
# --------------------------------------------------------------------------


def test_maps_are_shipped() -> None:
    assert shipped_map_path("seto").is_file()
    assert "seto" in SHIPPED


@pytest.fixture(scope="module", params=SHIPPED)
def shipped(request: pytest.FixtureRequest) -> GameMap:
    return load_shipped_map(request.param)


def test_shipped_map_id_matches_file(shipped: GameMap) -> None:
    assert shipped_map_path(shipped.id).name == f"{shipped.id}.toml"


def test_every_port_is_in_a_coastal_area(shipped: GameMap) -> None:
    for port in shipped.ports.values():
        assert shipped.area(port.area).coastal, port.id
        assert shipped.port_in(port.area) == port


def test_coastal_graph_is_connected(shipped: GameMap) -> None:
    coastal = {a.id for a in shipped.areas.values() if a.coastal}
    assert _is_connected(coastal, {a: shipped.area(a).coast for a in shipped.areas})


def test_sea_areas_are_connected(shipped: GameMap) -> None:
    seas = {a.id for a in shipped.areas.values() if a.kind == "sea"}
    assert _is_connected(seas, {a: shipped.area(a).sea for a in shipped.areas})


def test_every_coastal_province_touches_a_sea_when_the_map_has_seas(shipped: GameMap) -> None:
    seas = {a.id for a in shipped.areas.values() if a.kind == "sea"}
    if not seas:
        pytest.skip("map without sea areas")
    for area in shipped.areas.values():
        if area.kind == "province" and area.coastal:
            assert seas & set(area.sea), area.id


def test_every_loc_is_a_valid_coastal_route(shipped: GameMap) -> None:
    for loc in shipped.locs.values():
        assert shipped.is_valid_coast_route(loc.path), loc.id
        assert shipped.locs_through(loc.path[0])


def test_strait_sides_face_each_other(shipped: GameMap) -> None:
    for strait in shipped.straits.values():
        for side in strait.island_side:
            assert shipped.are_coast_adjacent(side, strait.opposite), strait.id
            assert strait in shipped.straits_touching(side)
        assert strait in shipped.straits_touching(strait.opposite)


# --------------------------------------------------------------------------
# The Seto Inland Sea map
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seto() -> GameMap:
    return load_shipped_map("seto")


def test_seto_has_the_required_provinces(seto: GameMap) -> None:
    provinces = {a.id for a in seto.areas.values() if a.kind == "province"}
    assert SETO_PROVINCES <= provinces
    assert all(seto.area(p).coastal for p in SETO_PROVINCES)


def test_seto_has_the_required_straits(seto: GameMap) -> None:
    for strait_id, (island_side, opposite) in SETO_STRAITS.items():
        strait = seto.straits[strait_id]
        assert set(strait.island_side) == island_side
        assert strait.opposite == opposite


def test_seto_islands(seto: GameMap) -> None:
    sizes = {i.id: i.size for i in seto.islands.values()}
    assert sizes["honshu"] == sizes["shikoku"] == sizes["kyushu"] == "large"
    assert sizes["awajishima"] == "small"
    assert seto.island_of("awaji").id == "awajishima"
    assert seto.island_of("osakawan") is None


def test_seto_keeps_some_coastal_provinces_without_a_port(seto: GameMap) -> None:
    # S3.6.1: a trade fleet can only keep open a line to a portless province.
    portless = {
        a.id for a in seto.areas.values()
        if a.kind == "province" and a.coastal and seto.port_in(a.id) is None
    }
    assert {"bitchu", "kii"} <= portless
    assert 2 <= len(portless) <= 4


def test_seto_at_most_one_port_per_province(seto: GameMap) -> None:
    areas = [p.area for p in seto.ports.values()]
    assert len(areas) == len(set(areas))


def test_seto_inland_sea_shores_are_connected_along_the_coast(seto: GameMap) -> None:
    # Every shore of the Inland Sea proper reaches every other without
    # leaving it (no detour round Tosa or through Genkai-nada).
    shores = {a for s in INLAND_SEA for a in seto.area(s).sea if seto.area(a).kind == "province"}
    assert {"nagato", "suo", "aki", "iyo", "settsu", "izumi", "awa"} <= shores
    assert _is_connected(shores, {a: seto.area(a).coast for a in seto.areas})


def test_seto_coast_path_is_shortest_and_deterministic(seto: GameMap) -> None:
    assert seto.coast_path("nagato", "nagato") == ["nagato"]
    assert seto.coast_path("awa", "harima") == ["awa", "awaji", "harima"]
    assert seto.coast_path("bingo", "iyo") == ["bingo", "aki", "iyo"]  # aki < geiyo
    assert seto.coast_path("mimasaka", "bizen") is None
    assert seto.coast_path("osakawan", "izumi") is None
    path = seto.coast_path("chikuzen", "kii")
    assert path is not None and seto.is_valid_coast_route(path)
    assert path == seto.coast_path("chikuzen", "kii")


def test_seto_helpers(seto: GameMap) -> None:
    assert seto.port_in("bizen").id == "ushimado"
    assert seto.port_in("bitchu") is None
    assert seto.coast_neighbours("kii") == ("awaji", "izumi")
    assert seto.are_coast_adjacent("nagato", "buzen")
    assert not seto.are_coast_adjacent("nagato", "aki")
    assert not seto.is_valid_coast_route([])
    assert not seto.is_valid_coast_route(["nagato", "aki"])
    assert not seto.is_valid_coast_route(["bizen", "mimasaka"])
    assert not seto.is_valid_coast_route(["nowhere"])
    assert seto.is_valid_coast_route(["harima", "awaji", "awa"])
    assert {s.id for s in seto.straits_touching("awaji")} == {"akashi", "naruto"}
    assert "sanyo" in {l.id for l in seto.locs_through("bitchu")}
    assert seto.locs["sakai_kii"].is_port_to_port is False
    assert seto.locs["sanyo"].is_port_to_port is True
    with pytest.raises(KeyError, match="unknown area 'nowhere'"):
        seto.area("nowhere")
    with pytest.raises(KeyError, match="unknown port 'nowhere'"):
        seto.port("nowhere")
    # Queries about unknown ids (typed by players) answer "no", not KeyError.
    assert seto.coast_path("nowhere", "suo") is None
    assert seto.port_in("nowhere") is None
    assert seto.coast_neighbours("nowhere") == ()
    assert not seto.are_coast_adjacent("nowhere", "suo")
    assert not seto.are_coast_adjacent("suo", "nowhere")
    assert seto.locs_through("nowhere") == ()
    assert seto.straits_touching("nowhere") == ()
    assert seto.island_of("nowhere") is None


def test_seto_models_are_frozen(seto: GameMap) -> None:
    with pytest.raises(Exception):
        seto.area("suo").name = "Changed"  # type: ignore[misc]


# --------------------------------------------------------------------------
# mapfiles: I/O failures become MapError naming the file
# --------------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MapError) as err:
        load_map_file(tmp_path / "nope.toml")
    assert err.value.problems == ["nope.toml: file not found"]


def test_toml_syntax_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\n[areas.suo\n', encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_map_file(bad)
    assert err.value.problems[0].startswith("bad.toml: invalid TOML: ")


def test_content_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "mini.toml"
    path.write_text('ruleset = "sengoku"\nid = "mini"\nname = "Mini"\n[areas.suo]\nname = "Suō"\n', encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_map_file(path)
    assert "mini.toml: areas.suo: missing key 'kind'" in err.value.problems


def test_unknown_shipped_map() -> None:
    with pytest.raises(MapError, match=r"\.\./seto: not a shipped map \(shipped: .*seto"):
        load_shipped_map("../seto")


# --------------------------------------------------------------------------
# parse_map: one test per check
# --------------------------------------------------------------------------

SRC = "test.toml"


def _area(kind: str = "province", coastal: bool = True, island: str | None = "honshu", **rel: list[str]) -> dict:
    body: dict[str, Any] = {"name": "A", "kind": kind, "coastal": coastal, "x": 0.0, "y": 0.0,
                            "coast": rel.get("coast", []), "land": rel.get("land", []), "sea": rel.get("sea", [])}
    if island is not None:
        body["island"] = island
    return body


def _port(area: str) -> dict:
    return {"name": "P", "area": area, "timber": True, "x": 0.0, "y": 0.0}


def _mini() -> dict[str, Any]:
    """A tiny valid map: suo - aki on Honshū, awaji across a strait, one sea."""
    return {
        "ruleset": "sengoku",
        "id": "mini",
        "name": "Mini",
        "areas": {
            "suo": _area(coast=["aki"], land=["aki", "mimasaka"], sea=["nada"]),
            "aki": _area(coast=["suo", "awaji"], land=["suo", "mimasaka"], sea=["nada"]),
            "mimasaka": _area(coastal=False, land=["suo", "aki"]),
            "awaji": _area(island="awajishima", coast=["aki"], sea=["nada"]),
            "nada": _area(kind="sea", coastal=False, island=None, sea=["suo", "aki", "awaji"]),
        },
        "ports": {"mitajiri": _port("suo"), "yura": _port("awaji")},
        "islands": {
            "honshu": {"name": "Honshū", "size": "large", "areas": ["suo", "aki", "mimasaka"]},
            "awajishima": {"name": "Awajishima", "size": "small", "areas": ["awaji"]},
        },
        "straits": {
            "akashi": {"name": "Akashi", "large_island": "honshu", "small_island": "awajishima",
                       "island_side": ["awaji"], "opposite": "aki", "crossing": True, "x": 0.0, "y": 0.0},
        },
        "locs": {
            "yura_mitajiri": {"name": "L", "from_port": "yura", "to_port": "mitajiri",
                              "path": ["awaji", "aki", "suo"]},
            "mitajiri_aki": {"name": "L", "from_port": "mitajiri", "to_area": "aki", "path": ["suo", "aki"]},
        },
    }


def _problems(raw: dict[str, Any]) -> list[str]:
    with pytest.raises(MapError) as err:
        parse_map(raw, SRC)
    assert str(err.value) == "\n".join(err.value.problems)
    return err.value.problems


def test_mini_map_is_valid() -> None:
    gm = parse_map(_mini(), SRC)
    assert gm.coast_path("suo", "awaji") == ["suo", "aki", "awaji"]
    assert gm.island_of("mimasaka").id == "honshu"


def test_duplicate_id_across_sections() -> None:
    raw = _mini()
    raw["ports"]["aki"] = _port("aki")
    assert f"{SRC}: ports.aki: id 'aki' is already used by areas.aki" in _problems(raw)


def test_id_must_be_lower_case_ascii() -> None:
    raw = _mini()
    raw["ports"]["Hyōgo"] = _port("aki")
    assert any(p.startswith(f"{SRC}: ports.Hyōgo: id 'Hyōgo' must be lower-case ASCII") for p in _problems(raw))


def test_id_in_body_must_match_key() -> None:
    raw = _mini()
    raw["ports"]["yura"]["id"] = "yuura"
    assert f"{SRC}: ports.yura: id 'yuura' does not match the table key 'yura'" in _problems(raw)


def test_typoed_key_is_named() -> None:
    raw = _mini()
    raw["ports"]["mitajiri"]["timbr"] = False
    assert f"{SRC}: ports.mitajiri: unknown key 'timbr'" in _problems(raw)


def test_missing_and_mistyped_keys() -> None:
    raw = _mini()
    del raw["ports"]["mitajiri"]["timber"]
    raw["areas"]["suo"]["kind"] = "lake"
    problems = _problems(raw)
    assert f"{SRC}: ports.mitajiri: missing key 'timber'" in problems
    assert any(p.startswith(f"{SRC}: areas.suo: key 'kind': ") for p in problems)


def test_unknown_top_level_key_and_missing_header() -> None:
    raw = _mini()
    raw["aeras"] = {}
    del raw["name"]
    problems = _problems(raw)
    assert f"{SRC}: top level: unknown key 'aeras'" in problems
    assert f"{SRC}: top level: missing or empty key 'name'" in problems


def test_unknown_area_reference() -> None:
    raw = _mini()
    raw["ports"]["mitajiri"]["area"] = "suoo"
    assert (
        f"{SRC}: ports.mitajiri: area 'suoo' is not a known area (known: aki, awaji, mimasaka, nada, suo)"
        in _problems(raw)
    )


def test_unknown_island_and_port_references() -> None:
    raw = _mini()
    raw["areas"]["aki"]["island"] = "honsyu"
    raw["locs"]["yura_mitajiri"]["to_port"] = "mitajri"
    problems = _problems(raw)
    assert f"{SRC}: areas.aki: island 'honsyu' is not a known island (known: awajishima, honshu)" in problems
    assert f"{SRC}: locs.yura_mitajiri: to_port 'mitajri' is not a known port (known: mitajiri, yura)" in problems


def test_broken_entry_does_not_cascade_into_unknown_ids() -> None:
    raw = _mini()
    raw["areas"]["aki"]["colour"] = "red"
    assert _problems(raw) == [f"{SRC}: areas.aki: unknown key 'colour'"]


@pytest.mark.parametrize("relation", ["coast", "land", "sea"])
def test_one_way_adjacency_names_the_missing_side(relation: str) -> None:
    raw = _mini()
    other = "nada" if relation == "sea" else "suo"
    here = "aki" if relation != "land" else "mimasaka"
    raw["areas"][here][relation].remove(other)
    assert (
        f"{SRC}: areas.{other}: {relation} lists {here!r} but areas.{here}.{relation} does not list {other!r}"
        in _problems(raw)
    )


def test_self_adjacency() -> None:
    raw = _mini()
    raw["areas"]["suo"]["coast"].append("suo")
    assert f"{SRC}: areas.suo: coast lists itself" in _problems(raw)


def test_neighbour_listed_twice() -> None:
    raw = _mini()
    raw["areas"]["suo"]["land"].append("aki")
    assert f"{SRC}: areas.suo: land lists 'aki' twice" in _problems(raw)


def test_coast_adjacency_only_between_coastal_areas() -> None:
    raw = _mini()
    raw["areas"]["aki"]["coast"].append("mimasaka")
    raw["areas"]["mimasaka"]["coast"].append("aki")
    problems = _problems(raw)
    assert f"{SRC}: areas.aki: coast lists 'mimasaka', which is not coastal" in problems
    assert f"{SRC}: areas.mimasaka: is not coastal but has coast neighbours: aki" in problems


def test_sea_area_rules() -> None:
    raw = _mini()
    raw["areas"]["nada"]["land"] = ["suo"]
    raw["areas"]["suo"]["land"].append("nada")
    problems = _problems(raw)
    assert f"{SRC}: areas.nada: a sea area cannot have land neighbours" in problems
    assert f"{SRC}: areas.suo: land lists 'nada', which is a sea area" in problems


def test_sea_adjacency_needs_a_sea_area() -> None:
    raw = _mini()
    raw["areas"]["suo"]["sea"].append("aki")
    raw["areas"]["aki"]["sea"].append("suo")
    assert f"{SRC}: areas.suo: sea lists 'aki', but sea adjacency needs a sea area on one side" in _problems(raw)


def test_port_in_non_coastal_area() -> None:
    raw = _mini()
    raw["ports"]["tsuyama"] = _port("mimasaka")
    assert f"{SRC}: ports.tsuyama: area 'mimasaka' is not coastal" in _problems(raw)


def test_two_ports_in_one_area() -> None:
    raw = _mini()
    raw["ports"]["kaminoseki"] = _port("suo")
    assert (
        f"{SRC}: ports.mitajiri: area 'suo' already has port 'kaminoseki' (at most one port per area)"
        in _problems(raw)
    )


def test_island_lists_unknown_area() -> None:
    raw = _mini()
    raw["islands"]["honshu"]["areas"].append("nagato")
    assert any(
        p.startswith(f"{SRC}: islands.honshu: areas 'nagato' is not a known area (known: ")
        for p in _problems(raw)
    )


def test_island_field_disagrees_with_island() -> None:
    raw = _mini()
    raw["areas"]["aki"]["island"] = "awajishima"
    problems = _problems(raw)
    assert f"{SRC}: islands.honshu: lists area 'aki', but areas.aki.island is 'awajishima'" in problems
    assert f"{SRC}: areas.aki: island 'awajishima' does not list it in islands.awajishima.areas" in problems


def test_strait_island_side_not_on_small_island() -> None:
    raw = _mini()
    raw["straits"]["akashi"]["island_side"] = ["suo"]
    assert f"{SRC}: straits.akashi: island_side 'suo' is not on small_island 'awajishima'" in _problems(raw)


def test_strait_opposite_not_on_large_island() -> None:
    raw = _mini()
    raw["straits"]["akashi"]["opposite"] = "awaji"
    raw["straits"]["akashi"]["island_side"] = ["awaji"]
    assert f"{SRC}: straits.akashi: opposite 'awaji' is not on large_island 'honshu'" in _problems(raw)


def test_strait_sides_must_be_coast_adjacent() -> None:
    raw = _mini()
    raw["straits"]["akashi"]["opposite"] = "suo"
    assert f"{SRC}: straits.akashi: island_side 'awaji' and opposite 'suo' are not coast-adjacent" in _problems(raw)


def test_strait_islands_swapped() -> None:
    raw = _mini()
    strait = raw["straits"]["akashi"]
    strait["large_island"], strait["small_island"] = "awajishima", "honshu"
    assert f"{SRC}: straits.akashi: large_island and small_island look swapped (sizes are small and large)" in (
        _problems(raw)
    )


def test_loc_path_not_a_coastal_route() -> None:
    raw = _mini()
    raw["locs"]["yura_mitajiri"]["path"] = ["awaji", "suo"]
    assert f"{SRC}: locs.yura_mitajiri: path step 'awaji' -> 'suo' is not a coast adjacency" in _problems(raw)


def test_loc_path_through_inland_area() -> None:
    raw = _mini()
    raw["locs"]["mitajiri_aki"]["path"] = ["suo", "mimasaka", "aki"]
    assert f"{SRC}: locs.mitajiri_aki: path area 'mimasaka' is not coastal" in _problems(raw)


def test_loc_path_must_start_at_from_port() -> None:
    raw = _mini()
    raw["locs"]["yura_mitajiri"]["path"] = ["aki", "suo"]
    assert (
        f"{SRC}: locs.yura_mitajiri: path starts at 'aki', not at 'awaji' where from_port 'yura' is"
        in _problems(raw)
    )


def test_loc_path_must_end_at_target() -> None:
    raw = _mini()
    raw["locs"]["yura_mitajiri"]["path"] = ["awaji", "aki"]
    assert f"{SRC}: locs.yura_mitajiri: path ends at 'aki', not at the target area 'suo'" in _problems(raw)


@pytest.mark.parametrize("both", [True, False])
def test_loc_needs_exactly_one_target(both: bool) -> None:
    raw = _mini()
    loc = raw["locs"]["yura_mitajiri"]
    if both:
        loc["to_area"] = "suo"
    else:
        del loc["to_port"]
    got = "both" if both else "neither"
    assert f"{SRC}: locs.yura_mitajiri: needs exactly one of to_port and to_area (got {got})" in _problems(raw)


def test_loc_to_area_with_a_port() -> None:
    raw = _mini()
    raw["locs"]["aki_suo"] = {"name": "L", "from_port": "yura", "to_area": "suo", "path": ["awaji", "aki", "suo"]}
    assert (
        f"{SRC}: locs.aki_suo: to_area 'suo' has port 'mitajiri'; use to_port "
        "(port-to-port lines exist on their own, S3.6.1)"
    ) in _problems(raw)


def test_all_problems_are_collected() -> None:
    raw = _mini()
    raw["ports"]["mitajiri"]["area"] = "suoo"
    raw["areas"]["suo"]["coast"].append("suo")
    raw["locs"]["yura_mitajiri"]["path"] = ["awaji", "suo"]
    problems = _problems(raw)
    assert len(problems) >= 3
    assert all(p.startswith(f"{SRC}: ") for p in problems)


def test_map_error_is_a_value_error_and_pickles() -> None:
    err = MapError(["a.toml: x: one", "a.toml: y: two"])
    assert isinstance(err, ValueError)
    assert pickle.loads(pickle.dumps(err)).problems == err.problems


def test_parse_does_not_mutate_input() -> None:
    raw = _mini()
    before = copy.deepcopy(raw)
    parse_map(raw, SRC)
    assert raw == before


def test_section_that_is_not_a_table() -> None:
    raw = _mini()
    raw["straits"] = ["akashi"]
    raw["ports"]["mitajiri"]["timbr"] = True
    problems = _problems(raw)
    assert f"{SRC}: straits: expected a table of entries, got list" in problems
    assert f"{SRC}: ports.mitajiri: unknown key 'timbr'" in problems


def test_a_shipped_map_is_parsed_once_until_its_file_changes(tmp_path, monkeypatch) -> None:
    import os
    import shutil

    from bot import mapfiles
    shutil.copy(shipped_map_path("seto"), tmp_path / "seto.toml")
    shutil.copy(shipped_map_path("seto").parent / "seto-art.png", tmp_path / "seto-art.png")
    monkeypatch.setattr(mapfiles, "shipped_maps", lambda: {"seto": tmp_path / "seto.toml"})
    first = load_shipped_map("seto")
    assert load_shipped_map("seto") is first
    text = (tmp_path / "seto.toml").read_text(encoding="utf-8")
    (tmp_path / "seto.toml").write_text(text.replace('name = "Seto Inland Sea"', 'name = "Seto (revised)"', 1),
                                        encoding="utf-8")
    stat = (tmp_path / "seto.toml").stat()
    os.utime(tmp_path / "seto.toml", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    revised = load_shipped_map("seto")
    assert revised is not first and revised.name == "Seto (revised)"


# --------------------------------------------------------------------------
# The neutral model under Sengoku's view (bot/rulesets/sengoku/rules/map_model.py)
# --------------------------------------------------------------------------


def test_seto_is_read_with_the_sengoku_profile_from_its_plug_in(seto: GameMap) -> None:
    from bot.plugins import plugin
    from bot.rulesets.sengoku.rules.model.map_model import SengokuMap
    from bot.rulesets.sengoku.rules.model.map_profile import PROFILE
    assert plugin("sengoku").map_profile() is PROFILE
    assert type(seto) is SengokuMap and seto.ruleset == "sengoku"
    assert list(seto.sheets) == ["main"] and seto.art is seto.sheets["main"].art
    # areas, ports and straits are nodes; the coast/land/sea lists and each port's area are edges (S12.2)
    kinds = {k: sum(n.kind == k for n in seto.nodes.values()) for k in ("province", "sea", "port", "strait")}
    assert kinds == {"province": 24, "sea": 12, "port": 16, "strait": 5}
    assert len(seto.nodes) == len(seto.areas) + len(seto.ports) + len(seto.straits)
    assert seto.node("ushimado").entry is seto.ports["ushimado"]
    assert seto.neighbours("bizen", "port") == ("ushimado",)
    assert seto.neighbours("kii", "coast") == seto.coast_neighbours("kii") == ("awaji", "izumi")
    assert seto.edge_between("suo", "aki", "land") is not None and seto.edge_between("suo", "aki", "sea") is None


def test_seto_coast_paths_are_cached_per_map(seto: GameMap) -> None:
    path = seto.coast_path("chikuzen", "kii")
    assert ("chikuzen", "kii", "coast", None) in seto._paths
    path.append("mutated")  # the caller's copy
    assert seto.coast_path("chikuzen", "kii") == path[:-1]
