"""The error the services raise for anything a person got wrong: the message
says what was wrong and what would be right, and nothing was changed.

It carries its message id and values (``UserError(N_("there is no unit {unit}"), unit=name)``):
``str()`` is the English text (the CLI, the logs); ``error.text.render(t)`` words it for the
reader (bot/discord_app.py ``user_message``)."""

from __future__ import annotations

from typing import Any

from bot.i18n import CORE_DOMAIN
from bot.localized import Text


class UserError(Exception):
    def __init__(self, message: Any = "", /, domain: str = CORE_DOMAIN, **values: Any) -> None:
        self.text = message if isinstance(message, Text) and not values else Text(str(message), domain=domain, **values)
        super().__init__(str(self.text))
