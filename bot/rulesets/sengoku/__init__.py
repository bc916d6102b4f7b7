"""The Sengoku clan naval rules (spec: shared/rules/sengoku.md, seed 001).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words
and maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""

from __future__ import annotations

from pathlib import Path

from bot.domain.text import N_
from bot.plugins import CommandHelp, RulesetPlugin

_ROOT = Path(__file__).resolve().parents[3]
_DATA = _ROOT / "data" / "sengoku"
_COMMANDS = "bot.rulesets.sengoku.commands"


def _rules():
    from bot.rulesets.sengoku.rules.ruleset import SengokuRuleset
    return SengokuRuleset()


def _map_vocabulary():
    from bot.rulesets.sengoku.report.overlay_style import VOCABULARY
    return VOCABULARY


def _map_profile():
    from bot.rulesets.sengoku.rules.model.map_profile import PROFILE
    return PROFILE


def _presenter():
    from bot.rulesets.sengoku.report.present import SengokuPresenter
    return SengokuPresenter()


def _battle(state, gamemap, settings, dice, section):
    """A case's ``procedure: battle`` (cases.py), imported only when a case runs one."""
    from bot.rulesets.sengoku.cases import run_battle
    return run_battle(state, gamemap, settings, dice, section)


def _moments(moments):
    from bot.rulesets.sengoku.cases import watching
    return watching(moments)


PLUGIN = RulesetPlugin(
    id="sengoku",
    name="Sengoku clan naval rules",
    rules=_rules,
    presenter=_presenter,
    map_vocabulary=_map_vocabulary,
    map_profile=_map_profile,
    commands=(f"{_COMMANDS}.orders", f"{_COMMANDS}.unit_orders", f"{_COMMANDS}.clan_orders", f"{_COMMANDS}.moderate"),
    command_groups=("order", "unit", "clan", "sengoku"),
    command_help=CommandHelp(
        order="/order …",
        order_examples="/order cruise, /order trade, /unit …",
        # Worded for the reader in Sengoku's domain where /help shows them (cogs/help.py).
        first_orders=N_("/order … for each (cruise, trade, base, piracy, …): a refused order says which rule it "
                        "breaks"),
        player=(N_("/clan policy — your standing battle policy (pairing OP-39, three sides S5.9, last port S2.6)"),
                N_("/clan redeem — rebuild a captured prize (S8.4.6); /clan leaders — your characters"),
                N_("/unit escort|sweep|keep-loc|evacuate|mothball|disband — the rarer unit orders; /unit tactics — "
                   "change the battle choices of an order already given")),
        relation="/sengoku relation clan_a:… clan_b:… relation:…",
        relations_note=N_("OP-48: at war = enemy, allied = friendly")),
    maps_dir=_DATA / "maps",
    scenarios_dir=_DATA / "scenarios",
    default_map="seto",
    demo_scenario="seto-demo",
    cases_dir=_ROOT / "tests" / "scenarios" / "cases",  # beside the test maps their map_file names
    case_procedures={"battle": _battle},
    case_moments=_moments,
    locale_dir=Path(__file__).resolve().parent / "locale",
    # Its own words (conformance suite: no core module contains one). Not here, as other rule systems
    # of /work/shared/rules share them: squadron (Empires in Arms, Here I Stand), plunder (royal fleets),
    # piracy, port, fleet, province, strait, coastal; "clan" is the core's word for a faction for now.
    vocabulary=("trade fleet", "heavy detachment", "sub-phase", "SP1", "SP2", "SP3", "koku", "daimyo", "cruise",
                "ravage", "mothball", "keep-loc", "line of communication", "clan_add"),
    rule_ids=r"S\d+(?:\.\d+)+|OP-\d+",  # S5.3, S12.4, OP-48
)
