"""The real bot, ``python -m bot run`` as it starts, in a process of its own pointed at
a fake Discord on loopback: ``python -m tests.e2e.bot_child REST_BASE GATEWAY_URL``
(DISCORD_TOKEN and DATABASE from the environment).  The same two overrides as
``fake_discord.FakeDiscord.start``, for the signal tests.

For the tests of several processes (tests/e2e/test_processes.py), two more, from the environment:
``FLEETWRIGHT_TEST_HOST`` the host name this process's boot id gives (each process another
"host", so no pid check can tell a killed one is gone: only its lease's end), and
``FLEETWRIGHT_TEST_STALL=compute:FILE`` or ``post:FILE``: the first process to get there (it
creates FILE, writing its pid) stops for good, half-way through computing a turn or after sending
a resolution's first message and before marking it, to be killed there."""

from __future__ import annotations

import asyncio
import os
import socket
import sys

import discord
import yarl


def _stall_once(marker: str) -> bool:
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    os.write(fd, str(os.getpid()).encode())
    os.close(fd)
    return True


async def _forever() -> None:
    await asyncio.Event().wait()


def _install_stall(spec: str) -> None:
    where, _, marker = spec.partition(":")
    if where == "compute":
        from bot.services.campaigns import CampaignService

        real = CampaignService._compute

        async def compute(self, *args):
            if _stall_once(marker):
                await _forever()
            return await real(self, *args)

        CampaignService._compute = compute
    elif where == "post":
        from cogs.turn_posts import TurnPoster

        real_send = TurnPoster.send

        async def send(self, *args):
            sent = await real_send(self, *args)
            if _stall_once(marker):
                await _forever()
            return sent

        TurnPoster.send = send


def main() -> int:
    base, gateway = sys.argv[1], sys.argv[2]
    discord.http.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    host = os.environ.get("FLEETWRIGHT_TEST_HOST")
    if host:
        socket.gethostname = lambda: host  # before bot.services.boot names this boot
    if os.environ.get("FLEETWRIGHT_TEST_STALL"):
        _install_stall(os.environ["FLEETWRIGHT_TEST_STALL"])
    from bot.__main__ import main as bot_main
    return bot_main(["run"])


if __name__ == "__main__":
    sys.exit(main())
