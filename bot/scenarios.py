"""Scenario files (each ruleset's ``scenarios_dir``, *.yaml): a campaign's starting state, its
settings, and optionally the orders of a planned turn.  PyYAML reads them;
the ruleset checks the state against the map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.domain.gamemap import MapError
from bot.domain.text import quote
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset, shipped_files
from bot.safe_yaml import YamlLimitError, load_yaml


class ScenarioFileError(ValueError):
    """Every problem of one scenario file, one per line, each naming the file."""


class DemoStep(BaseModel):
    """One step of the demo's turn after the first (a turn made of steps, bot/engine/steps.py): the
    step that must be open (``kind``), an orders step's orders by faction, or a prompt step's answers
    by question id (a faction's question is answered as that faction, a moderators' as a moderator);
    the questions it leaves unanswered get their rules' defaults, as at a deadline."""

    model_config = ConfigDict(extra="forbid")

    kind: str | None = None
    orders: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    answers: dict[str, Any] = Field(default_factory=dict)


class ScenarioDemo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seed: str
    campaign_name: str
    steps: list[DemoStep] = Field(default_factory=list)  # the turn's steps after the first (bot/demo.py)
    # A turn of steps (a ruleset's ``steps``): the demo's answers to its questions by question id, entered
    # as a moderator would (a form's answer: its fields' values); a question not named takes its default.
    answers: dict[str, Any] = Field(default_factory=dict)


class ScenarioFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    description: str = ""
    ruleset: str
    map: str
    settings: dict[str, Any] = Field(default_factory=dict)
    state: dict[str, Any]
    orders: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    demo: ScenarioDemo | None = None


class Scenario(BaseModel):
    """A checked scenario: the file's data plus the validated state and settings."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    file: ScenarioFile
    state: BaseModel
    settings: BaseModel


def shipped_scenarios() -> dict[str, Path]:
    """Every installed ruleset's scenario files (its plug-in's ``scenarios_dir``), by scenario id."""
    return {scenario_id: path for scenario_id, (_, path) in shipped_files("scenarios_dir", ".yaml").items()}


def shipped_scenario_ids() -> list[str]:
    return sorted(shipped_scenarios())


def load_shipped_scenario(scenario_id: str) -> Scenario:
    shipped = shipped_scenarios()  # looked up, so an id from a user never names a path
    if scenario_id not in shipped:
        raise ScenarioFileError(f"unknown scenario {quote(scenario_id)}; shipped: {', '.join(sorted(shipped))}")
    return load_scenario_file(shipped[scenario_id])


def load_scenario_file(path: str | Path) -> Scenario:
    path = Path(path)
    name = path.name
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"), name)
    except YamlLimitError as exc:
        raise ScenarioFileError(str(exc)) from None
    except OSError as exc:
        raise ScenarioFileError(f"{name}: cannot read: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise ScenarioFileError(f"{name}: not valid YAML: {exc}") from None
    return parse_scenario(raw, name)


def parse_scenario(raw: Any, name: str) -> Scenario:
    if not isinstance(raw, dict):
        raise ScenarioFileError(f"{name}: a scenario is a mapping with id, name, ruleset, map and state")
    try:
        file = ScenarioFile.model_validate(raw)
    except ValidationError as exc:
        raise ScenarioFileError("\n".join(f"{name}: {'.'.join(map(str, e['loc']))}: {e['msg']}"
                                          for e in exc.errors())) from None
    try:
        ruleset = get_ruleset(file.ruleset)
        gamemap = load_shipped_map(file.map)
        state = ruleset.state_from_scenario(file.state, gamemap, name)
        settings = ruleset.settings_model.model_validate(file.settings)
    except (KeyError, MapError, ValueError) as exc:
        raise ScenarioFileError(_message(name, exc)) from None
    _check_orders(file, state, name)
    return Scenario(file=file, state=state, settings=settings)


def _message(name: str, exc: Exception) -> str:
    text = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
    if isinstance(exc, ValidationError):
        return "\n".join(f"{name}: settings.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
    return text if text.startswith(name) else f"{name}: {text}"


def _check_orders(file: ScenarioFile, state: BaseModel, name: str) -> None:
    known = {f[0] for f in get_ruleset(file.ruleset).factions(state)}
    unknown = sorted(set(file.orders) - known)
    if unknown:
        raise ScenarioFileError(f"{name}: orders: unknown faction(s) {', '.join(unknown)}; "
                                f"factions: {', '.join(sorted(known))}")
