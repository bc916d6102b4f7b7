"""Here I Stand's naval chapter (spec /work/shared/rules/here-i-stand.md H0–H11; seeds 000, Chinese,
and 002, Russian), played impulse by impulse: one Fleetwright turn is a segment of the action
phase's impulses (rules/sequence.py), each impulse a chain of steps (rules/steps.py).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words and
maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""

from __future__ import annotations

from pathlib import Path

from bot.domain.text import N_
from bot.plugins import CommandHelp, RulesetPlugin

_ROOT = Path(__file__).resolve().parents[3]
_DATA = _ROOT / "data" / "here-i-stand"
_COMMANDS = "bot.rulesets.here_i_stand.commands"


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
    commands=(f"{_COMMANDS}.orders", f"{_COMMANDS}.moderate"),
    command_groups=("his", "here-i-stand"),  # the moderators' group is named by the id (bot/plugins.py)
    command_help=CommandHelp(
        order="/his …",
        order_examples="/his move, /his transport, /his pass",
        # Worded for the reader in the here-i-stand domain where /help shows them (cogs/help.py).
        first_orders=N_("in your impulse, one naval action: /his move|transport|piracy|build, or /his pass; a refused "
                        "order says which rule it breaks. Reactions (interception, avoid battle, retreat) are asked "
                        "in your channel when they arise"),
        player=(N_("/his standing — your answers given in advance: when to intercept, avoid battle or play Foul "
                   "Weather, where to avoid or retreat to, whose units go first, what to give a pirate (H10.6)"),
                N_("/step show — the reaction your power is asked now; the buttons in your channel answer it")),
        relation="/here-i-stand war power_a:… power_b:… at_war:…",
        relations_note=N_("at war = enemy (H2.4.2); allied powers' units are friendly; /here-i-stand alliance sets "
                          "alliances")),
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
