"""A throwaway PostgreSQL server for the tests: initdb into a temporary folder, started on a free
loopback port (and a Unix socket in that folder), stopped and deleted at the end of the session.

PostgreSQL refuses to run as root; run as root (CI, this machine), the server runs as the
``postgres`` user that Debian's package creates, owning the folder.  ``FLEETWRIGHT_TEST_POSTGRES``
(a ``postgresql://`` URL of a user who may CREATE DATABASE) uses an existing server instead.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ENABLE = ("install PostgreSQL's server (Debian: apt-get install postgresql) or set "
          "FLEETWRIGHT_TEST_POSTGRES=postgresql://user:password@host:port/database")


class Unavailable(Exception):
    """No server could be had; the message says why and how to get one."""


@dataclass
class Server:
    admin_url: str  # a database to connect to for CREATE DATABASE (never one a test uses)
    folder: Path | None = None  # ours to stop and delete; None: someone else's server
    pg_ctl: str | None = None
    user: str | None = None

    def url(self, database: str) -> str:
        """The admin URL with another database (its user, host and options kept)."""
        return urlunsplit(urlsplit(self.admin_url)._replace(path=f"/{database}"))

    def stop(self) -> None:
        if self.folder is None:
            return
        _run([self.pg_ctl, "stop", "-D", str(self.folder / "data"), "-m", "immediate", "-w"], self.user,
             check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> Server:
    existing = os.environ.get("FLEETWRIGHT_TEST_POSTGRES")
    if existing:
        return Server(admin_url=existing)
    binaries = _binaries()
    user = _server_user()
    folder = Path(tempfile.mkdtemp(prefix="fleetwright-pg-"))
    try:
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        data, port = folder / "data", _free_port()
        _run([binaries / "initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
              "--locale=C", "--no-sync"], user)
        # Throwaway data: no fsync, nothing the tests do needs durability against a power cut.
        options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 "
                   "-c shared_buffers=32MB")
        _run([binaries / "pg_ctl", "start", "-D", str(data), "-w", "-t", "60", "-l", str(folder / "log"),
              "-o", options], user)
    except (OSError, subprocess.CalledProcessError, KeyError) as exc:
        log = folder / "log"
        tail = log.read_text(errors="replace")[-800:] if log.exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise Unavailable(f"the PostgreSQL server would not start ({_said(exc)}) {tail}".strip()) from exc
    return Server(admin_url=f"postgresql://postgres@127.0.0.1:{port}/postgres", folder=folder,
                  pg_ctl=str(binaries / "pg_ctl"), user=user)


def _binaries() -> Path:
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise Unavailable(f"initdb not found (neither on PATH nor in /usr/lib/postgresql/*/bin); {ENABLE}")
    return Path(found[-1]).parent


def _server_user() -> str | None:
    """Who runs the server: we, unless we are root, whom PostgreSQL refuses."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise Unavailable("running as root, and there is no 'postgres' user to run the server as "
                          f"(PostgreSQL refuses root); {ENABLE}") from None
    if not shutil.which("runuser"):
        raise Unavailable("running as root and runuser is missing, so the server cannot run as 'postgres'")
    return "postgres"


def _run(command: list, user: str | None, check: bool = True) -> None:
    command = [str(c) for c in command]
    if user is not None:
        command = ["runuser", "-u", user, "--", *command]
    subprocess.run(command, check=check, capture_output=True, text=True, timeout=120, cwd="/")


def _said(exc: BaseException) -> str:
    if isinstance(exc, subprocess.CalledProcessError):
        return f"{' '.join(exc.cmd[-6:])} exited {exc.returncode}: {(exc.stderr or exc.stdout or '').strip()[-400:]}"
    return str(exc)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
