"""The impulse case files (procedure ``turn`` with its ``steps``: EX1, EX4, EX6, EX7, EX8, EX9, EX10 and
the open points whose proposal changes an outcome) pass.  They sit beside combat's in ``cases/`` while
the plug-in registers only once its presenter exists (bot/rulesets/empires_in_arms/__init__.py); here
they run through the descriptor either way."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import bot.plugins
from bot.cases.runner import run_case
from bot.rulesets import empires_in_arms

HERE = Path(__file__).resolve().parent
TURN_CASES = sorted(p for p in (HERE / "cases").glob("*.yaml") if "procedure: naval_battle" not in p.read_text(
    encoding="utf-8"))


@pytest.fixture
def installed(monkeypatch):
    found = {**bot.plugins.plugins(), empires_in_arms.DESCRIPTOR.id: empires_in_arms.DESCRIPTOR}
    monkeypatch.setattr(bot.plugins, "plugins", lambda: found)
    bot.plugins.get_ruleset.cache_clear()
    yield
    bot.plugins.get_ruleset.cache_clear()


def test_every_worked_example_of_the_impulse_has_a_case():
    assert {p.name.split("_")[0] for p in TURN_CASES} >= {"ex1", "ex4", "ex6", "ex7", "ex8", "ex9", "ex10"}


@pytest.mark.parametrize("path", TURN_CASES, ids=[p.stem for p in TURN_CASES])
def test_impulse_case(installed, path):
    result = run_case(path)
    assert result.ok, f"{result.case}:\n  " + "\n  ".join(result.problems)
