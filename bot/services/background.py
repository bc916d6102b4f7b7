"""Stopping a helper task (a lease's renewal beat) without swallowing our own cancellation."""

from __future__ import annotations

import asyncio


async def stop_task(task: asyncio.Task) -> None:
    """Cancel ``task`` and wait for it to end.  ``await task`` under ``suppress(CancelledError)``
    would also swallow a cancellation of the *caller* that lands while it waits: the caller (the
    deadline scheduler being stopped) then runs on and its ``stop()`` waits forever.
    ``asyncio.wait`` raises nothing of the task's own, and lets the caller's cancellation through."""
    task.cancel()
    await asyncio.wait([task])
