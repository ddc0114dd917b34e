"""The room: a hosted game as its server changes it, one step at a time, with no sockets.

Each step changes the game in memory and keeps its save pending on the game (``HostedGame.unsaved``);
the server writes that save in one step of its own (``Host.persist``) and only then numbers and sends
what each seat hears (``tell_line``). A line is applied once: its id and its answer are saved with the
change it made, so a line sent again is answered from memory, never applied twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from companion.net.claiming import Claim
from companion.net.hosted import HostedGame, Message
from companion.response import Response

if TYPE_CHECKING:
    from companion.net.analysing import Analyst


class Here(Protocol):
    """What the room asks of its server: whether a seat's person is connected now (for ``who``), and for
    ``analysis`` at a finished game, its analyst and a way to tell a seat words later."""

    analyst: Analyst

    def connected(self, game: HostedGame, seat: int) -> bool: ...

    async def tell_later(self, game: HostedGame, told: dict[int, str]) -> None: ...


@dataclass(frozen=True)
class Seated:
    """A seat taken by a hello: its new token (a new seat's, or one taken again by its name) or ``None``
    when it came with its token, and a returning seat's renewed token ("" otherwise)."""

    seat: int
    fresh: str | None
    renewed: str = ""


def take(game: HostedGame, claim: Claim, name: str) -> Seated:
    """Do what claiming decided (``companion.net.claiming``); the save is pending until written."""
    if claim.how == "token":
        return Seated(claim.seat, None, game.renew_token(claim.seat))  # a token seen on the way: good once
    if claim.how == "again":  # the first device never kept its token: this one may; the old one fits no more
        return Seated(claim.seat, game.new_token(claim.seat))
    return Seated(claim.seat, game.give_seat(claim.seat, name))


def apply_line(here: Here, game: HostedGame, seat: int, line_id: int, text: str) -> Response:
    """Apply a seat's line (a new id): its response (``companion.net.chat.answer_line``), the words each
    seat hears. The game's save, with the line's id and its answer, is pending when this returns."""
    from companion.net.chat import answer_line

    st = game.seats[seat]
    try:
        game.inflight = (seat, line_id)
        response = answer_line(here, game, seat, text)
        # The line's id and its answer are saved even when nothing else changed (an error, hand): a host
        # restarted from this file says the answer again for that id, and takes the next id as next.
        st.kept_reply = Message(st.n + 1, response.text or "Done.", line_id)
        game.save()
    finally:
        game.inflight = None
    return response


def tell_line(game: HostedGame, seat: int, line_id: int, response: Response, problem: str = "") -> None:
    """The host's adapter, after the line's save: each other seat hears its words of ``response``, then
    the typing seat its answer (numbered, kept to be said again if the line comes again)."""
    st = game.seats[seat]
    said = response.heard()
    answer = said.get(seat) or "Done."
    if problem:
        answer += f"\n{problem}"
    st.last_line = line_id
    for other, words in said.items():
        if other != seat and words:
            game.push(other, words)
    st.reply = game.push(seat, answer, reply=line_id)


def joined(game: HostedGame, seat: int, how: str) -> None:
    """What is said once a seat's connection is welcomed and has heard what it missed (a returning seat
    with its token is ``welcome_back``'s)."""
    st = game.seats[seat]
    seating = game.seating
    if how == "again":  # the others heard this seat join already
        if seating is not None:
            game.push(seat, seating.catch_up(seat).text)
        return
    if seating is None:
        wanted = game.free_seats()
        waiting = f"Waiting for {wanted} more {'player' if wanted == 1 else 'players'}."
        if how == "token":  # back with its token (after leaving, or the server's restart): no join of its own
            game.to_all(f"{st.name} is back.", but=seat)
            game.push(seat, f"Welcome back, {st.name}. {waiting}")
            return
        game.to_all(f"{st.name} joined. {waiting}")
    else:  # a player joins a table (or a game) that is already on
        game.to_all(f"{st.name} joined.", but=seat)
        game.push(seat, seating.catch_up(seat).text)


def take_back(game: HostedGame, seat: int) -> bool:
    """A returning seat a bot played takes it back (the save is pending): True if a bot played it."""
    seating = game.seating
    if seating is None or seat not in seating.away_bots:
        return False
    seating.take_back(seat)
    return True


def welcome_back(game: HostedGame, seat: int, was_away: bool, missed: list[int]) -> None:
    """A returning seat hears "Welcome back" first, then only what it missed (``missed``: the numbers of
    those messages); its hand again only when it missed nothing (it heard the hand before it left, and
    the news it missed says any new turn)."""
    st = game.seats[seat]
    seating = game.seating
    assert seating is not None
    head = f"Welcome back, {st.name}."
    if was_away:
        head += " You have your seat back from the bot."
    game.to_all(f"{st.name} is back.", but=seat)
    if not missed:
        game.push(seat, head + "\n" + seating.catch_up(seat).text)
        return
    game.push(seat, head)  # first; then what was missed, told again with new numbers so it comes after
    for m in [x for x in st.outbox if missed[0] <= x.n <= missed[-1]]:
        if m.text.strip():
            game.push(seat, m.text, m.reply)
    if was_away:  # what the bot did for the seat, and its hand now
        game.push(seat, seating.catch_up(seat).text)


def left(game: HostedGame, seat: int) -> None:
    """A seated connection closed (no other took its place)."""
    st = game.seats[seat]
    if not (st.digest and game.started and not game.over()):
        return
    said = f"{st.name} left. The game keeps their seat."
    seating = game.seating
    botless = game.options.table is not None or (seating is not None and seat in seating.away_bots)
    if seat == 0 or botless:  # only the first seat (the host, or the game's maker) may hand it to a bot
        game.to_all(said, but=seat)
        return
    for i, other in enumerate(game.seats):
        if other.digest and i != seat:
            offer = "Type" if i == 0 else f"{game.seats[0].name} can type"
            game.push(i, f"{said} {offer} bot {st.name} to have a bot play for them until they are back.")
