"""A game's journal: what one change (a line, a hello, a token renewed) altered in the game's record, written
by itself instead of the whole record; and the record made again from its last snapshot and the entries since.

A line changes little of a record: the answers it gave the game (added at the end, or a few taken back by
undo), the undo marks, and each seat's last line, token and newest messages. An entry holds only those,
with the change's version; a full record (a snapshot) is written every ``SNAPSHOT_EVERY`` entries, when a
game starts or ends, and whenever an entry cannot say the change (a table of real cards, a game not yet
started, the first save after a game is read). What the store hands back is hostile like every file: an
entry that is not well formed, or does not fit the record it follows, is skipped and named, never a crash.
"""

from __future__ import annotations

import hashlib
import json
import operator
from dataclasses import dataclass, field
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from companion import filecheck
from companion.filecheck import Damaged
from companion.narrow import each

if TYPE_CHECKING:
    from companion.engine.game import Answer
    from companion.game.activity import GameActivity
    from companion.net.hosted import HostedGame

SNAPSHOT_EVERY = 50  # entries after which the next change writes the whole record again
T = TypeVar("T")
MAX_ENTRIES = 10_000  # entries read after a snapshot at most (a store that kept more is not ours to trust)


def _common(old: Sequence[T], new: Sequence[T], same: Callable[[T, T], bool]) -> int:
    """How many items at the start of ``new`` are those of ``old`` (compared in C: a game's answers grow by
    hundreds, and were compared one by one on every line)."""
    flags = list(map(same, old, new))
    try:
        return flags.index(False)
    except ValueError:
        return len(flags)


@dataclass
class Written:
    """What the store holds of a game as of its last save: the answers (the very objects), the undo marks,
    the away bots, and each seat's newest message number, so the next entry holds only what came after."""

    answers: list[Answer] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    people: list[int] = field(default_factory=list)
    bots: dict[str, str] = field(default_factory=dict)
    told: list[int] = field(default_factory=list)
    whole: bool = False  # the engine's save with the host's notes (a started game), which entries change


class Tracker:
    """One held game's journal: whether the next save may be an entry, and what the last save held."""

    def __init__(self) -> None:
        self.fresh = False  # the store holds what ``written`` says (else the next save is a snapshot)
        self.since = 0  # entries written since the last snapshot
        self.written = Written()

    def state(self, game: HostedGame) -> Written:
        """What a save of the game as it is now holds."""
        told = [s.outbox[-1].n if s.outbox else 0 for s in game.seats]
        act = _activity(game)
        if act is None:
            return Written(told=told)
        bots = {str(k): v for k, v in game.seating.away_bots.items()} if game.seating is not None else {}
        return Written(list(act.game.answers), list(act.marks), list(act.mark_people), bots, told, True)

    def entry(self, game: HostedGame, version: int) -> tuple[str, Written] | None:
        """The change since the last save as an entry's text, and what the store holds once it is written;
        None when the change must be a snapshot."""
        act = _activity(game)
        if not self.fresh or act is None or self.since >= SNAPSHOT_EVERY or game.over():
            return None
        from companion.engine.record import encode_answer

        now = self.state(game)
        was = self.written
        if len(now.told) != len(was.told) or not was.whole:
            return None
        e: dict[str, object] = {"v": version}
        k = _common(was.answers, now.answers, operator.is_)
        if k != len(was.answers) or len(now.answers) > k:
            e["a"] = [k, [encode_answer(a) for a in now.answers[k:]]]
        for key, old, new in (("m", was.marks, now.marks), ("p", was.people, now.people)):
            k = _common(old, new, operator.eq)
            if k != len(old) or len(new) > k:
                e[key] = [k, new[k:]]
        if now.bots != was.bots:
            e["b"] = now.bots
        last = game.last_lines()
        e["s"] = [game.seat_note(i, last[i], [m for m in s.outbox if m.n > was.told[i]])
                  for i, s in enumerate(game.seats)]
        return json.dumps(e, separators=(",", ":")), now

    def wrote_entry(self, state: Written) -> None:
        self.written = state
        self.since += 1

    def wrote_snapshot(self, state: Written) -> None:
        self.written = state
        self.since = 0
        self.fresh = True


def _activity(game: HostedGame) -> GameActivity | None:
    """The game's activity when its record is the engine's save with the host's notes (a started game of
    the game's own seats; not a table of real cards), else None."""
    from companion.game.activity import GameActivity

    if game.options.table is not None or game.seating is None:
        return None
    act = getattr(game.seating, "act", None)
    return act if isinstance(act, GameActivity) else None


# ---- the record again, from its snapshot and entries (all of it hostile) ----

def _spliced(old: object, part: object, where: str, item: Callable[[object], object]) -> list[object]:
    if part is None:
        return list(each(old))
    cut, tail = filecheck.listed(part, where, 2, 2)
    if not isinstance(old, list):
        raise Damaged(f"the record has no {where}")
    cut = filecheck.whole(cut, f"{where}' start", 0, len(old))
    added = filecheck.listed(tail, where)
    for x in added:
        item(x)
    joined: list[object] = old[:cut] + added
    return joined


def _answer(x: object) -> None:
    filecheck.listed(x, "an answer", 3, 3)


def _mark(x: object) -> None:
    filecheck.whole(x, "an undo mark", -1, 10_000_000)


def _seat(old: object, new: object, where: str) -> dict[str, object]:
    from companion.net.hosted import KEEP, MAX_NUMBER, MAX_SAID

    s = filecheck.mapping(new, where)
    was = filecheck.mapping(old, where)
    out = dict(was)
    out["name"] = filecheck.text(s.get("name"), f"{where}'s name", 200, least=0)
    out["digest"] = filecheck.text(s.get("digest"), f"{where}'s token", 64, least=0)
    out["old_digest"] = filecheck.text(s.get("old_digest"), f"{where}'s old token", 64, least=0)
    out["last_line"] = filecheck.whole(s.get("last_line"), f"{where}'s last line", 0, MAX_NUMBER)
    out["n"] = filecheck.whole(s.get("n"), f"{where}'s message number", 0, MAX_NUMBER)
    added = filecheck.listed(s.get("outbox"), f"{where}'s new messages", 0, KEEP)
    for m in added:
        n, text, reply = filecheck.listed(m, f"{where}'s message", 3, 3)
        filecheck.whole(n, f"{where}'s message number", 1, MAX_NUMBER)
        filecheck.whole(reply, f"{where}'s message line", 0, MAX_NUMBER)
        if not isinstance(text, str) or len(text) > MAX_SAID:
            raise Damaged(f"{where}'s message is not a text")
    before = was.get("outbox")
    out["outbox"] = ((before if isinstance(before, list) else []) + added)[-KEEP:]
    if "reply" in s:
        out["reply"] = filecheck.mapping(s["reply"], f"{where}'s last answer")
    else:
        out.pop("reply", None)
    return out


def apply(record: dict[str, object], entry: dict[str, object]) -> None:
    """Apply one entry to a record (the parsed JSON of a started game's save): everything checked first,
    so an entry that does not fit changes nothing (Damaged naming why)."""
    body = filecheck.mapping(record.get("game"), "the record's game")
    notes = filecheck.mapping(record.get("companion"), "the record's notes")
    net = filecheck.mapping(notes.get("net"), "the record's seats")
    seats = filecheck.listed(net.get("seats"), "the record's seats")
    answers = _spliced(body.get("answers"), entry.get("a"), "answers", _answer)
    marks = _spliced(notes.get("marks", []), entry.get("m"), "undo marks", _mark)
    people = _spliced(notes.get("mark_people", []), entry.get("p"), "undo marks' seats", _mark)
    bots = notes.get("away_bots")
    if "b" in entry:
        bots = filecheck.mapping(entry["b"], "the bots standing in")
        for k, v in bots.items():
            if not (isinstance(k, str) and k.isdigit() and isinstance(v, str) and len(v) <= 40):
                raise Damaged("a bot standing in is not a seat and a bot's name")
    new_seats = filecheck.listed(entry.get("s"), "the seats' changes", len(seats), len(seats))
    changed = [_seat(old, new, f"seat {i + 1}") for i, (old, new) in enumerate(zip(seats, new_seats))]
    body["answers"] = answers
    notes["marks"], notes["mark_people"] = marks, people
    if bots is not None:
        notes["away_bots"] = bots
    net["seats"] = changed


@dataclass
class Rebuilt:
    """A record made from its snapshot and journal: its text, the version of its newest change, the
    entries read, and a sentence for each entry skipped."""

    text: str
    version: int
    entries: int = 0
    problems: list[str] = field(default_factory=list)


def rebuild(snapshot: str, entries: list[str], version: int) -> Rebuilt:
    """The record: ``snapshot`` (of ``version``) with each entry of a later version applied in turn."""
    if not entries:
        return Rebuilt(snapshot, version)
    out = Rebuilt(snapshot, version, len(entries))
    try:
        record = filecheck.mapping(filecheck.parse(snapshot), "the record")
    except Damaged as e:
        out.problems.append(f"the snapshot cannot be read ({e}); its journal was not applied")
        return out
    applied = False
    for i, raw in enumerate(entries[:MAX_ENTRIES]):
        try:
            entry = filecheck.mapping(filecheck.parse(raw), "the entry")
            v = filecheck.whole(entry.get("v"), "its version", 1, 2**53)
            if v <= out.version:
                continue  # written before the snapshot (a snapshot and a crash before the journal was emptied)
            apply(record, entry)
        except (Damaged, TypeError, ValueError) as e:
            out.problems.append(f"journal entry {i + 1} was skipped: {e}")
            continue
        out.version = v
        applied = True
    if len(entries) > MAX_ENTRIES:
        out.problems.append(f"{len(entries) - MAX_ENTRIES} journal entries past {MAX_ENTRIES} were not read")
    if applied:
        seal(record)
        out.text = json.dumps(record, separators=(",", ":"))
    return out


def seal(record: dict[str, object]) -> None:
    """The record's checksums again, as the engine and the shell compute them, after its parts changed."""
    from companion.game.store import companion_checksum

    checksum = hashlib.sha256(json.dumps(record["game"], sort_keys=True).encode()).hexdigest()
    record["checksum"] = checksum
    if "companion" in record and "companion_checksum" in record:
        record["companion_checksum"] = companion_checksum(checksum, record["companion"])


def version_of(text: str) -> int:
    """The store's version written into a snapshot (``with_version``), or 0."""
    head = text[:40]
    marker = '{"saved_version":'
    if not head.startswith(marker):
        return 0
    digits = head[len(marker):].split(",", 1)[0]
    return int(digits) if digits.isdigit() else 0


def with_version(text: str, version: int) -> str:
    """A record's text with the store's version first in it (a file store's snapshot: a crash between the
    snapshot and the emptying of its journal leaves entries it already holds, skipped by their version)."""
    marker = '{"saved_version":'
    if text.startswith(marker):
        text = "{" + text[len(marker):].split(",", 1)[-1] if "," in text else "{}"
    if not text.startswith("{"):
        return text
    rest = text[1:].lstrip()
    return marker + str(version) + ("," if rest and rest != "}" else "") + rest
