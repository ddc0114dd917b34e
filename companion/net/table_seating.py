"""A hosted table record: several players at one physical table, each on their own device.

The table is the table assistant's own (companion.table, through its commands): one record, held and
saved by the host, shared by one session per player. Each player types entries as at a table of their
own; every entry that changes the record is said to everyone else in one line, with who typed it, so
all hear the piles, the turn, the warnings and the final score.
"""

from __future__ import annotations

import io
from typing import Any

from companion.net.seating import REFUSED, SeatSettings, refuse, refused
from companion.session import Session

TABLE_REFUSED = (*REFUSED, "table")
TABLE_ALLOWED = ("table status",)


class TableSeating:
    """``Seating`` on one table record shared by one session per player."""

    def __init__(self, saved: Any, held: Any) -> None:
        from companion.commands import table_session

        self._keys = (table_session.KEY, table_session.LOCK)
        self.saved = saved
        self.held = held
        self.names = list(saved.table.setup.players)
        self.away_bots: dict[int, str] = {}  # a table of real cards has no bots
        self.sessions: dict[int, Session] = {}
        for seat in range(len(self.names)):
            s = Session(out=io.StringIO(), settings=SeatSettings())
            s.state[table_session.KEY] = saved
            s.state[table_session.LOCK] = held
            s.prompt = "table> "
            self.sessions[seat] = s

    def people(self) -> list[int]:
        return list(range(len(self.names)))

    def over(self) -> bool:
        return False  # a table record stays open; score says the final score whenever asked

    def waiting_for(self) -> int | None:
        return self.saved.table.state.current

    def prompt(self, seat: int) -> str:
        return "table> "

    def _fingerprint(self) -> tuple[int, int, int]:
        t = self.saved.table
        return len(t.entries), t.low, t.state.current

    def run(self, seat: int, line: str) -> dict[int, str]:
        from companion.dispatch import run_line

        s = self.sessions[seat]
        s.out = io.StringIO()
        low = " ".join(line.lower().split())
        word = refused(line, TABLE_REFUSED)
        if word is not None and low not in TABLE_ALLOWED:
            refuse(s, word)
            return {seat: s.out.getvalue().rstrip("\n")}  # type: ignore[attr-defined]
        before = self._fingerprint()
        run_line(s, line)
        said = s.out.getvalue().rstrip("\n")  # type: ignore[attr-defined]
        out = {seat: said}
        if self._fingerprint() != before and not s.failed and said:
            first = said.splitlines()[0]
            note = first if first.startswith(self.names[seat]) else f"{self.names[seat]}: {first}"
            for other in self.sessions:
                if other != seat:
                    out[other] = note
                    self.tell(other, note)
        return out

    def tell(self, seat: int, text: str) -> None:
        s = self.sessions.get(seat)
        if s is None:
            return
        s.out = io.StringIO()
        s.begin()
        s.say(text)
        s.end()

    def start(self) -> dict[int, list[str]]:
        return {}

    def catch_up(self, seat: int) -> str:
        from companion.dispatch import run_line

        s = self.sessions[seat]
        s.out = io.StringIO()
        run_line(s, "table status")
        return s.out.getvalue().rstrip("\n")  # type: ignore[attr-defined]

    def hand_to_bot(self, seat: int, bot: str = "bigmoney") -> dict[int, str]:
        return {seat: "Error: a table of real cards has no bots. Type who to hear who is here."}

    def take_back(self, seat: int) -> dict[int, str]:
        return {}

    def dump(self, host: dict[str, Any]) -> str:
        import json

        return json.dumps({"companion": {**host, "table": self.saved.name}}, separators=(",", ":"))


def new_table(args: str) -> tuple[TableSeating | None, str]:
    """Start a table from ``table new`` options: (the seating, what was said), or (None, the error)."""
    from companion.dispatch import run_line

    s = Session(out=io.StringIO(), settings=SeatSettings())
    run_line(s, f"table new {args}")
    said = s.out.getvalue().rstrip("\n")  # type: ignore[attr-defined]
    from companion.commands import table_session

    saved, held = s.state.get(table_session.KEY), s.state.get(table_session.LOCK)
    if s.failed or saved is None or held is None:
        return None, said
    return TableSeating(saved, held), said


def load_table(name: str) -> TableSeating | None:
    """A hosted table again after a restart, held by this process; None if it cannot be."""
    from companion.table import storage

    try:
        saved = storage.load(name)
    except Exception:  # noqa: BLE001 - a damaged or missing table is skipped, never a crash
        return None
    held = storage.hold(name)
    if held is None:
        return None
    return TableSeating(saved, held)
