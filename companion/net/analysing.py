"""The coach's analysis for people at a host or a server: run in a process of its own, never on the event loop.

An analysis takes a minute or so of processor time: run where the games are played, it would stop every
game on that process for as long. So ``Analyst`` starts ``python -m companion.game.analysis_job`` (at a
lower priority), passes it the finished game's record, and reads its progress and its words as they come.
One analysis runs at a time on a process, and one a person; another asked for meanwhile is refused with
a sentence that says when to ask again. Answers are kept (the newest few), so asking again is at once.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Awaitable, Callable

if TYPE_CHECKING:
    from companion.net.room import Here
    from companion.net.hosted import HostedGame

AT_ONCE = 1  # analyses running on one process
LONGEST = 900.0  # seconds an analysis may take before it is stopped
KEPT = 64  # answers kept, for asking again
PROGRESS_EVERY = 10.0  # seconds between progress lines passed on
MAX_LINE = 1 << 20

Tell = Callable[[str], Awaitable[None]]
BUSY = "Error, the server is analysing another game now. Type analysis again in a minute."
YOURS = "Error, your analysis is still running. Its words come here when it is done."
FAILED = "Error, the analysis failed. The game itself is unchanged. Try again later."


class Analyst:
    def __init__(self, at_once: int = AT_ONCE, longest: float = LONGEST) -> None:
        self.at_once = at_once
        self.longest = longest
        self.running: set[str] = set()  # who has one running
        self.answers: OrderedDict[tuple[str, str, tuple[str, ...]], str] = OrderedDict()
        self.tasks: set[asyncio.Task[None]] = set()

    def kept(self, record: str, name: str, words: list[str]) -> str | None:
        return self.answers.get((record, name.casefold(), tuple(w.lower() for w in words)))

    def start(self, who: str, record: str, name: str, words: list[str], tell: Tell) -> str:
        """Start analysing ``record`` for the player ``name``; the sentence to say now. Progress and the
        answer are told later, through ``tell``."""
        if who in self.running:
            return YOURS
        if len(self.running) >= self.at_once:
            return BUSY
        self.running.add(who)
        task = asyncio.get_running_loop().create_task(self._run(who, record, name, words, tell))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return ("Analysing your moves against Strong Bot's. It takes a minute or two. "
                "You hear its progress, then its words, here.")

    async def _run(self, who: str, record: str, name: str, words: list[str], tell: Tell) -> None:
        try:
            text = await self.analyse(record, name, words, tell)
        finally:
            self.running.discard(who)
        await tell(text)

    async def analyse(self, record: str, name: str, words: list[str], tell: Tell | None = None) -> str:
        """The words of one analysis (or one sentence saying why not), progress told every few seconds."""
        key = (record, name.casefold(), tuple(w.lower() for w in words))
        if key in self.answers:
            return self.answers[key]
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "companion.game.analysis_job", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, limit=MAX_LINE)
        assert proc.stdin is not None and proc.stdout is not None
        last: dict[str, str] = {"error": FAILED}
        told_at = time.monotonic()
        try:
            proc.stdin.write(json.dumps({"record": record, "name": name, "words": words}).encode())
            await proc.stdin.drain()
            proc.stdin.close()
            async with asyncio.timeout(self.longest):
                while raw := await proc.stdout.readline():
                    try:
                        said = json.loads(raw)
                    except ValueError:
                        continue
                    if not isinstance(said, dict):
                        continue
                    progress = said.get("progress")
                    if isinstance(progress, str):
                        if tell is not None and time.monotonic() - told_at >= PROGRESS_EVERY:
                            told_at = time.monotonic()
                            await tell(progress)
                    elif isinstance(said.get("text"), str) or isinstance(said.get("error"), str):
                        last = said
        except (TimeoutError, ValueError, OSError):
            last = {"error": FAILED}
        finally:
            if proc.returncode is None:
                try:
                    proc.kill()
                except ProcessLookupError:
                    pass
            await proc.wait()
        if "text" in last:
            self.answers[key] = last["text"]
            while len(self.answers) > KEPT:
                self.answers.popitem(last=False)
            return last["text"]
        return last["error"]

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            try:
                await task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001, S110 - stopping: each is ended
                pass



def at_seat(host: Here, game: HostedGame, seat: int, rest: str) -> str:
    """``analysis`` typed at a hosted or server game that is over: what the seat hears now. The words come
    later, each numbered and kept like any other message, once the game's lock is free."""
    from companion.engine.record import dumps
    from companion.game.analysis import AnalysisError
    from companion.game.analysis_run import check_form

    words = rest.split()
    try:
        check_form(words)
    except AnalysisError as e:
        return f"Error, {e}"
    engine = getattr(getattr(game.seating, "act", None), "game", None)
    if engine is None:
        return "Error, a table of real cards has no moves to analyse."
    record, name = dumps(engine), game.seats[seat].name
    analyst = host.analyst
    kept = analyst.kept(record, name, words)
    if kept is not None:
        return kept

    async def tell(text: str) -> None:
        await host.tell_later(game, {seat: text})

    return analyst.start(f"{game.id}/{seat}", record, name, words, tell)
