"""The moderators' guides in Russian, Traditional Chinese and Japanese (issue 16:
"README sections for moderators" in the players' languages).

Each guide must name every top-level command the README's moderator path and
languages section name, and every command group Sengoku adds, so a command
added to the README's path but missing from a guide fails here. Each guide also
names the command's localised name, as the client of that language shows it,
taken from the localised command snapshot (so the guide and the bot agree).
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = ["ru", "zh-TW", "ja"]
SENGOKU_GROUPS = {"order", "unit", "clan", "sengoku"}
MODERATOR_SECTIONS = ("### A moderator's path", "### Languages")


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n### ", start + len(heading))
    return text[start:] if end == -1 else text[start:end]


def _readme_commands() -> set[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names: set[str] = set()
    for heading in MODERATOR_SECTIONS:
        names |= set(re.findall(r"`/([a-z][a-z-]*)", _section(readme, heading)))
    return names


def _localised_top_names(lang: str) -> dict[str, str]:
    """English top-level name → its name in `lang`, pairing the two snapshots
    command by command (they list the same tree in the same order)."""
    base = ROOT / "tests" / "discord"
    english = json.loads((base / "commands.snapshot.json").read_text(encoding="utf-8"))
    local = json.loads((base / f"commands.{lang}.snapshot.json").read_text(encoding="utf-8"))
    pairs: dict[str, str] = {}
    for scope, commands in english.items():
        for en, lo in zip(commands, local[scope], strict=True):
            pairs[en["name"]] = lo["name"]
    return pairs


def test_the_readme_path_names_the_core_and_sengoku_commands():
    # Guards the guard: if the README's headings change, this test must not go vacuous.
    assert {"campaign", "faction", "turn", "mod", "game", "help"} | SENGOKU_GROUPS <= _readme_commands()


def test_the_readme_links_the_guides():
    head = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    for lang in LANGS:
        assert f"docs/moderators.{lang}.md" in head


@pytest.mark.parametrize("lang", LANGS)
def test_each_guide_names_every_command_of_the_moderator_path(lang):
    guide = ROOT / "docs" / f"moderators.{lang}.md"
    assert guide.exists(), f"{guide.name} is missing"
    text = guide.read_text(encoding="utf-8")
    named = set(re.findall(r"/([a-z][a-z-]*)", text))
    missing = sorted((_readme_commands() | SENGOKU_GROUPS) - named)
    assert not missing, f"{guide.name} does not mention: " + ", ".join("/" + m for m in missing)


@pytest.mark.parametrize("lang", LANGS)
def test_each_guide_gives_the_localised_names_of_the_commands(lang):
    text = (ROOT / "docs" / f"moderators.{lang}.md").read_text(encoding="utf-8")
    localised = _localised_top_names(lang)
    wanted = _readme_commands() | SENGOKU_GROUPS
    unknown = sorted(wanted - localised.keys())
    assert not unknown, "the README names commands the bot does not have: " + ", ".join("/" + u for u in unknown)
    missing = sorted(f"/{en} → /{localised[en]}" for en in wanted if f"/{localised[en]}" not in text)
    assert not missing, f"moderators.{lang}.md lacks the client's names: " + ", ".join(missing)
