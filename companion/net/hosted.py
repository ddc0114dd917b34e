"""One game a host holds: its seats, who holds each seat, what each seat has been told, and its file.

A hosted game is made when the host starts it; the seats fill as people join, each taking a name and
getting a secret token to come back with. When every person's seat is taken, the game itself is built
with those names and starts. Every message a seat is sent is numbered and kept (the newest
``KEEP``, in the game's file too), so a seat that comes back hears what it missed, even after a restart. Each seat's lines are numbered by its own
program; the number of the last one applied is saved in the same file and the same write as the
answers it gave, so a line is never applied twice, even across a dropped connection or a killed host.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable
from typing import TYPE_CHECKING, Callable

from companion.game.starting import SetupError, build_setup
from companion import filecheck
from companion.net import claiming, codes
from companion.net.seating import Seating, load_seating, new_seating
from companion.paths import atomic_write

if TYPE_CHECKING:
    from companion.net.seat_sessions import SessionSeats

KEEP = 60  # messages kept per seat to tell a returning player what they missed
FORMAT = 1


@dataclass
class Message:
    n: int
    text: str
    reply: int = 0


@dataclass
class SeatState:
    name: str = ""
    digest: str = ""  # sha256 of the seat's token ("" while the seat is free)
    last_line: int = 0  # the id of the last line applied for this seat
    n: int = 0  # the number of the last message sent to this seat
    outbox: deque[Message] = field(default_factory=lambda: deque(maxlen=KEEP))
    reply: dict[str, object] | None = None  # the answer to last_line, to send again if it is asked again
    kept_reply: Message | None = None  # that answer as saved with last_line (read back after a restart)
    old_digest: str = ""  # the token before the last renewal, until the seat shows it has the new one


@dataclass
class Options:
    players: int
    bots: list[str]
    kingdom: str
    seed: int
    colony: bool | None = None
    table: str | None = None  # a hosted table record: its name (the players are the table's)


class GameFull(Exception):
    pass


def _nowhere(game: "HostedGame", seat: int, msg: dict[str, object]) -> None:
    """A game on its own (a test, a file read to be looked at) sends its messages nowhere."""


@dataclass(frozen=True)
class Wiring:
    """How whoever holds a game wires it, given when the game is made or read (``ALONE``: on its own).

    ``send`` takes each numbered message for a seat to that seat's connection. Held by a server (``held``),
    each save is kept in ``unsent`` for the server to write in one step of its own (off the event loop, or
    to its shared store, fenced) before anything it changed is said; not held, each save is written at once.
    A server that writes only what changed (``lazy``) has a save mark the game changed, and makes the record,
    or the journal entry, once when it writes it; ``version`` numbers the changes its store has, so a store
    can refuse an older one that arrives late. ``words`` are a server's own in a game (its lobby's commands,
    typed there): (game, seat, line) -> answers by seat, or None."""

    send: Callable[["HostedGame", int, dict[str, object]], None] = _nowhere
    held: bool = False
    lazy: bool = False
    version: int = 0
    words: Callable[["HostedGame", int, str], dict[int, str] | None] | None = None


ALONE = Wiring()


class HostedGame:
    """A game at a host: seats first, then the game once everyone is seated."""

    def __init__(self, game_id: str, code: str, options: Options, folder: Path, wiring: Wiring = ALONE) -> None:
        self.id = game_id
        self.code = code
        self.options = options
        self.folder = folder
        people = options.players - len(options.bots)
        self.seats: list[SeatState] = [SeatState() for _ in range(people)]  # person seats, in order
        self.seating: Seating | None = None
        self.inflight: tuple[int, int] | None = None  # (seat, line id) being applied now
        self.wiring = wiring
        self.held = wiring.held
        self.unsaved: str | None = None  # a save kept for the server holding the game to write
        self.lazy = wiring.lazy
        self.changed = False
        self.line_at_save: tuple[int, int] | None = None  # the line being applied when the change was made
        self.version = wiring.version  # the changes written (a lazy server's count, one a write)
        self.lock = asyncio.Lock()  # held by a server: one line (or hello) of this game at a time
        self.hosted_with: dict[str, object] = {}  # the listening address and encryption it was last hosted with

    # ---- facts ----
    @property
    def started(self) -> bool:
        return self.seating is not None

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if not s.digest)

    def seat_named(self, name: str) -> int | None:
        return claiming.seat_named(self.seats, name)

    def over(self) -> bool:
        return self.seating is not None and self.seating.over()

    # ---- seats ----
    def take_seat(self, name: str) -> tuple[int, str]:
        """A new player takes the first free seat (at a table, the seat of that name): (seat, token).
        GameFull when none is left."""
        seat = claiming.free_seat(self.seats, name, self.options.table is not None)
        if seat is None:
            raise GameFull()
        return seat, self.give_seat(seat, name)

    def give_seat(self, seat: int, name: str) -> str:
        """A new player takes this free seat (``claiming.free_seat``): its token."""
        s = self.seats[seat]
        token = codes.new_token()
        if self.options.table is None:  # at a table the seat keeps the table's spelling
            s.name = name.strip()[:20]
        s.digest = codes.token_digest(token)
        self.save()
        return token

    def new_token(self, seat: int) -> str:
        """A new token for a taken seat (its first never reached its device); the old one fits no more."""
        token = codes.new_token()
        self.seats[seat].digest = codes.token_digest(token)
        self.seats[seat].old_digest = ""
        self.save()
        return token

    def renew_token(self, seat: int) -> str:
        """A new token for a seat that came back with its token (one sniffed on the way is good once at
        most). The old one fits until the seat speaks on the connection that told it the new one."""
        st = self.seats[seat]
        if not st.old_digest:
            st.old_digest = st.digest  # (if it never spoke since the last renewal, that older one is kept)
        token = codes.new_token()
        st.digest = codes.token_digest(token)
        self.save()
        return token

    def token_kept(self, seat: int) -> bool:
        """The seat spoke after its new token was told: the old one fits no more. True if that changed."""
        st = self.seats[seat]
        if not st.old_digest:
            return False
        st.old_digest = ""
        self.save()
        return True

    def token_fits(self, seat: int, token: str) -> bool:
        return claiming.token_fits(self.seats, seat, token)

    def start_if_full(self) -> bool:
        """Build and start the game once every person's seat is taken. True if it started now."""
        if self.started or self.free_seats() or self.options.table is not None:
            return False
        o = self.options
        names = [s.name for s in self.seats]
        try:
            setup = build_setup(o.players, o.bots, names, o.kingdom, None, o.seed, o.colony)
        except SetupError:
            raise
        seating = new_seating(setup)
        self._attach(seating)
        self.seating = seating
        self.save()
        for message in seating.start():
            for seat, text in message.heard().items():
                if text:
                    self.push(seat, text)
        return True

    def _attach(self, seating: SessionSeats) -> None:
        seating.act.on_save = self.save

    # ---- messages ----
    def push(self, seat: int, text: str, reply: int = 0) -> dict[str, object]:
        """Number a message for ``seat``, keep it, and send it if the seat is connected."""
        st = self.seats[seat]
        st.n += 1
        st.outbox.append(Message(st.n, text, reply))
        msg = self.message(seat, st.outbox[-1])
        self.wiring.send(self, seat, msg)
        return msg

    def extra_words(self, seat: int, line: str) -> dict[int, str] | None:
        """The holding server's own words for a line typed at a seat (its lobby's commands), or None."""
        words = self.wiring.words
        return None if words is None else words(self, seat, line)

    def message(self, seat: int, m: Message) -> dict[str, object]:
        seating = self.seating
        over = seating.over() if seating is not None else False
        yours = seating is not None and not over and seating.waiting_for() == seat
        prompt = seating.prompt(seat) if seating is not None else "waiting. "
        return {"type": "say", "n": m.n, "text": m.text, "prompt": prompt, "yours": yours, "over": over,
                "reply": m.reply}

    def missed(self, seat: int, seen: int) -> list[dict[str, object]]:
        return [self.message(seat, m) for m in self.seats[seat].outbox if m.n > seen]

    def to_all(self, text: str, but: int | None = None) -> None:
        for i, s in enumerate(self.seats):
            if s.digest and i != but:
                self.push(i, text)

    # ---- saving ----
    def path(self) -> Path:
        return self.folder / f"{self.id}.json"

    def last_lines(self) -> list[int]:
        """Each seat's last line as a save holds it: the line being applied counts as done."""
        last = [s.last_line for s in self.seats]
        line = self.inflight or self.line_at_save
        if line is not None and line[1] > last[line[0]]:
            last[line[0]] = line[1]
        return last

    def seat_note(self, i: int, last: int, outbox: Iterable[Message]) -> dict[str, object]:
        """A seat in the record (``outbox``: the messages to keep, all of them in a whole record)."""
        s = self.seats[i]
        return {"name": s.name, "digest": s.digest, "old_digest": s.old_digest, "last_line": last, "n": s.n,
                "outbox": [[m.n, m.text, m.reply] for m in outbox],
                **({"reply": {"id": s.kept_reply.reply, "n": s.kept_reply.n, "text": s.kept_reply.text}}
                   if s.kept_reply is not None and s.kept_reply.reply == last else {})}

    def host_notes(self) -> dict[str, object]:
        last = self.last_lines()
        o = self.options
        return {"net": {
            "format": FORMAT, "id": self.id, "code": self.code, "hosted_with": self.hosted_with,
            "options": {"players": o.players, "bots": o.bots, "kingdom": o.kingdom, "seed": o.seed,
                        "colony": o.colony, "table": o.table},
            "seats": [self.seat_note(i, last[i], s.outbox) for i, s in enumerate(self.seats)],
        }, "started": self.started}

    def record(self) -> str:
        """The game's record as it stands: what its file (or a server's store) holds."""
        notes = self.host_notes()
        if self.seating is not None:
            return self.seating.dump(notes)
        return json.dumps({"companion": notes}, separators=(",", ":"))

    def save(self) -> None:
        """Keep the record as it stands now: for the server holding the game to write (``held``), else
        written at once."""
        if self.lazy:
            self.changed = True
            if self.inflight is not None:
                self.line_at_save = self.inflight
            return
        text = self.record()
        if self.held:
            self.unsaved = text
            return
        atomic_write(self.path(), text)

    def write(self) -> None:
        """Write the record now, held or not (starting, stopping, a setting of the host)."""
        self.unsaved = None
        atomic_write(self.path(), self.record())


def load_game(path: Path, wiring: Wiring = ALONE) -> HostedGame:
    """A hosted game from its file (hostile like every file): ``Damaged`` naming the bad field, or SaveError."""
    return game_from_text(filecheck.read_text(path), path.parent, wiring)


GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # a game's id names its file in its folder: no path may
MAX_SAID = 100_000  # characters of one message kept for a returning seat
MAX_NUMBER = 2**53  # line ids and message numbers (as the protocol's)


def _said(value: object, where: str) -> str:
    """Words a seat was told: any text (lines and all) up to ``MAX_SAID`` characters."""
    if not isinstance(value, str) or len(value) > MAX_SAID:
        raise filecheck.Damaged(f"{where} is not a text of at most {MAX_SAID} characters")
    return value


def _options(raw: object) -> Options:
    o = filecheck.mapping(raw, "its options")
    bots = [filecheck.text(b, "a bot's name", 40) for b in filecheck.listed(o.get("bots"), "its bots", 0, 6)]
    colony = o.get("colony")
    return Options(filecheck.whole(o.get("players"), "its number of players", 2, 6), bots,
                   filecheck.text(o.get("kingdom"), "its kingdom", 2000),
                   filecheck.whole(o.get("seed"), "its seed", -2**63, 2**63 - 1),
                   None if colony is None else filecheck.flag(colony, "its colony choice"),
                   filecheck.maybe_text(o.get("table"), "its table's name"))


def _seat(st: SeatState, raw: object, where: str) -> None:
    s = filecheck.mapping(raw, where)
    st.name = filecheck.text(s.get("name"), f"{where}'s name", 200, least=0)[:20]
    st.digest = filecheck.text(s.get("digest"), f"{where}'s token", 64, least=0)
    old = s.get("old_digest")  # saves before tokens were renewed have none
    st.old_digest = "" if old is None else filecheck.text(old, f"{where}'s old token", 64, least=0)
    st.last_line = filecheck.whole(s.get("last_line"), f"{where}'s last line", 0, MAX_NUMBER)
    st.n = filecheck.whole(s.get("n"), f"{where}'s message number", 0, MAX_NUMBER)
    # what the seat was told lately, to say again to a player who missed it
    outbox = s.get("outbox")
    told = [] if outbox is None else filecheck.listed(outbox, f"{where}'s messages")
    for i, m in enumerate(told[-KEEP:]):
        said = f"{where}'s message {i + 1}"
        n, text, reply = filecheck.listed(m, said, 3, 3)
        st.outbox.append(Message(filecheck.whole(n, f"{said}'s number", 1, st.n), _said(text, said),
                                 filecheck.whole(reply, f"{said}'s line", 0, MAX_NUMBER)))
    kept = s.get("reply")
    if kept is not None:  # the answer to its last line, said again if that line comes again
        k = filecheck.mapping(kept, f"{where}'s last answer")
        rid = filecheck.whole(k.get("id"), f"{where}'s last answer's line", 0, MAX_NUMBER)
        rn = filecheck.whole(k.get("n"), f"{where}'s last answer's number", 1, MAX_NUMBER)
        rtext = _said(k.get("text"), f"{where}'s last answer")
        if rid == st.last_line:
            st.kept_reply = Message(rn, rtext, rid)


def game_from_text(text: str, folder: Path, wiring: Wiring = ALONE) -> HostedGame:
    """A hosted game from a record's text (a file, or a server's shared store), saved into ``folder``:
    every field checked (``companion.filecheck``), ``Damaged`` naming the bad one, or SaveError."""
    raw = filecheck.mapping(filecheck.parse(text), "the record")
    body = raw.get("game")
    # the host's notes: inside the game part once it has started (there the save's checksum covers them)
    notes = body.get("companion") if isinstance(body, dict) and "companion" in body else raw.get("companion")
    net = filecheck.mapping(filecheck.mapping(notes, "the host's notes").get("net"), "the hosted game")
    if net.get("format") != FORMAT:
        raise filecheck.Damaged("it is not a hosted game of this version")
    options = _options(net.get("options"))
    code = filecheck.text(net.get("code"), "its join code", 40)
    if not codes.normal_code(code):
        raise filecheck.Damaged("its join code is not nine digits")
    game_id = filecheck.text(net.get("id"), "its id", 40)
    if not GAME_ID.fullmatch(game_id):
        raise filecheck.Damaged("its id is not this program's")
    hosted = HostedGame(game_id, code, options, folder, wiring)
    was = net.get("hosted_with")
    if was:
        w = filecheck.mapping(was, "where it was hosted")
        hosted.hosted_with = {"listen": filecheck.text(w.get("listen"), "the address it was hosted on")[:100],
                              "tls": filecheck.flag(w.get("tls"), "its encryption")}
    table = options.table
    seats = filecheck.listed(net.get("seats"), "its seats", len(hosted.seats), len(hosted.seats))
    for i, (st, s) in enumerate(zip(hosted.seats, seats)):
        _seat(st, s, f"seat {i + 1}")
    if table is not None:  # the table record is in the table assistant's own file
        from companion.net.table_seating import load_table

        held = load_table(table)
        if held is None:
            raise ValueError("the table cannot be held")
        hosted.seating = held
    elif "game" in raw:  # the game had started: its answers are in the same file
        seating, _ = load_seating(text)
        hosted._attach(seating)
        hosted.seating = seating
    for i, st in enumerate(hosted.seats):
        if st.kept_reply is not None:  # the last answer, said again if its line comes again
            st.reply = hosted.message(i, st.kept_reply)
            st.n = max(st.n, st.kept_reply.n)
    return hosted
