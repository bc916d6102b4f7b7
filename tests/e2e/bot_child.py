"""The real bot, ``python -m bot run`` as it starts, in a process of its own pointed at
a fake Discord on loopback: ``python -m tests.e2e.bot_child REST_BASE GATEWAY_URL``
(DISCORD_TOKEN and DATABASE from the environment).  The same two overrides as
``fake_discord.FakeDiscord.start``, for the signal tests."""

from __future__ import annotations

import sys

import discord
import yarl


def main() -> int:
    base, gateway = sys.argv[1], sys.argv[2]
    discord.http.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    from bot.__main__ import main as bot_main
    return bot_main(["run"])


if __name__ == "__main__":
    sys.exit(main())
