"""Adjudication case files: a pre-state, orders (or a procedure of the case's ruleset, such as
one battle), settings and scripted dice by purpose key; the expected post-state, events and
report lines per audience.  Every case names its ruleset and its map.  Format: docs/scenarios.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bot.cases.compare import event_problems, report_problems, state_problems
from bot.cases.procedures import Orders, run_submissions, run_turn
from bot.cases.steps import CaseStep, run_steps
from bot.domain.gamemap import MapError
from bot.engine.dice import DiceError, ScriptedDice
from bot.engine.steps import steps_of
from bot.mapfiles import load_map_file, load_shipped_map, parse_map
from bot.plugins import get_ruleset, plugin, ruleset_ids
from bot.safe_yaml import YamlLimitError, load_yaml

CORE_PROCEDURES = ("turn", "submit")  # any ruleset's; a ruleset adds its own (its plug-in's case_procedures)


class Expect(BaseModel):
    model_config = ConfigDict(extra="forbid")

    state: dict[str, Any] = Field(default_factory=dict)
    events: list[dict[str, Any]] = Field(default_factory=list)
    no_events: list[dict[str, Any]] = Field(default_factory=list)
    reports: dict[str, list[str]] = Field(default_factory=dict)
    not_in_reports: dict[str, list[str]] = Field(default_factory=dict)
    events_order: Literal["emitted", "any"] = "emitted"
    during: dict[str, dict[str, Any]] = Field(default_factory=dict)


class CaseFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case: str
    title: str
    rules: list[str] = Field(min_length=1)
    description: str = ""
    ruleset: str
    map: str | dict[str, Any] | None = None  # a shipped map id, or the map itself (the TOML's tables)
    map_file: str | None = None
    procedure: str = Field("turn", pattern="^[a-z][a-z0-9_]*$")  # turn, submit, or one of the ruleset's
    settings: dict[str, Any] = Field(default_factory=dict)
    state: dict[str, Any]
    orders: Orders = Field(default_factory=dict)
    section: dict[str, Any] | None = None  # a ruleset procedure's input: the case's section of its name
    submit: list[dict[str, Any]] = Field(default_factory=list)
    dice: dict[str, Any] = Field(default_factory=dict)
    expect: Expect = Field(default_factory=Expect)
    # The steps after the first (the case's orders, dice and expect), in order; [] = the turn must
    # end after the first step; left out: only the first step is resolved (bot/cases/steps.py).
    steps: list[CaseStep] | None = None

    @field_validator("orders")
    @classmethod
    def _flat_orders_name_their_clan(cls, orders: Orders) -> Orders:
        if isinstance(orders, list):
            for number, entry in enumerate(orders, start=1):
                if not isinstance(entry.get("clan"), str):
                    raise ValueError(f"order {number} ({entry.get('kind')} {entry.get('unit')}): in a flat list "
                                     "each order names its clan, e.g. {clan: red, kind: sq_idle, unit: A}")
        return orders

    @model_validator(mode="before")
    @classmethod
    def _sections(cls, data: Any) -> Any:
        """``dice:`` with nothing under it (a case still being written) is an empty section; a ruleset
        procedure's input is the section named after it (``procedure: battle`` reads ``battle:``)."""
        if not isinstance(data, dict):
            return data
        procedure = data.get("procedure", "turn")
        own = procedure if isinstance(procedure, str) and procedure not in CORE_PROCEDURES else None
        data = {k: v for k, v in data.items() if v is not None or k in ("map", "map_file", own)}
        if "section" in data:
            raise ValueError("section: not a case field; a procedure's input is the section named after it")
        if own in data:
            data["section"] = data.pop(own)
        return data

    @model_validator(mode="after")
    def _names_its_map(self) -> "CaseFile":
        if not (self.map or self.map_file):
            raise ValueError("a case names its map: map: ID (a shipped map), map: {its tables}, or map_file: PATH")
        if self.steps is not None and self.procedure != "turn":
            raise ValueError(f"steps: only a turn has steps (procedure: turn), not procedure {self.procedure}")
        return self


@dataclass
class CaseResult:
    path: Path
    case: str = "?"
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def load_case(path: Path) -> CaseFile:
    raw = load_yaml(path.read_text(encoding="utf-8"), path.name)
    return CaseFile.model_validate(raw)


def run_case(path: Path) -> CaseResult:
    result = CaseResult(path)
    try:
        case = load_case(path)
    except ValidationError as exc:
        result.problems += [f"cannot read the case: {path.name}: {'.'.join(map(str, e['loc'])) or 'top level'}: "
                            f"{_reading(e)}" for e in exc.errors()]
        return result
    except (OSError, yaml.YAMLError, YamlLimitError) as exc:
        result.problems.append(f"cannot read the case: {exc}")
        return result
    result.case = case.case
    try:
        result.problems += _run(case, path)
    except (DiceError, MapError, ValueError, KeyError) as exc:
        # A map or a state has one problem per line (MapError, ScenarioError): one each.
        lines = getattr(exc, "problems", None) or [str(exc)]
        result.problems += [f"{type(exc).__name__}: {line}" for line in lines]
        if isinstance(exc, DiceError) and str(exc).startswith("unplanned roll"):
            result.problems.append(f"every roll this case needs: python -m bot scenario --list-keys {path}")
    return result


def _reading(error: dict) -> str:
    """What is wrong in a case's field; a missing ruleset says what would be right (no default: issue 11)."""
    if error["type"] == "missing" and tuple(error["loc"]) == ("ruleset",):
        return f"missing: every case names its ruleset (ruleset: ID; installed: {', '.join(ruleset_ids())})"
    return error["msg"].removeprefix("Value error, ")


@dataclass
class Position:
    """A case made ready to resolve: its ruleset, map, pre-state and settings."""

    ruleset: Any
    gamemap: Any
    state: Any
    settings: Any


def prepare(case: CaseFile, path: Path) -> Position:
    ruleset = get_ruleset(case.ruleset)
    gamemap = _gamemap(case, path)
    state = ruleset.state_from_scenario(case.state, gamemap, path.name)
    settings = ruleset.settings_model.model_validate(case.settings)
    return Position(ruleset, gamemap, state, settings)


def resolve(case: CaseFile, pos: Position, dice) -> tuple[Any, list, dict[str, Any]]:
    """The state after, the events, and the state at each moment of the turn (a ruleset's own
    procedure has no moments)."""
    own = plugin(case.ruleset)
    if case.procedure == "turn":
        return run_turn(pos.ruleset, pos.state, pos.gamemap, pos.settings, dice, case.orders, own.case_moments)
    procedure = own.case_procedures.get(case.procedure)
    if procedure is None or case.procedure in CORE_PROCEDURES:
        raise ValueError(f"procedure {case.procedure!r} is not one the {own.name} runs; procedures: "
                         f"{', '.join([*CORE_PROCEDURES, *own.case_procedures])}")
    after, events = procedure(pos.state, pos.gamemap, pos.settings, dice, case.section or {})
    return after, events, {}


def _run(case: CaseFile, path: Path) -> list[str]:
    pos = prepare(case, path)
    ruleset, gamemap, state = pos.ruleset, pos.gamemap, pos.state
    if case.procedure == "submit":
        return run_submissions(ruleset, state, gamemap, pos.settings, case.submit)
    dice = ScriptedDice(dict(case.dice))
    after, events, moments = resolve(case, pos, dice)
    problems = [str(DiceError(f"planned rolls never made: {', '.join(dice.unused())}"))] if dice.unused() else []
    problems += state_problems(after, case.expect.state)
    problems += _moment_problems(moments, case.expect.during)
    problems += event_problems(events, case.expect.events, case.expect.no_events,
                               any_order=case.expect.events_order == "any")
    problems += report_problems(case.ruleset, case.case, gamemap, state, after, events, dice.log,
                                case.expect.reports, case.expect.not_in_reports)
    if case.steps is not None:
        problems += _chain(case, pos, after)
    return problems


def _chain(case: CaseFile, pos: Position, after) -> list[str]:
    """The steps after the first; the first is the case's orders, so it must be an orders step."""
    steps = steps_of(pos.ruleset)
    first = steps.first(pos.state, pos.settings)
    if not first.takes_orders:
        raise ValueError(f"the {case.ruleset} ruleset opens a turn with a step of kind {first.kind!r}, not orders; "
                         "a case's own orders are its first step")
    return run_steps(case, pos, steps, first, after)


def _moment_problems(moments: dict[str, Any], expected: dict[str, dict[str, Any]]) -> list[str]:
    problems = []
    for moment, paths in expected.items():
        if moment not in moments:
            known = ", ".join(moments) or "none (only a turn has moments)"
            problems.append(f"during: no moment {moment!r} in this case (moments: {known})")
            continue
        problems += [f"during {moment}: {p.removeprefix('state: ')}" for p in state_problems(moments[moment], paths)]
    return problems


def _gamemap(case: CaseFile, path: Path):
    if isinstance(case.map, dict):
        return parse_map(case.map, f"{path.name}: map", ruleset=case.ruleset)
    if case.map_file:
        return load_map_file(path.parent / case.map_file, ruleset=case.ruleset)
    return load_shipped_map(case.map)


def case_paths(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return found


def run_case_files(paths: list[Path]) -> int:
    results = [run_case(p) for p in case_paths(paths)]
    for result in results:
        print(f"{'PASS' if result.ok else 'FAIL'} {result.case}  ({result.path})")
        for problem in result.problems:
            print(f"    {problem}")
    failed = sum(not r.ok for r in results)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed or not results else 0

