"""Seats: one game, many people, each hearing only their own.

A ``GameActivity`` holds the game, its bots and its autosave. Each person plays through their own
``SeatSession``, attached to one seat: their own responses for ``repeat`` and ``review``, their own
prompt, and (when they have their own device) their own verbosity and speech. Every word a seat hears
is built for that seat (``session.seat``), so one person's hand is never said in another's session.

- A game against bots: the shell's own session plays the one seat (no seat sessions needed).
- Friends at one keyboard: ``seat_people`` gives each person a seat session on the shell's terminal;
  the shell's session routes each typed line to the person holding the keyboard (``Session.route``),
  and while the keyboard changes hands keeps any line but Enter to itself, where only public words are
  said and remembered.
- A network host: ``attach`` gives each connection a seat session without a screen (the host sends
  its words); a line typed by that seat is run by ``companion.dispatch.respond``, which returns a ``Response``
  (companion.response): the seat's words, and each other seat's (``words_for``, from the move's
  ``Outcome``), which ``hear`` gives to their sessions. The host sends the same response as messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, TextIO

from companion.session import Session

from companion.game.activity import game_of, put_game

if TYPE_CHECKING:
    from companion.settings import Settings
    from companion.game.activity import GameActivity
    from companion.game.service import Heard
    from companion.response import Response


class SeatSession(Session):
    """One person's session at one seat of a game: their own responses (for ``repeat`` and ``review``),
    typed lines and seat.

    With ``front`` (friends at one keyboard), the seat is on the front's ``Terminal`` (output, settings,
    speech, prompt, fallback and close hooks) and keeps the areas' state with it. Without it (a connection
    to a host), it has a terminal of its own (``companion.session.NOWHERE`` at a host, which sends its
    words)."""

    def __init__(self, seat: int, *, front: Session | None = None, out: TextIO | None = None,
                 settings: Settings | None = None, speak: Callable[[str], None] | None = None,
                 state: dict[str, object] | None = None) -> None:
        if front is not None:
            super().__init__(seat=seat, state=front.state, terminal=front.terminal)
        else:
            super().__init__(out=out, settings=settings, speak=speak, state=state, seat=seat)
        self.front = front  # the terminal's own session, when this seat shares a keyboard with others


def seat_people(front: Session, act: "GameActivity") -> None:
    """Friends at one keyboard: a seat session for each person, and lines routed to the keyboard's holder.

    A game of one person needs none: the shell's session is that person's. The seats of an earlier game, if any,
    are let go first."""
    unseat(front)
    if len(act.people) < 2:
        return
    for p in act.people:
        act.sessions[p] = SeatSession(p, front=front)

    def route(line: str) -> Session:
        current = game_of(front)
        if current is not act:  # another game or a table took over: this game's seats are let go
            unseat(front)
            return front
        if act.waiting and line.strip():
            return front  # the keyboard is changing hands: only public words until Enter
        return act.sessions.get(act.holder, front)

    front.route = route


def unseat(front: Session) -> None:
    """Let go of any seats the shell's session routes lines to."""
    front.route = None


def attach(act: "GameActivity", seat: int, *, install: Callable[[Session], None], out: TextIO | None = None,
           settings: Settings | None = None, speak: Callable[[str], None] | None = None,
           session: Session | None = None) -> Session:
    """Seat a person with their own device at ``seat`` (a person's seat of ``act``).

    Gives a new ``SeatSession`` writing to ``out``, or seats ``session`` (the host's own shell).
    ``install`` puts the game's commands in place in it (``companion.commands.game.install``: answers
    typed alone reach the game), given by the caller so this layer never reaches up into the commands.
    From then on the game's commands tell this seat, in its own session, what it missed after every
    change another seat makes (others' turns summarised, attacks on it, piles), and ask it its
    questions. The keyboard is no longer shared: nobody waits for Enter."""
    if seat not in act.people:
        raise ValueError(f"seat {seat} is not a person's seat")
    if session is None:
        session = SeatSession(seat, out=out, settings=settings, speak=speak)
    session.seat = seat
    put_game(session, act)
    install(session)
    act.sessions[seat] = session
    act.own_devices = True
    act.waiting = False
    for other, s in act.sessions.items():
        s.prompt = act.prompt(other)
    return session


def words_for(act: "GameActivity", told: Mapping[int, "Heard"]) -> dict[int, tuple[str, str]]:
    """Each other seat's words of a move, as that seat hears them: ``told`` fitted to its session's
    verbosity, with its prompt after, by seat (a seat without a session, or with nothing to hear, is left
    out). Nothing is said: the response carries them (companion.response) and ``hear`` gives them to the
    seats' sessions."""
    from companion.game import render

    words: dict[int, tuple[str, str]] = {}
    for other, heard in told.items():
        session = act.sessions.get(other)
        if session is None:
            continue
        lines = render.fit_response(heard.lines, session.verbosity)
        if lines:
            words[other] = (render.fit_first_line("\n".join(lines)), heard.prompt)
    return words


def hear(act: "GameActivity", response: "Response") -> None:
    """Each other seat of ``act`` hears its part of ``response`` in its own session (kept there for its
    repeat and review; written on its terminal, which at a host's seat is nowhere), and is
    left at its prompt. The one place another seat's session is given a move's words."""
    for other in dict.fromkeys([*response.others, *response.notices]):
        session = act.sessions.get(other)
        if session is None or other == response.seat:
            continue
        words = response.others.get(other)
        if words:
            session.keep(words)
            session.prompt = response.prompts.get(other, session.prompt)
        note = response.notices.get(other)
        if note:
            session.keep(note)


def others_news(act: "GameActivity", seat: int | None) -> "Response":
    """What each seat with its own device but ``seat`` (None: every one) has not heard yet, as a response
    of ``seat`` with no words of its own (a game just started or resumed, a seat come back)."""
    from companion.game.service import GameService
    from companion.response import Response

    words = words_for(act, GameService(act).news_for_others(seat).others)
    return Response(seat, others={s: w for s, (w, _) in words.items()}, prompts={s: p for s, (_, p) in words.items()})
