"""Keyed dice.

Every roll is asked for with a unique purpose key (``battle:A:r1``) and a die
expression (``2d6``).  The seeded source derives each die from the turn's
secret seed and the key alone (HMAC-SHA256), so one roll never depends on how
many rolls came before it: correcting one order and resolving again changes
only the rolls that order touches.  Every roll is recorded for the report and
the audit.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass, field
from typing import Protocol

from pydantic import BaseModel, ConfigDict

_EXPR = re.compile(r"^\s*(\d*)d(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


MAX_DICE = 100
MAX_SIDES = 1000


class DiceError(Exception):
    """A roll was asked for wrongly, or a scripted source does not match."""


@dataclass(frozen=True)
class DieExpr:
    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> "DieExpr":
        match = _EXPR.match(text)
        if not match:
            raise DiceError(f"bad die expression {text!r}: expected e.g. d6, 2d6, d6-1, 2d6-2")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        mod = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if count < 1 or sides < 2:
            raise DiceError(f"bad die expression {text!r}: need at least one die of 2+ sides")
        if count > MAX_DICE or sides > MAX_SIDES:
            # A player types these in /dice verify: 99999999d6 would hold the bot for minutes.
            raise DiceError(f"bad die expression {text!r}: at most {MAX_DICE} dice of at most {MAX_SIDES} sides")
        return cls(count, sides, mod)

    def __str__(self) -> str:
        base = f"{self.count if self.count > 1 else ''}d{self.sides}"
        if self.modifier:
            return f"{base}{self.modifier:+d}"
        return base


class Roll(BaseModel):
    """One recorded roll: what it was for, what was thrown, what it came to."""

    model_config = ConfigDict(frozen=True)

    key: str
    expr: str
    faces: tuple[int, ...]
    total: int


class Dice(Protocol):
    def roll(self, key: str, expr: str) -> Roll: ...


class _RecordingDice:
    def __init__(self) -> None:
        self.log: list[Roll] = []
        self._seen: set[str] = set()

    def roll(self, key: str, expr: str) -> Roll:
        if key in self._seen:
            raise DiceError(f"dice key {key!r} was rolled twice; every roll needs its own key")
        self._seen.add(key)
        parsed = DieExpr.parse(expr)
        faces = self._faces(key, parsed)
        result = Roll(key=key, expr=str(parsed), faces=faces, total=sum(faces) + parsed.modifier)
        self.log.append(result)
        return result

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        raise NotImplementedError


class SeededDice(_RecordingDice):
    """Dice derived from a secret seed and the roll's key (HMAC-SHA256)."""

    def __init__(self, seed: str) -> None:
        super().__init__()
        self._seed = seed.encode()

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        return tuple(self._die(f"{key}#{i}", expr.sides) for i in range(expr.count))

    def _die(self, label: str, sides: int) -> int:
        # Rejection sampling keeps every face equally likely for any number of sides.
        limit = (1 << 64) - ((1 << 64) % sides)
        counter = 0
        while True:
            digest = hmac.new(self._seed, f"{label}/{counter}".encode(), hashlib.sha256).digest()
            value = int.from_bytes(digest[:8], "big")
            if value < limit:
                return value % sides + 1
            counter += 1


def derive_die(seed: str, key: str, expr: str) -> Roll:
    """Recompute one roll from a revealed seed: what a player does to audit."""
    return SeededDice(seed).roll(key, expr)


@dataclass
class ScriptedDice(_RecordingDice):
    """Dice for tests: each key maps to the faces the case expects.

    Fails on a key that is not in the script, on faces that do not fit the
    die asked for, and (``assert_all_used``) on a planned roll never asked for.
    A script entry is either a list of faces or ``"2d6: 4 3"`` to also pin
    the expression.
    """

    script: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__()

    def _faces(self, key: str, expr: DieExpr) -> tuple[int, ...]:
        if key not in self.script:
            planned = ", ".join(sorted(self.script)) or "none"
            raise DiceError(f"unplanned roll {key!r} ({expr}); planned keys: {planned}")
        wanted_expr, faces = _parse_entry(self.script[key])
        if wanted_expr is not None and DieExpr.parse(wanted_expr) != expr:
            raise DiceError(f"roll {key!r}: the code rolled {expr}, the case planned {wanted_expr}")
        if len(faces) != expr.count or any(not 1 <= f <= expr.sides for f in faces):
            raise DiceError(f"roll {key!r}: faces {list(faces)} do not fit {expr}")
        return faces

    def unused(self) -> list[str]:
        return sorted(set(self.script) - self._seen)

    def assert_all_used(self) -> None:
        left = self.unused()
        if left:
            raise DiceError(f"planned rolls never made: {', '.join(left)}")


def _parse_entry(entry: object) -> tuple[str | None, tuple[int, ...]]:
    if isinstance(entry, int):
        return None, (entry,)
    if isinstance(entry, (list, tuple)):
        return None, tuple(int(f) for f in entry)
    if isinstance(entry, str):
        expr, _, faces = entry.partition(":")
        return expr.strip(), tuple(int(f) for f in faces.split())
    raise DiceError(f"bad script entry {entry!r}: use a list of faces or '2d6: 4 3'")
