"""The rules core is pure (ARCHITECTURE.md): no Discord, no database, no
matplotlib, no asyncio, no clock, no global random, no file I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The core's pure packages, and each ruleset's rules (bot/rulesets/<id>/rules): found, not listed.
CORE = ["bot/domain", "bot/engine", *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "bot" / "rulesets").glob("*/rules")))]
FORBIDDEN_MODULES = {"discord", "aiosqlite", "sqlite3", "matplotlib", "asyncio", "random", "secrets",
                     "time", "os", "pathlib", "requests", "aiohttp", "bot.store", "bot.services",
                     "bot.render", "bot.report", "bot.plugins", "cogs"}
FORBIDDEN_CALLS = {"open", "print", "input"}
FORBIDDEN_ATTRS = {("datetime", "now"), ("datetime", "utcnow"), ("date", "today")}


def core_files() -> list[Path]:
    return sorted(p for d in CORE for p in (ROOT / d).rglob("*.py"))


def _presentation(module: str) -> bool:
    """A ruleset's words, maps and commands (its ``report`` and ``commands``) are not pure."""
    parts = module.split(".")
    return parts[:2] == ["bot", "rulesets"] and len(parts) > 3 and parts[3] in ("report", "commands")


def problems_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN_MODULES) or _presentation(name):
                found.append(f"{where}:{node.lineno} imports {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{where}:{node.lineno} calls {node.func.id}()")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if (node.value.id, node.attr) in FORBIDDEN_ATTRS:
                found.append(f"{where}:{node.lineno} reads the clock ({node.value.id}.{node.attr})")
    return found


def test_core_has_files():
    assert len(core_files()) > 10


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_module_is_pure(path):
    assert problems_in(path) == []


def test_scanner_catches_forbidden_imports_calls_and_clocks(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom discord import Client\nfrom datetime import datetime\n"
                   "x = open('f')\ny = datetime.now()\n")
    assert problems_in(bad) == ["bad.py:1 imports random", "bad.py:2 imports discord",
                                "bad.py:4 calls open()", "bad.py:5 reads the clock (datetime.now)"]
