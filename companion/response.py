"""A response: what one typed line did, as a value, for whoever delivers it.

``companion.dispatch.respond`` runs a line in a session and returns a ``Response``: the words the typing
seat hears (its lines, as said), its prompt and sound cues, the words each other seat hears because of it
(a move's news, each from that seat's own view and fitted to its verbosity), the notices others hear
first (undo's "Ana took back play treasures. Your turn."), whether the game changed and was saved, and
whether the session should end. Nothing in it is written anywhere yet: the shell is one adapter that
writes and speaks it (``companion.dispatch.run_line``), a host another that numbers and sends it
(``companion.net.room``). Both give each other seat's words to that seat's own session
(``companion.game.seats.hear``), so its ``repeat`` and ``review`` have them.

A command returns its answer: a ``Response``, or a game's ``Outcome`` that ``respond`` says with
``companion.commands.game.say_outcome``, which returns what the other seats hear; ``respond`` makes the
line's response from that and the words said in the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Response:
    """What one line did: ``lines`` the typing ``seat`` hears (as said, one string a ``say``), its
    ``prompt`` and ``cues``; ``others`` and ``notices`` by seat (each other seat's words, and what it hears
    before them), with their ``prompts``; ``changed`` and ``saved`` (the game); ``failed`` (a refusal was
    raised); ``quit`` (the session ends); ``kept`` False for old words said again (repeat, review), which
    do not become the newest response; ``written``: how many of ``lines`` are on the terminal already,
    written before an aside ("Thinking.") that came in the middle of the command (the shell writes the
    rest; a host, where nothing is written, sends them all)."""

    seat: int | None
    lines: tuple[str, ...] = ()
    prompt: str = ""
    cues: tuple[str, ...] = ()
    others: Mapping[int, str] = field(default_factory=dict)
    prompts: Mapping[int, str] = field(default_factory=dict)
    notices: Mapping[int, str] = field(default_factory=dict)
    changed: bool = False
    saved: bool = False
    save_problem: str | None = None
    failed: bool = False
    quit: bool = False
    kept: bool = True
    written: int = 0

    @property
    def text(self) -> str:
        """The typing seat's words, as one text."""
        return "\n".join(self.lines)

    def heard(self) -> dict[int, str]:
        """Each seat's whole message: the typing seat's words under its own number (always there), then
        each other seat's notice before its words (seats with nothing to hear left out)."""
        out: dict[int, str] = {}
        for seat in dict.fromkeys([*self.notices, *self.others]):
            text = "\n".join(t for t in (self.notices.get(seat, ""), self.others.get(seat, "")) if t)
            if text:
                out[seat] = text
        if self.seat is not None:
            out[self.seat] = self.text
        return out

    @classmethod
    def words(cls, seat: int, heard: Mapping[int, str], *, failed: bool = False) -> "Response":
        """A response made of words alone (a host's own verbs: say, who, bot): ``heard`` by seat; ``failed``
        when they refuse (a refusal is raised as a CommandError and made a response by whoever catches it)."""
        own = heard.get(seat, "")
        return cls(seat, (own,) if own else (), others={s: t for s, t in heard.items() if s != seat and t},
                   failed=failed)


__all__ = ["Response"]
