"""The slash commands in the reader's language: discord.py asks a ``Translator`` for every command,
group and option name, description and choice name when it syncs, and Discord shows each user the
one of their client's locale (English, the source, for en-US, en-GB and any locale without a
catalogue).

The texts are the catalogues' (bot/i18n.py): a name under msgctxt ``COMMAND_NAME``, a description
or choice under ``COMMAND_TEXT`` (bot/catalogues.py, which also checks Discord's name rules and
lengths); a ruleset's commands are translated from its own domain, the core's from the core's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import COMMAND_NAME, COMMAND_TEXT, CORE_DOMAIN, CORE_LOCALE_DIR, messages
from bot.plugins import plugins

# Discord's locales the bot has catalogues for → its language (bot/i18n.py LANGUAGES).
LOCALES: dict[discord.Locale, str] = {discord.Locale.russian: "ru", discord.Locale.taiwan_chinese: "zh-TW",
                                      discord.Locale.japanese: "ja"}
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}


def ruleset_roots() -> dict[str, str]:
    """Top-level command name → the ruleset whose commands it holds."""
    return {name: plugin.id for plugin in plugins().values() if plugin.locale_dir for name in plugin.command_groups}


def catalogue_dirs() -> list[Path]:
    return [CORE_LOCALE_DIR, *(p.locale_dir for p in plugins().values() if p.locale_dir)]


def translations_fingerprint() -> str:
    """A digest of every catalogue file the commands' texts may come from: part of the command hash
    (bot/startup.py), so a changed translation is sent to Discord like a changed command."""
    digest = hashlib.sha256()
    for folder in catalogue_dirs():
        for path in sorted(folder.glob("*/LC_MESSAGES/*.po")):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class CommandTranslator(app_commands.Translator):
    """Every command text from the catalogues; None (Discord shows the English) where there is none."""

    def __init__(self, roots: Mapping[str, str] | None = None) -> None:
        self.roots = dict(roots) if roots is not None else None

    async def load(self) -> None:
        if self.roots is None:
            self.roots = ruleset_roots()

    def _domains(self, context: app_commands.TranslationContext) -> list[str]:
        """The domains to look the text up in: its command's (a ruleset's falls back to the core's);
        a choice does not know its command, so every ruleset's, then the core's."""
        roots = self.roots if self.roots is not None else ruleset_roots()
        data = context.data
        command = getattr(data, "command", data)  # a Parameter knows its command
        if isinstance(command, app_commands.Command | app_commands.Group):
            root = command.root_parent or command
            return [roots.get(root.name, CORE_DOMAIN)]
        return [*dict.fromkeys(roots.values()), CORE_DOMAIN]

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = LOCALES.get(locale)
        if language is None:
            return None
        kind = COMMAND_NAME if context.location in NAMES else COMMAND_TEXT
        for domain in self._domains(context):
            text = messages(language, domain).p_(kind, string.message)
            if text != string.message:
                return text
        return None
