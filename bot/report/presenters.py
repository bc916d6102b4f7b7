"""Per-ruleset presentation: report text, order descriptions and the map
overlay.  One entry per ruleset; the services never branch on a ruleset."""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from bot.domain.gamemap import GameMap
from bot.report import ReportInput, Reports


class Presenter(Protocol):
    def build_reports(self, data: ReportInput) -> Reports: ...
    def describe_order(self, order: BaseModel, state: Any, gamemap: GameMap) -> str: ...
    async def render(self, data: ReportInput, audience: str = "public") -> bytes:
        """The turn's map for ``audience``: "public", "moderators" or a faction id."""


def presenter(ruleset_id: str) -> Presenter:
    if ruleset_id == "sengoku":
        from bot.report.sengoku_present import SengokuPresenter
        return SengokuPresenter()
    raise KeyError(f"no presenter for ruleset {ruleset_id!r}")
