"""The replies' and refusals' catalogues (issue 16): Russian plurals, and errors worded for their reader.
That every marked message is in every catalogue, translated with the same placeholders, is checked over
all catalogues at once by tests/i18n/test_catalogues.py."""

from __future__ import annotations

from bot.i18n import messages
from bot.services.errors import UserError


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


def test_an_unreadable_catalogue_reads_english_and_is_logged_never_a_crash(tmp_path, caplog):
    """A .po file that cannot be read (a bad byte, a broken quote) must not make every reply in that
    language, and the command sync that translates the tree at start-up, raise: that language reads
    English (the msgids) and the log says which file is wrong (hostile review, issue 16)."""
    from bot.i18n import _catalogue
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "broken.po").write_bytes(b'msgid "The turn is locked."\nmsgstr "\xff\xfe"\n')
    texts = _catalogue(tmp_path, "ru", "broken")
    assert texts.gettext("The turn is locked.") == "The turn is locked."
    assert "broken.po" in caplog.text


class _Translated:
    """A catalogue whose one translation is ``wrong`` (a placeholder the code does not pass, a lone brace)."""

    def __init__(self, wrong: str) -> None:
        self.wrong = wrong

    def gettext(self, msgid: str) -> str:
        return self.wrong

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.wrong


def test_a_translation_that_cannot_be_formatted_reads_english_and_is_logged(caplog):
    """A broken translation must not turn a reply into an unexpected error for its language's readers:
    the English text is shown instead and the log names the msgid (hostile review, issue 16)."""
    from bot.i18n import Messages
    for wrong in ("ход {turn} {clan}", "ход {turn", "ход {0}", "ход {turn.__class__}"):
        t = Messages("ru", _Translated(wrong))
        assert t._("turn {turn} has already been resolved", turn=4) == "turn 4 has already been resolved", wrong
        assert t.n_("{n} ship", "{n} ships", 2) == "2 ships", wrong
    assert "turn {turn} has already been resolved" in caplog.text


def test_the_catalogue_check_lists_an_unbalanced_brace_instead_of_raising():
    from babel.messages.catalog import Message

    from bot.catalogues import _entry_problems
    problems = _entry_problems(Message("turn {turn}", "ход {turn"), ("turn {turn}", None), 3)
    assert len(problems) == 1 and "ход {turn" in problems[0]
