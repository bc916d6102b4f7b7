"""What changed between a resolution that was undone and the corrected one.

Ruleset-neutral and leak-free by construction: each audience's diff is made
only from what that audience was shown — the lines of its own report, and for
a clan its own units as its ruleset lists them (position, state, damage in
the summary).  Battles, winners and losses are report lines, so they appear
as lines that went or came.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field

from bot.domain.gamemap import GameMap
from bot.domain.text import escape
from bot.domain.viewer import Viewer
from bot.engine.ruleset import UnitView
from bot.plugins import get_ruleset
from bot.services.campaign_reads import named_units
from bot.services.campaigns import TurnOutcome
from bot.store import UndoneReport

WAS, NOW = "− ", "+ "


@dataclass
class TurnDiff:
    known: bool = True  # False: the undone resolution was not kept (undone before it was kept)
    public: list[str] = field(default_factory=list)
    factions: dict[str, list[str]] = field(default_factory=dict)
    moderators: list[str] = field(default_factory=list)

    @classmethod
    def unknown(cls) -> "TurnDiff":
        return cls(known=False)


def line_diff(before: str, after: str) -> list[str]:
    """Lines that went (``− ``) and came (``+ ``), in report order; blank lines ignored."""
    old = [line for line in before.splitlines() if line.strip()]
    new = [line for line in after.splitlines() if line.strip()]
    changes: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            changes += [(WAS, line) for line in old[i1:i2]] + [(NOW, line) for line in new[j1:j2]]
    # A line that only moved (went here, came there) did not change: leave it out.
    moved = Counter(line for mark, line in changes if mark == WAS) & Counter(
        line for mark, line in changes if mark == NOW)
    skip = {WAS: moved.copy(), NOW: moved.copy()}
    shown = []
    for mark, line in changes:
        if skip[mark][line]:
            skip[mark][line] -= 1
        else:
            shown.append(mark + line)
    return shown


def unit_changes(ruleset_id: str, before_state: dict, outcome: TurnOutcome, faction: str) -> list[str]:
    """The clan's own units whose place or condition after the turn differs, in the map's names."""
    ruleset, gamemap = get_ruleset(ruleset_id), outcome.data.gamemap
    earlier = ruleset.units(ruleset.state_model.model_validate(before_state), faction)
    first = {u.id: u for u in named_units(earlier, gamemap)}
    second = {u.id: u for u in named_units(ruleset.units(outcome.data.after, faction), gamemap)}
    lines = []
    for unit_id in [*first, *(u for u in second if u not in first)]:
        was, now = first.get(unit_id), second.get(unit_id)
        if was and now and (was.location, was.summary) == (now.location, now.summary):
            continue
        name = escape((now or was).name)
        before = _where(was, gamemap) if was else "out of service (lost, captured or laid up)"
        after = _where(now, gamemap) if now else "out of service (lost, captured or laid up)"
        lines.append(f"{name}: was {before}; now {after}")
    return lines


def _where(unit: UnitView, gamemap: GameMap) -> str:
    place = gamemap.node_name(unit.location) if unit.location else "nowhere on the map"
    return f"in {place}, {unit.summary}"


def compare(ruleset_id: str, undone: UndoneReport, outcome: TurnOutcome) -> TurnDiff:
    reports = outcome.reports
    factions = {}
    for faction_id, text in reports.factions.items():
        units = unit_changes(ruleset_id, undone.after_state, outcome, faction_id)
        factions[faction_id] = units + line_diff(undone.report.get(Viewer.of(faction_id).key, ""), text)
    return TurnDiff(public=line_diff(undone.report.get(Viewer.public().key, ""), reports.public), factions=factions,
                    moderators=line_diff(undone.report.get(Viewer.moderators().key, ""), reports.moderators))
