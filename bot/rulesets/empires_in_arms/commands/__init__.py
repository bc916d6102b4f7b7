"""Empires in Arms slash-command groups: /eia (players) and /empires-in-arms (moderators)."""
