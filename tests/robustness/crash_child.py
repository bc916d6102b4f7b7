"""Child process of test_crash_safety: for each database and point given,
fork a process that resolves the open turn of campaign 1 in that SQLite file
through the real CampaignService and SIGKILLs itself at that point; print
each one's exit code (-9: killed) as JSON.

    python -m tests.robustness.crash_child <database>=<point> ...

Forking after the imports makes each kill cost a resolution, not a start of
Python (the parent has no threads and no event loop when it forks).

The kill points are hooks patched in here, in the child only; production code
has none.  "resolve:*" points fire inside the rules (in the worker thread),
"commit:*" points inside the commit's open transaction, after the named step
("commit:begin": the write lock taken, nothing written yet), "committed" after
the transaction, before the campaign's deadline is cleared.  Point "none"
resolves to the end (exit 0).
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import signal
import sys

from bot.rulesets.sengoku.report import present as sengoku_present
from bot.rulesets.sengoku.rules.turn import resolve as resolve_module
from bot.services.campaigns import CampaignService
from bot.store import open_repository, sqlite_resolutions
from bot.store.sqlite import SqliteRepository


def die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def after(owner, name: str, point: str, wanted: str, when=lambda *a, **k: True) -> None:
    """Kill the process right after ``owner.name`` returns, if ``point`` is the wanted one."""
    original = getattr(owner, name)
    if point != wanted:
        return
    if asyncio.iscoroutinefunction(original):
        @functools.wraps(original)
        async def killing_async(*args, **kwargs):
            result = await original(*args, **kwargs)
            if when(*args, **kwargs):
                die()
            return result
        setattr(owner, name, killing_async)
    else:
        @functools.wraps(original)
        def killing(*args, **kwargs):
            result = original(*args, **kwargs)
            if when(*args, **kwargs):
                die()
            return result
        setattr(owner, name, killing)


def before(owner, name: str, point: str, wanted: str) -> None:
    original = getattr(owner, name)
    if point != wanted:
        return

    def killing(*args, **kwargs):
        die()
        return original(*args, **kwargs)
    setattr(owner, name, killing)


def install(point: str) -> None:
    before(resolve_module, "_validated", point, "resolve:start")
    after(resolve_module, "_run_subphase", point, "resolve:after-sp1", when=lambda ctx, sub, orders: sub == "SP1")
    after(resolve_module, "_turn_end", point, "resolve:turn-end")
    before(sengoku_present.SengokuPresenter, "build_reports", point, "reports")
    after(sqlite_resolutions, "check_committable", point, "commit:begin")
    after(sqlite_resolutions, "replace_state", point, "commit:state")
    after(sqlite_resolutions, "insert_resolution", point, "commit:resolution")
    after(sqlite_resolutions, "set_turn_status", point, "commit:turn-status")
    after(sqlite_resolutions, "set_campaign_turn", point, "commit:campaign")
    after(SqliteRepository, "commit_resolution", point, "committed")


async def resolve(database: str) -> None:
    async with await open_repository(database) as repo:
        await CampaignService(repo).resolve_turn(1)


def run_killed(database: str, point: str) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            install(point)
            asyncio.run(resolve(database))
        finally:
            os._exit(0 if sys.exc_info()[0] is None else 1)
    return pid


def main(jobs: list[str]) -> dict[str, int]:
    pids = {run_killed(*job.rsplit("=", 1)): job.rsplit("=", 1)[1] for job in jobs}
    codes = {}
    for pid, point in pids.items():
        _, status = os.waitpid(pid, 0)
        codes[point] = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return codes


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
