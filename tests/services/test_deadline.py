"""Deadlines as moderators type them: relative or absolute, within a year, always in UTC."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from bot.services.deadline import parse_deadline
from bot.services.errors import UserError

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("text", "expected"), [
    ("in 48h", NOW + timedelta(hours=48)),
    ("in 90m", NOW + timedelta(minutes=90)),
    ("2026-12-01 20:00", datetime(2026, 12, 1, 20, 0, tzinfo=timezone.utc)),
    ("2026-12-01 20:00+09:00", datetime(2026, 12, 1, 11, 0, tzinfo=timezone.utc)),
])
def test_a_deadline_is_read_and_kept_in_utc(text, expected):
    when = parse_deadline(text, NOW)
    assert when == expected and when.utcoffset() == timedelta(0)


@pytest.mark.parametrize(("text", "message"), [
    ("in 99999999999d", "the deadline 'in 99999999999d' is more than a year away; give one within a year, "
                        "e.g. 'in 48h' or '2026-12-01 12:00'"),
    ("in 999999999h", "the deadline 'in 999999999h' is more than a year away"),
    ("2028-01-01 00:00", "the deadline '2028-01-01 00:00' is more than a year away"),
    ("9999-12-31 23:00-05:00", "cannot read the deadline '9999-12-31 23:00-05:00': the date is out of range"),
    ("in 0h", "a deadline must lie in the future"),
    ("yesterday", "cannot read the deadline 'yesterday'"),
])
def test_an_unusable_deadline_is_refused_with_what_would_do(text, message):
    """Far deadlines overflowed datetime (OverflowError: a generic failure for the moderator) or were
    stored and then broke every status display."""
    with pytest.raises(UserError) as refused:
        parse_deadline(text, NOW)
    assert str(refused.value).startswith(message)
