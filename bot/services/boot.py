"""Which running bot this is: a boot id written into the claims it takes, so that a
later boot can tell a claim left by a dead process from one a live process holds.

"host:pid:nonce".  A boot on the same host whose process is gone is dead; so is an
earlier boot with this very pid (in a container the bot is pid 1 on every start),
which is why the nonce tells boots of one pid apart.  A claimant on another host
cannot be checked: its claim is trusted until it goes stale (it is renewed while
posting, ``bot/services/posting.py``).
"""

from __future__ import annotations

import os
import secrets
import socket


def new_boot_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


THIS_BOOT = new_boot_id()  # one per process; a test of a restart gives its second service another


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def is_dead(claimant: str, me: str) -> bool:
    """Whether the boot ``claimant`` is known to have stopped, as boot ``me`` sees it."""
    try:
        host, pid_text, _ = claimant.rsplit(":", 2)
        my_host, my_pid, _ = me.rsplit(":", 2)
        pid = int(pid_text)
    except ValueError:
        return False  # not a boot id this version wrote: wait for its claim to go stale
    if claimant == me or host != my_host:
        return False
    return pid == int(my_pid) or not _pid_alive(pid)
