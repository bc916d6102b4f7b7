"""The Sengoku clan naval rules (spec: shared/rules/sengoku.md, seed 001).

``rules/`` is pure (no Discord, no database, no clock); ``report/`` turns its events into words
and maps; ``commands/`` holds its own slash-command groups.  ``PLUGIN`` is all the core knows.
"""

from __future__ import annotations

from pathlib import Path

from bot.plugins import CommandHelp, RulesetPlugin

_DATA = Path(__file__).resolve().parents[3] / "data"
_COMMANDS = "bot.rulesets.sengoku.commands"


def _rules():
    from bot.rulesets.sengoku.rules.ruleset import SengokuRuleset
    return SengokuRuleset()


def _presenter():
    from bot.rulesets.sengoku.report.present import SengokuPresenter
    return SengokuPresenter()


PLUGIN = RulesetPlugin(
    id="sengoku",
    name="Sengoku clan naval rules",
    rules=_rules,
    presenter=_presenter,
    commands=(f"{_COMMANDS}.orders", f"{_COMMANDS}.unit_orders", f"{_COMMANDS}.clan_orders", f"{_COMMANDS}.moderate"),
    command_groups=("order", "unit", "clan", "sengoku"),
    command_help=CommandHelp(
        order="/order …",
        order_examples="/order cruise, /order trade, /unit …",
        first_orders="/order … for each (cruise, trade, base, piracy, …): a refused order says which rule it breaks",
        player=("/clan policy — your standing battle policy (pairing OP-39, three sides S5.9, last port S2.6)",
                "/clan redeem — rebuild a captured prize (S8.4.6); /clan leaders — your characters",
                "/unit escort|sweep|keep-loc|evacuate|mothball|disband — the rarer unit orders; /unit tactics — "
                "change the battle choices of an order already given"),
        relation="/sengoku relation clan_a:… clan_b:… relation:…"),
    maps_dir=_DATA / "maps",
    scenarios_dir=_DATA / "scenarios",
    default_map="seto",
    vocabulary=("squadron", "trade fleet", "heavy detachment", "sub-phase", "koku"),
)
