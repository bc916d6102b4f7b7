"""The royal fleets' own slash commands: /royal (the players' orders) and /royal-fleets (moderators)."""
