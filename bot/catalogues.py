"""Keeping the message catalogues in step with the code: ``python -m bot i18n extract`` and
``python -m bot i18n check`` (docs/translating.md).

A *domain* is one set of catalogues: the core's (``fleetwright``: every text of ``bot/`` and
``cogs/`` outside ``bot/rulesets/``, catalogues in ``bot/locale/``) and each ruleset's (its
package, catalogues in its plug-in's ``locale_dir``).  Its texts are

- the ones the code marks: ``t._("…")``, ``t.n_("…", "…", n)``, ``N_("…")`` (Babel's extractor
  with ``bot.i18n.EXTRACT_KEYWORDS``), and
- the command tree's: every command, group and option name (msgctxt ``COMMAND_NAME``), every
  description and choice name (msgctxt ``COMMAND_TEXT``), read from the payloads a sync sends;
  a choice offered as its own value (a map's or scenario's id, a rule's own id such as a step's) is not a text.

A domain's texts of one language may be split over several ``*.po`` files (one per part of the
code, so that translators of different parts do not edit one file); ``messages()`` reads them
merged, and a text in two files is an error.  Which file a *new* text goes to is decided here,
in ``CATALOGUE_FILES``, by the folder of the code where it first appears; an existing text stays
in whichever file it is in.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from bot.i18n import (COMMAND_NAME, COMMAND_TEXT, CORE_DOMAIN, CORE_LOCALE_DIR, DEFAULT_LANGUAGE,
                      EXTRACT_KEYWORDS, LANGUAGES, placeholders, po_files, read_catalogue)

ROOT = Path(__file__).resolve().parent.parent  # the checkout: bot/ and cogs/
COMMANDS_FILE = "commands"  # the file of the command tree's texts, in every domain
# Discord's rule for a localised name: lowercase letters of any script, digits, "-" and "_".
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")

# Choices shown as they are in every language: each language in its own name (cogs/common.py
# LANGUAGE_CHOICES), a shipped map's or scenario's id, a rule's own id (upper-case letters and digits, like the rules' section ids).
AS_THEY_ARE = {f"{name} ({code})" for code, name in LANGUAGES.items()}
RULE_ID = re.compile(r"^[A-Z]+\d+$")


def shown_as_it_is(choice: str) -> bool:
    from bot.mapfiles import shipped_map_ids
    from bot.scenarios import shipped_scenario_ids
    return (choice in AS_THEY_ARE or bool(RULE_ID.match(choice)) or choice in shipped_map_ids()
            or choice in shipped_scenario_ids())


# Where a new text of a domain goes: the file named for the longest folder (or file) prefix, relative
# to the checkout, of the code where it first appears.  Each part of the code has its own file.
CATALOGUE_FILES: dict[str, dict[str, str]] = {
    CORE_DOMAIN: {"": "fleetwright", "cogs/": "replies", "bot/services/": "replies",
                  "bot/discord_app.py": "replies", "bot/render/": "maps"},
}


def _ruleset_files(ruleset: str, package: str) -> dict[str, str]:
    """A ruleset's own: its reports, its commands' replies, its map words (CATALOGUE_FILES may override)."""
    return {"": ruleset, f"{package}/commands/": f"{ruleset}-replies",
            f"{package}/report/overlay": f"{ruleset}-maps"}


Key = tuple[str, str | None]  # (msgid, msgctxt)


@dataclass
class Text:
    """One text the code uses: its id (a (singular, plural) pair for a count), context and first place."""

    msgid: str | tuple[str, str]
    context: str | None
    where: str
    command: bool = False  # the command tree's (its file is COMMANDS_FILE)

    @property
    def key(self) -> Key:
        return (self.msgid[0] if isinstance(self.msgid, tuple) else self.msgid, self.context)


@dataclass
class Domain:
    name: str
    locale_dir: Path
    sources: tuple[Path, ...]
    skip: tuple[str, ...] = ()  # folders (relative to the checkout) that are another domain's
    files: dict[str, str] = field(default_factory=dict)
    command_roots: tuple[str, ...] | None = None  # the top-level commands it translates (None: the core's)

    def file_for(self, text: Text) -> str:
        """The catalogue file (stem) a new text goes to."""
        if text.command:
            return COMMANDS_FILE
        best = max((prefix for prefix in self.files if text.where.startswith(prefix)), key=len, default="")
        return self.files.get(best, self.name)


def domains() -> list[Domain]:
    """The core's domain, then each installed ruleset's that has catalogues."""
    from bot.plugins import plugins
    found = [Domain(CORE_DOMAIN, CORE_LOCALE_DIR, (ROOT / "bot", ROOT / "cogs"), skip=("bot/rulesets/",),
                    files=CATALOGUE_FILES[CORE_DOMAIN])]
    for plugin in plugins().values():
        if plugin.locale_dir is None:
            continue
        package = plugin.locale_dir.parent
        relative = _relative(package)
        files = {**_ruleset_files(plugin.id, relative), **CATALOGUE_FILES.get(plugin.id, {})}
        found.append(Domain(plugin.id, plugin.locale_dir, (package,), files=files,
                            command_roots=tuple(plugin.command_groups)))
    return found


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:  # a plug-in installed elsewhere: its own paths
        return path.resolve().as_posix()


def code_texts(domain: Domain) -> dict[Key, Text]:
    """The texts the domain's code marks for translation (Babel's Python extractor)."""
    found: dict[Key, Text] = {}
    for source in domain.sources:
        for filename, _line, msgid, _comments, context in extract_from_dir(
                source, method_map=[("**.py", "python")], keywords=EXTRACT_KEYWORDS):
            where = _relative(source / filename)
            if any(where.startswith(skip) for skip in domain.skip) or not msgid:
                continue
            if isinstance(msgid, tuple) and (len(msgid) < 2 or not all(msgid[:2])):
                continue  # n_(singular, plural, n): the two texts
            text = Text(tuple(msgid[:2]) if isinstance(msgid, tuple) else msgid, context, where)
            found.setdefault(text.key, text)
    return found


def command_texts(payloads: list[dict]) -> dict[Key, Text]:
    """Every name, description and choice name of the command payloads (what a Translator is asked)."""
    found: dict[Key, Text] = {}

    def walk(node: dict, where: str) -> None:
        here = f"{where} {node['name']}".strip()
        for text in (Text(node["name"], COMMAND_NAME, here, True),
                     Text(node.get("description", ""), COMMAND_TEXT, here, True),
                     *(Text(c["name"], COMMAND_TEXT, here, True) for c in node.get("choices") or []
                       if not shown_as_it_is(c["name"]))):
            if text.msgid:
                found.setdefault(text.key, text)
        for option in node.get("options") or []:
            walk(option, here)

    for payload in payloads:
        walk(payload, "/")
    return found


async def command_payloads() -> dict[str, list[dict]]:
    """Domain → the payloads of its top-level commands, from the bot's tree built offline."""
    import discord

    from bot.discord_app import FleetwrightBot
    bot = FleetwrightBot(None, intents=discord.Intents.none(), sync_commands=False,  # type: ignore[arg-type]
                         run_scheduler=False)
    async with bot:
        await bot.load_all_extensions()
        surface = bot.surface()
    return {CORE_DOMAIN: surface.core, **surface.rulesets}


def expected_texts(domain: Domain, payloads: dict[str, list[dict]]) -> dict[Key, Text]:
    return {**code_texts(domain), **command_texts(payloads.get(domain.name, []))}


def translated_languages() -> list[str]:
    return [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]


@dataclass
class Entry:
    message: Message
    file: Path


def entries(domain: Domain, language: str) -> tuple[dict[Key, Entry], list[str]]:
    """The domain's entries of ``language`` over all its files, and each text found in two files."""
    found: dict[Key, Entry] = {}
    twice = []
    for path in po_files(domain.locale_dir, language):
        for message in read_catalogue(path, language, domain.name):
            if not message.id:
                continue
            key = (message.id[0] if isinstance(message.id, tuple) else message.id, message.context)
            if key in found:
                twice.append(f"{_show(key)} is in both {found[key].file.name} and {path.name}")
                continue
            found[key] = Entry(message, path)
    return found, twice


def _show(key: Key) -> str:
    msgid, context = key
    return f"{msgid!r}" + (f" ({context})" if context else "")


def check_language(domain: Domain, language: str, expected: dict[Key, Text],
                   core: dict[Key, Entry] | None = None) -> list[str]:
    """What is wrong with one language's catalogues of a domain: a text the code uses that is
    missing or untranslated, one the code no longer uses, placeholders that differ, the wrong
    number of plural forms, a command name Discord would refuse, a text in two files.  A
    ruleset's text the core's catalogue (``core``) has needs no entry of its own: it is read
    from there (``messages(language, ruleset)`` falls back to the core's)."""
    where = f"{domain.name} [{language}]"
    found, twice = entries(domain, language)
    problems = [f"{where}: {p}" for p in twice]
    plural_forms = Catalog(locale=language.replace("-", "_")).num_plurals
    for key, text in expected.items():
        entry = found.get(key) or (core or {}).get(key)
        if entry is None:
            problems.append(f"{where}: missing {_show(key)} (used in {text.where})")
            continue
        problems += [f"{where} {entry.file.name}: {p}" for p in _entry_problems(entry.message, key, plural_forms)]
    problems += [f"{where} {found[key].file.name}: extra {_show(key)} (no longer in the code)"
                 for key in found if key not in expected]
    return problems


def _entry_problems(message: Message, key: Key, plural_forms: int) -> list[str]:
    ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
    strings = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
    if message.fuzzy or not all(strings):
        return [f"untranslated {_show(key)}"]
    problems = []
    if len(ids) > 1 and len(strings) != plural_forms:
        problems.append(f"{_show(key)} has {len(strings)} plural forms, the language has {plural_forms}")
    wanted = set().union(*(placeholders(i) for i in ids))
    for string in strings:
        try:
            placeholders(string)
        except ValueError as exc:  # a lone brace: it would raise where the reply is formatted
            problems.append(f"{_show(key)}: {string!r} is not a text with placeholders ({exc})")
            continue
        if placeholders(string) != wanted:
            problems.append(f"{_show(key)}: placeholders {sorted(placeholders(string))} in {string!r}, "
                            f"the English has {sorted(wanted)}")
    if key[1] == COMMAND_NAME and any(not NAME_RULE.match(s) or s != s.lower() for s in strings):
        problems.append(f"{_show(key)}: {strings[0]!r} is not a command name Discord takes "
                        f"(1-32 lowercase letters, digits, - or _)")
    if key[1] == COMMAND_TEXT and any(len(s) > 100 for s in strings):
        problems.append(f"{_show(key)}: {strings[0]!r} is longer than Discord's 100 characters")
    return problems


def check(payloads: dict[str, list[dict]] | None = None) -> list[str]:
    """Every problem of every domain's catalogues in every language ([] if none)."""
    payloads = payloads if payloads is not None else asyncio.run(command_payloads())
    problems = []
    core, *rulesets = domains()
    for language in translated_languages():
        problems += check_language(core, language, expected_texts(core, payloads))
        shared = entries(core, language)[0]
        for domain in rulesets:
            problems += check_language(domain, language, expected_texts(domain, payloads), shared)
    return problems


@dataclass
class Update:
    added: dict[Path, int] = field(default_factory=dict)
    obsolete: list[str] = field(default_factory=list)


def update_language(domain: Domain, language: str, expected: dict[Key, Text], prune: bool = False,
                    core: dict[Key, Entry] | None = None) -> Update:
    """Add each text the code uses that no file of ``language`` has (nor, for a ruleset, the
    core's: ``core``), empty, to the file ``Domain.file_for`` names (created if need be); keep
    every translation; report (and with ``prune`` drop) the texts the code no longer uses."""
    folder = domain.locale_dir / language / "LC_MESSAGES"
    catalogues = {path.stem: read_catalogue(path, language, domain.name)
                  for path in po_files(domain.locale_dir, language)}
    present = {(m.id[0] if isinstance(m.id, tuple) else m.id, m.context): stem
               for stem, catalogue in catalogues.items() for m in catalogue if m.id}
    update, changed = Update(), set()
    for key, text in expected.items():
        if key in present or key in (core or {}):
            continue
        stem = domain.file_for(text)
        catalogue = catalogues.setdefault(stem, _new_catalogue(language, domain.name))
        string = ("",) * catalogue.num_plurals if isinstance(text.msgid, tuple) else ""
        catalogue.add(text.msgid, string, context=text.context)
        changed.add(stem)
        update.added[folder / f"{stem}.po"] = update.added.get(folder / f"{stem}.po", 0) + 1
    for key, stem in present.items():
        if key not in expected:
            update.obsolete.append(f"{domain.name} [{language}] {stem}.po: {_show(key)}")
            if prune:
                catalogues[stem].delete(key[0], context=key[1])
                changed.add(stem)
    folder.mkdir(parents=True, exist_ok=True)
    for stem in sorted(changed):
        with (folder / f"{stem}.po").open("wb") as fh:
            write_po(fh, catalogues[stem], width=0, no_location=True)
    return update


def _new_catalogue(language: str, domain: str) -> Catalog:
    header = (f"# {LANGUAGES[language]} ({language}) texts of Fleetwright, domain {domain!r}.\n"
              f"# Written by hand; docs/translating.md says how to add and check them.")
    return Catalog(locale=language.replace("-", "_"), domain=domain, project="Fleetwright", fuzzy=False,
                   charset="utf-8", header_comment=header, msgid_bugs_address="", copyright_holder="",
                   last_translator="Fleetwright translators", language_team=f"{LANGUAGES[language]} ({language})")


def extract(prune: bool = False) -> Iterator[str]:
    """Update every catalogue file of every domain and language; yields what it did."""
    payloads = asyncio.run(command_payloads())
    core, *rulesets = domains()
    for domain in [core, *rulesets]:  # the core's first: a ruleset's text the core's has is read from there
        expected = expected_texts(domain, payloads)
        for language in translated_languages():
            shared = entries(core, language)[0] if domain is not core else None
            update = update_language(domain, language, expected, prune, shared)
            for path, count in update.added.items():
                yield f"{_relative(path)}: {count} new text(s) to translate"
            yield from (f"obsolete{' (dropped)' if prune else ''}: {line}" for line in update.obsolete)
