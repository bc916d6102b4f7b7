"""The core's services, store, scheduler, demo, case runner, CLI and data loaders name no ruleset
(issue 11): not its id, its words, its maps or scenarios, nor a module of it.  Sengoku's words the
descriptor does not list are added here (tests may name a ruleset).  Not yet checked here: the
commands, the map model and the renderer (their parts of issue 11), and the store's historical
migration 0008, which was written for Sengoku campaigns and must stay as it was applied."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.plugins import plugins

ROOT = Path(__file__).resolve().parent.parent
SCOPE = ["bot/services", "bot/store", "bot/cases", "bot/engine", "bot/scheduler.py", "bot/demo.py",
         "bot/__main__.py", "bot/mapfiles.py", "bot/scenarios.py", "bot/plugins.py"]
MORE_WORDS = {"sengoku": ["SP1", "SP2", "SP3", "subphase", "clan_add", "cruise", "ravage", "plunder", "S12.4",
                          "OP-05"]}


def files() -> list[Path]:
    found = []
    for name in SCOPE:
        path = ROOT / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def words() -> dict[str, str]:
    """Each word no core file may contain → the ruleset it is a word of."""
    found = {}
    for ruleset in plugins().values():
        for word in [ruleset.id, *ruleset.vocabulary, *ruleset.maps(), *ruleset.scenarios(),
                     *MORE_WORDS.get(ruleset.id, [])]:
            found[word] = ruleset.id
    return found


def problems_in(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = [f"{where}: names {word!r} ({ruleset})" for word, ruleset in words().items()
             if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w])", text, re.IGNORECASE)]
    for node in ast.walk(ast.parse(text)):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
        found += [f"{where}:{node.lineno} imports {n}" for n in names if n.startswith("bot.rulesets")]
    return found


@pytest.mark.parametrize("path", files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_core_module_names_no_ruleset(path):
    assert problems_in(path) == []


def test_the_check_finds_a_ruleset_word_and_import(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text('"""A Squadron on Seto."""\nfrom bot.rulesets.sengoku import PLUGIN\n', encoding="utf-8")
    assert problems_in(bad) == ["probe.py: names 'sengoku' (sengoku)", "probe.py: names 'squadron' (sengoku)",
                                "probe.py: names 'seto' (sengoku)", "probe.py:2 imports bot.rulesets.sengoku"]
