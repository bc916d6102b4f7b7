"""Issue 16: every text the code uses (its marked texts and the command tree's) is in every
language's catalogue, translated, with the same placeholders and the language's plural forms,
and no catalogue holds a text the code no longer uses (bot/catalogues.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from bot.catalogues import (COMMAND_NAME, COMMAND_TEXT, Domain, Text, check, check_language, code_texts,
                            command_payloads, update_language)
from bot.i18n import Messages, _catalogue, merged_catalogue


@pytest.fixture
async def payloads():
    return await command_payloads()


def test_every_catalogue_has_every_text_translated(payloads):
    assert check(payloads) == []


SOURCE = '''
from bot.i18n import N_, messages
TITLE = N_("Turn report")
def reply(t, name, n):
    return t._("Hello {name}", name=name) + t.n_("{n} squadron", "{n} squadrons", n)
'''


def _po(body: str, plural: str = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                                 "(n%100<10 || n%100>=20) ? 1 : 2);") -> str:
    header = f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: {plural}\\n"\n\n'
    return header + textwrap.dedent(body)


GOOD = '''\
msgid "Turn report"
msgstr "Отчёт за ход"

msgid "Hello {name}"
msgstr "Здравствуйте, {name}"

msgid "{n} squadron"
msgid_plural "{n} squadrons"
msgstr[0] "{n} эскадра"
msgstr[1] "{n} эскадры"
msgstr[2] "{n} эскадр"
'''


@pytest.fixture
def domain(tmp_path) -> Domain:
    code = tmp_path / "code"
    (code / "sub").mkdir(parents=True)
    (code / "sub" / "replies.py").write_text(SOURCE, encoding="utf-8")
    return Domain("demo", tmp_path / "locale", (code,), files={"": "demo"})


def _write(domain: Domain, name: str, body: str, language: str = "ru") -> Path:
    path = domain.locale_dir / language / "LC_MESSAGES" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_po(body), encoding="utf-8")
    return path


def test_the_extractor_finds_each_kind_of_marked_text(domain):
    assert {key: text.msgid for key, text in code_texts(domain).items()} == {
        ("Turn report", None): "Turn report", ("Hello {name}", None): "Hello {name}",
        ("{n} squadron", None): ("{n} squadron", "{n} squadrons")}


def test_a_complete_catalogue_passes(domain):
    _write(domain, "demo.po", GOOD)
    assert check_language(domain, "ru", code_texts(domain)) == []


@pytest.mark.parametrize("change, problem", [
    (lambda po: po.replace('msgid "Turn report"\nmsgstr "Отчёт за ход"\n', ""),
     "demo [ru]: missing 'Turn report' (used in "),
    (lambda po: po + '\nmsgid "Gone"\nmsgstr "Ушло"\n', "demo [ru] demo.po: extra 'Gone' (no longer in the code)"),
    (lambda po: po.replace('"Здравствуйте, {name}"', '""'), "demo [ru] demo.po: untranslated 'Hello {name}'"),
    (lambda po: po.replace('"Здравствуйте, {name}"', '"Здравствуйте, {имя}"'),
     "demo [ru] demo.po: 'Hello {name}': placeholders ['имя'] in 'Здравствуйте, {имя}', the English has ['name']"),
    (lambda po: po.replace('msgstr[2] "{n} эскадр"\n', ""), "demo [ru] demo.po: untranslated '{n} squadron'"),
])
def test_the_checker_names_each_fault(domain, change, problem):
    _write(domain, "demo.po", change(GOOD))
    problems = check_language(domain, "ru", code_texts(domain))
    assert len(problems) == 1 and problems[0].startswith(problem), problems


def test_plural_forms_follow_the_language_not_the_files_header(domain):
    path = _write(domain, "demo.po", GOOD.replace('msgstr[2] "{n} эскадр"\n', ""))
    path.write_text(path.read_text(encoding="utf-8").replace("nplurals=3", "nplurals=2"), encoding="utf-8")
    assert check_language(domain, "ru", code_texts(domain)) == [
        "demo [ru] demo.po: '{n} squadron' has 2 plural forms, the language has 3"]


def test_a_text_in_two_files_of_a_domain_is_refused(domain):
    _write(domain, "demo.po", GOOD)
    _write(domain, "more.po", 'msgid "Turn report"\nmsgstr "Отчёт"\n')
    assert check_language(domain, "ru", code_texts(domain)) == [
        "demo [ru]: 'Turn report' is in both demo.po and more.po"]


def test_command_names_must_be_ones_discord_takes(domain):
    _write(domain, "commands.po", 'msgctxt "command name"\nmsgid "deadline"\nmsgstr "Срок Хода"\n\n'
                                  'msgctxt "command"\nmsgid "Set the deadline"\nmsgstr "' + "с" * 101 + '"\n')
    expected = {("deadline", COMMAND_NAME): Text("deadline", COMMAND_NAME, "/ turn deadline"),
                ("Set the deadline", COMMAND_TEXT): Text("Set the deadline", COMMAND_TEXT, "/ turn deadline")}
    problems = check_language(domain, "ru", expected)
    assert [p.split(": ", 1)[1][:40] for p in problems] == [
        "'deadline' (command name): 'Срок Хода' i", "'Set the deadline' (command): 'ссссссссс"]


def test_a_rulesets_text_the_cores_catalogue_has_needs_no_entry_of_its_own(domain, tmp_path):
    core = Domain("core", tmp_path / "core-locale", ())
    _write(core, "core.po", 'msgid "Hello {name}"\nmsgstr "Здравствуйте, {name}"\n')
    _write(domain, "demo.po", GOOD.replace('msgid "Hello {name}"\nmsgstr "Здравствуйте, {name}"\n', ""))
    from bot.catalogues import entries
    assert check_language(domain, "ru", code_texts(domain), entries(core, "ru")[0]) == []
    assert check_language(domain, "ru", code_texts(domain)) != []


def test_messages_read_every_file_of_a_domain_merged(domain):
    _write(domain, "demo.po", GOOD.split("\nmsgid \"Hello")[0])
    _write(domain, "replies.po", 'msgid "Hello {name}"\nmsgstr "Здравствуйте, {name}"\n')
    t = Messages("ru", _catalogue(domain.locale_dir, "ru", "demo"))
    assert (t._("Turn report"), t._("Hello {name}", name="Мори")) == ("Отчёт за ход", "Здравствуйте, Мори")
    assert len(merged_catalogue(domain.locale_dir, "ru", "demo")) == 2


def test_extract_adds_new_texts_empty_keeps_translations_and_reports_obsolete(domain):
    _write(domain, "demo.po", 'msgid "Turn report"\nmsgstr "Отчёт за ход"\n\nmsgid "Gone"\nmsgstr "Ушло"\n')
    update = update_language(domain, "ru", code_texts(domain))
    assert update.obsolete == ["demo [ru] demo.po: 'Gone'"]
    catalogue = merged_catalogue(domain.locale_dir, "ru", "demo")
    assert catalogue.get("Turn report").string == "Отчёт за ход"
    assert catalogue.get("Hello {name}").string == ""
    assert catalogue.get("{n} squadron").string == ("", "", "")
    problems = check_language(domain, "ru", code_texts(domain))
    assert sorted(p.split(": ", 1)[1] for p in problems) == [
        "extra 'Gone' (no longer in the code)", "untranslated 'Hello {name}'", "untranslated '{n} squadron'"]
    update_language(domain, "ru", code_texts(domain), prune=True)
    assert merged_catalogue(domain.locale_dir, "ru", "demo").get("Gone") is None


def test_extract_puts_a_new_text_in_the_file_of_its_folder(domain, tmp_path):
    domain.files = {"": "demo", f"{(tmp_path / 'code' / 'sub').resolve().as_posix()}/": "replies"}
    update_language(domain, "ja", code_texts(domain))
    assert sorted(p.name for p in (domain.locale_dir / "ja" / "LC_MESSAGES").glob("*.po")) == ["replies.po"]
    assert merged_catalogue(domain.locale_dir, "ja", "demo").get("{n} squadron").string == ("",)
