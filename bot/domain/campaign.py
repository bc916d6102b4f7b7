"""Campaign metadata: ruleset-neutral facts about one running game."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field

from bot.domain.text import N_


class Phase(StrEnum):
    SETUP = "setup"
    PLANNING = "planning"
    LOCKED = "locked"  # planning closed early: players may no longer change orders, moderators may
    CORRECTION = "correction"  # resolved, undone: the seed is public, only moderators change orders
    RESOLVED = "resolved"


class Faction(BaseModel):
    """A clan or power, and where its players are on Discord."""

    id: str
    name: str
    colour: str = "#888888"
    role_id: int | None = None
    channel_id: int | None = None
    language: str | None = None  # its private posts' (bot/i18n.py LANGUAGES); None: the campaign's


class Campaign(BaseModel):
    id: int | None = None
    guild_id: int | None = None
    name: str
    ruleset: str
    map_id: str
    scenario: str | None = None
    turn: int = 1
    step: int = 1  # the open step of ``turn`` (bot/engine/steps.py); a turn opens at step 1
    phase: Phase = Phase.SETUP
    factions: list[Faction] = Field(default_factory=list)
    report_channel_id: int | None = None
    moderator_role_id: int | None = None
    # The moderators-only channel: their questions of a step and the values entered in their forms.
    moderator_channel_id: int | None = None
    deadline: str | None = None
    auto_resolve: bool = False  # the deadline resolves the turn by itself (bot/scheduler.py)
    language: str = "en"  # of its public posts and the moderators' log (bot/i18n.py LANGUAGES)
    # The store's count of writes to this record when it was read: a write of a copy read at an
    # older version is refused (lost updates).  Not part of an export: an import starts at 0.
    version: int = Field(0, exclude=True)

    def faction(self, faction_id: str) -> Faction | None:
        return next((f for f in self.factions if f.id == faction_id), None)

    def faction_languages(self) -> dict[str, str]:
        """Clan id → the language of its private posts: its own, else the campaign's."""
        return {f.id: f.language or self.language for f in self.factions}


def deadline_passed(deadline: str | None, now: datetime) -> bool:
    """Whether a stored deadline (ISO 8601, as ``Campaign.deadline``) is at or before ``now``."""
    return deadline is not None and datetime.fromisoformat(deadline) <= now


DEADLINE_REFUSAL = N_("the deadline of turn {turn} of {campaign} passed at {when} UTC, so orders are closed; "
                      "a moderator may extend it with /turn deadline, or give the order as your clan with /mod act-as")


def deadline_values(name: str, turn: int, deadline: str) -> dict[str, object]:
    """The values of ``DEADLINE_REFUSAL`` (the services word it for the reader, the store in English)."""
    return {"turn": turn, "campaign": name, "when": f"{datetime.fromisoformat(deadline):%Y-%m-%d %H:%M}"}


def deadline_refusal(name: str, turn: int, deadline: str) -> str:
    """Why a player's order write after the deadline is refused, and what the moderators can do."""
    return DEADLINE_REFUSAL.format(**deadline_values(name, turn, deadline))
