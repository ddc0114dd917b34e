"""The server's background tasks, kept: each is held until it ends (asyncio keeps only a weak reference to a
task, so one nobody holds can vanish mid-way), and one that fails is logged with a ``task_failed`` event
for the operator, never lost silently."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine

_running: set[asyncio.Task[object]] = set()


def keep(coro: Coroutine[object, object, object], what: str) -> asyncio.Task[object]:
    """Run ``coro`` as a task kept until it ends; ``what`` names it in the log if it fails."""
    task = asyncio.get_running_loop().create_task(coro)
    _running.add(task)
    task.add_done_callback(lambda t: _ended(t, what))
    return task


def _ended(task: asyncio.Task[object], what: str) -> None:
    _running.discard(task)
    if task.cancelled():
        return
    error = task.exception()
    if error is None:
        return
    from companion.errorlog import log_exception
    from companion.server.events import emit

    emit("task_failed", task=what, error=type(error).__name__)
    try:
        raise error
    except BaseException:  # noqa: BLE001 - logged with its traceback, whatever it is
        log_exception(f"server task {what}")


def running() -> int:
    """Tasks kept and not ended yet (for tests)."""
    return len(_running)
