"""How /mod audit shows the audit log: newest first, one private message
within Discord's 2,000 characters; entries that do not fit are counted, not
cut in half."""

from __future__ import annotations

from datetime import datetime

from bot.domain.text import escape
from bot.store import AuditEntry

LIMIT = 2000
DESCRIPTION_CHARS = 400


def audit_text(title: str, entries: list[AuditEntry], more: bool, limit: int = LIMIT) -> str:
    """``entries`` newest first; ``more``: older entries exist beyond them."""
    if not entries:
        return f"{title}\nNo moderator edits recorded" + (" on this page." if more else ".")
    lines, shown = [title], 0
    for entry in entries:
        block = _entry(entry)
        if len("\n".join([*lines, block])) + 120 > limit:
            break
        lines.append(block)
        shown += 1
    left = len(entries) - shown
    if left or more:
        lines.append(f"… {f'{left} more on this page and ' if left else ''}older entries not shown: ask for "
                     f"the next page, or filter by clan or unit.")
    return "\n".join(lines)


def _entry(entry: AuditEntry) -> str:
    when = datetime.fromisoformat(entry.at).strftime("%Y-%m-%d %H:%M UTC")
    name = escape(entry.actor_name)  # a Discord display name, and the reason, are typed by people
    who = f"{name} ({entry.actor_id})" if entry.actor_id is not None else name
    text = entry.description if len(entry.description) <= DESCRIPTION_CHARS else \
        entry.description[:DESCRIPTION_CHARS - 1] + "…"
    reason = f"\n  Reason: {escape(entry.reason)}" if entry.reason else ""
    return f"**#{entry.seq}** {when} · turn {entry.turn}, {entry.phase} · {who} · `{entry.kind}`\n  {text}{reason}"
