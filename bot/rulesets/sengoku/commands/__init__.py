"""Sengoku's own slash commands: /order, /unit and /clan for players, /sengoku for moderators'
edits of its game's facts.  Each module with a ``setup`` is an extension the bot loads from the
plug-in's ``commands``; the groups are synced to the servers that host a Sengoku campaign
(bot/startup.py, docs/decisions.md)."""
