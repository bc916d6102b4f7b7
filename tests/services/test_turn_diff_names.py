"""Issue 17: the redo diff speaks the map's names, never ids ("based kusatsu", "now suo: …")."""

from __future__ import annotations

from types import SimpleNamespace

from bot.mapfiles import load_shipped_map
from bot.scenarios import load_shipped_scenario
from bot.services.turn_diff import unit_changes


def test_a_unit_lost_in_the_undone_turn_and_afloat_in_the_new_one_reads_in_names():
    scenario = load_shipped_scenario("seto-demo")
    gamemap = load_shipped_map(scenario.file.map)
    undone = scenario.state.model_copy(deep=True)
    undone.squadrons["mori-kurushima"].state = "destroyed"
    redone = scenario.state.model_copy(deep=True)
    redone.squadrons["mori-kurushima"].location = "suo"
    outcome = SimpleNamespace(data=SimpleNamespace(after=redone, gamemap=gamemap))
    lines = unit_changes("sengoku", undone.model_dump(mode="json"), outcome, "mori")
    assert lines == ["Kurushima-maru: was out of service (lost, captured or laid up); now in Suō, squadron, XP 0, "
                     "dmg 0, based Mitajiri"]


def test_the_units_a_player_lists_are_based_at_ports_by_name(tmp_path):
    from bot.services.campaign_reads import named_units
    scenario = load_shipped_scenario("seto-demo")
    from bot.plugins import get_ruleset
    units = named_units(get_ruleset("sengoku").units(scenario.state, "mori"), load_shipped_map(scenario.file.map))
    kobayakawa = next(u for u in units if u.id == "mori-kobayakawa")
    assert "based Kusatsu" in kobayakawa.summary and "kusatsu" not in kobayakawa.summary


def test_a_unit_standing_in_a_port_node_of_another_rulesets_map_reads_in_the_nodes_name():
    """The core's diff reads the neutral map (GameMap.node_name), not one ruleset's areas (issue 11)."""
    from bot.engine.ruleset import UnitView
    from bot.mapfiles import load_map_file
    from bot.services.turn_diff import _where
    from tests.data.test_map_model import MAP, PROFILE
    gm = load_map_file(MAP, profile=PROFILE)  # a plain GameMap: sea zones and ports, no areas
    galleon = UnitView(id="g", name="Santa Maria", owner="spain", kind="galleon", location="havana_port",
                       summary="galleon")
    assert _where(galleon, gm) == "in Havana, galleon"
