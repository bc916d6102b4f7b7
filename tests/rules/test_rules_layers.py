"""Each ruleset's rules import one way (issue 11): the sub-packages of
``bot/rulesets/<id>/rules`` are ordered by the ``LAYERS`` tuple in its
``__init__.py``; a module never imports from a sub-package listed after its own,
and no import circle exists among the modules at all.  Imports are read with
``ast``, so one inside a function or under ``if TYPE_CHECKING`` counts too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = sorted((ROOT / "bot" / "rulesets").glob("*/rules"))


def declared_layers(rules: Path) -> tuple[str, ...] | None:
    """The ``LAYERS`` tuple of the rules package, read without importing it."""
    tree = ast.parse((rules / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "LAYERS" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    return None


def modules(rules: Path) -> dict[str, Path]:
    """Dotted name -> file for every module of the rules package (a package by its __init__)."""
    base = ".".join(rules.relative_to(rules.parents[3]).parts)  # bot.rulesets.<id>.rules
    found = {}
    for path in sorted(rules.rglob("*.py")):
        parts = list(path.relative_to(rules).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([base, *parts])] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's own modules that ``name`` imports, anywhere in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(up + ([module] if module else []))
            targets = [f"{module}.{alias.name}" for alias in node.names] + [module]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
                break
    return out


def graph(rules: Path) -> dict[str, set[str]]:
    known = modules(rules)
    return {name: imports(name, path, known) for name, path in known.items()}


def layer_of(rules_name: str, module: str, layers: tuple[str, ...]) -> int:
    """Index in LAYERS; the rules package itself and its direct modules are above every layer."""
    rest = module[len(rules_name):].lstrip(".").split(".")
    return layers.index(rest[0]) if len(rest) > 1 or rest[0] in layers else len(layers)


def upward(rules: Path, layers: tuple[str, ...]) -> list[str]:
    rules_name = min(modules(rules), key=len)
    found = []
    for source, targets in sorted(graph(rules).items()):
        for target in sorted(targets):
            if layer_of(rules_name, target, layers) > layer_of(rules_name, source, layers):
                found.append(f"{source} imports {target}")
    return found


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def sub_packages(rules: Path) -> list[str]:
    return sorted(p.parent.name for p in rules.glob("*/__init__.py"))


def test_every_ruleset_has_rules():
    assert RULES


@pytest.mark.parametrize("rules", RULES, ids=lambda p: p.parent.name)
def test_rules_have_no_import_circle(rules):
    assert circles(graph(rules)) == []


@pytest.mark.parametrize("rules", RULES, ids=lambda p: p.parent.name)
def test_layers_name_every_sub_package(rules):
    layers = declared_layers(rules)
    if not sub_packages(rules):
        return  # flat rules: only the no-circle test applies
    assert layers is not None, f"{rules}/__init__.py declares no LAYERS for {sub_packages(rules)}"
    assert sorted(layers) == sub_packages(rules)


@pytest.mark.parametrize("rules", RULES, ids=lambda p: p.parent.name)
def test_no_import_goes_up_a_layer(rules):
    layers = declared_layers(rules) or ()
    assert upward(rules, layers) == []


@pytest.mark.parametrize("rules", [r for r in RULES if (r / "README.md").exists()], ids=lambda p: p.parent.name)
def test_readme_lists_the_layers_in_order(rules):
    """The README's table of sub-packages (``| n | `name/` | ...``) is the declared order."""
    rows = re.findall(r"^\|\s*\d+\s*\|\s*`(\w+)/`", (rules / "README.md").read_text(encoding="utf-8"), re.M)
    assert tuple(rows) == declared_layers(rules)


# --- the checks themselves, on made-up packages -------------------------------------------------

def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    rules = tmp_path / "bot" / "rulesets" / "toy" / "rules"
    for rel, text in {"__init__.py": "", **files}.items():
        (rules / rel).parent.mkdir(parents=True, exist_ok=True)
        (rules / rel).write_text(text, encoding="utf-8")
    return rules


def test_a_circle_is_found_even_through_a_function_local_import(tmp_path):
    """The flat Sengoku rules had one of 31 modules; a local import hides nothing."""
    rules = _package(tmp_path, {
        "a.py": "from bot.rulesets.toy.rules.b import f\n",
        "b.py": "def f():\n    from bot.rulesets.toy.rules import a\n",
        "c.py": "from bot.rulesets.toy.rules import a\n",
    })
    assert circles(graph(rules)) == [["bot.rulesets.toy.rules.a", "bot.rulesets.toy.rules.b"]]


def test_an_upward_import_is_found_also_under_type_checking_and_relative(tmp_path):
    rules = _package(tmp_path, {
        "__init__.py": 'LAYERS = ("low", "high")\n',
        "low/__init__.py": "",
        "low/x.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..high.y import Y\n",
        "low/z.py": "from bot.rulesets.toy.rules import ruleset\n",
        "high/__init__.py": "",
        "high/y.py": "from bot.rulesets.toy.rules.low import x\nY = 1\n",
        "ruleset.py": "from bot.rulesets.toy.rules.high import y\n",
    })
    assert declared_layers(rules) == ("low", "high")
    assert upward(rules, ("low", "high")) == ["bot.rulesets.toy.rules.low.x imports bot.rulesets.toy.rules.high.y",
                                              "bot.rulesets.toy.rules.low.z imports bot.rulesets.toy.rules.ruleset"]
