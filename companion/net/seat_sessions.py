"""``Seating`` on the game's own seats API (companion.game.seats): one game, one session per person.

Each person's seat gets its own session from ``attach``, which has no screen (its output is
``companion.session.NOWHERE``): nothing is written anywhere, as the host sends each seat its words itself. A line typed by a seat is run by
``companion.dispatch.respond``, which returns its ``Response`` (companion.response): the seat's own words
and each other seat's (the move's news from its own view, undo's notice); ``companion.game.seats.hear``
keeps the others' words in their sessions (for repeat and review), and the host sends the response.
Where the host itself acts (the game starts, a seat comes back, a bot takes a seat), it asks the game
service directly and sends what that returns.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.dispatch import respond
from companion.engine import Game
from companion.game import render, seats
from companion.game.activity import GameActivity
from companion.game.seats import SeatSession
from companion.net.seating import REFUSED, SeatSettings, refusal, refused
from companion.response import Response
from companion.session import NOWHERE


class HostedSeat(SeatSession):
    """A seat's session at a host: it has no screen (its words go nowhere), as the host sends them."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat, out=NOWHERE, settings=SeatSettings())


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
            self.save_problem = f"The game could not be saved, {e.strerror or e}."


class SessionSeats:
    """One hosted game: the activity and an attached session for each person's seat."""

    def __init__(self, game: Game, extra: dict[str, Any] | None = None) -> None:
        from companion.commands.game import install

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
    def run(self, seat: int, line: str) -> Response:
        """A line typed by ``seat``, run as a value: its response, whose other seats' words are kept in
        their sessions too."""
        word = refused(line)
        s = self.sessions[seat]
        if word is not None:
            response = refusal(seat, word)
            s.keep(response.text)
            return response
        response = respond(s, line)
        seats.hear(self.act, response)
        return response

    def keep(self, seat: int, text: str) -> None:
        """Keep words a seat heard without typing (chat, notices) as a response of its own, for repeat."""
        s = self.sessions.get(seat)
        if s is not None:
            s.keep(text)

    def start(self) -> tuple[Response, ...]:
        """The game starts: every person's seat hears its kingdom and who goes first, then the first turns
        (one message with them when both fit, else two), each message a response of that seat, in the
        order they are sent."""
        from companion.engine.events import TurnStarted

        g = self.act.game
        k = g.setup.kingdom
        first = next((e.player for e in g.log if isinstance(e, TurnStarted)), g.current)
        head = "\n".join(["The game starts.", f"Kingdom {k}" if k.name else f"Kingdom. {k}",
                          f"{self.names[first]} goes first."])
        for p in self._people:
            self.keep(p, head)
        news = seats.others_news(self.act, None)
        seats.hear(self.act, news)
        return tuple(Response(p, (text,)) for p in self._people for text in _opening(head, news.others.get(p, ""))
                     if text)

    def catch_up(self, seat: int) -> Response:
        """What ``seat`` has not heard yet, then its hand (a seat joining or coming back)."""
        news = seats.others_news(self.act, None)
        seats.hear(self.act, news)
        told = news.others.get(seat, "")
        hand = ""
        if not self.act.over:
            hand = render.fit_first_line(render.hand_line(self.act.game, seat))
            self.keep(seat, hand)
        said = "\n".join(x for x in (told, hand) if x)
        return Response(seat, (said,) if said else ())

    # ---- bots for seats whose player is away ----
    def _set_bot(self, seat: int, bot: str | None) -> None:
        from companion.bots import make_bot

        self.act.agents[seat] = None if bot is None else make_bot(bot, self.act.setup.seed + seat)

    def hand_to_bot(self, seat: int, bot: str = "bigmoney") -> Response:
        """A bot plays ``seat`` while its person is away: what every other seat hears of the bot's turns."""
        from companion.bots import make_bot
        from companion.game.service import GameService

        self.away_bots[seat] = bot
        outcome = GameService(self.act).hand_to_bot(seat, make_bot(bot, self.act.setup.seed + seat))
        words = seats.words_for(self.act, outcome.others)
        news = Response(seat, others={s: w for s, (w, _) in words.items() if s != seat},
                        prompts={s: p for s, (_, p) in words.items() if s != seat})
        seats.hear(self.act, news)  # each other seat's words, kept in its session
        return news

    def take_back(self, seat: int) -> Response:
        """The seat's person plays it again: what it has not heard, then its hand."""
        self.away_bots.pop(seat, None)
        self._set_bot(seat, None)
        self.act.autosave()
        return self.catch_up(seat)

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
