"""In-process shell sessions for game tests: lines go through dispatch exactly as the shell sends them."""

from __future__ import annotations

import io
from pathlib import Path

from companion.commands.game import install
from companion.game.activity import game_of
from companion.dispatch import run_line
from companion.engine import dumps
from companion.game.activity import GameActivity
from companion.session import Session
from companion.settings import Settings


class Typist:
    def __init__(self, verbosity: str = "normal", **settings: str) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out, settings=Settings({"verbosity": verbosity, **settings}))
        install(self.session)

    def __call__(self, line: str) -> str:
        at = self.out.tell()
        run_line(self.session, line)
        return self.out.getvalue()[at:]

    def start_at(self, folder: Path, position: str, bots: str = "bigmoney") -> str:
        """Start a game from ``position`` (a position file's text, written into ``folder``); what new said."""
        path = folder / "position.txt"
        path.write_text(position, encoding="utf-8")
        return self(f"new --position {path} --bots {bots}")

    @property
    def act(self) -> GameActivity:
        act = game_of(self.session)
        assert act is not None, "no game is on"
        return act

    def snapshot(self) -> tuple[str, str, int, str]:
        """Everything that must not change when a line is refused: the game record, prompt, marks."""
        act = self.act
        return dumps(act.game), self.session.prompt, len(act.marks), repr(act.game.players[act.holder].hand)
