"""The conformance suite: what every registered ruleset must satisfy (docs/adding-a-ruleset.md).

Parametrised over ``bot.plugins.plugins()``, so a new ruleset is checked the moment its package
exists; nothing here names one."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from bot.engine.ruleset import Ruleset
from bot.mapfiles import load_shipped_map
from bot.plugins import RulesetPlugin, plugins
from bot.scenarios import load_shipped_scenario
from tests.test_pure_core import core_files

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = list(plugins().values())
PRESENTER_METHODS = ("build_reports", "template_kinds", "describe_order", "cards", "render")


def by_id(plugin: RulesetPlugin) -> str:
    return plugin.id


def package_dir(plugin: RulesetPlugin) -> Path:
    return Path(inspect.getfile(type(plugin.rules()))).resolve().parents[1]


def test_at_least_one_ruleset_is_registered():
    assert PLUGINS, "no ruleset found: bot/rulesets/<id>/__init__.py must define PLUGIN"


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_the_descriptor_is_complete(plugin):
    rules = plugin.rules()
    assert isinstance(rules, Ruleset), "rules() must satisfy bot.engine.ruleset.Ruleset"
    assert rules.id == plugin.id and plugin.name.strip()
    presenter = plugin.presenter()
    assert [m for m in PRESENTER_METHODS if not callable(getattr(presenter, m, None))] == []
    assert plugin.maps(), "a ruleset ships at least one map"
    assert plugin.default_map in plugin.maps()


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_every_shipped_map_and_scenario_loads(plugin):
    for map_id in plugin.maps():
        assert load_shipped_map(map_id).id == map_id
    for scenario_id in plugin.scenarios():
        scenario = load_shipped_scenario(scenario_id)
        assert scenario.file.ruleset == plugin.id
        assert scenario.file.map in plugin.maps()


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_every_event_kind_has_a_report_template(plugin):
    kinds = plugin.rules().event_kinds()
    assert kinds, "the rules declare their event kinds"
    assert sorted(set(kinds) - plugin.presenter().template_kinds()) == []


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_the_pure_core_scan_covers_the_rules(plugin):
    rules_module = Path(inspect.getfile(type(plugin.rules()))).resolve()
    assert rules_module in {p.resolve() for p in core_files()}, (
        f"{rules_module} is not scanned by tests/test_pure_core.py: keep the rules in bot/rulesets/<id>/rules/")


def imported_modules(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def package_name(plugin: RulesetPlugin) -> str:
    return type(plugin.rules()).__module__.split(".rules.")[0]


def cross_imports(folder: Path, others: list[str]) -> list[str]:
    """Each import in ``folder`` of one of the ``others`` packages, as ``file:line imports name``."""
    return [f"{path.name}:{line} imports {name}"
            for path in sorted(folder.rglob("*.py")) for line, name in imported_modules(path)
            if any(name == other or name.startswith(other + ".") for other in others)]


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_no_ruleset_imports_another(plugin):
    others = [package_name(p) for p in PLUGINS if p is not plugin]
    assert cross_imports(package_dir(plugin), others) == []


def test_a_cross_import_is_found(tmp_path):
    (tmp_path / "rules.py").write_text("from bot.rulesets.other.rules.model import State\nimport bot.rulesets.otherwise\n")
    assert cross_imports(tmp_path, ["bot.rulesets.other"]) == ["rules.py:1 imports bot.rulesets.other.rules.model"]


def test_the_import_scanner_sees_absolute_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import a.b\nfrom c.d import e\nfrom . import f\n")
    assert imported_modules(sample) == [(1, "a.b"), (2, "c.d")]
