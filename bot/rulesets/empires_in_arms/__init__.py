"""The naval rules of Empires in Arms, chapter 13 (spec shared/rules/empires-in-arms.md, seed 004).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words
and maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.

While the plug-in is being assembled from parallel branches, ``PLUGIN`` is registered only once
its presenter and a map exist (``_complete``): a branch holding the rules alone stays green, and
the plug-in appears, with the conformance suite over it, the moment the parts are merged.
"""

from __future__ import annotations

from pathlib import Path

from bot.domain.text import N_
from bot.plugins import CommandHelp, RulesetPlugin

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parents[2]
_DATA = _ROOT / "data" / "empires-in-arms"
_COMMANDS = "bot.rulesets.empires_in_arms.commands"


def _rules():
    from bot.rulesets.empires_in_arms.rules.ruleset import EiaRuleset
    return EiaRuleset()


def _presenter():
    from bot.rulesets.empires_in_arms.report.present import EiaPresenter
    return EiaPresenter()


def _map_profile():
    from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE
    return PROFILE


def _lose_port(*args):
    from bot.rulesets.empires_in_arms.cases import lose_port
    return lose_port(*args)


def _naval_battle(*args):
    from bot.rulesets.empires_in_arms.rules.combat.cases import naval_battle
    return naval_battle(*args)


def _map_vocabulary():
    from bot.rulesets.empires_in_arms.report.overlay_style import VOCABULARY
    return VOCABULARY


DESCRIPTOR = RulesetPlugin(
    id="empires-in-arms",
    name="Empires in Arms naval rules",
    rules=_rules,
    presenter=_presenter,
    map_profile=_map_profile,
    map_vocabulary=_map_vocabulary,
    commands=(f"{_COMMANDS}.orders", f"{_COMMANDS}.moderate"),
    command_groups=("eia", "empires-in-arms"),  # the moderators' group is named by the id (bot/plugins.py)
    command_help=CommandHelp(
        order="/eia …",
        order_examples="/eia move, /eia patrol, /eia convoy",
        first_orders=N_("/eia move|patrol|convoy in your impulse: a movement plan with its conditions (patrol, "
                        "evade, continue); a refused order says which rule it breaks"),
        player=(N_("/eia standing — your standing orders when you are not the active nation: intercept, evade, "
                   "nearest port (E-OP-09)"),
                N_("/eia command|leave — take command of an armada or leave it, in your own impulse (E3.1.3, "
                   "E3.2.2)")),
        relation="/empires-in-arms relation a:… b:… relation:…",
        relations_note=N_("at war = enemy, allied = friendly (E2.1, E5)")),
    maps_dir=_DATA / "maps",
    scenarios_dir=_DATA / "scenarios",
    default_map="empires-in-arms",
    demo_scenario="eia-demo",
    # Beside the rules' tests, not in tests/scenarios/cases/: there a file is Sengoku's while this plug-in
    # is unregistered (a branch without the presenter), and the same directory serves both states.
    cases_dir=_ROOT / "tests" / "rules" / "empires_in_arms" / "cases",
    # E14 (a moderator's edit and the steps it opens) and one battle of E3's combat (EX5)
    case_procedures={"lose_port": _lose_port, "naval_battle": _naval_battle},
    locale_dir=_HERE / "locale",
    # Its own words, which no core module may contain (the conformance suite).  Not "fleet", "port",
    # "squadron", "blockade" or "convoy": other rule systems share them.
    vocabulary=("armada", "maneuver", "outfitting", "empires_in_arms"),
    rule_ids=r"E\d+(?:\.\d+)+|E-OP-\d+|EX\d+",  # E6.3, E-OP-18, EX9
)


def _complete() -> bool:
    """The presenter (E4) and a map (E1) are there: the plug-in can be registered."""
    return (_HERE / "report" / "present.py").exists() and any((_DATA / "maps").glob("*.toml"))


PLUGIN = DESCRIPTOR if _complete() else None
