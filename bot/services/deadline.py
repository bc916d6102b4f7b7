"""Turn deadlines as a moderator types them: "in 48h", "in 2d", "in 90m", or
an ISO date and time in UTC ("2026-12-01 20:00")."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from bot.i18n import N_
from bot.services.errors import UserError

MAX_AHEAD = timedelta(days=366)  # a turn's deadline is days or weeks away; far dates also overflow
_RELATIVE = re.compile(r"^\s*in\s+(\d+)\s*(m|min|h|d)\s*$", re.IGNORECASE)
_UNITS = {"m": "minutes", "min": "minutes", "h": "hours", "d": "days"}


def parse_deadline(text: str, now: datetime) -> datetime:
    when = _parse(text, now)
    if when - now > MAX_AHEAD:
        raise UserError(N_("the deadline {deadline} is more than a year away; give one within a year, e.g. 'in 48h' "
                           "or '{example}'"), deadline=repr(text.strip()),
                        example=f"{(now + timedelta(days=2)):%Y-%m-%d %H:%M}")
    return when


def _parse(text: str, now: datetime) -> datetime:
    match = _RELATIVE.match(text)
    if match:
        amount, unit = int(match.group(1)), _UNITS[match.group(2).lower()]
        if amount <= 0:
            raise UserError(N_("a deadline must lie in the future, e.g. 'in 48h'"))
        # capped so the sum cannot overflow; parse_deadline refuses anything past MAX_AHEAD
        return now + timedelta(**{unit: min(amount, 10**6)})
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise UserError(N_("cannot read the deadline {deadline}; write 'in 48h', 'in 2d' or '2026-12-01 20:00' (UTC)"),
                        deadline=repr(text)) from None
    when = when if when.tzinfo else when.replace(tzinfo=timezone.utc)
    try:
        when = when.astimezone(timezone.utc)  # stored in UTC; 9999-12-31 at UTC−5 is past year 9999
    except OverflowError:
        raise UserError(N_("cannot read the deadline {deadline}: the date is out of range"), deadline=repr(text)) from None
    if when <= now:
        raise UserError(N_("the deadline {deadline} UTC has already passed"), deadline=f"{when:%Y-%m-%d %H:%M}")
    return when
