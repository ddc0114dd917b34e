"""The one place the host meets the game: a narrow seat interface, and its adapter onto the game activity.

The host only ever calls what ``Seating`` declares: run a typed line for a seat and get back, for each
seat, the words it should hear; ask a seat's prompt; ask whose answer the game waits for; hand a seat
to a bot and back; save and load. Each seat has its own ``Session`` (its own responses for ``repeat``
and ``review``, its own prompt and verbosity), and every word a seat hears is made for that seat's view
of the game, so no other seat's hidden card can reach it.
"""

from __future__ import annotations

import io
import json
from typing import Any, Protocol

from companion.engine import Game, GameSetup
from companion.game.activity import GameActivity
from companion.session import Session
from companion.settings import Settings

# What a seat at another device may not do in a hosted game: each would start, load or write something on
# the host's own machine, or leave the hosted game.
REFUSED = ("new", "load", "resume", "table", "save", "games", "braille", "simulate", "speech")


class Seating(Protocol):
    """What the host needs from a game with several seats."""

    names: list[str]

    def people(self) -> list[int]: ...
    def run(self, seat: int, line: str) -> dict[int, str]: ...
    def tell(self, seat: int, text: str) -> None: ...
    def prompt(self, seat: int) -> str: ...
    def waiting_for(self) -> int | None: ...
    def over(self) -> bool: ...
    def start(self) -> dict[int, list[str]]: ...
    def catch_up(self, seat: int) -> str: ...
    def hand_to_bot(self, seat: int, bot: str) -> dict[int, str]: ...
    def take_back(self, seat: int) -> dict[int, str]: ...
    def dump(self, host: dict[str, Any]) -> str: ...


class SeatSettings(Settings):
    """A seat's own settings: changed for this game, never written to the host's settings file."""

    def save(self) -> str | None:
        return None


class _NetActivity(GameActivity):
    """The game activity with every person at their own device: no handing over a keyboard."""

    def __init__(self, game: Game, extra: dict[str, Any] | None = None) -> None:
        self.on_save: Any = None
        super().__init__(game, "hosted", extra)

    def hand_over_needed(self) -> bool:
        return False

    def autosave(self) -> None:
        if self.on_save is not None:
            try:
                self.on_save()
                self.save_problem = None
            except OSError as e:
                self.save_problem = f"The game could not be saved: {e.strerror or e}."


class ActivitySeats:
    """``Seating`` on the shell's game activity: one activity shared by one session per person."""

    def __init__(self, game: Game, extra: dict[str, Any] | None = None) -> None:
        from companion.commands import game as game_commands

        self._commands = game_commands
        extra = extra or {}
        self.away_bots: dict[int, str] = {int(k): v for k, v in (extra.get("away_bots") or {}).items()
                                          if str(k).isdigit() and isinstance(v, str)}
        self.act = _NetActivity(game, extra)
        self.names = [p.name for p in game.players]
        self._people = [i for i, s in enumerate(game.setup.seats) if s.is_person]
        self.sessions: dict[int, Session] = {}
        for seat in self._people:
            s = Session(out=io.StringIO(), settings=SeatSettings())
            s.state[game_commands.KEY] = self.act
            game_commands.install(s)
            self.sessions[seat] = s
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
        self._hold(seat)
        return self.act.prompt() if not self.act.over else "game over> "

    # ---- running lines ----
    def _hold(self, seat: int) -> None:
        self.act.holder = seat
        self.act.waiting = False

    def _capture(self, seat: int, work: Any) -> str:
        s = self.sessions[seat]
        out = io.StringIO()
        s.out = out
        work(s)
        return out.getvalue().rstrip("\n")

    def run(self, seat: int, line: str) -> dict[int, str]:
        """Run ``line`` as typed by ``seat``: its response, and news for every other seat that should hear."""
        from companion.dispatch import check_line, run_line

        act = self.act
        before = (len(act.game.answers), self.waiting_for(), act.over)
        word = line.strip().split(" ", 1)[0].lower()
        self._hold(seat)
        if word in REFUSED:
            said = self._capture(seat, lambda s: _refuse(s, word))
            return {seat: said}
        try:
            check_line(line)
        except Exception:  # noqa: BLE001 - run_line says the error
            pass
        said = self._capture(seat, lambda s: run_line(s, line))
        self.sessions[seat].prompt = self.prompt(seat)
        out = {seat: said}
        after = (len(act.game.answers), self.waiting_for(), act.over)
        if after != before:
            out.update(self._news_for_others(seat, before[1]))
            who = self.waiting_for()
            if who is not None and who != seat and not act.over and after[1] != before[1]:
                out[seat] = (said + "\n" if said else "") + f"Waiting for {self.names[who]}."
        return out

    def _news_for_others(self, actor: int, was: int | None) -> dict[int, str]:
        out: dict[int, str] = {}
        now = self.waiting_for()
        for p in self._people:
            if p == actor or p in self.away_bots:
                continue
            if now == was and now != p and not self.act.over:
                continue  # the same seat still has the game: its turn is told when it ends
            text = self.news(p)
            if text:
                out[p] = text
        return out

    def news(self, seat: int) -> str:
        """What ``seat`` has not heard yet, then what it must do now or whom the game waits for."""
        from companion.game import render

        s = self.sessions[seat]
        self._hold(seat)
        lines = self.act.news(s.verbosity)
        who = self.waiting_for()
        if who is not None and who != seat and not self.act.over:
            lines.append(f"Waiting for {self.names[who]}.")
        lines = render.fit_response(lines, s.verbosity)
        text = render.fit_first_line("\n".join(lines)) if lines else ""
        s.prompt = self.prompt(seat)
        if text:
            self.tell(seat, text)
        return text

    def tell(self, seat: int, text: str) -> None:
        """Keep words a seat heard without typing (news, chat) as a response of its own, for repeat."""
        s = self.sessions.get(seat)
        if s is None:
            return
        s.out = io.StringIO()
        s.begin()
        s.say(text)
        s.end()

    def start(self) -> dict[int, list[str]]:
        """Everyone has joined: each seat hears the kingdom, who goes first, and its own turn if it is."""
        from companion.engine.events import TurnStarted

        g = self.act.game
        k = g.setup.kingdom
        first = next((e.player for e in g.log if isinstance(e, TurnStarted)), g.current)
        head = ["The game starts.", f"Kingdom {k}" if k.name else f"Kingdom: {k}",
                f"{self.names[first]} goes first."]
        out = {}
        for p in self._people:
            self.tell(p, "\n".join(head))
            out[p] = ["\n".join(head), self.news(p)]
        return out

    def catch_up(self, seat: int) -> str:
        """A seat comes back: its hand (if it may hear it now) and what the game waits for."""
        from companion.dispatch import run_line

        lines = []
        news = self.news(seat)
        if news:
            lines.append(news)
        if not self.act.over:
            lines.append(self._capture(seat, lambda s: run_line(s, "hand")))
            who = self.waiting_for()
            if who is not None and who != seat and not news:
                lines.append(f"Waiting for {self.names[who]}.")
        return "\n".join(x for x in lines if x)

    # ---- bots for seats whose player is away ----
    def _set_bot(self, seat: int, bot: str | None) -> None:
        from companion.bots import make_bot

        self.act.agents[seat] = None if bot is None else make_bot(bot, self.act.setup.seed + seat)

    def hand_to_bot(self, seat: int, bot: str = "bigmoney") -> dict[int, str]:
        was = self.waiting_for()
        self.away_bots[seat] = bot
        self._set_bot(seat, bot)
        before = len(self.act.game.answers)
        self.act.game.advance(self.act.agents)
        if len(self.act.game.answers) != before:
            self.act.autosave()
        return self._news_for_others(seat, was)

    def take_back(self, seat: int) -> dict[int, str]:
        self.away_bots.pop(seat, None)
        self._set_bot(seat, None)
        self.act.autosave()
        return {seat: self.news(seat)}

    # ---- saving ----
    def dump(self, host: dict[str, Any]) -> str:
        from companion.game import store

        extra = self.act.extra()
        extra.update(host)
        extra["away_bots"] = {str(k): v for k, v in self.away_bots.items()}
        return store.dump(self.act.game, extra)


def _refuse(session: Session, word: str) -> None:
    session.begin()
    session.error(f'"{word}" is not available in a hosted game. Type help for what is.')
    session.end()


def new_seating(setup: GameSetup) -> ActivitySeats:
    return ActivitySeats(Game(setup))


def load_seating(text: str) -> tuple[ActivitySeats, dict[str, Any]]:
    """A hosted game from its save text, and the host's own notes kept in it. SaveError if damaged."""
    from companion.engine.record import loads

    game = loads(text)
    raw = json.loads(text).get("companion")
    extra = raw if isinstance(raw, dict) else {}
    return ActivitySeats(game, extra), extra
