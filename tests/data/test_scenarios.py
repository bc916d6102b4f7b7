"""Every shipped scenario loads, and a broken one is refused with a message
naming the file, the entry and the problem."""

from __future__ import annotations

import copy

import pytest

from bot.engine.ruleset import OrderRejected
from bot.mapfiles import load_shipped_map, shipped_map_ids
from bot.plugins import get_ruleset
from bot.scenarios import (ScenarioFileError, load_scenario_file, load_shipped_scenario, parse_scenario,
                           shipped_scenario_ids)


@pytest.mark.parametrize("scenario_id", shipped_scenario_ids())
def test_shipped_scenario_loads_and_its_orders_are_valid(scenario_id):
    scenario = load_shipped_scenario(scenario_id)
    ruleset = get_ruleset(scenario.file.ruleset)
    gamemap = load_shipped_map(scenario.file.map)
    for faction, payloads in scenario.file.orders.items():
        for payload in payloads:
            ruleset.validate_order(scenario.state, gamemap, scenario.settings, faction,
                                   ruleset.parse_order(payload), [])


def test_demo_has_four_clans_and_a_couple_of_dozen_units():
    state = load_shipped_scenario("seto-demo").state
    assert len(state.clans) == 4
    assert 20 <= len(state.squadrons) + len(state.fleets) <= 40


@pytest.fixture
def demo_raw():
    import yaml
    from bot.scenarios import shipped_scenarios
    return yaml.safe_load(shipped_scenarios()["seto-demo"].read_text(encoding="utf-8"))


def broken(raw, path, value):
    data = copy.deepcopy(raw)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, message", [
    (("state", "squadrons", "mori-noshima", "base_port"), "edo",
     "seto-demo.yaml: squadrons.mori-noshima: unknown base port 'edo'"),
    (("state", "squadrons", "mori-noshima", "owner"), "hojo",
     "seto-demo.yaml: squadrons.mori-noshima: unknown owner 'hojo'"),
    (("state", "area_owner", "musashi"), "mori", "seto-demo.yaml: area_owner.musashi: unknown area"),
    (("state", "heavy", "mori-kobayakawa-hd", "attached_to"), "nobody",
     "seto-demo.yaml: heavy.mori-kobayakawa-hd: attached to unknown squadron 'nobody'"),
    (("state", "squadrons", "mori-noshima", "experience"), 3,
     "seto-demo.yaml: state.squadrons.mori-noshima.experience: Input should be less than or equal to 2"),
    (("map",), "atlantis", f"seto-demo.yaml: atlantis: not a shipped map (shipped: {', '.join(shipped_map_ids())})"),
    (("ruleset",), "chess", "seto-demo.yaml: unknown ruleset 'chess'"),
    (("orders", "hojo"), [], "seto-demo.yaml: orders: unknown faction(s) hojo"),
    (("settings", "stake_target"), {"low": 9, "high": 8},
     "seto-demo.yaml: settings.stake_target: Value error, stake_target.high (8) must be at least"),
])
def test_broken_scenario_is_refused_with_a_clear_message(demo_raw, path, value, message):
    with pytest.raises(ScenarioFileError) as err:
        parse_scenario(broken(demo_raw, path, value), "seto-demo.yaml")
    assert message in str(err.value)


def test_missing_and_malformed_files(tmp_path):
    with pytest.raises(ScenarioFileError, match="nope.yaml: cannot read"):
        load_scenario_file(tmp_path / "nope.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n")
    with pytest.raises(ScenarioFileError, match="bad.yaml: not valid YAML"):
        load_scenario_file(bad)


def test_unknown_order_kind_lists_valid_kinds():
    with pytest.raises(OrderRejected, match="unknown order kind 'sail'; valid kinds: base, disband"):
        get_ruleset("sengoku").parse_order({"kind": "sail", "unit": "x"})
