"""Reports: events → text for each audience.  The engine emits typed events
only; every word a player reads is made here."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel

from bot.domain.events import Event
from bot.domain.gamemap import GameMap
from bot.domain.viewer import Viewer
from bot.engine.dice import SEED_SCHEME, Roll
from bot.i18n import DEFAULT_LANGUAGE
from bot.plugins import get_presenter


@dataclass
class ReportInput:
    """Everything a report may draw on; assembled by the services."""

    campaign_name: str
    turn: int
    seed: str  # what the report reveals: the seed, or (rsa-vrf) the public key; never a private key
    commitment: str
    gamemap: GameMap
    before: BaseModel
    after: BaseModel
    events: list[Event]
    rolls: list[Roll] = field(default_factory=list)
    dice_scheme: str = SEED_SCHEME
    # The language of each post (bot/i18n.py LANGUAGES): the campaign's for the public post and
    # the moderators' log, a clan's own for its private report (the campaign's when it has none).
    language: str = DEFAULT_LANGUAGE
    faction_languages: dict[str, str] = field(default_factory=dict)
    step: int = 1  # the step of the turn it reports (issue 12, bot/engine/steps.py)

    def language_for(self, audience: Viewer) -> str:
        if audience.is_public or audience.is_moderators:
            return self.language
        return self.faction_languages.get(audience.faction, self.language)


T = TypeVar("T")


@dataclass
class _Made:
    """What was made of one ReportInput, and what it held then (held: so no id in it is a newer object's)."""

    ref: weakref.ref
    held: tuple
    events: int
    made: dict[str, object] = field(default_factory=dict)

    def still(self, data: ReportInput) -> bool:
        """Does ``data`` hold the same events (as many: a list appended to is another turn's), states and map?"""
        return (self.ref() is data and len(data.events) == self.events
                and all(a is b for a, b in zip(self.held, _held(data))))


_PER_TURN: dict[int, _Made] = {}  # by id(ReportInput)


def per_turn(data: ReportInput, name: str, make: Callable[[ReportInput], T]) -> T:
    """``make(data)``, made once for all of a turn's audiences and remembered as ``name``: the reports,
    cards and maps of one turn ask the same questions of its events (which clan sees which event),
    once per audience, 18 times at 16 clans (issue 18).  Remembered while ``data`` lives and holds the
    same events, states and map: a list of events replaced or grown, or a state or map replaced, and it
    is made again.  So ``make`` may read only those, and must not depend on a state changed in place."""
    key = id(data)
    entry = _PER_TURN.get(key)
    if entry is None or not entry.still(data):
        entry = _PER_TURN[key] = _Made(weakref.ref(data, _forget(key)), _held(data), len(data.events))
    if name not in entry.made:
        entry.made[name] = make(data)
    return entry.made[name]  # type: ignore[return-value]


def _held(data: ReportInput) -> tuple:
    return data.events, data.before, data.after, data.gamemap


def _forget(key: int) -> Callable[[weakref.ref], None]:
    def forget(ref: weakref.ref) -> None:
        entry = _PER_TURN.get(key)
        if entry is not None and entry.ref is ref:  # not a newer turn's that was given the same id
            _PER_TURN.pop(key, None)
    return forget


class Reports(BaseModel):
    public: str
    factions: dict[str, str]
    moderators: str


def build_reports(ruleset_id: str, data: ReportInput) -> Reports:
    """The turn's reports in the ruleset's own words (its presenter)."""
    return get_presenter(ruleset_id).build_reports(data)


def capitalised(text: str) -> str:
    """Each line of a report starts with a capital, whatever its template began with (a unit's name
    written in lower case); a script without case (zh-TW, ja) is left as it is."""
    return "\n".join(_capital(line) for line in text.split("\n"))


def _capital(line: str) -> str:
    body = line.lstrip(" ")
    return line[:len(line) - len(body)] + body[:1].upper() + body[1:] if body else line


def split_message(text: str, limit: int = 2000) -> list[str]:
    """Split on line boundaries so no Discord message exceeds ``limit``.  A single line
    longer than a message (a busy turn's long list of what was cut or lost) is broken
    after its last "; ", ", " or space that fits, and only cut mid-word if it has none."""
    chunks: list[str] = []
    current = ""
    for line in text.splitlines():
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            head, line = _break_long_line(line, limit)
            chunks.append(head)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current:
        chunks.append(current)
    return chunks


def _break_long_line(line: str, limit: int) -> tuple[str, str]:
    for separator in ("; ", ", ", " "):
        at = line.rfind(separator, 1, limit - len(separator.rstrip()) + 1)
        if at > 0:
            cut = at + len(separator.rstrip())
            return line[:cut], line[cut:].lstrip()
    return line[:limit], line[limit:]
