"""Languages: message catalogues (gettext .po files read with Babel), plurals and numbers.

Every text a user reads is an English message id looked up in the reader's language:

    t = messages("ru")                        # the core's catalogue (bot/locale/)
    t._("The turn is locked.")                # → "Ход закрыт."
    t.n_("{n} ship", "{n} ships", 5)          # → "5 кораблей" (CLDR plural rules, {n} formatted for the locale)
    t = messages("ru", ruleset_id)            # a ruleset's catalogue (its plug-in's locale_dir), then the core's

A module-level text is marked with ``N_("…")`` (it stays English) and looked up where it is shown:
``t._(SOME_TEXT)``.  ``python -m bot i18n extract`` refreshes every catalogue from the code
(docs/translating.md).  Catalogues are read from the .po files themselves (compiled in memory on
first use), so nothing is built at install time and a translator edits one text file.
"""

from __future__ import annotations

import io
import logging
import string
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from bot.domain.text import N_  # noqa: F401  (marks texts; re-exported for the code outside the pure core)
from bot.plugins import UnknownRuleset, plugin

log = logging.getLogger(__name__)

CORE_DOMAIN = "fleetwright"
CORE_LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {  # code → the language's own name, as a moderator picks it
    "en": "English", "ru": "Русский", "zh-TW": "繁體中文", "ja": "日本語"}
EXTRACT_KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}
COMMAND_NAME = "command name"  # msgctxt of a slash command's, group's or option's name (Discord's name rules)
COMMAND_TEXT = "command"  # msgctxt of a slash command's description or a choice's name (1-100 characters)


def language_of_locale(locale: str | None) -> str:
    """Discord's locale ("ru", "zh-TW", "ja", "en-US", "en-GB" …) → one of ``LANGUAGES``;
    a language without a catalogue reads English."""
    if not locale:
        return DEFAULT_LANGUAGE
    if locale in LANGUAGES:
        return locale
    base = locale.split("-")[0]
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class Messages:
    """One language's texts: ``_`` for a sentence, ``n_`` for one that depends on a count."""

    def __init__(self, language: str, translations: NullTranslations) -> None:
        self.language = language
        self._translations = translations
        self._locale = Locale.parse(language.replace("-", "_"))

    def _(self, msgid: str, /, **values: Any) -> str:
        text = self._translations.gettext(msgid)
        return _formatted(text, msgid, values) if values else text

    def n_(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        text = self._translations.ngettext(singular, plural, n)
        return _formatted(text, singular if n == 1 else plural, {**values, "n": self.number(n)})

    def p_(self, context: str, msgid: str, /) -> str:
        """A text with a gettext context (the command tree's names and descriptions: ``COMMAND_*``)."""
        return self._translations.pgettext(context, msgid)

    def number(self, value: int | float) -> str:
        return format_decimal(value, locale=self._locale)

    def __repr__(self) -> str:
        return f"Messages({self.language!r})"


@cache
def messages(language: str = DEFAULT_LANGUAGE, domain: str = CORE_DOMAIN) -> Messages:
    """The catalogue of ``domain`` in ``language``, falling back to the core's, then to English."""
    language = language if language in LANGUAGES else DEFAULT_LANGUAGE
    core = _catalogue(CORE_LOCALE_DIR, language, CORE_DOMAIN)
    if domain == CORE_DOMAIN:
        return Messages(language, core)
    own = _catalogue(_ruleset_locale_dir(domain), language, domain)
    own.add_fallback(core)
    return Messages(language, own)


def _ruleset_locale_dir(domain: str) -> Path | None:
    """The ruleset's catalogues; none for a ruleset that is not installed (a test's map)."""
    try:
        return plugin(domain).locale_dir
    except UnknownRuleset:
        return None


def po_path(locale_dir: Path, language: str, domain: str) -> Path:
    """A domain's main catalogue file; the domain may have more (``po_files``)."""
    return locale_dir / language / "LC_MESSAGES" / f"{domain}.po"


def po_files(locale_dir: Path | None, language: str) -> list[Path]:
    """Every catalogue file of one language of a domain: all ``*.po`` in its LC_MESSAGES folder
    (a domain's texts may be split into files, one per part of the code: docs/translating.md)."""
    if locale_dir is None:
        return []
    return sorted((locale_dir / language / "LC_MESSAGES").glob("*.po"))


def read_catalogue(path: Path, language: str, domain: str) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=language.replace("-", "_"), domain=domain)


def merged_catalogue(locale_dir: Path | None, language: str, domain: str) -> Catalog:
    """The domain's files of ``language`` as one catalogue.  A text in two files keeps the first
    file's translation here; ``python -m bot i18n check`` and the catalogue test refuse it."""
    merged = Catalog(locale=language.replace("-", "_"), domain=domain)
    for path in po_files(locale_dir, language):
        try:
            messages_of_file = list(read_catalogue(path, language, domain))
        except (OSError, ValueError, SyntaxError, PoFileError):  # a bad byte (UnicodeDecodeError), a broken entry
            # else every reply in the language, and the start-up sync translating the command tree, would
            # raise: this file's texts read English, and `python -m bot i18n check` names its problem.
            log.exception("Cannot read the catalogue %s; its texts read English", path)
            continue
        for message in messages_of_file:
            if message.id and merged.get(message.id, message.context) is None:
                merged[message.id] = message
    return merged


def _catalogue(locale_dir: Path | None, language: str, domain: str) -> NullTranslations:
    if locale_dir is None or language == DEFAULT_LANGUAGE or not po_files(locale_dir, language):
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, merged_catalogue(locale_dir, language, domain))
    compiled.seek(0)
    return Translations(compiled, domain=domain)


def _formatted(text: str, english: str, values: dict[str, Any]) -> str:
    """``text`` (a translation) with ``values``; the English where the translation's fields are not
    plain names of given values (a lone brace, a placeholder the code does not pass, ``{x.attr}``): a
    broken translation reads English, logged, and never becomes an unexpected error for its readers.
    Only the translation is formatted, never a value (a name typed as "{campaign}" is shown as is)."""
    if text is not english and not _plain_fields(text) <= values.keys():
        log.error("The translation %r of %r does not fit the values %s; showing the English",
                  text, english, sorted(values))
        text = english
    return text.format(**values)


@cache
def _plain_fields(text: str) -> frozenset[str] | set:
    """The field names of ``text`` if every one is a plain identifier; otherwise a set no values hold."""
    try:
        fields = {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"{"}
    return frozenset(fields) if all(f.isidentifier() for f in fields) else {"{"}


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message (a translation must have the same ones)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
