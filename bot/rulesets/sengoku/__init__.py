"""The Sengoku clan naval rules (spec: shared/rules/sengoku.md, seed 001).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words
and maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""

from __future__ import annotations

from pathlib import Path

from bot.plugins import RulesetPlugin

_DATA = Path(__file__).resolve().parents[3] / "data"


def _rules():
    from bot.rulesets.sengoku.rules.ruleset import SengokuRuleset
    return SengokuRuleset()


def _map_profile():
    from bot.rulesets.sengoku.rules.map_profile import PROFILE
    return PROFILE


def _presenter():
    from bot.rulesets.sengoku.report.present import SengokuPresenter
    return SengokuPresenter()


PLUGIN = RulesetPlugin(
    id="sengoku",
    name="Sengoku clan naval rules",
    rules=_rules,
    presenter=_presenter,
    map_profile=_map_profile,
    maps_dir=_DATA / "maps",
    scenarios_dir=_DATA / "scenarios",
    default_map="seto",
    vocabulary=("squadron", "trade fleet", "heavy detachment", "sub-phase", "koku"),
)
