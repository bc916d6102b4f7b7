"""The renderer and the core's report package (its summary cards among it) contain no
Sengoku word: its marker shapes, highlight kinds, route and line styles live in its
vocabulary (bot/rulesets/sengoku/report/overlay_style.py), its cards in its report package.

Words are matched as words of identifiers and text alike ("port_attack", "PortAttack" and
"port attack" are one word pair; "blocked" is not "loc"), singular or plural."""

from __future__ import annotations

import re
from pathlib import Path

from bot.rulesets.sengoku import PLUGIN

ROOT = Path(__file__).resolve().parents[2]
SCANNED = sorted((ROOT / "bot" / "render").glob("*.py")) + sorted((ROOT / "bot" / "report").glob("*.py"))
# Sengoku's overlay words (its shapes and highlight kinds and what they stand for), and its descriptor's own.
SENGOKU_WORDS = ("squadron", "fleet", "reinforced", "blockade", "raid", "landing", "storm", "interception",
                 "port attack", "piracy", "pirate", "plunder", "ravage", "cruise", "heavy detachment", "sub phase",
                 *PLUGIN.vocabulary)
# The map's own Sengoku features: the static layer draws what its map profile declares
# (bot/rulesets/sengoku/rules/model/map_profile.py) and names none of them.
MAP_FEATURE_WORDS = ("strait", "loc", "line of communication", "island", "coastal", "province")


def _tokens(text: str) -> list[str]:
    return [t.lower() for t in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)]


def _forms(word: str) -> set[str]:
    return {word, word + "s", word + "es"}


def occurrences(words: tuple[str, ...], files: list[Path]) -> list[str]:
    """'file:line: word' for every word (or phrase) found."""
    phrases = [[_forms(part) for part in _tokens(word)] for word in words]
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            tokens = _tokens(line)
            for word, phrase in zip(words, phrases):
                if any(all(tokens[i + j] in forms for j, forms in enumerate(phrase))
                       for i in range(len(tokens) - len(phrase) + 1)):
                    found.append(f"{path.name}:{number}: {word}")
    return found


def test_the_scan_finds_words_however_they_are_written(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('PORT_ATTACK = 1\nclass PortAttacks: ...\n"two squadrons"\nblocked = local = 2\n', "utf-8")
    assert [f.split(": ")[1] for f in occurrences(("port attack", "squadron", "loc"), [sample])] == [
        "port attack", "port attack", "squadron"]


def test_the_renderer_and_the_report_core_contain_no_sengoku_word() -> None:
    assert occurrences(SENGOKU_WORDS, SCANNED) == []


def test_the_renderer_names_no_sengoku_map_feature() -> None:
    assert occurrences(MAP_FEATURE_WORDS, sorted((ROOT / "bot" / "render").glob("*.py"))) == []
