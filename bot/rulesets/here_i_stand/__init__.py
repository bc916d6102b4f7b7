"""Here I Stand's naval chapter (spec /work/shared/rules/here-i-stand.md H0–H11; seeds 000, Chinese,
and 002, Russian), played impulse by impulse: one Fleetwright turn is a segment of the action
phase's impulses (rules/sequence.py), each impulse a chain of steps (rules/steps.py).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words and
maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""

from __future__ import annotations

from pathlib import Path

from bot.plugins import RulesetPlugin

_ROOT = Path(__file__).resolve().parents[3]
_DATA = _ROOT / "data" / "here-i-stand"


def _rules():
    from bot.rulesets.here_i_stand.rules.ruleset import HereIStandRuleset
    return HereIStandRuleset()


def _presenter():
    from bot.rulesets.here_i_stand.report.present import HisPresenter
    return HisPresenter()


def _map_profile():
    from bot.rulesets.here_i_stand.rules.map.profile import PROFILE
    return PROFILE


def _map_vocabulary():
    from bot.rulesets.here_i_stand.report.overlay_style import VOCABULARY
    return VOCABULARY


PLUGIN = RulesetPlugin(
    id="here-i-stand",
    name="Here I Stand naval rules",
    rules=_rules,
    presenter=_presenter,
    map_profile=_map_profile,
    map_vocabulary=_map_vocabulary,
    maps_dir=_DATA / "maps",
    scenarios_dir=_DATA / "scenarios",
    default_map="here-i-stand",
    demo_scenario="his-demo",
    cases_dir=_ROOT / "tests" / "scenarios" / "cases" / "here_i_stand",
    locale_dir=Path(__file__).resolve().parent / "locale",
    # Its own words, which no core module may contain (the conformance suite).  Not "squadron",
    # "port", "sea zone", "leader" or "piracy": other rule systems share them.
    vocabulary=("corsair", "janissaries", "impulse order", "here_i_stand", "barbary pirates", "pirate haven",
                "foul weather", "professional rowers", "turn track", "knights of st. john"),
    rule_ids=r"H\d+(?:\.\d+)+|H-OP-\d+|H11\.\d",  # H2.6.4, H-OP-26, H11.1
)
