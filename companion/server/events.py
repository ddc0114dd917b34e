"""The operator's log: one JSON line for each event, on standard error, where journald keeps it.

Every part of the server says what happened through :func:`emit`: ``emit("create", game="g12", name="Ana",
address="203.0.113.9")`` writes ``{"time": "...", "event": "create", "game": "g12", ...}`` as one line.
A field whose name says it holds a secret (a password, a token, a join code) is never written, whatever
its value, so a careless caller cannot put one in the log. Chat text is written only by the events whose
reports keep it (a report); no other event carries it.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import IO, Callable

Listener = Callable[[str, dict[str, object]], None]

LOGGER = logging.getLogger("companion.server.events")
# Names of fields never written: what would let a reader of the log take someone's seat or account.
SECRETS = frozenset({"password", "passwords", "token", "tokens", "code", "codes", "secret", "hash"})
_handler: logging.Handler | None = None
# Who else hears each event (the metrics count them): called with the event's name and its fields.
_listeners: list[Listener] = []


def emit(event: str, **fields: object) -> None:
    """Log one event as one JSON line; fields that could hold a secret are left out."""
    for listener in list(_listeners):
        listener(event, fields)
    if not LOGGER.isEnabledFor(logging.INFO):
        return
    LOGGER.info(line(event, **fields))


def listen(listener: Listener) -> None:
    """Have ``listener`` called with every event from now on."""
    _listeners.append(listener)


def unlisten(listener: Listener) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def line(event: str, **fields: object) -> str:
    """The JSON line :func:`emit` writes for an event (without the line end)."""
    record: dict[str, object] = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "event": event}
    for key, value in fields.items():
        if key.lower() in SECRETS or value is None:
            continue
        record[key] = value if isinstance(value, (int, float, bool, str, list, dict)) else str(value)
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=str)


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Standard error as it is when each event is written, not as it was at start: a program (or a test run)
    that replaces sys.stderr and closes the old one still gets every line, and no 'Logging error'."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def configure(stream: IO[str] | None = None) -> None:
    """Send the events to ``stream`` (standard error by default), one line each; called once at start."""
    global _handler
    if _handler is not None:
        LOGGER.removeHandler(_handler)
    _handler = logging.StreamHandler(stream) if stream is not None else _Stderr()
    _handler.setFormatter(logging.Formatter("%(message)s"))
    LOGGER.addHandler(_handler)
    LOGGER.setLevel(logging.INFO)
    LOGGER.propagate = False


FAILED = "Error, the server could not answer that because of a fault of its own. The operator is told; try again."


def failed(where: str, **fields: object) -> str:
    """Within ``except``: the fault logged with its traceback and an ``answer_failed`` event; the one
    sentence the person hears instead of a dropped connection."""
    import sys

    from companion.errorlog import log_exception

    error = sys.exc_info()[1]
    log_exception(f"server {where}")
    emit("answer_failed", where=where, error=type(error).__name__ if error else "", **fields)
    return FAILED
