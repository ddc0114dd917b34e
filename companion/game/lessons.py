"""The guided first game's lessons: each new thing explained the first time it happens, in short lines.

A ``Lessons`` rides on the game activity (``act.lessons``): after every response's news it adds at most
one lesson, so each response stays short, and the rest wait for the next one. What was told is kept
in the game's save, so a game left and resumed does not explain anything twice.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from companion.engine import Purpose
from companion.engine.events import Gained, GameOver, Played, Shuffled
from companion.game.fitting import Hint, Spoken

if TYPE_CHECKING:
    from companion.game.activity import GameActivity

SAVE_NAME = "learn"
INTRO = ("Your first game, against Easy Bot.", "Build a deck. Most Victory points wins.")
LESSONS: dict[str, str] = {
    "action": "Lesson, a turn starts with the Action phase. Play one Action card, or buy.",
    "buy": "Lesson, Buy phase. Play Treasures for coins, then buy one card.",
    "cleanup": "Lesson, after each turn, your cards are discarded and you draw 5 new ones.",
    "actions": "Lesson, +Actions let you play more Action cards this turn.",
    "shuffle": "Lesson, your deck ran out, so your discard pile became a new deck, shuffled.",
    "attack": "Lesson, that was an Attack. A Moat in your hand can block one.",
    "end": "Lesson, this game ends after a turn that empties the Provinces or any 3 piles.",
}
# most urgent first: the end; then what the player must decide now (an Action to play, a buy); then the rest
ORDER = ("end", "action", "buy", "actions", "attack", "shuffle", "cleanup")
HINT_OFFER = "Type hint for advice."
OFFER_TURNS = 3  # the offer is said in the first turns only: by then a player knows hint is there
_PLUS_ACTIONS = re.compile(r"\+\d+ Actions?")


class Lessons:
    """Which lessons were told, and how far the log has been looked at."""

    def __init__(self, told: list[str] | None = None, seen: int = 0, offered: int = 0,
                 waiting: list[str] | None = None) -> None:
        self.told: list[str] = [t for t in told or [] if t in LESSONS]
        self.seen = seen  # log events already looked at
        self.offered = offered  # the last turn a hint was offered
        # Lessons the log made due that gave way to a more urgent one: the log is looked at once, so they
        # are kept here until told (an Attack gained in the same response as a +Actions card played).
        self.waiting: list[str] = [t for t in waiting or [] if t in LESSONS and t not in self.told]
        self.attack = ""  # the Attack card first gained, for the attack lesson (not kept: the plain words then)

    # ---- saved with the game ----
    def state(self) -> dict[str, Any]:
        return {"told": list(self.told), "seen": self.seen, "offered": self.offered, "waiting": list(self.waiting)}

    @classmethod
    def from_state(cls, data: Any) -> "Lessons":
        """From a save file (hostile: anything odd is dropped)."""
        if not isinstance(data, dict):
            return cls()
        told, waiting = data.get("told"), data.get("waiting")
        seen, offered = data.get("seen"), data.get("offered")
        return cls([t for t in told if isinstance(t, str)] if isinstance(told, list) else [],
                   seen if isinstance(seen, int) and seen >= 0 else 0,
                   offered if isinstance(offered, int) and offered >= 0 else 0,
                   [t for t in waiting if isinstance(t, str)] if isinstance(waiting, list) else [])

    # ---- what is new ----
    def due(self, act: "GameActivity") -> list[str]:
        """Lessons whose moment has come and that were not told yet, from the holder's view alone."""
        me = act.holder
        view = act.game.view(me)
        attacks = {c.name for c in view.attacks}
        due: set[str] = set()
        start = min(self.seen, view.log_size)
        for e in view.log(start):
            if isinstance(e, Shuffled) and e.player == me and view.turns() >= 1:
                due.add("shuffle")
            elif isinstance(e, Played) and e.player != me and e.card.name in attacks:
                due.add("attack")
            elif isinstance(e, Gained) and e.card.name in attacks and "attack" not in self.told:
                due.add("attack")  # the easy bot may never play one: told when an Attack is first gained
                self.attack = e.card.name
            elif isinstance(e, Played) and any(_PLUS_ACTIONS.search(t) for t in e.card.text):
                due.add("actions")  # by anyone: the easy bot's Merchant, when you never buy a Village
            elif isinstance(e, GameOver):
                due.add("end")
        self.seen = view.log_size
        if "end" not in self.told and not view.over and _end_near(view):
            due.add("end")  # told while there is still time to act on it, not after the game is over
        self.waiting = [k for k in ORDER if (k in due or k in self.waiting) and k not in self.told]
        due.update(self.waiting)
        d = act.mine()  # the holder's own decision (view.pending), when the keyboard is theirs to answer it
        if d is not None and d.card is None and d.player == me:
            if d.purpose is Purpose.PLAY_ACTION:
                due.add("action")
                if any(_PLUS_ACTIONS.search(t) for c in getattr(d, "options", ()) for t in c.text):
                    due.add("actions")  # a Village in hand: before it is played, when it matters
            elif d.purpose in (Purpose.PLAY_TREASURES, Purpose.BUY):
                due.add("buy")
            if view.turns() >= 2:
                due.add("cleanup")
        return [k for k in ORDER if k in due and k not in self.told]

    def add(self, act: "GameActivity", lines: list[Spoken], verbosity: str) -> list[Spoken]:
        """``lines`` with the next lesson (one at most), or the turn's hint offer, after them."""
        due = self.due(act)
        extra: list[str] = []
        if due:
            self.told.append(due[0])
            self.waiting = [k for k in self.waiting if k != due[0]]
            extra.append(LESSONS[due[0]] if due[0] != "attack" or not self.attack else
                         f"Lesson, {self.attack} is an Attack. It hurts the other players. A Moat in hand blocks one.")
        view = act.game.view(act.holder)
        turn = view.turns()
        d = act.mine()
        if not view.over and d is not None and d.card is None and turn != self.offered and turn <= OFFER_TURNS \
                and act.offers_hint and not act.hints_on():  # with hints on, the hint itself is said
            self.offered = turn  # once a turn, on the lesson's line so the response keeps its lines
            if extra:
                extra[0] += " " + HINT_OFFER
            elif verbosity != "brief":
                extra.append(HINT_OFFER)
        if extra or due or view.over:  # the end too: else the first game's own save stays at its last lesson
            keep(act)
        # The news of the game comes first: the offer gives way, then the lesson is said short of nothing
        # else (a lesson is never dropped; an offer is).
        said: list[Spoken] = []
        for line in extra:
            lesson = line.removesuffix(" " + HINT_OFFER)
            if line == HINT_OFFER:
                said.append(Hint(line, "", ""))
            else:
                said.append(Hint(line, lesson, lesson, kept=True))
        return [*lines, *said]


def _end_near(view: Any) -> bool:
    """Half the Provinces gone (4 of the first game's 8 left), or a pile empty: the end is near enough to explain
    it, with time to act on it. Said at the game's very end instead, the lesson made the last response too long
    to hear (a tie's end: 55 words)."""
    left = next((n for card, n in view.supply.items() if card.name == "Province"), 0)
    return left <= 4 or view.empty_piles() > 0


def keep(act: "GameActivity") -> None:
    """Save the game with what was told, as the automatic save and as the first game's own save.
    It words nothing: the one function here that hands on the whole game (to the save)."""
    from companion.game import store

    act.autosave()
    if not act.read_only:
        try:
            store.write(SAVE_NAME, act.game, act.extra())
        except OSError:
            pass  # the automatic save has it; its own problem is said by autosave


__all__ = ["HINT_OFFER", "INTRO", "LESSONS", "Lessons", "SAVE_NAME"]
