"""No silent thinking: the strong bot's plan search runs in the background from the start of a game.

The strong bot chooses its plan for a kingdom and table by trial games (``companion.bots.search``): about
1 to 2 s of processor time the first time a kingdom is played. Done when a bot first buys or a person
first asks ``hint``, it was a silence that cannot be told from a hang. So a game ``start``s the search in a
thread of its own when it begins (the engine never prints, and the search only computes: a thread needs
no start-up of its own, and the plan it finds is kept in this process, where the bots read it). Whoever
then needs the plan calls ``ready`` first: when it is found, at once; when a person would still wait more
than ``CUE_AFTER`` seconds, ``cue`` is called once (the shell says "Thinking."), then the wait goes on,
with "Still thinking." every ``STILL_EVERY`` seconds, so a long wait is never a silence.

The search is the bots' own ``plan_for``, called as it is; once found, the plan is in its memory (and on
disk), so the bot's own call finds it without searching again.

Where the kingdom allows a table of Gardens rushers (Workshop and Gardens, 3 players or more), the same thread
then searches the plan against that table (``companion.bots.rush_plan``), a second search as long as the
first. The first plan is ready without it; a wait for a bot once anyone owns a Workshop or a Gardens
(``ready``'s ``rush``) waits for it too, with the same cues.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Callable

from companion.kingdom import Kingdom

if TYPE_CHECKING:
    from companion.engine import Game

CUE_AFTER = 0.5  # seconds: a wait longer than this is said
THINKING = "Thinking."
STILL_EVERY = 4.0  # seconds: while the wait goes on, STILL is said this often (a busy machine took 13 to 17 s)
STILL = "Still thinking."

Key = tuple[tuple[str, ...], bool, int]

_runs: dict[Key, threading.Event] = {}
_rush_runs: dict[Key, threading.Event] = {}  # the searches against a table of rushers, where one may show
_lock = threading.Lock()


def _key(kingdom: Kingdom, players: int) -> Key:
    return tuple(sorted(c.name for c in kingdom.cards)), kingdom.platinum_colony, players


def _search(kingdom: Kingdom, players: int) -> None:
    """Find the plan (the bots' own search and memory; a test may put a slower one in its place)."""
    from companion.bots.search import plan_for

    plan_for(kingdom.cards, kingdom.platinum_colony, players)


def _search_rush(kingdom: Kingdom, players: int) -> None:
    """Find the plan against a table of rushers (the bots' own search and memory)."""
    from companion.bots.rush_plan import rush_plan_for

    rush_plan_for(kingdom.cards, kingdom.platinum_colony, players)


def _run(kingdom: Kingdom, players: int, done: threading.Event, rush: threading.Event | None = None) -> None:
    try:
        _search(kingdom, players)
    except Exception:  # noqa: BLE001 - the bot's own call searches again and says any error where it is asked
        with _lock:
            _runs.pop(_key(kingdom, players), None)
    finally:
        done.set()
    if rush is None:
        return
    try:
        _search_rush(kingdom, players)
    except Exception:  # noqa: BLE001 - as above
        with _lock:
            _rush_runs.pop(_key(kingdom, players), None)
    finally:
        rush.set()


def start(kingdom: Kingdom, players: int) -> threading.Event:
    """Start finding the plan for this kingdom and table, unless it is found or being found; the event
    is set once it is."""
    key = _key(kingdom, players)
    with _lock:
        done = _runs.get(key)
        if done is not None:
            return done
        done = _runs[key] = threading.Event()
    from companion.bots.rush_plan import rush_possible
    from companion.bots.search import budget

    if budget() == 0:  # the shipped table alone: nothing to wait for, and no thread
        _run(kingdom, players, done)
        return done
    rush = None
    if rush_possible(kingdom.cards, players):
        with _lock:
            rush = _rush_runs[key] = threading.Event()
    threading.Thread(target=_run, args=(kingdom, players, done, rush), name="plan search", daemon=True).start()
    return done


def rush_begun(game: "Game") -> bool:
    """Whether anyone at a table of 3 or more owns a Workshop or a Gardens, in a kingdom with both: the bots
    may soon want the plan searched against a table of rushers."""
    from companion.bots.rush_plan import rush_possible
    from companion.bots.rivals import GARDENS, WORKSHOP

    if not rush_possible(game.kingdom.cards, game.n):
        return False
    view = game.view(0)
    return any(view.owned(p)[GARDENS] or view.owned(p)[WORKSHOP] for p in range(game.n))


class _both:
    """Two events waited for as one (the plan, then the plan against a table of rushers)."""

    def __init__(self, first: threading.Event, second: threading.Event) -> None:
        self.first, self.second = first, second

    def wait(self, seconds: float) -> bool:
        end = time.monotonic() + seconds
        if not self.first.wait(seconds):
            return False
        return self.second.wait(max(0.0, end - time.monotonic()))


def ready(kingdom: Kingdom, players: int, cue: Callable[[], None] | None = None,
          again: Callable[[], None] | None = None, rush: bool = False) -> bool:
    """Wait for the plan (starting its search if no one has), and with ``rush`` for the plan against a table of
    rushers too, where it is being found; ``cue`` is called once if the wait is longer than CUE_AFTER seconds,
    then ``again`` (the cue's own ``again``, if it has one: "Still thinking.") every STILL_EVERY seconds the
    wait goes on. True if the cue was given."""
    first = start(kingdom, players)
    done: threading.Event | _both = first
    if rush:
        with _lock:
            after = _rush_runs.get(_key(kingdom, players))
        if after is not None:
            done = _both(first, after)
    if done.wait(CUE_AFTER):
        return False
    if cue is not None:
        cue()
    if again is None:
        again = getattr(cue, "again", None)
    while not done.wait(STILL_EVERY):
        if again is not None:
            again()
    return cue is not None


def cue_of(say: Callable[[str], None]) -> Callable[[], None]:
    """A cue that says THINKING through ``say``, and STILL each time the wait goes on (its ``again``)."""

    def cue() -> None:
        say(THINKING)

    cue.again = lambda: say(STILL)  # type: ignore[attr-defined]
    return cue


def forget() -> None:
    """Forget which searches were started (tests; the plans themselves stay in the bots' memory)."""
    with _lock:
        _runs.clear()
        _rush_runs.clear()


__all__ = ["CUE_AFTER", "STILL", "STILL_EVERY", "THINKING", "cue_of", "forget", "ready", "rush_begun", "start"]
