"""Maps and scenarios are found through every ruleset plug-in's folders (issue 11), not one
``data/maps`` folder; a map or scenario id two rulesets ship is refused at discovery."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bot import plugins as registry
from bot.mapfiles import load_shipped_map, map_ruleset, shipped_map_ids, shipped_map_path
from bot.scenarios import shipped_scenario_ids

CHANNEL = Path(__file__).resolve().parent / "scenarios" / "maps" / "channel.toml"


def _with(monkeypatch, *extra: registry.RulesetPlugin) -> None:
    found = {**registry.plugins(), **{p.id: p for p in extra}}
    monkeypatch.setattr(registry, "plugins", lambda: found)


def _other(tmp_path: Path, **fields) -> registry.RulesetPlugin:
    sengoku = registry.plugin("sengoku")
    return replace(sengoku, id="other", name="Another ruleset", **fields)


def test_a_second_rulesets_maps_are_shipped_beside_the_first(tmp_path, monkeypatch):
    (tmp_path / "maps").mkdir()
    shutil.copy(CHANNEL, tmp_path / "maps" / "channel.toml")
    maps, scenarios = shipped_map_ids(), shipped_scenario_ids()  # every installed ruleset's
    _with(monkeypatch, _other(tmp_path, maps_dir=tmp_path / "maps", scenarios_dir=None))
    assert shipped_map_ids() == sorted([*maps, "channel"]) and "seto" in maps
    assert shipped_map_path("channel") == tmp_path / "maps" / "channel.toml"
    assert load_shipped_map("channel").id == "channel"
    assert (map_ruleset("channel"), map_ruleset("seto"), map_ruleset("atlantis")) == ("other", "sengoku", None)
    assert shipped_scenario_ids() == scenarios and "seto-demo" in scenarios


def test_a_map_id_two_rulesets_ship_is_an_error_at_discovery(tmp_path, monkeypatch):
    (tmp_path / "maps").mkdir()
    shutil.copy(shipped_map_path("seto"), tmp_path / "maps" / "seto.toml")
    clash = _other(tmp_path, maps_dir=tmp_path / "maps", scenarios_dir=None)
    monkeypatch.setattr(registry, "_built_in", lambda: [registry.plugin("sengoku"), clash])
    monkeypatch.setattr(registry, "_from_entry_points", lambda: [])
    with pytest.raises(RuntimeError, match="the rulesets other and sengoku both ship seto.toml; "
                                           "a map id must be unique"):
        registry.plugins.__wrapped__()


def test_a_scenario_id_two_rulesets_ship_is_an_error_at_discovery(tmp_path, monkeypatch):
    sengoku = registry.plugin("sengoku")
    clash = _other(tmp_path, maps_dir=None, scenarios_dir=sengoku.scenarios_dir)
    monkeypatch.setattr(registry, "_built_in", lambda: [sengoku, clash])
    monkeypatch.setattr(registry, "_from_entry_points", lambda: [])
    with pytest.raises(RuntimeError, match="both ship seto-demo.yaml; a scenario id must be unique"):
        registry.plugins.__wrapped__()
