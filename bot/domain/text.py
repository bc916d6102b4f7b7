"""Text people typed, made safe to keep and to show (pure: no Discord).

Names and reasons that players and moderators type end up in public posts.
``clean`` is applied when they are stored: it drops what no one can see but
that changes how text around it reads (right-to-left overrides, zero-width
characters, control characters) and folds runs of whitespace.  ``escape`` is
applied when they are shown, so that what was typed reads as typed: no
masked links, headings, quotes, code or mentions (a name stored before
``clean`` existed is escaped too).  ``quote`` is for refusals that repeat what
was typed: a short, clean, escaped excerpt, never the whole input.
"""

from __future__ import annotations

import re
import unicodedata


def N_(text: str) -> str:
    """Marks a text for the message catalogues without translating it (bot/i18n.py): it is looked
    up in the reader's language where it is shown.  Here, in the pure core, so that rules and map
    profiles can mark their words without importing the catalogues."""
    return text


class Phrase(str):
    """A sentence composed by the pure rules: its English text (what ``str`` compares and logs), and
    its message id and values, so that where it is shown it can be worded for the reader (a value may
    itself be a ``Phrase`` or ``Phrases``)."""

    msgid: str
    values: dict

    def __new__(cls, msgid: str, **values) -> Phrase:
        made = super().__new__(cls, msgid.format(**values) if values else msgid)
        made.msgid, made.values = msgid, values
        return made


class Phrases(str):
    """Several phrases joined by ``separator`` (each worded for the reader where shown)."""

    parts: list
    separator: str

    def __new__(cls, parts, separator: str = "; ") -> Phrases:
        made = super().__new__(cls, separator.join(parts))
        made.parts, made.separator = list(parts), separator
        return made

# Format (Cf: bidi overrides and isolates, zero-width space/joiners, BOM, soft hyphen), control (Cc),
# line/paragraph separators, private use and unassigned code points.
_INVISIBLE = frozenset({"Cf", "Cc", "Zl", "Zp", "Co", "Cn", "Cs"})
_SPACES = re.compile(r"\s+")
# Characters that start or close Discord markdown anywhere in a line.
_INLINE = re.compile(r"([\\*_~`|\[\]<>])")
# Markdown that only counts at the start of a line: headings, subtext, block quotes, lists.
_LINE_START = re.compile(r"^(#|-)")
_NUMBERED = re.compile(r"^(\d+)\.(?=\s)")
_MENTION = re.compile(r"@(?=everyone|here)", re.IGNORECASE)
ZERO_WIDTH_SPACE = "\u200b"


def clean(text: str) -> str:
    """``text`` without invisible or direction-changing characters, its whitespace folded to single spaces,
    composed (NFC) so that the same name typed two ways is stored the same."""
    composed = unicodedata.normalize("NFC", text)
    visible = "".join(" " if c in "\t\n\r" else c for c in composed
                      if c in "\t\n\r" or unicodedata.category(c) not in _INVISIBLE)
    return _SPACES.sub(" ", visible).strip()


def escape(text: str) -> str:
    """``text`` as Discord shows it literally: markdown escaped with backslashes, @everyone/@here broken
    (the bot never pings anyone either: AllowedMentions.none()).  Plain names come out unchanged."""
    shown = _INLINE.sub(r"\\\1", clean(text))
    shown = _NUMBERED.sub(r"\1\\.", _LINE_START.sub(r"\\\1", shown))
    return _MENTION.sub("@" + ZERO_WIDTH_SPACE, shown)


def excerpt(text: str, limit: int = 40) -> str:
    """The first ``limit`` characters of ``text`` (cleaned), marked with … when cut; not escaped."""
    plain = clean(text)
    return plain if len(plain) <= limit else plain[:limit - 1].rstrip() + "…"


def quote(text: str, limit: int = 40) -> str:
    """What someone typed, for a refusal to repeat: a short excerpt, cleaned, escaped, in quotes."""
    return f"“{escape(excerpt(text, limit))}”"


def same_name(a: str, b: str) -> bool:
    """Two names people would take for one: the same after cleaning, accents and case aside."""
    return fold(a) == fold(b)


def fold(text: str) -> str:
    """Compare names the way people type them: 'suo' finds 'Suō'."""
    decomposed = unicodedata.normalize("NFKD", clean(text))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def clean_payload(value):
    """Every string in an order's or an edit's payload (lists and mappings too) cleaned as it is stored."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list):
        return [clean_payload(v) for v in value]
    if isinstance(value, dict):
        return {k: clean_payload(v) for k, v in value.items()}
    return value


def sentence(text: str) -> str:
    """``text`` with its first letter upper case and the rest as written (``str.capitalize`` lowers names)."""
    return text[:1].upper() + text[1:]


_MARKUP = re.compile(r"[\\*_~`|\[\]<>@]|^[#\-]")


def markup_in(text: str) -> str | None:
    """The first character of ``text`` that Discord would read as formatting or a mention, else ``None``.
    For the names shown in nearly every reply (a campaign's, a clan's), refused rather than escaped everywhere."""
    found = _MARKUP.search(clean(text))
    return found.group(0) if found else None
