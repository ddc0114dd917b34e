"""``Seating`` on the game's own seats API (companion.game.seats): one game, one session per person.

Each person's seat gets its own session from ``attach``, whose output nobody reads: the host sends each
seat its words itself. A line typed by a seat runs through ``run_for``; the game's commands say the move's
``Outcome`` (``companion.game.service``) to the seat that made it and to every other seat, each in its own
session, as whole responses (``Session.end``), which the seat's session keeps for the host (``take``).
Where the host itself acts (the game starts, a seat comes back, a bot takes a seat), it asks the game
service directly (``tell_others``) and sends what that returns.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.engine import Game
from companion.game.activity import GameActivity
from companion.game.seats import SeatSession
from companion.net.seating import REFUSED, SeatSettings, Unheard, refuse, refused


class HostedSeat(SeatSession):
    """A seat's session at a host: every response it finishes is also kept, whole, for the host to send."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat, out=Unheard(), settings=SeatSettings())
        self.heard: list[str] = []

    def end(self, record: bool = True) -> str:
        text = super().end(record)
        if text:
            self.heard.append(text)
        return text

    def take(self) -> str:
        """The responses this seat heard since the host last took them, in order."""
        heard, self.heard = self.heard, []
        return "\n".join(heard).rstrip("\n")


class _HostedActivity(GameActivity):
    """The game activity with its saves written where the host keeps its games (never the autosave)."""

    on_save: Callable[[], None] | None = None

    def autosave(self) -> None:
        if self.on_save is None:
            return
        try:
            self.on_save()
            self.save_problem = None
        except OSError as e:
            self.save_problem = f"The game could not be saved: {e.strerror or e}."


class SessionSeats:
    """One hosted game: the activity and an attached session for each person's seat."""

    def __init__(self, game: Game, extra: dict[str, Any] | None = None) -> None:
        from companion.commands.game import install
        from companion.game import seats

        self._seats = seats
        extra = extra or {}
        self.away_bots: dict[int, str] = {int(k): v for k, v in (extra.get("away_bots") or {}).items()
                                          if str(k).isdigit() and isinstance(v, str)}
        self.act = _HostedActivity(game, "hosted", extra)
        self.names = [p.name for p in game.players]
        self._people = list(self.act.people)
        self.sessions: dict[int, HostedSeat] = {}
        for seat in self._people:
            self.sessions[seat] = HostedSeat(seat)
            seats.attach(self.act, seat, install=install, session=self.sessions[seat])
        for seat, bot in self.away_bots.items():
            self._set_bot(seat, bot)
        self.act.game.advance(self.act.agents)
        if extra.get("started"):
            self.act.catch_up()

    # ---- facts ----
    def people(self) -> list[int]:
        return list(self._people)

    def over(self) -> bool:
        return self.act.over

    def waiting_for(self) -> int | None:
        d = self.act.pending
        return None if d is None else d.player

    def prompt(self, seat: int) -> str:
        return self.act.prompt(seat)

    # ---- lines ----
    def _take_all(self) -> dict[int, str]:
        return {p: text for p in self._people if (text := self.sessions[p].take())}

    def run(self, seat: int, line: str) -> dict[int, str]:
        word = refused(line)
        s = self.sessions[seat]
        self._take_all()
        undos, labels = self.act.undos, list(self.act.labels)
        if word is not None:
            refuse(s, word)
        else:
            self._seats.run_for(s, line)
        out = self._take_all()
        if self.act.undos != undos:  # every seat hears that a move was taken back, and whose turn it is now
            self._told_undo(seat, labels[-1] if labels else "", out)
        out.setdefault(seat, "")
        return out

    def _told_undo(self, seat: int, label: str, out: dict[int, str]) -> None:
        who = self.waiting_for()
        what = f"took back {label}" if label else "took back a move"
        for p in self._people:
            if p == seat:
                continue
            turn = "" if who is None else " Your turn." if who == p else f" {self.names[who]}'s turn."
            note = f"{self.names[seat]} {what}.{turn}"
            self.tell(p, note)
            out[p] = note + ("\n" + out[p] if out.get(p) else "")

    def tell(self, seat: int, text: str) -> None:
        """Keep words a seat heard without typing (chat, notices) as a response of its own, for repeat."""
        s = self.sessions.get(seat)
        if s is None:
            return
        s.begin()
        s.say(text)
        s.end()
        s.take()  # the host sends it itself

    def start(self) -> dict[int, list[str]]:
        from companion.engine.events import TurnStarted

        g = self.act.game
        k = g.setup.kingdom
        first = next((e.player for e in g.log if isinstance(e, TurnStarted)), g.current)
        head = "\n".join(["The game starts.", f"Kingdom {k}" if k.name else f"Kingdom. {k}",
                          f"{self.names[first]} goes first."])
        for p in self._people:
            self.tell(p, head)
        told = self._seats.tell_others(self.act, None)
        self._take_all()
        return {p: _opening(head, told.get(p, "")) for p in self._people}

    def catch_up(self, seat: int) -> str:
        self._take_all()
        told = self._seats.tell_others(self.act, None).get(seat, "")
        hand = "" if self.act.over else self._seats.run_for(self.sessions[seat], "hand")
        self._take_all()
        return "\n".join(x for x in (told, hand) if x)

    # ---- bots for seats whose player is away ----
    def _set_bot(self, seat: int, bot: str | None) -> None:
        from companion.bots import make_bot

        self.act.agents[seat] = None if bot is None else make_bot(bot, self.act.setup.seed + seat)

    def hand_to_bot(self, seat: int, bot: str = "bigmoney") -> dict[int, str]:
        from companion.bots import make_bot
        from companion.game.service import GameService

        self._take_all()
        self.away_bots[seat] = bot
        outcome = GameService(self.act).hand_to_bot(seat, make_bot(bot, self.act.setup.seed + seat))
        out = self._seats.deliver(self.act, outcome.others)  # each other seat's words, said in its session
        self._take_all()
        out.pop(seat, None)
        return out

    def take_back(self, seat: int) -> dict[int, str]:
        self.away_bots.pop(seat, None)
        self._set_bot(seat, None)
        self.act.autosave()
        return {seat: self.catch_up(seat)}

    def dump(self, host: dict[str, Any]) -> str:
        from companion.game import store

        extra = self.act.extra()
        extra.update(host)
        extra["away_bots"] = {str(k): v for k, v in self.away_bots.items()}
        return store.dump(self.act.game, extra, self.act.encoded)


START_LINES, START_WORDS = 5, 60  # a response's lines; the start's words, with the kingdom's ten names


def _opening(head: str, turns: str) -> list[str]:
    """The start and the first turns (bots' turns, then "Your turn 1"): one message when together they fit a
    response, so a terminal writes the first prompt once, below both, not "buy phase." between them as well;
    two when several bots' turns come first and one would be too long to hear."""
    if not turns:
        return [head]
    together = f"{head}\n{turns}"
    if len(together.split("\n")) <= START_LINES and len(together.split()) <= START_WORDS:
        return [together]
    return [head, turns]


__all__ = ["REFUSED", "SeatSettings", "SessionSeats"]
