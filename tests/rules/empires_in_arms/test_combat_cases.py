"""The combat case files (procedure ``naval_battle``: EX2, EX3, EX5 and the combat halves of EX9, EX10) pass.

They live in tests/rules/empires_in_arms/cases/ while the EiA plug-in is incomplete: it registers itself only
once its presenter exists (bot/rulesets/empires_in_arms/__init__.py), and until then a case file in
tests/scenarios/cases/ would be read as Sengoku's (tests/scenarios/test_cases.py).  They run here through the
descriptor with combat's case procedure either way; moved to tests/scenarios/cases/empires_in_arms/ (map_file
one level less deep) once the plug-in lists ``naval_battle`` in its ``case_procedures``, they are found too."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import bot.plugins
from bot.cases.runner import run_case
from bot.rulesets import empires_in_arms
from bot.rulesets.empires_in_arms.rules.combat.cases import naval_battle

HERE = Path(__file__).resolve().parent
PLACES = (HERE / "cases", HERE.parents[1] / "scenarios" / "cases" / "empires_in_arms")
COMBAT_CASES = sorted(p for place in PLACES for p in place.glob("ex*.yaml")
                      if "procedure: naval_battle" in p.read_text(encoding="utf-8"))


@pytest.fixture
def installed(monkeypatch):
    descriptor = empires_in_arms.DESCRIPTOR
    procedures = {**descriptor.case_procedures, "naval_battle": naval_battle}
    eia = dataclasses.replace(descriptor, case_procedures=procedures)
    found = {**bot.plugins.plugins(), eia.id: eia}
    monkeypatch.setattr(bot.plugins, "plugins", lambda: found)
    yield


def test_there_are_combat_cases():
    assert {p.name.split("_")[0] for p in COMBAT_CASES} >= {"ex2", "ex3", "ex5", "ex9", "ex10"}


@pytest.mark.parametrize("path", COMBAT_CASES, ids=[p.stem for p in COMBAT_CASES])
def test_combat_case(installed, path):
    result = run_case(path)
    assert result.ok, f"{result.case}:\n  " + "\n  ".join(result.problems)
