"""``python -m bot scenario --list-keys FILE``: resolve a case with any dice
and print every roll it needs, ready to paste into its ``dice`` section.

Planned faces are used where they fit, so the listing follows the case's own
story; every other roll takes a throwaway face (the same each run).  A roll
may depend on earlier faces (a second round only if the first was undecided),
so after deciding the new faces, list again until nothing is new."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from pydantic import ValidationError

from bot.cases.runner import case_paths, load_case, prepare, resolve
from bot.domain.gamemap import MapError
from bot.engine.dice import DiceError, DieExpr, ScriptedDice, SeededDice
from bot.safe_yaml import YamlLimitError

THROWAWAY_SEED = "list-keys"


class FillingDice(ScriptedDice):
    """Scripted where the case planned a fitting roll, throwaway elsewhere."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.filled: set[str] = set()
        self._throwaway = SeededDice(THROWAWAY_SEED)

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        try:
            return super()._faces(key, expr)
        except DiceError:
            self.filled.add(key)
            return self._throwaway._faces(key, expr)


def list_keys(path: Path) -> list[str]:
    """The lines to print for one case file."""
    case = load_case(path)
    if case.procedure == "submit":
        return [f"# {path.name}: procedure submit rolls no dice"]
    dice = FillingDice(dict(case.dice))
    resolve(case, prepare(case, path), dice)
    lines = [f"# {path.name}: {len(dice.log)} roll(s), in the order the rules make them; "
             f"{len(dice.filled)} new (throwaway faces: decide them)", "dice:"]
    width = max((len(json.dumps(r.key, ensure_ascii=False)) for r in dice.log), default=0)
    for roll in dice.log:
        key = json.dumps(roll.key, ensure_ascii=False)
        entry = f'"{roll.expr}: {" ".join(map(str, roll.faces))}"'
        note = "  # new" if roll.key in dice.filled else ""
        lines.append(f"  {key + ':':<{width + 1}} {entry}{note}")
    if dice.unused():
        lines.append(f"# planned but never rolled (remove them): {', '.join(dice.unused())}")
    return lines


def list_case_keys(paths: list[Path]) -> int:
    """Print each case's dice keys; 1 if a case cannot be resolved."""
    failed = 0
    for path in case_paths(paths):
        try:
            print("\n".join(list_keys(path)))
        except (OSError, yaml.YAMLError, YamlLimitError, ValidationError, DiceError, MapError, ValueError,
                KeyError) as exc:
            failed += 1
            print(f"# {path.name}: cannot resolve: {exc}")
    return 1 if failed else 0
