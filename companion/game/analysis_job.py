"""One analysis in a process of its own: ``python -m companion.game.analysis_job``.

A host or a server must not stop every other game for the minute an analysis takes, so it starts this
process (companion.net.analysing) and reads its answer. It reads one JSON object on standard input,
``{"record": the finished game's save text, "name": the player, "words": what followed analysis}``, and writes
JSON lines: ``{"progress": words}`` as it goes, then ``{"text": words}`` or ``{"error": one sentence}``.
It lowers its own priority first, so the games being played keep the processor.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

MAX_REQUEST = 4 * 1024 * 1024  # a record of a long game of 6 is well under this


def _out(stream: TextIO, **fields: Any) -> None:
    stream.write(json.dumps(fields) + "\n")
    stream.flush()


def answer(request: Any, progress: Any) -> dict[str, str]:
    """The job's last line for one request (already parsed): ``text`` or ``error``."""
    from companion.engine.record import SaveError
    from companion.game import analysis as an
    from companion.game.analysis_run import run

    if not isinstance(request, dict):
        return {"error": "Error, that analysis was asked for wrongly."}
    record, name, words = request.get("record"), request.get("name"), request.get("words")
    if not (isinstance(record, str) and isinstance(name, str) and isinstance(words, list)
            and all(isinstance(w, str) for w in words) and len(words) <= 3):
        return {"error": "Error, that analysis was asked for wrongly."}
    try:
        game = an.game_of(record)
        if not game.over:
            return {"error": "Error, that game is not over, so it cannot be analysed yet."}
        seats = [i for i, p in enumerate(game.players) if p.name.casefold() == name.casefold()]
        if not seats:
            return {"error": f"Error, {name} did not play in that game."}
        return {"text": run(record, seats[0], words, {}, 1, progress)}
    except (an.AnalysisError, SaveError) as e:
        message = str(e)
        return {"error": f"Error, {message[:1].lower()}{message[1:]}"}


def main(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    if hasattr(os, "nice"):
        try:
            os.nice(10)
        except OSError:
            pass
    raw = stdin.read(MAX_REQUEST + 1)
    try:
        request = json.loads(raw) if len(raw) <= MAX_REQUEST else None
    except ValueError:
        request = None
    try:
        _out(stdout, **answer(request, lambda words: _out(stdout, progress=words)))
    except Exception:  # noqa: BLE001 - one sentence to the person; the host logs the rest
        _out(stdout, error="Error, the analysis failed. The game itself is unchanged.")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
