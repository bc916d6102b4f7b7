"""Per-ruleset presentation: report text, order descriptions and the map
overlay.  One entry per ruleset; the services never branch on a ruleset."""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from bot.domain.gamemap import GameMap
from bot.domain.viewer import PUBLIC, Viewer
from bot.report import ReportInput, Reports
from bot.plugins import get_presenter
from bot.report.cards import Card


class Presenter(Protocol):
    def build_reports(self, data: ReportInput) -> Reports: ...
    def template_kinds(self) -> set[str]:
        """The event kinds its reports have words for.  One template serves every audience: what
        an audience may read is decided where an event is emitted, and a report only filters."""
    def describe_order(self, order: BaseModel, state: Any, gamemap: GameMap) -> str: ...
    def shown_roll_keys(self, report: str) -> set[str]:
        """The dice keys a report of this ruleset (as stored) shows: the rolls its reader may see the
        proofs of and recompute (/dice verify).  Read from the report's own marker of a roll, which a
        name typed by a player must not be able to forge."""
    def cards(self, data: ReportInput, audience: Viewer) -> list[Card]:
        """The summary cards of the audience's report (bot.report.cards), from what it may read."""
    async def render(self, data: ReportInput, audience: Viewer | str = PUBLIC, sheet: str | None = None) -> bytes:
        """The turn's map for ``audience``: the public, the moderators or one clan (strings:
        ``as_viewer``; the bot passes a ``Viewer``, since a clan's id may be "public").  ``sheet``:
        which of the map's sheets to draw (None: its first); the bot names one only for a map of
        several sheets, and draws each (CampaignService.render_sheet_maps)."""


def presenter(ruleset_id: str) -> Presenter:
    """The ruleset's presenter, as its plug-in supplies it (bot/plugins.py)."""
    return get_presenter(ruleset_id)
