"""Telling a dead boot's claim from a live one's (bot/services/boot.py)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from bot.services.boot import is_dead, new_boot_id

HOST = socket.gethostname()


def test_a_gone_process_an_earlier_boot_of_this_pid_are_dead_and_the_rest_are_not():
    me = new_boot_id()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert is_dead(f"{HOST}:{gone}:aaaa", me)  # that process has exited
    assert is_dead(f"{HOST}:{os.getpid()}:aaaa", me)  # pid 1 in a container on every start: an earlier boot
    assert not is_dead(me, me)
    assert not is_dead(f"{HOST}:{os.getppid()}:aaaa", me)  # alive
    assert not is_dead(f"elsewhere:{gone}:aaaa", me)  # another host: cannot tell, wait for staleness
    assert not is_dead("written by something else", me)
