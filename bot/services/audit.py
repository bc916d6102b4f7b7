"""Who made a moderator edit, and the audit entry that records it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.domain.campaign import Campaign
from bot.store import AuditEntry


@dataclass(frozen=True)
class Moderator:
    """The person behind an edit: a Discord user (id and name), or ``None`` id for the command line."""

    id: int | None
    name: str


COMMAND_LINE = Moderator(None, "command line")


def audit_entry(campaign: Campaign, by: Moderator, when: datetime, payload: dict[str, Any],
                description: str, subjects: list[str]) -> AuditEntry:
    reason = payload.get("reason")
    return AuditEntry(campaign_id=campaign.id or 0, at=when.isoformat(timespec="seconds"), turn=campaign.turn,
                      phase=campaign.phase.value, actor_id=by.id, actor_name=by.name,
                      kind=str(payload.get("kind")), payload=payload, description=description,
                      reason=reason.strip() if isinstance(reason, str) and reason.strip() else None,
                      subjects=subjects)
