"""The royal fleets naval rules of "Последний Довод Королей" (spec shared/rules/royal-fleets.md, seed 003).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words
and maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""

from __future__ import annotations

from pathlib import Path

from bot.domain.text import N_
from bot.plugins import CommandHelp, RulesetPlugin

_ROOT = Path(__file__).resolve().parents[3]
_DATA = _ROOT / "data" / "royal-fleets"
_COMMANDS = "bot.rulesets.royal_fleets.commands"


def _rules():
    from bot.rulesets.royal_fleets.rules.ruleset import RoyalFleetsRuleset
    return RoyalFleetsRuleset()


def _presenter():
    from bot.rulesets.royal_fleets.report.present import RoyalFleetsPresenter
    return RoyalFleetsPresenter()


def _map_profile():
    from bot.rulesets.royal_fleets.rules.map.profile import PROFILE
    return PROFILE


def _map_vocabulary():
    from bot.rulesets.royal_fleets.report.overlay_style import VOCABULARY
    return VOCABULARY


PLUGIN = RulesetPlugin(
    id="royal-fleets",
    name="Royal fleets naval rules",
    rules=_rules,
    presenter=_presenter,
    map_profile=_map_profile,
    map_vocabulary=_map_vocabulary,
    commands=(f"{_COMMANDS}.orders", f"{_COMMANDS}.moderate"),
    command_groups=("royal", "royal-fleets"),  # the moderators' group is named by the id (bot/plugins.py)
    command_help=CommandHelp(
        order="/royal …",
        order_examples="/royal move, /royal hold, /royal blockade",
        # Worded for the reader in the royal-fleets domain where /help shows them (cogs/help.py).
        first_orders=N_("/royal move|hold|blockade|support|transport for each fleet: a refused order says which "
                        "rule it breaks"),
        player=(N_("/royal battle — a fleet's standing battle choices: avoid battle, retreat, targeting from "
                   "round 3, where to retreat or surrender (U5.3, U6.2, U7)"),
                N_("/royal battle focus:… — from round 3, the enemy ships your fleets see to hit first (U6.2.4); "
                   "/royal retreat-to-ships — an army beaten on the coast goes aboard (U9.8)"),
                N_("/royal hire|repair|upkeep|buy-over — ships and money (U3); /royal merge|split|joint — "
                   "organise fleets (U1.2); /royal deploy — before the game (U1.3)")),
        relation="/royal-fleets relation faction_a:… faction_b:… relation:…",
        relations_note=N_("at war = enemy, allied = friendly; the pirates are at war with everyone (U3.4)")),
    maps_dir=_DATA / "maps",
    scenarios_dir=_DATA / "scenarios",
    default_map="royal-fleets",
    demo_scenario="royal-demo",
    cases_dir=_ROOT / "tests" / "scenarios" / "cases" / "royal_fleets",
    locale_dir=Path(__file__).resolve().parent / "locale",
    # Its own words, which no core module may contain (the conformance suite).  Not "fleet", "port",
    # "pirates" or "blockade": other rule systems share them.
    vocabulary=("galleass", "galleon", "flute", "ship of the line", "trade post", "transition area",
                "hired transport", "thaler", "war exhaustion", "royal_fleets"),
    rule_ids=r"U\d+(?:\.\d+)+|U-OP-\d+|UX\d+",  # U6.2.4, U-OP-17, UX5
)
