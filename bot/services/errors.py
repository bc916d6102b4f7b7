"""The error the services raise for anything a person got wrong: the message
says what was wrong and what would be right, and nothing was changed."""

from __future__ import annotations


class UserError(Exception):
    pass
