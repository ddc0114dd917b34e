"""One game a host holds: its seats, who holds each seat, what each seat has been told, and its file.

A hosted game is made when the host starts it; the seats fill as people join, each taking a name and
getting a secret token to come back with. When every person's seat is taken, the game itself is built
with those names and starts. Every message a seat is sent is numbered and kept (the newest
``KEEP``, in the game's file too), so a seat that comes back hears what it missed, even after a restart. Each seat's lines are numbered by its own
program; the number of the last one applied is saved in the same file and the same write as the
answers it gave, so a line is never applied twice, even across a dropped connection or a killed host.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from companion.game.starting import SetupError, build_setup
from companion.net import codes
from companion.net.seating import Seating, load_seating, new_seating
from companion.paths import atomic_write

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
    reply: dict[str, Any] | None = None  # the answer to last_line, to send again if it is asked again
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


class HostedGame:
    """A game at a host: seats first, then the game once everyone is seated."""

    def __init__(self, game_id: str, code: str, options: Options, folder: Path) -> None:
        self.id = game_id
        self.code = code
        self.options = options
        self.folder = folder
        people = options.players - len(options.bots)
        self.seats: list[SeatState] = [SeatState() for _ in range(people)]  # person seats, in order
        self.seating: Seating | None = None
        self.inflight: tuple[int, int] | None = None  # (seat, line id) being applied now
        self.send: Callable[[int, dict[str, Any]], None] = lambda seat, msg: None  # set by the server
        # While the server applies a line, the save is kept here and written off the event loop (other
        # games go on meanwhile); the line's answer is sent only after the write.
        self.write_later = False
        self.unsaved: str | None = None
        self.lock: Any = None  # an asyncio.Lock made by the server: one line of this game at a time
        self.hosted_with: dict[str, Any] = {}  # the listening address and encryption it was last hosted with
        # A server whose records live in a shared store writes every save through its own persist (fenced),
        # never straight to the folder.
        self.defer_writes = False
        # A server's own words in a game (its lobby's commands, typed here): (seat, line) -> answers, or None
        self.extra_words: Callable[[int, str], dict[int, str] | None] | None = None

    # ---- facts ----
    @property
    def started(self) -> bool:
        return self.seating is not None

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if not s.digest)

    def seat_named(self, name: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.digest and s.name.lower() == name.strip().lower():
                return i
        return None

    def over(self) -> bool:
        return self.seating is not None and self.seating.over()

    # ---- seats ----
    def take_seat(self, name: str) -> tuple[int, str]:
        """A new player takes the first free seat (at a table, the seat of that name): (seat, token).
        GameFull when none is left."""
        for i, s in enumerate(self.seats):
            if self.options.table is not None and s.name.lower() != name.strip().lower():
                continue
            if not s.digest:
                token = codes.new_token()
                if self.options.table is None:  # at a table the seat keeps the table's spelling
                    s.name = name.strip()[:20]
                s.digest = codes.token_digest(token)
                self.save()
                return i, token
        raise GameFull()

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
        if not 0 <= seat < len(self.seats) or not self.seats[seat].digest:
            codes.same(codes.token_digest(token), "0" * 64)  # the same work either way
            return False
        st = self.seats[seat]
        digest = codes.token_digest(token)
        now = codes.same(digest, st.digest)
        before = codes.same(digest, st.old_digest or "0" * 64)
        return now or before

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
        for seat, texts in seating.start().items():
            for text in texts:
                if text:
                    self.push(seat, text)
        return True

    def _attach(self, seating: Any) -> None:
        seating.act.on_save = self.save

    # ---- messages ----
    def push(self, seat: int, text: str, reply: int = 0) -> dict[str, Any]:
        """Number a message for ``seat``, keep it, and send it if the seat is connected."""
        st = self.seats[seat]
        st.n += 1
        st.outbox.append(Message(st.n, text, reply))
        msg = self.message(seat, st.outbox[-1])
        self.send(seat, msg)
        return msg

    def message(self, seat: int, m: Message) -> dict[str, Any]:
        seating = self.seating
        over = seating.over() if seating is not None else False
        yours = seating is not None and not over and seating.waiting_for() == seat
        prompt = seating.prompt(seat) if seating is not None else "waiting> "
        return {"type": "say", "n": m.n, "text": m.text, "prompt": prompt, "yours": yours, "over": over,
                "reply": m.reply}

    def missed(self, seat: int, seen: int) -> list[dict[str, Any]]:
        return [self.message(seat, m) for m in self.seats[seat].outbox if m.n > seen]

    def to_all(self, text: str, but: int | None = None) -> None:
        for i, s in enumerate(self.seats):
            if s.digest and i != but:
                self.push(i, text)

    # ---- saving ----
    def path(self) -> Path:
        return self.folder / f"{self.id}.json"

    def host_notes(self) -> dict[str, Any]:
        last = {i: s.last_line for i, s in enumerate(self.seats)}
        if self.inflight is not None:
            last[self.inflight[0]] = self.inflight[1]
        o = self.options
        return {"net": {
            "format": FORMAT, "id": self.id, "code": self.code, "hosted_with": self.hosted_with,
            "options": {"players": o.players, "bots": o.bots, "kingdom": o.kingdom, "seed": o.seed,
                        "colony": o.colony, "table": o.table},
            "seats": [{"name": s.name, "digest": s.digest, "old_digest": s.old_digest, "last_line": last[i], "n": s.n,
                       "outbox": [[m.n, m.text, m.reply] for m in s.outbox],
                       **({"reply": {"id": s.kept_reply.reply, "n": s.kept_reply.n, "text": s.kept_reply.text}}
                          if s.kept_reply is not None and s.kept_reply.reply == last[i] else {})}
                      for i, s in enumerate(self.seats)],
        }, "started": self.started}

    def save(self) -> None:
        notes = self.host_notes()
        if self.seating is not None:
            text = self.seating.dump(notes)
        else:
            text = json.dumps({"companion": notes}, separators=(",", ":"))
        if self.write_later or self.defer_writes:
            self.unsaved = text
            return
        atomic_write(self.path(), text)


def load_game(path: Path) -> HostedGame:
    """A hosted game from its file (hostile like every file): ValueError or SaveError if it cannot be."""
    return game_from_text(path.read_text(encoding="utf-8"), path.parent)


def game_from_text(text: str, folder: Path) -> HostedGame:
    """A hosted game from a record's text (a file, or a server's shared store), saved into ``folder``."""
    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError("not a hosted game")
    body = raw.get("game")
    # the host's notes: inside the game part once it has started (there the save's checksum covers them)
    notes = body.get("companion") if isinstance(body, dict) and "companion" in body else raw.get("companion")
    net = notes.get("net") if isinstance(notes, dict) else None
    if not isinstance(net, dict) or net.get("format") != FORMAT:
        raise ValueError("not a hosted game")
    o = net.get("options")
    if not isinstance(o, dict):
        raise ValueError("no options")
    players, bots, kingdom, seed = o.get("players"), o.get("bots"), o.get("kingdom"), o.get("seed")
    colony, table = o.get("colony"), o.get("table")
    if not (table is None or isinstance(table, str)):
        raise ValueError("bad table")
    if not (isinstance(players, int) and isinstance(bots, list) and all(isinstance(b, str) for b in bots)
            and isinstance(kingdom, str) and isinstance(seed, int) and colony in (None, True, False)):
        raise ValueError("bad options")
    code, game_id = net.get("code"), net.get("id")
    if not isinstance(code, str) or not codes.normal_code(code) or not isinstance(game_id, str):
        raise ValueError("bad code")
    hosted = HostedGame(game_id, code, Options(players, bots, kingdom, seed, colony, table), folder)
    was = net.get("hosted_with")
    if isinstance(was, dict) and isinstance(was.get("listen"), str) and isinstance(was.get("tls"), bool):
        hosted.hosted_with = {"listen": was["listen"][:100], "tls": was["tls"]}
    seats = net.get("seats")
    if not isinstance(seats, list) or len(seats) != len(hosted.seats):
        raise ValueError("bad seats")
    for st, s in zip(hosted.seats, seats):
        if not isinstance(s, dict):
            raise ValueError("bad seat")
        name, digest, last, n = s.get("name"), s.get("digest"), s.get("last_line"), s.get("n")
        if not (isinstance(name, str) and isinstance(digest, str) and isinstance(last, int)
                and isinstance(n, int)):
            raise ValueError("bad seat")
        st.name, st.digest, st.last_line, st.n = name[:20], digest, last, n
        old = s.get("old_digest")
        st.old_digest = old if isinstance(old, str) else ""
        outbox = s.get("outbox")
        if isinstance(outbox, list):  # what the seat was told lately, to say again to a player who missed it
            for m in outbox[-KEEP:]:
                if (isinstance(m, list) and len(m) == 3 and isinstance(m[0], int) and isinstance(m[1], str)
                        and isinstance(m[2], int) and 0 < m[0] <= n):
                    st.outbox.append(Message(m[0], m[1][:100_000], m[2]))
        kept = s.get("reply")
        if isinstance(kept, dict):
            rid, rn, rtext = kept.get("id"), kept.get("n"), kept.get("text")
            if isinstance(rid, int) and rid == last and isinstance(rn, int) and isinstance(rtext, str):
                st.kept_reply = Message(rn, rtext[:100_000], rid)
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
