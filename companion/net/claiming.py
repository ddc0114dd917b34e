"""Claiming a seat: given a game's seats and what a connection's hello says (a name, a join code, a seat
and its token), which seat it takes, and how, or the sentence that refuses it.

Pure functions, with no sockets and no game: the server asks them, then does what they decided (renews a
token, gives a new one, takes a free seat) and saves that before it is told. The order of the checks is
part of the security (docs/network.md): a valid seat token is checked first and never refused for
anyone's guesses; the right code from an address that has not guessed wrong is never refused either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Literal, Protocol, Sequence

from companion.net import codes

TOO_MANY = "Error, too many wrong join codes. Wait a minute, then try again."
WRONG_CODE = "Error, that join code is not right. Check the code with the host and join again."
WRONG_TOKEN = "Error, that seat token is not right. Join again without it, with a new name."
FULL = "Error, every seat in this game is taken. Ask the host to start another."


class SeatLike(Protocol):
    """What claiming reads of a seat (``companion.net.hosted.SeatState``)."""

    name: str
    digest: str  # sha256 of the seat's token ("" while the seat is free)
    old_digest: str  # the token before its last renewal, until the seat shows it has the new one


@dataclass(frozen=True)
class Claim:
    """The seat a hello takes: with its token (``token``: a new one is given, the old one kept until the
    seat speaks), by its name again because its first token never reached the device (``again``: a new
    token, the old one dropped), or a free seat (``new``)."""

    seat: int
    how: Literal["token", "again", "new"]


@dataclass(frozen=True)
class Refusal:
    """Why a hello takes no seat (the sentence said before closing), and which wrong guess it counts:
    a join code (``code``), a seat token of this game (``token``), or none."""

    reason: str
    wrong: Literal["code", "token", ""] = ""


def code_fits(code: str | None, typed: str) -> bool:
    """Whether a typed join code (as ``codes.normal_code`` made it) is the game's ``code``; compared in
    constant time."""
    return code is not None and bool(typed) and codes.same(codes.normal_code(code), typed)


def token_fits(seats: Sequence[SeatLike], seat: int, token: str) -> bool:
    """Whether ``token`` opens ``seat``: its token, or the one before its last renewal (the same work
    either way, so the time taken says nothing)."""
    if not 0 <= seat < len(seats) or not seats[seat].digest:
        codes.same(codes.token_digest(token), "0" * 64)
        return False
    st = seats[seat]
    digest = codes.token_digest(token)
    now = codes.same(digest, st.digest)
    before = codes.same(digest, st.old_digest or "0" * 64)
    return now or before


def seat_named(seats: Sequence[SeatLike], name: str) -> int | None:
    """The taken seat of this name (any case), or None."""
    for i, s in enumerate(seats):
        if s.digest and s.name.lower() == name.strip().lower():
            return i
    return None


def free_seat(seats: Sequence[SeatLike], name: str, table: bool) -> int | None:
    """The seat a new player named ``name`` takes: the first free one, or at a table the free seat of that
    name; None when there is none."""
    for i, s in enumerate(seats):
        if table and s.name.lower() != name.strip().lower():
            continue
        if not s.digest:
            return i
    return None


def claim(seats: Sequence[SeatLike], *, table: bool, code_right: bool, blocked: bool, name: str,
          token: str | None, seat: int | None, unclaimed: Collection[int] = ()) -> Claim | Refusal:
    """The seat a hello takes, or why not.

    ``code_right``: the join code is this game's; ``blocked``: the address may not guess now
    (``limits.Guesses.blocked``); ``name``, ``token`` and ``seat``: the hello's; ``unclaimed``: seats whose
    token may never have reached their device (nothing said since the welcome) and that no connection
    holds now, which may be taken again by their name."""
    fits = code_right and token is not None and seat is not None and token_fits(seats, seat, token)
    if not fits:
        if blocked:
            return Refusal(TOO_MANY)
        if not code_right:
            return Refusal(WRONG_CODE, "code")
    if token is not None:
        if not fits or seat is None:
            return Refusal(WRONG_TOKEN, "token")
        return Claim(seat, "token")
    named = seat_named(seats, name)
    if named is not None and named in unclaimed:
        return Claim(named, "again")
    known = [s.name.lower() for s in seats]
    if named is not None or (table and name.strip().lower() not in known):
        if table and named is None:
            return Refusal(f"Error, '{name}' does not play at this table. Join with one of "
                           f'{", ".join(s.name for s in seats)}.')
        # no one can type a token: a program or a page keeps it, on the device that took the seat
        return Refusal(f"Error, '{name}' is taken in this game. Join with another name. To come back to that "
                       "seat, join from the device that took it.")
    free = free_seat(seats, name, table)
    if free is None:
        return Refusal(FULL)
    return Claim(free, "new")
