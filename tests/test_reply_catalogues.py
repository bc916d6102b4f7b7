"""The replies' and refusals' catalogues (issue 16 part B): every message the core's cogs, the services and
Sengoku's commands and order checks mark is in the Russian, Traditional Chinese and Japanese catalogues
(bot/locale/<lang>/LC_MESSAGES/replies.po, bot/rulesets/sengoku/locale/<lang>/LC_MESSAGES/sengoku-replies.po),
with the same placeholders, and nothing is there that the code no longer says.  (The generic test over
every catalogue is part A's; this one checks these two files directly.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from bot.i18n import EXTRACT_KEYWORDS, messages, placeholders
from bot.services.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("ru", "zh-TW", "ja")
PLURAL_FORMS = {"ru": 3, "zh-TW": 1, "ja": 1}  # CLDR: one/few/many; none
SOURCES = {  # catalogue file → the code whose messages it holds
    "bot/locale/{lang}/LC_MESSAGES/replies.po":
        ["cogs/*.py", "bot/discord_app.py", "bot/localized.py", "bot/services/*.py"],
    "bot/rulesets/sengoku/locale/{lang}/LC_MESSAGES/sengoku-replies.po":
        ["bot/rulesets/sengoku/commands/*.py", "bot/rulesets/sengoku/rules/validation/validate.py",
         "bot/rulesets/sengoku/rules/orders/validate_routes.py",
         "bot/rulesets/sengoku/rules/validation/validate_fleet.py"],
}


def marked(patterns: list[str]) -> set:
    found = set()
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            found |= {message for _, message, _, _ in extract_from_file("python", path, keywords=EXTRACT_KEYWORDS)}
    return found


def catalogue(template: str, lang: str):
    with (ROOT / template.format(lang=lang)).open("rb") as fh:
        return read_po(fh, locale=lang.replace("-", "_"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("template", SOURCES)
def test_every_marked_message_is_translated_with_the_same_placeholders(template, lang):
    code = marked(SOURCES[template])
    cat = catalogue(template, lang)
    ids = {m.id for m in cat if m.id}
    assert sorted(map(str, code - ids)) == [], "missing"
    assert sorted(map(str, ids - code)) == [], "no longer in the code"
    for message in cat:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            assert len(texts) == PLURAL_FORMS[lang], message.id
        assert all(texts), f"untranslated: {message.id!r}"
        wanted = set().union(*map(placeholders, english))
        for text in texts:
            assert placeholders(text) == wanted, (message.id, text)


def test_the_catalogues_are_read_and_russian_plurals_follow_cldr():
    t = messages("ru")
    assert [t.n_("Withdraw {n} order(s)", "Withdraw {n} order(s)", n) for n in (1, 3, 5, 21)] == [
        "Отозвать 1 приказ", "Отозвать 3 приказа", "Отозвать 5 приказов", "Отозвать 21 приказ"]
    assert messages("ja", "sengoku")._("Refused: {refusal}", refusal="…") == "却下：…"  # the core's, under Sengoku's


def test_a_user_error_with_values_keeps_its_english_text_and_is_worded_for_the_reader():
    error = UserError("turn {turn} has already been resolved", turn=4)
    assert str(error) == "turn 4 has already been resolved"
    assert error.text.render("ru") == "ход 4 уже разрешён"
    assert error.text.render(messages("ja")) == "ターン 4 はすでに処理済みです"
    plain = UserError("a name {with} braces")  # an old-style message: shown as it is, never formatted
    assert str(plain) == "a name {with} braces" and plain.text.render("ru") == "a name {with} braces"
