"""Registry of rulesets.  A new rule system is a package under bot/rules/ and
one line here; nothing else in the engine or the store changes."""

from __future__ import annotations

from bot.engine.ruleset import Ruleset


def get_ruleset(ruleset_id: str) -> Ruleset:
    rulesets = _registry()
    if ruleset_id not in rulesets:
        raise KeyError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(sorted(rulesets))}")
    return rulesets[ruleset_id]


def ruleset_ids() -> list[str]:
    return sorted(_registry())


def _registry() -> dict[str, Ruleset]:
    from bot.rules.sengoku.ruleset import SengokuRuleset
    return {"sengoku": SengokuRuleset()}
