"""A text to be worded later, in its reader's language: a message id (the English text), its values
and the catalogue domain it belongs to.

Errors are raised far from the reader (a service, the rules), so they carry a ``Text``, not a
sentence: ``str()`` gives the English one (the CLI and the logs read that), ``render(t)`` the
reader's.  A value may itself be a ``Text`` (a refusal inside "Refused: …"), worded in the same
language; any other value (a name a player typed) is shown as it is, never translated.
"""

from __future__ import annotations

from typing import Any

from bot.domain.text import Phrase, Phrases
from bot.i18n import CORE_DOMAIN, DEFAULT_LANGUAGE, Messages, N_, messages


class Text:
    __slots__ = ("msgid", "values", "domain", "capitalised")

    def __init__(self, msgid: str, /, domain: str = CORE_DOMAIN, capitalised: bool = False, **values: Any) -> None:
        self.msgid = msgid
        self.values = values
        self.domain = domain
        self.capitalised = capitalised  # a sentence's start: its first letter upper-case, in any language

    @classmethod
    def of(cls, value: Any) -> Text:
        """``value`` as a ``Text``: itself, else a plain text (shown as is in every language)."""
        return value if isinstance(value, Text) else cls(str(value))

    def render(self, t: Messages | str = DEFAULT_LANGUAGE) -> str:
        language = t if isinstance(t, str) else t.language
        values = {k: v.render(language) if isinstance(v, Text) else v for k, v in self.values.items()}
        t = _catalogue(language, self.domain)
        text = t._(self.msgid, **values) if values else t._(self.msgid)
        return text[:1].upper() + text[1:] if self.capitalised else text

    def sentence(self) -> Text:
        """The same text with its first letter upper-case (where a reply starts with it)."""
        return Text(self.msgid, domain=self.domain, capitalised=True, **self.values)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Text({self.msgid!r}, {self.values!r})"


def _catalogue(language: str, domain: str) -> Messages:
    try:
        return messages(language, domain)
    except LookupError:  # a ruleset no longer installed: its words are not known, the core's are
        return messages(language)


def wording(value: Any, t: Messages | str = DEFAULT_LANGUAGE) -> str:
    """``value`` (a ``Text``, an exception carrying one, or anything else) in ``t``'s language."""
    text = getattr(value, "text", value)
    return text.render(t) if isinstance(text, Text) else str(value)


PHASE_NAMES = {  # a turn's phase (bot.domain.campaign.Phase values) as a word in a sentence
    "setup": N_("setup"), "planning": N_("planning"), "locked": N_("locked"),
    "correction": N_("correction"), "resolved": N_("resolved")}


def phase_name(phase: Any) -> Text:
    """A phase's name, worded for the reader (``{phase}`` in a refusal)."""
    value = getattr(phase, "value", phase)
    return Text(PHASE_NAMES.get(value, value))


class Joined(Text):
    """Several texts as one value (``"; ".join`` of each worded for the reader)."""

    __slots__ = ("parts", "separator")

    def __init__(self, parts: list[Any], separator: str = "; ") -> None:
        super().__init__("")
        self.parts = [Text.of(p) for p in parts]
        self.separator = separator

    def render(self, t: Messages | str = DEFAULT_LANGUAGE) -> str:
        return self.separator.join(part.render(t) for part in self.parts)


def composed(value: Any, domain: str) -> Any:
    """A sentence the pure rules composed (``bot.domain.text.Phrase``, ``Phrases``: they cannot import
    this module) as a ``Text`` of the ruleset's ``domain``, its phrases among its values too; any
    other value as it is."""
    if isinstance(value, Phrase):
        return Text(value.msgid, domain=domain, **{k: composed(v, domain) for k, v in value.values.items()})
    if isinstance(value, Phrases):
        return Joined([composed(part, domain) for part in value.parts], value.separator)
    return value
