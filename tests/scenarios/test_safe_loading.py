"""Case files, scenarios and maps written by hand cannot hold the bot: a
billion-laughs YAML, deep nesting and absurd numbers are refused quickly,
naming the file, the entry and the field (issue 10, "Trust")."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cases.runner import run_case
from bot.domain.gamemap import MapError
from bot.mapfiles import load_map_file
from bot.scenarios import ScenarioFileError, load_scenario_file

MAPS = Path(__file__).parent / "maps"

LAUGHS = "\n".join(
    ['case: lol', 'title: lol', 'rules: [S1]', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{n}: &{n} [{','.join([f'*{p}'] * 9)}]" for p, n in zip("abcdefgh", "bcdefghi")]
    + ["state: {clans: {red: {name: *i}}}"]) + "\n"


def _timed(call):
    start = time.monotonic()
    try:
        call()
    finally:
        assert time.monotonic() - start < 1.0


def test_billion_laughs_case_is_refused_at_once(tmp_path):
    path = tmp_path / "laughs.yaml"
    path.write_text(LAUGHS, encoding="utf-8")
    assert len(LAUGHS) < 700
    start = time.monotonic()
    result = run_case(path)
    assert time.monotonic() - start < 1.0
    assert len(result.problems) == 1
    assert "laughs.yaml" in result.problems[0] and "expands to more than" in result.problems[0]


def test_billion_laughs_scenario_is_refused_at_once(tmp_path):
    path = tmp_path / "laughs.yaml"
    path.write_text(LAUGHS, encoding="utf-8")
    start = time.monotonic()
    with pytest.raises(ScenarioFileError, match=r"^laughs\.yaml: line \d+, column \d+: the document expands"):
        load_scenario_file(path)
    assert time.monotonic() - start < 1.0


def test_deep_nesting_is_refused_not_a_crash(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("case: deep\ntitle: t\nrules: [S1]\nstate: " + "[" * 10_000 + "]" * 10_000 + "\n",
                    encoding="utf-8")
    result = run_case(path)
    assert result.problems == ["cannot read the case: deep.yaml: line 4, column 57: nested more than 50 levels deep"]
    with pytest.raises(ScenarioFileError, match="deep.yaml: .*nested more than 50 levels deep"):
        load_scenario_file(path)


@pytest.mark.parametrize("text, message", [
    ("state: {turn: .nan}", "state.turn: nan is not a number"),
    ("state: {turn: -.inf}", "state.turn: -inf is not a number"),
    ("state: {squadrons: {A: {damage: 1.0e+308}}}", "state.squadrons.A.damage: 1e+308 is out of range"),
    ("state: {turn: " + "9" * 5000 + "}", "a number too long to read"),
])
def test_absurd_numbers_in_a_case_are_named(tmp_path, text, message):
    path = tmp_path / "numbers.yaml"
    path.write_text("case: n\ntitle: t\nrules: [S1]\nruleset: sengoku\nmap: seto\n" + text + "\n", encoding="utf-8")
    result = run_case(path)
    assert len(result.problems) == 1 and "numbers.yaml: " in result.problems[0], result.problems
    assert message in result.problems[0]


def _map_with(tmp_path, old: str, new: str) -> Path:
    source = (MAPS / "channel.toml").read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / "bad.toml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("value, message", [
    ("nan", "key 'x': Input should be a finite number"),
    ("inf", "key 'x': Input should be a finite number"),
    ("-inf", "key 'x': Input should be a finite number"),
    ("1e308", "key 'x': Input should be less than or equal to 1000000"),
])
def test_check_map_refuses_absurd_coordinates(tmp_path, capsys, value, message):
    path = _map_with(tmp_path, "x = 2.0\n", f"x = {value}\n")
    assert main(["check-map", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"bad.toml: areas.mid: {message}" in err


def test_deeply_nested_toml_is_a_map_error(tmp_path):
    path = _map_with(tmp_path, 'coast = ["wmid"]\n', "coast = " + "[" * 10_000 + "]" * 10_000 + "\n")
    with pytest.raises(MapError, match="bad.toml: invalid TOML: arrays or tables nested too deeply"):
        _timed(lambda: load_map_file(path))


def test_art_points_must_be_finite():
    from bot.domain.gamemap_art import parse_art
    from bot.domain.gamemap_check import Report
    rep = Report("m.toml", {})
    art = parse_art({"image": "a.png", "width": 10, "height": 10, "points": {"west": [float("nan"), 1.0]}}, rep)
    assert art is None
    assert rep.problems == ["m.toml: art: key 'points.west.0': Input should be a finite number"]


def test_a_scenario_with_nan_names_the_field(tmp_path):
    path = tmp_path / "nan.yaml"
    path.write_text("id: nan\nname: N\nruleset: sengoku\nmap: seto\nstate:\n  clans: {mori: {name: M, rice: .nan}}\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario_file(path)
    assert str(caught.value) == "nan.yaml: state.clans.mori.rice: nan is not a number; write a finite number"


def test_the_shipped_scenarios_stay_within_the_limits():
    from bot.scenarios import load_shipped_scenario, shipped_scenario_ids
    for scenario_id in shipped_scenario_ids():
        load_shipped_scenario(scenario_id)
