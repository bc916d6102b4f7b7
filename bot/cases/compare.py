"""Comparisons of a case's outcome with what it expects, each mismatch as
one readable line."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.domain.viewer import Viewer, as_viewer

_MISSING = object()


def _lookup(state: Any, path: str) -> Any:
    node = state.model_dump(mode="json") if isinstance(state, BaseModel) else state
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, list) and part == "length":
            node = len(node)
        else:
            return _MISSING
    return node


def state_problems(state: BaseModel, expected: dict[str, Any]) -> list[str]:
    problems = []
    for path, want in expected.items():
        got = _lookup(state, path)
        if got is _MISSING:
            problems.append(f"state: {path} does not exist (expected {want!r})")
        elif got != want:
            problems.append(f"state: {path} is {got!r}, expected {want!r}")
    return problems


def _matches(event: dict[str, Any], pattern: dict[str, Any]) -> bool:
    return all(event.get(key, _MISSING) == value for key, value in pattern.items())


def _brief(event: dict[str, Any]) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("kind", "audience"))
    return f"{event['kind']}({fields[:140]})"


def event_problems(events: list, expected: list[dict[str, Any]], absent: list[dict[str, Any]],
                   any_order: bool = False) -> list[str]:
    """``expected`` must appear in this order (other events may come between),
    or with ``any_order`` each matched by an event of its own, in any order."""
    dumped = [e.model_dump(mode="json") for e in events]
    problems = _unordered(dumped, expected) if any_order else _in_order(dumped, expected)
    for pattern in absent:
        for event in dumped:
            if _matches(event, pattern):
                problems.append(f"event {_brief(event)} should not have occurred (matches {pattern})")
    if problems:
        problems.append("events were:\n      " + "\n      ".join(_brief(e) for e in dumped))
    return problems


def _in_order(dumped: list[dict[str, Any]], expected: list[dict[str, Any]]) -> list[str]:
    problems, position = [], 0
    for pattern in expected:
        index = next((i for i in range(position, len(dumped)) if _matches(dumped[i], pattern)), None)
        if index is None:
            earlier = any(_matches(e, pattern) for e in dumped[:position])
            where = "only before an earlier expected event" if earlier else "never"
            problems.append(f"event {pattern} was expected after event #{position}; it occurred {where}")
            continue
        position = index + 1
    return problems


def _unordered(dumped: list[dict[str, Any]], expected: list[dict[str, Any]]) -> list[str]:
    """A matching of patterns to distinct events (augmenting paths), so that a
    broad pattern does not take the one event a narrower pattern needs."""
    candidates = [[i for i, e in enumerate(dumped) if _matches(e, p)] for p in expected]
    owner: dict[int, int] = {}

    def place(pattern: int, seen: set[int]) -> bool:
        for event in candidates[pattern]:
            if event not in seen:
                seen.add(event)
                if event not in owner or place(owner[event], seen):
                    owner[event] = pattern
                    return True
        return False

    problems = []
    for index, pattern in enumerate(expected):
        if not place(index, set()):
            how = "never" if not candidates[index] else "only as often as other expected events already need"
            problems.append(f"event {pattern} was expected (in any order); it occurred {how}")
    return problems


def report_problems(ruleset_id: str, case_name: str, gamemap, before, after, events, rolls,
                    expected: dict[str, list[str]], absent: dict[str, list[str]], turn: int | None = None) -> list[str]:
    """``turn``: the turn the reports are of (a later step's: the turn it belongs to, not ``before``'s)."""
    if not expected and not absent:
        return []
    from bot.report import ReportInput
    from bot.report.presenters import presenter
    data = ReportInput(campaign_name=case_name, turn=turn or before.turn, seed="(scripted)", commitment="(scripted)",
                       gamemap=gamemap, before=before, after=after, events=list(events), rolls=list(rolls))
    reports = presenter(ruleset_id).build_reports(data)
    # By Viewer, so a clan whose id is "public" cannot stand in for the public report; a case names
    # such a clan's report "faction:public" (as the stored reports do).
    texts = {Viewer.public(): reports.public, Viewer.moderators(): reports.moderators,
             **{Viewer.of(k): v for k, v in reports.factions.items()}}
    problems = []
    for audience, fragments in expected.items():
        text = texts.get(as_viewer(audience))
        if text is None:
            problems.append(f"report: no audience {audience!r} (have {', '.join(v.key for v in texts)})")
            continue
        for fragment in fragments:
            if fragment not in text:
                problems.append(f"report {audience}: missing {fragment!r}")
    for audience, fragments in absent.items():
        for fragment in fragments:
            if fragment in texts.get(as_viewer(audience), ""):
                problems.append(f"report {audience}: must not contain {fragment!r}")
    if problems:
        for audience in sorted(set(expected) | set(absent)):
            problems.append(f"{audience} report was:\n      "
                            + texts.get(as_viewer(audience), "").replace("\n", "\n      "))
    return problems
