"""Issue 16: the slash commands in Russian, Traditional Chinese and Japanese (bot/command_translator.py,
from the catalogues' command texts), each locale's payloads within Discord's limits and name rules
(bot/command_surface.py ``locale_problems``), kept as one snapshot per locale.

Regenerate the snapshots after an intended change:
    FLEETWRIGHT_UPDATE_COMMANDS=1 python -m pytest tests/discord/test_command_locales.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import discord
import pytest

from bot.command_surface import locale_problems, localised
from bot.command_translator import LOCALES, CommandTranslator

HERE = Path(__file__).parent


@pytest.fixture
async def translated(world):
    return await world.bot.translated_surface()


@pytest.mark.parametrize("locale", [locale.value for locale in LOCALES])
async def test_each_locale_fits_discords_limits_and_matches_its_snapshot(translated, locale):
    on_a_server = [*translated.core, *(c for own in translated.rulesets.values() for c in own)]
    assert locale_problems(on_a_server, locale) == []
    shown = {"global": [localised(c, locale) for c in translated.core],
             **{f"per server hosting {ruleset}": [localised(c, locale) for c in own]
                for ruleset, own in translated.rulesets.items()}}
    text = json.dumps(shown, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    snapshot = HERE / f"commands.{locale}.snapshot.json"
    if os.environ.get("FLEETWRIGHT_UPDATE_COMMANDS"):
        snapshot.write_text(text, encoding="utf-8")
    assert text == (snapshot.read_text(encoding="utf-8") if snapshot.exists() else ""), (
        "the commands of this locale changed; review the diff and regenerate with FLEETWRIGHT_UPDATE_COMMANDS=1")


# ids and values a moderator types, the same in every language
SAME_IN_EVERY_LANGUAGE = {"id", "0–2", "S9.2.3", "active, destroyed, captured …", "free, captured, dead"}


async def test_every_command_text_is_translated_for_each_locale(translated):
    """Nothing falls back to the English in ru, zh-TW or ja, except ids and numbers the same in every language."""
    def untranslated(node: dict, where: str = "") -> list[str]:
        here = f"{where} {node['name']}".strip()
        missing = [f"{here} {key}" for key in ("name", "description")
                   if node.get(key) and node[key] not in SAME_IN_EVERY_LANGUAGE
                   and not all(locale.value in (node.get(f"{key}_localizations") or {}) for locale in LOCALES)]
        return missing + [m for o in node.get("options") or [] for m in untranslated(o, here)]

    everything = [*translated.core, *(c for own in translated.rulesets.values() for c in own)]
    assert [m for c in everything for m in untranslated(c, "/")] == []


async def test_the_turn_reads_in_the_rulebooks_words(translated):
    by_name = {c["name"]: c for c in [*translated.core, *translated.rulesets["sengoku"]]}
    assert localised(by_name["turn"], "ru")["name"] == "ход"
    order = localised(by_name["order"], "ru")
    assert order["name"] == "приказ"
    cruise = next(o for o in order["options"] if o["name"] == "крейсировать")
    assert cruise["description"] == "Эскадра крейсирует у прибрежной провинции (S4.3)"
    assert localised(by_name["order"], "ja")["description"] == "自氏族のユニットに命令（返信は本人のみ表示）"


async def test_a_ruleset_word_the_core_says_otherwise_is_the_rulesets(translated):
    """/orders withdraw recalls an order (the core's word); /unit tactics withdraw leaves a battle (Sengoku's)."""
    by_name = {c["name"]: c for c in [*translated.core, *translated.rulesets["sengoku"]]}
    orders = localised(by_name["orders"], "ru")
    assert "отозвать" in [o["name"] for o in orders["options"]]
    tactics = next(o for o in localised(by_name["unit"], "ru")["options"] if o["name"] == "тактика")
    assert "выход_из_боя" in [o["name"] for o in tactics["options"]]


async def test_english_clients_read_the_source():
    translator = CommandTranslator(roots={})
    context = discord.app_commands.TranslationContext(discord.app_commands.TranslationContextLocation.other, None)
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.french):
        assert await translator.translate(discord.app_commands.locale_str("turn"), locale, context) is None


def _payload(name: str, *options: dict, **localisations) -> dict:
    return {"name": name, "description": "a command", "type": 1, "options": list(options), **localisations}


@pytest.mark.parametrize("payload, problem", [
    (_payload("cmd", name_localizations={"ru": "Команда"}), "[ru] / Команда: bad name"),
    (_payload("cmd", name_localizations={"ru": "две команды"}), "[ru] / две команды: bad name"),
    (_payload("cmd", description_localizations={"ru": "о" * 101}), "[ru] / cmd: description must be 1-100 characters"),
    (_payload("cmd", {"name": "a", "description": "x", "type": 3, "name_localizations": {"ru": "б"}},
              {"name": "b", "description": "y", "type": 3, "name_localizations": {"ru": "б"}}),
     "[ru] / cmd: two options named 'б'"),
])
def test_the_locale_checker_catches_each_limit(payload, problem):
    assert locale_problems([payload], "ru") == [problem]


def test_the_size_budget_counts_the_localised_texts():
    """20 options of 100 + 100 characters in Russian: 4,000 and more, though the English is small."""
    options = [{"name": f"o{i}", "description": "x", "type": 3, "name_localizations": {"ru": f"{i:02}" + "о" * 30},
                "description_localizations": {"ru": "о" * 100}, "choices": [
                    {"name": "c", "value": "v", "name_localizations": {"ru": "ч" * 68}}]} for i in range(20)]
    assert locale_problems([_payload("cmd", *options)], "ja") == []
    assert locale_problems([_payload("cmd", *options)], "ru") == [
        "[ru] /cmd: 4,032 characters (keep under 4,000; Discord refuses 8,000)"]


def test_two_top_level_commands_may_not_share_a_name_in_a_locale():
    one, two = _payload("a", name_localizations={"ja": "同じ"}), _payload("b", name_localizations={"ja": "同じ"})
    assert locale_problems([one, two], "ja") == ["[ja] two top-level commands named '同じ'"]
