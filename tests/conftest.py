"""One test suite, two backends: a test (or fixture) that asks for ``database`` runs once on a
fresh SQLite file and once on a fresh PostgreSQL database, made from a migrated template on a
server this session starts (tests/pg_server.py).

Where no server can be had the PostgreSQL runs skip, and the end of the run says why and how
to enable them; with ``FLEETWRIGHT_REQUIRE_POSTGRES=1`` (CI) they fail instead.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.rulesets.sengoku.rules.model.index import StateIndex
from bot.services.parsed import ParsedCache
from tests import pg_server

# Issue 18: every lookup of a resolution's index is compared with the full scan it replaces while
# the tests run (an index that missed an in-place change fails loudly, IndexMismatch).
StateIndex.check = True
# Issue 18: every shared parsed copy a service gives out again is compared with what it was parsed
# from (a reader that changed one fails loudly, CopyChanged: bot/services/parsed.py).
ParsedCache.check = True

# Issue 18: the suite runs a turn's heavy work in threads of the test process (nothing to start, and
# monkeypatched code is seen); the tests that ask for ``through_workers`` run it in real worker
# processes: one small pool per test process (per xdist worker), started on first use.
os.environ.setdefault("FLEETWRIGHT_WORKERS", "0")
TEST_POOL_WORKERS = 2

REQUIRED = os.environ.get("FLEETWRIGHT_REQUIRE_POSTGRES") == "1"
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
_skipped: list[str] = []
_names = itertools.count(1)


def in_thread(make: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run a coroutine to the end on an event loop of its own (fixtures are set up while a test's
    loop may be running)."""
    result: dict[str, Any] = {}

    def work() -> None:
        try:
            result["value"] = asyncio.run(make())
        except BaseException as exc:  # handed to the caller's thread
            result["error"] = exc

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


class PostgresForTests:
    """The session's server and its migrated template; ``fresh()`` a new database's URL."""

    def __init__(self, server: pg_server.Server) -> None:
        self.server = server
        self.prefix = f"fw_test_{os.getpid()}"
        self.template = f"{self.prefix}_template"
        in_thread(self._make_template)

    async def _admin(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.server.admin_url, timeout=15)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    async def _make_template(self) -> None:
        from bot.store import open_repository

        await self._admin(f'DROP DATABASE IF EXISTS "{self.template}"')
        await self._admin(f'CREATE DATABASE "{self.template}"')
        repo = await open_repository(self.server.url(self.template))  # migrated once, copied per test
        await repo.close()

    def fresh(self) -> str:
        name = f"{self.prefix}_{next(_names)}"
        in_thread(lambda: self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"'))
        return self.server.url(name)

    def copy(self, url: str) -> str:
        """A new database with what the one at ``url`` holds (nobody may be connected to it)."""
        name = f"{self.prefix}_{next(_names)}"
        source = _database_name(url)
        in_thread(lambda: self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{source}"'))
        return self.server.url(name)

    def drop(self, url: str) -> None:
        name = _database_name(url)
        # FORCE: a test that failed may have left a repository open.
        in_thread(lambda: self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    def close(self) -> None:
        try:
            in_thread(lambda: self._admin(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)'))
        finally:
            self.server.stop()


def _database_name(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).path.lstrip("/")


def _unavailable(why: str) -> None:
    if REQUIRED:
        pytest.fail(f"PostgreSQL tests cannot run: {why} (FLEETWRIGHT_REQUIRE_POSTGRES=1 requires them)",
                    pytrace=False)
    if not _skipped:
        _skipped.append(why)
    pytest.skip(f"PostgreSQL tests skipped: {why}")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresForTests]:
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        _unavailable("the asyncpg driver is not installed; pip install -e '.[test]' (or make test)")
    try:
        server = pg_server.start()
    except pg_server.Unavailable as exc:
        _unavailable(str(exc))
    try:
        pg = PostgresForTests(server)
    except BaseException as exc:
        server.stop()
        _unavailable(f"the server started but a database could not be made on it: {exc}")
    yield pg
    pg.close()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def new_database(backend: str, tmp_path: Path, request) -> Iterator[Callable[[], str]]:
    """Makes another empty campaign store of the test's backend (a second guild's server, the
    place an export is imported into …): a new SQLite file, or a new PostgreSQL database's URL
    (already migrated: its template was).  Each is removed after the test."""
    made: list[str] = []
    pg: PostgresForTests | None = request.getfixturevalue("postgres") if backend == "postgresql" else None

    def make() -> str:
        location = pg.fresh() if pg else str(tmp_path / f"campaigns-{len(made) + 1}.db")
        made.append(location)
        return location

    yield make
    for location in made if pg else ():
        pg.drop(location)


@pytest.fixture
def database(new_database: Callable[[], str]) -> str:
    """Where a test's campaign store lives, on the test's backend (``backend``: sqlite, postgresql)."""
    return new_database()


def pytest_terminal_summary(terminalreporter) -> None:
    why = _skipped[0] if _skipped else _skip_reason_from_workers(terminalreporter)
    if why:
        terminalreporter.write_line(f"PostgreSQL tests skipped: {why}", yellow=True, bold=True)


def _skip_reason_from_workers(terminalreporter) -> str | None:
    """Under pytest-xdist (make test) the skips happen in the workers: their reports carry the reason."""
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        message = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        if "PostgreSQL tests skipped: " in message:
            return message.split("PostgreSQL tests skipped: ", 1)[1]
    return None


@pytest.fixture
def driver_error(backend: str) -> Callable[[str], Exception]:
    """The error the backend's driver raises when the database fails (a test makes a step fail)."""
    if backend == "sqlite":
        import sqlite3

        return sqlite3.OperationalError
    import asyncpg

    return asyncpg.exceptions.DiskFullError



@pytest.fixture(scope="session")
def worker_pool() -> Iterator[Any]:
    """The session's pool of worker processes (bot/workers.py), warm, kept out of use between the
    tests that ask for it (``through_workers``) so that every other test runs in threads."""
    from bot import workers

    workers.start_workers(TEST_POOL_WORKERS)
    pool = workers._pool
    workers._pool = None
    yield pool
    workers._pool = pool
    workers.stop_workers()


@pytest.fixture
def through_workers(worker_pool, monkeypatch) -> Any:
    """This test's heavy work (resolutions, reports, maps) goes to the session's worker processes."""
    from bot import workers

    monkeypatch.setattr(workers, "_pool", worker_pool)
    return worker_pool
