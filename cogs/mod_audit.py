"""How /mod audit shows the audit log: newest first, one private message
within Discord's 2,000 characters; entries that do not fit are counted, not
cut in half."""

from __future__ import annotations

from datetime import datetime

from bot.domain.text import escape
from bot.i18n import Messages, messages
from bot.localized import phase_name
from bot.store import AuditEntry

LIMIT = 2000
DESCRIPTION_CHARS = 400


def audit_text(title: str, entries: list[AuditEntry], more: bool, limit: int = LIMIT,
               t: Messages | None = None) -> str:
    """``entries`` newest first; ``more``: older entries exist beyond them."""
    t = t or messages()
    if not entries:
        return f"{title}\n" + (t._("No moderator edits recorded on this page.") if more
                               else t._("No moderator edits recorded."))
    lines, shown = [title], 0
    for entry in entries:
        block = _entry(entry, t)
        if len("\n".join([*lines, block])) + 120 > limit:
            break
        lines.append(block)
        shown += 1
    left = len(entries) - shown
    if left or more:
        lines.append(t._("… {left} more on this page and older entries not shown: ask for the next page, or filter "
                         "by clan or unit.", left=left) if left else
                     t._("… older entries not shown: ask for the next page, or filter by clan or unit."))
    return "\n".join(lines)


def _entry(entry: AuditEntry, t: Messages) -> str:
    when = datetime.fromisoformat(entry.at).strftime("%Y-%m-%d %H:%M UTC")
    name = escape(entry.actor_name)  # a Discord display name, and the reason, are typed by people
    who = f"{name} ({entry.actor_id})" if entry.actor_id is not None else name
    text = entry.description if len(entry.description) <= DESCRIPTION_CHARS else \
        entry.description[:DESCRIPTION_CHARS - 1] + "…"
    reason = "\n  " + t._("Reason: {reason}", reason=escape(entry.reason)) if entry.reason else ""
    head = t._("**#{seq}** {when} · turn {turn}, {phase} · {who} · `{kind}`", seq=entry.seq, when=when,
               turn=entry.turn, phase=phase_name(entry.phase).render(t), who=who, kind=entry.kind)
    return f"{head}\n  {text}{reason}"
