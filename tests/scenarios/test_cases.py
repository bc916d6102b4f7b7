"""Every adjudication case file under tests/scenarios/cases passes
(docs/scenarios.md); and the runner really fails on a mismatch."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cases.runner import case_paths, run_case, run_case_files

CASES = Path(__file__).parent / "cases"


@pytest.mark.parametrize("path", case_paths([CASES]), ids=lambda p: str(p.relative_to(CASES)))
def test_case(path):
    result = run_case(path)
    assert result.ok, f"{result.case}:\n  " + "\n  ".join(result.problems)


def test_runner_reports_a_wrong_expectation(tmp_path, capsys):
    source = (CASES / "worked" / "s11_01_low_vs_high_two_rounds_capture.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(source.replace("squadrons.A.experience: 2", "squadrons.A.experience: 1")
                      .replace("map_file: ../../maps/channel.toml",
                               f"map_file: {(CASES.parent / 'maps' / 'channel.toml').as_posix()}"),
                      encoding="utf-8")
    assert run_case_files([broken]) == 1
    out = capsys.readouterr().out
    assert "FAIL S11.1" in out and "state: squadrons.A.experience is 2, expected 1" in out
    assert "0 passed, 1 failed" in out


def test_runner_reports_an_unused_roll(tmp_path):
    source = (CASES / "worked" / "s11_08_reinforced_refuses_forced_battle.yaml").read_text(encoding="utf-8")
    extra = tmp_path / "extra.yaml"
    extra.write_text(source.replace("map_file: ../../maps/channel.toml",
                                    f"map_file: {(CASES.parent / 'maps' / 'channel.toml').as_posix()}")
                     + "dice: {\"battle:never:R:r1\": [1, 1]}\n", encoding="utf-8")
    result = run_case(extra)
    assert result.problems == ["planned rolls never made: battle:never:R:r1"]
