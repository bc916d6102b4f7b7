"""Rulesets as plug-ins: what a rule system brings, and how the core finds it.

A ruleset is one ``RulesetPlugin`` (cf. godip's ``Variant``).  The core never names a ruleset:
the built-in ones are the sub-packages of ``bot/rulesets/`` (each exposes ``PLUGIN`` in its
``__init__``), found by scanning that folder; a ruleset shipped as its own distribution registers
``PLUGIN`` under the ``fleetwright.rulesets`` entry-point group.  Adding one needs no edit here
(docs/adding-a-ruleset.md).  Presentation and commands are named lazily (factories and module
names), so finding the rulesets imports neither matplotlib nor discord.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from bot.engine.ruleset import Ruleset

ENTRY_POINT_GROUP = "fleetwright.rulesets"
BUILT_IN_PACKAGE = "bot.rulesets"


@dataclass(frozen=True)
class CommandHelp:
    """Where a ruleset's own slash commands are, for the core's replies that point players and
    moderators to them (/help, /orders show, /fleet show, /mod act-as, /turn undo): words only."""

    order: str = ""  # how a player gives one unit an order: "/order …"
    order_examples: str = ""  # a few of them, for a clan with no orders yet: "/order move, /order hold, …"
    first_orders: str = ""  # /help's step for a player who has given none: which commands, what to expect
    player: tuple[str, ...] = ()  # its other player commands, one /help line each
    relation: str = ""  # where moderators set two factions' relation, if the ruleset has relations
    relations_note: str = ""  # what the relations mean, after the relations list's title (its rule)


@dataclass(frozen=True)
class RulesetPlugin:
    """Everything a rule system supplies to the core, in one place."""

    id: str
    name: str  # as players and moderators read it (a sentence's noun: "the <name>")
    rules: Callable[[], Ruleset]  # the pure rules (bot/engine/ruleset.py)
    presenter: Callable[[], Any]  # reports, order descriptions, cards, map (bot/report/presenters.py)
    commands: tuple[str, ...] = ()  # extension modules adding its own slash-command groups
    # The top-level command names those add (checked for clashes; bot/command_surface.py).  Its
    # moderators' group, if it has one, is named by its id ("/<id> unit add"); the others are its players'.
    command_groups: tuple[str, ...] = ()
    command_help: CommandHelp = field(default_factory=CommandHelp)
    maps_dir: Path | None = None  # its map files (<name>.toml, art beside them)
    scenarios_dir: Path | None = None  # its scenario files (<name>.yaml)
    default_map: str | None = None  # the map `/campaign create` uses when none is named
    cases_dir: Path | None = None  # its case files (each names its ruleset), run by the case suite
    # Its own case procedures beyond the core's "turn" and "submit", by name: each is called with
    # (state, gamemap, settings, dice, the case's section of that name) and returns (state after, events).
    case_procedures: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # A case's moments of a turn (``expect.during``): called with a dict, a context manager that, around
    # one resolution, records the state at each named moment into it.  None: a turn has no moments.
    case_moments: Callable[[dict[str, Any]], AbstractContextManager] | None = None
    demo_scenario: str | None = None  # the scenario `python -m bot demo` resolves for this ruleset
    locale_dir: Path | None = None  # its message catalogues, <lang>/LC_MESSAGES/<id>.po (bot/i18n.py)
    vocabulary: tuple[str, ...] = ()  # its own words, which no core module may contain
    rule_ids: str = ""  # a regular expression matching its rules' section ids, which no core module cites
    # its map overlay's words and how each is drawn (a bot.render.vocabulary.Vocabulary; a
    # factory, since that imports matplotlib), checked by the conformance suite
    map_vocabulary: Callable[[], Any] | None = None
    # what its map files hold (bot/domain/gamemap_profile.py); a factory, called once, when a map is read
    map_profile: Callable[[], Any] | None = None

    @property
    def player_groups(self) -> tuple[str, ...]:
        """Its players' top-level commands: every group but its moderators' (named by its id)."""
        return tuple(name for name in self.command_groups if name != self.id)

    @property
    def moderator_group(self) -> str | None:
        return self.id if self.id in self.command_groups else None

    def maps(self) -> list[str]:
        return sorted(p.stem for p in self.maps_dir.glob("*.toml")) if self.maps_dir else []

    def scenarios(self) -> list[str]:
        return sorted(p.stem for p in self.scenarios_dir.glob("*.yaml")) if self.scenarios_dir else []


class UnknownRuleset(KeyError):
    """A ruleset id no installed plug-in has; the message names the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


@cache
def plugins() -> dict[str, RulesetPlugin]:
    """Every installed ruleset by id: the built-in packages, then entry points.  Two rulesets
    claiming one id, or shipping a map or scenario of the same id, is an error here, at discovery:
    a campaign names its map and scenario by id alone."""
    found: dict[str, RulesetPlugin] = {}
    for plugin in [*_built_in(), *_from_entry_points()]:
        if plugin.id in found and found[plugin.id] is not plugin:
            raise RuntimeError(f"two rulesets claim the id {plugin.id!r}")
        found[plugin.id] = plugin
    ordered = dict(sorted(found.items()))
    for folder, suffix in _SHIPPED:
        _shipped_by(ordered.values(), folder, suffix)
    return ordered


_SHIPPED = (("maps_dir", ".toml"), ("scenarios_dir", ".yaml"))


def shipped_files(folder: str, suffix: str) -> dict[str, tuple[str, Path]]:
    """Every plug-in's files in its ``folder`` ("maps_dir", "scenarios_dir") ending in ``suffix``, by
    id (the file name's stem): (the ruleset shipping it, its path)."""
    return _shipped_by(plugins().values(), folder, suffix)


def _shipped_by(found, folder: str, suffix: str) -> dict[str, tuple[str, Path]]:
    shipped: dict[str, tuple[str, Path]] = {}
    for plugin in found:
        directory = getattr(plugin, folder)
        for path in sorted(directory.glob(f"*{suffix}")) if directory else []:
            if path.stem in shipped:
                raise RuntimeError(f"the rulesets {shipped[path.stem][0]} and {plugin.id} both ship "
                                   f"{path.name}; a {folder.removesuffix('s_dir')} id must be unique")
            shipped[path.stem] = (plugin.id, path)
    return shipped


def _built_in() -> list[RulesetPlugin]:
    package = importlib.import_module(BUILT_IN_PACKAGE)
    modules = (importlib.import_module(f"{BUILT_IN_PACKAGE}.{info.name}")
               for info in pkgutil.iter_modules(package.__path__) if info.ispkg)
    return [module.PLUGIN for module in modules if isinstance(getattr(module, "PLUGIN", None), RulesetPlugin)]


def _from_entry_points() -> list[RulesetPlugin]:
    return [point.load() for point in entry_points(group=ENTRY_POINT_GROUP)]


def plugin(ruleset_id: str) -> RulesetPlugin:
    found = plugins()
    if ruleset_id not in found:
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {', '.join(found)}")
    return found[ruleset_id]


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    return plugin(ruleset_id).rules()


@cache
def get_presenter(ruleset_id: str) -> Any:
    return plugin(ruleset_id).presenter()


def get_map_profile(ruleset_id: str) -> Any:
    """The ruleset's MapProfile; UnknownRuleset, or LookupError when it has no maps."""
    found = plugin(ruleset_id)
    if found.map_profile is None:
        raise LookupError(f"ruleset {ruleset_id!r} declares no map profile")
    return found.map_profile()


def ruleset_ids() -> list[str]:
    return list(plugins())
