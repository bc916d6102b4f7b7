"""Every adjudication case file of every installed ruleset (its plug-in's ``cases_dir``) passes
(docs/scenarios.md); and the runner really fails on a mismatch."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cases.runner import case_paths, load_case, ruleset_case_paths, run_case, run_case_files
from bot.plugins import plugins, ruleset_ids

CASES = Path(__file__).parent / "cases"
EVERY_CASE = [(ruleset.id, path) for ruleset in plugins().values() for path in ruleset_case_paths(ruleset.id)]


@pytest.mark.parametrize(("ruleset", "path"), EVERY_CASE,
                         ids=[f"{r}/{p.relative_to(plugins()[r].cases_dir)}" for r, p in EVERY_CASE])
def test_case(ruleset, path):
    assert load_case(path).ruleset == ruleset  # a ruleset's cases are its own
    result = run_case(path)
    assert result.ok, f"{result.case}:\n  " + "\n  ".join(result.problems)


def test_the_cases_here_are_sengokus():
    assert plugins()["sengoku"].cases_dir == CASES
    assert len([p for r, p in EVERY_CASE if r == "sengoku"]) == len(ruleset_case_paths("sengoku")) > 150
    nested = {p.cases_dir for p in plugins().values() if p.cases_dir and p.cases_dir != CASES}
    assert ruleset_case_paths("sengoku") == [p for p in case_paths([CASES])
                                             if not any(p.is_relative_to(n) for n in nested)]


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


SMALL = ("case: x\ntitle: x\nrules: [S2]\n{head}state: {{clans: {{red: {{name: Red}}}}}}\n"
         "orders: {{red: []}}\n")


def _small(tmp_path, head: str) -> list[str]:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL.format(head=head), encoding="utf-8")
    return run_case(path).problems


def test_a_case_without_its_ruleset_is_refused_with_what_would_be_right(tmp_path):
    """No default ruleset (issue 11): the runner does not guess which rules a case checks."""
    assert _small(tmp_path, "map: seto\n") == [
        "cannot read the case: small.yaml: ruleset: missing: every case names its ruleset (ruleset: ID; "
        f"installed: {', '.join(ruleset_ids())})"]
    assert _small(tmp_path, "ruleset: sengoku\nmap: seto\n") == []


def test_a_case_without_its_map_is_refused(tmp_path):
    assert _small(tmp_path, "ruleset: sengoku\n") == [
        "cannot read the case: small.yaml: top level: a case names its map: map: ID (a shipped map), "
        "map: {its tables}, or map_file: PATH"]


def test_a_case_of_an_unknown_ruleset_or_procedure_is_refused(tmp_path):
    assert _small(tmp_path, "ruleset: chess\nmap: seto\n") == [f"UnknownRuleset: unknown ruleset 'chess'; known: {', '.join(ruleset_ids())}"]
    assert _small(tmp_path, "ruleset: sengoku\nmap: seto\nprocedure: joust\n") == [
        "ValueError: procedure 'joust' is not one the Sengoku clan naval rules runs; procedures: turn, submit, battle"]


def test_a_rulesets_own_procedure_reads_the_section_of_its_name(tmp_path, monkeypatch):
    from dataclasses import replace

    from bot import plugins as registry
    seen = []

    def joust(state, gamemap, settings, dice, section):
        seen.append(section)
        return state, []
    jousting = replace(registry.plugin("sengoku"), case_procedures={"joust": joust})
    monkeypatch.setattr(registry, "plugins", lambda: {"sengoku": jousting})
    assert _small(tmp_path, "ruleset: sengoku\nmap: seto\nprocedure: joust\njoust: {lance: long}\n") == []
    assert seen == [{"lance": "long"}]
