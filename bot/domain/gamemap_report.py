"""The problem report every map check writes to, and pydantic's errors in its words.

The bottom of the map modules (gamemap_profile, gamemap_check, gamemap_art and gamemap all
use it): it imports none of them. Pure module.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError

__all__ = ["Report", "schema_problems"]

_KNOWN_SHOWN = 8


class Report:
    """Collects problem lines; ``known`` holds every id written in the file,
    valid entry or not, so one broken entry does not cascade into "unknown
    id" noise everywhere it is referenced. ``nouns`` names one entry of each
    section ("areas" -> "area") for those messages."""

    def __init__(self, source: str, known: dict[str, set[str]], nouns: Mapping[str, str] | None = None) -> None:
        self.source = source
        self.known = known
        self.nouns = dict(nouns or {})
        self.problems: list[str] = []

    def add(self, entry: str, problem: str) -> None:
        self.problems.append(f"{self.source}: {entry}: {problem}")

    def ref(self, entry: str, field: str, value: str, section: str) -> bool:
        if value in self.known[section]:
            return True
        names = sorted(self.known[section])
        shown = ", ".join(names[:_KNOWN_SHOWN]) + (", …" if len(names) > _KNOWN_SHOWN else "")
        noun = self.nouns.get(section, section)
        self.add(entry, f"{field} {value!r} is not a known {noun} (known: {shown or 'none'})")
        return False



def schema_problems(exc: ValidationError) -> list[str]:
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            problems.append(f"unknown key {where!r}")
        elif err["type"] == "missing":
            problems.append(f"missing key {where!r}")
        else:
            problems.append(f"key {where!r}: {err['msg']}")
    return problems
