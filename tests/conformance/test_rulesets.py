"""The conformance suite: what every registered ruleset must satisfy (docs/adding-a-ruleset.md).

Parametrised over ``bot.plugins.plugins()``, so a new ruleset is checked the moment its package
exists; nothing here names one."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

from bot.cases.runner import ruleset_case_paths
from bot.engine.ruleset import Ruleset
from bot.mapfiles import load_shipped_map
from bot.plugins import RulesetPlugin, plugins
from bot.scenarios import load_shipped_scenario
from tests.discord.test_ruleset_commands import bot_with, names
from tests.scenarios.test_cases import EVERY_CASE
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


# --- no core module names a ruleset ------------------------------------------------------------
# The core is every module of bot/ outside bot/rulesets/, and cogs/; its store migrations are
# scanned too.  Words match case-insensitively as whole words of text and identifiers alike:
# "trade fleet" is also trade_fleet, trade-fleet, TradeFleet and "trade fleets"; "sub-phase" is also
# subphase; a word inside a longer one ("cruiser" for "cruise") or after a hyphen ("E-OP-48") is not.

# Applied store migrations are history: every store has run them as they are, a store made by an
# older bot runs them on opening exactly as they were applied, and 0008 was a one-off rewrite of
# that ruleset's order slots in that ruleset's campaigns (it must name them).  Nothing else is exempt.
HISTORY = {"bot/store/migrations/0008_namespaced_order_slots.sql",
           "bot/store/migrations/postgresql/0008_namespaced_order_slots.sql"}


def core_modules() -> list[Path]:
    found = [p for p in sorted((ROOT / "bot").rglob("*.py")) if "rulesets" not in p.relative_to(ROOT / "bot").parts]
    found += sorted((ROOT / "cogs").rglob("*.py")) + sorted((ROOT / "bot" / "store" / "migrations").rglob("*.sql"))
    return [p for p in found if p.relative_to(ROOT).as_posix() not in HISTORY]


def ruleset_words(plugin: RulesetPlugin) -> list[str]:
    """What no core module may contain: the ruleset's id, its maps' and scenarios' ids, its vocabulary."""
    return list(dict.fromkeys([plugin.id, *plugin.maps(), *plugin.scenarios(), *plugin.vocabulary]))


def _word_pattern(word: str) -> re.Pattern[str]:
    # each part of it singular or plural ("lines of communication")
    parts = [re.escape(part) + (r"(?:e?s)?" if part[-1].isalpha() else "")
             for part in re.split(r"[\s_-]+", word.strip()) if part]
    joined = r"[\s_-]*".join(parts)
    # not after a letter, digit or hyphen, nor before a letter or digit ("_" and "." divide words)
    return re.compile(rf"(?<![^\W_])(?<!-){joined}(?![^\W_])", re.IGNORECASE)


def _humps(line: str) -> str:
    """camelCase and CamelCase split into words: "TradeFleet" reads "Trade Fleet"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", line)


def vocabulary_in(paths: list[Path], words: list[str], rule_ids: str = "") -> list[str]:
    """'file:line: word' for every word of ``words`` (and rule id matching ``rule_ids``) found,
    and 'file:line: imports <module>' for every import of a ruleset's package."""
    patterns = [(word, _word_pattern(word)) for word in words]
    ids = re.compile(rf"(?<![\w-])(?:{rule_ids})(?![\w.]*\w)") if rule_ids else None
    found = []
    for path in paths:
        where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = _humps(line)
            found += [f"{where}:{number}: {word}" for word, pattern in patterns if pattern.search(text)]
            found += [f"{where}:{number}: {m.group(0)}" for m in ids.finditer(line)] if ids else []
        if path.suffix == ".py":
            found += [f"{where}:{line} imports {name}" for line, name in imported_modules(path)
                      if name == "bot.rulesets" or name.startswith("bot.rulesets.")]
    return found


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_no_core_module_contains_the_rulesets_vocabulary(plugin):
    problems = vocabulary_in(core_modules(), ruleset_words(plugin), plugin.rule_ids)
    assert problems == [], (f"the core names the {plugin.id} ruleset (reword neutrally, or move the code into "
                            f"bot/rulesets/{plugin.id}/):\n  " + "\n  ".join(problems))


def test_the_vocabulary_scan_finds_words_however_they_are_written(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""Two Trade fleets on Seto."""\nfrom bot.rulesets.sengoku import PLUGIN\n'
                     "class TradeFleetOrder: ...  # in SP2, see OP-48 and S5.3\n"
                     "sub_phase = subphase = 'sub-phase'\n"
                     "cruiser = 'E-OP-48, S5.3a', seto_demo_x  # two lines of communication\n", encoding="utf-8")
    found = vocabulary_in([probe], ["sengoku", "seto", "trade fleet", "sub-phase", "SP2", "cruise",
                                    "line of communication"],
                          r"S\d+(?:\.\d+)+|OP-\d+")
    assert found == ["probe.py:1: seto", "probe.py:1: trade fleet", "probe.py:2: sengoku",
                     "probe.py:3: trade fleet", "probe.py:3: SP2", "probe.py:3: OP-48", "probe.py:3: S5.3",
                     "probe.py:4: sub-phase", "probe.py:5: seto", "probe.py:5: line of communication",
                     "probe.py:2 imports bot.rulesets.sengoku"]


def test_the_scan_covers_the_core_and_only_the_core():
    scanned = {p.relative_to(ROOT).as_posix() for p in core_modules()}
    assert {"bot/plugins.py", "bot/render/legend.py", "bot/domain/gamemap.py", "cogs/faction.py",
            "bot/store/migrations/0001_initial.sql"} <= scanned
    assert not [p for p in scanned if p.startswith("bot/rulesets/")] and not scanned & HISTORY
    assert all((ROOT / p).is_file() for p in HISTORY), "an exempt migration was renamed: update HISTORY"


# --- its commands and its cases -----------------------------------------------------------------


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
async def test_its_commands_alone_and_with_every_other_plug_in_pass_the_command_check(tmp_path, plugin):
    """FleetwrightBot.command_problems (bot/command_surface.py): its declared groups load, within
    Discord's limits, each name owned once, beside the core's and every other ruleset's."""
    async with bot_with(tmp_path, plugin) as bot:
        assert bot.command_problems() == []
        assert names(bot.ruleset_commands[plugin.id]) == sorted(plugin.command_groups)
    async with bot_with(tmp_path, *PLUGINS) as bot:
        assert bot.command_problems() == []


@pytest.mark.parametrize("plugin", PLUGINS, ids=by_id)
def test_every_case_file_is_run_by_the_case_suite(plugin):
    """Every case file of its ``cases_dir`` must pass: tests/scenarios/test_cases.py runs each one
    (parametrised over every plug-in's cases, so they are not run twice); here, that it has cases
    and that the case suite collects every one of them."""
    assert plugin.cases_dir is not None and plugin.cases_dir.is_dir(), "a ruleset ships its case files"
    collected = sorted(path for ruleset, path in EVERY_CASE if ruleset == plugin.id)
    assert collected and collected == sorted(ruleset_case_paths(plugin.id))
