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
