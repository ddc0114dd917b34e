"""A response: what one typed line did, as a value, for whoever delivers it.

``companion.dispatch.respond`` runs a line in a session and returns a ``Response``: the words the typing
seat hears (its lines, as said), its prompt and sound cues, the words each other seat hears because of it
(a move's news, each from that seat's own view and fitted to its verbosity), the notices others hear
first (undo's "Ana took back play treasures. Your turn."), whether the game changed and was saved, and
whether the session should end. Nothing in it is written anywhere yet: the shell is one adapter that
writes and speaks it (``companion.dispatch.run_line``), a host another that numbers and sends it
(``companion.net.room``). Both give each other seat's words to that seat's own session
(``companion.game.seats.hear``), so its ``repeat`` and ``review`` have them.

While a command runs, the game's commands note what the others hear in the session's ``Told``
(``Session.told``); ``respond`` makes the response from it and the session's own words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass
class Told:
    """What a command told beyond its own words, so far: each other seat's words and prompt, the notices
    they hear before them, the typing seat's cues, and whether the game changed and was saved."""

    others: dict[int, str] = field(default_factory=dict)
    prompts: dict[int, str] = field(default_factory=dict)
    notices: dict[int, str] = field(default_factory=dict)
    cues: list[str] = field(default_factory=list)
    changed: bool = False
    saved: bool = False
    save_problem: str | None = None

    def add(self, others: Mapping[int, tuple[str, str]], notices: Mapping[int, str] = {}, *,
            cues: tuple[str, ...] = (), changed: bool = False, saved: bool = False,
            save_problem: str | None = None) -> None:
        """A move's part of the response: ``others`` by seat as (words, prompt)."""
        for seat, (words, prompt) in others.items():
            self.others[seat] = f"{self.others[seat]}\n{words}" if self.others.get(seat) else words
            self.prompts[seat] = prompt
        for seat, note in notices.items():
            self.notices[seat] = f"{self.notices[seat]}\n{note}" if self.notices.get(seat) else note
        self.cues.extend(cues)
        self.changed = self.changed or changed
        self.saved = (self.saved or saved) and save_problem is None
        self.save_problem = save_problem or self.save_problem


@dataclass(frozen=True)
class Response:
    """What one line did: ``lines`` the typing ``seat`` hears (as said, one string a ``say``), its
    ``prompt`` and ``cues``; ``others`` and ``notices`` by seat (each other seat's words, and what it hears
    before them), with their ``prompts``; ``changed`` and ``saved`` (the game); ``failed`` (a refusal was
    raised); ``quit`` (the session ends); ``kept`` False for old words said again (repeat, review), which
    do not become the newest response."""

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


__all__ = ["Response", "Told"]
