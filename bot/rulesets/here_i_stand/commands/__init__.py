"""Here I Stand's own slash commands: /his (the powers' actions and standing orders) and /here-i-stand (moderators)."""
