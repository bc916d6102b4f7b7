"""Languages: message catalogues (gettext .po files read with Babel), plurals and numbers.

Every text a user reads is an English message id looked up in the reader's language:

    t = messages("ru")                        # the core's catalogue (bot/locale/)
    t._("The turn is locked.")                # → "Ход закрыт."
    t.n_("{n} squadron", "{n} squadrons", 5)  # → "5 эскадр" (CLDR plural rules, {n} formatted for the locale)
    t = messages("ru", "sengoku")             # a ruleset's catalogue (its plug-in's locale_dir), then the core's

A module-level text is marked with ``N_("…")`` (it stays English) and looked up where it is shown:
``t._(SOME_TEXT)``.  ``python -m bot i18n extract`` refreshes every catalogue from the code
(docs/translating.md).  Catalogues are read from the .po files themselves (compiled in memory on
first use), so nothing is built at install time and a translator edits one text file.
"""

from __future__ import annotations

import io
import string
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

CORE_DOMAIN = "fleetwright"
CORE_LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {  # code → the language's own name, as a moderator picks it
    "en": "English", "ru": "Русский", "zh-TW": "繁體中文", "ja": "日本語"}
EXTRACT_KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}


def N_(text: str) -> str:
    """Marks a text for the catalogues without translating it (it is looked up where shown)."""
    return text


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
        return text.format(**values) if values else text

    def n_(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        text = self._translations.ngettext(singular, plural, n)
        return text.format(n=self.number(n), **values)

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
    from bot.plugins import plugin  # lazily: the registry imports rulesets, which import this module
    return plugin(domain).locale_dir


def po_path(locale_dir: Path, language: str, domain: str) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{domain}.po"


def _catalogue(locale_dir: Path | None, language: str, domain: str) -> NullTranslations:
    """Every ``*.po`` of the language's folder, merged: parts of a domain each keep a file of their own
    (``fleetwright.po``, ``replies.po`` …); a message in two files reads from the first, by name."""
    if locale_dir is None or language == DEFAULT_LANGUAGE:
        return NullTranslations()
    folder = po_path(locale_dir, language, domain).parent
    files = sorted(folder.glob("*.po")) if folder.is_dir() else []
    if not files:
        return NullTranslations()
    merged = None
    for path in files:
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=language.replace("-", "_"), domain=domain)
        if merged is None:
            merged = catalog
            continue
        for message in catalog:
            if message.id and message.id not in merged:
                merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message (a translation must have the same ones)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
