"""The installed shell in gnome-terminal on the Orca desktop, driven by keys, and heard through Orca.

    with Shell(desktop, program, home) as shell:
        answer = shell.line("card cellar")     # types the line, presses Return, waits for the next prompt
        answer.words                            # what Orca said after the Return key, as heard
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop, Heard
from tests.screen_reader.symbols import heard_words


@dataclass(frozen=True)
class Answer:
    typed: str
    said: list[Heard]  # everything Orca sent after the line's Return key: the answer and the next prompt

    @property
    def words(self) -> str:
        return " ".join(h.words for h in self.said)

    @property
    def count(self) -> int:
        return len(heard_words(self.words))


# The shell's prompts, as heard: the shell's own, a game's phases and questions, the table's.
PROMPT = (r"(companion|action phase|buy phase|game over|game|waiting( for \w+( Bot)?)?|lobby|create|yes or no|choose 1 (or|to) \d+|"
          r"order, top first|name a card|table(, \w+)?|\w+, press Enter|"
          r"(play|gain|trash|discard|put on your deck|set aside|reveal|choose|order|name) "
          r"(exactly \d+|1 or none|up to \d+|\d+ to \d+|\d+))\.?")


class Shell:
    """``prompt``: a regular expression the heard words of the shell's first prompt end with."""

    def __init__(self, desktop: Desktop, program: Installed, home: Path, args: tuple[str, ...] = (),
                 prompt: str = PROMPT) -> None:
        self.desktop = desktop
        self.program = program
        self.home = home
        self.args = args
        self.prompt = prompt
        self.process: subprocess.Popen[bytes] | None = None
        self.opening: list[Heard] = []

    def __enter__(self) -> "Shell":
        mark = self.desktop.mark()
        env = {"COMPANION_HOME": str(self.home), "COMPANION_PLAN_GAMES": "0"}
        self.process = self.desktop.start(["gnome-terminal", "--wait", "--", str(self.program.companion), *self.args],
                                          env, log="terminal.log")
        self.opening = self.desktop.heard_since(mark, _ends(self.prompt), timeout=90)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.desktop.key("ctrl+d")
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.desktop.stop(self.process)

    def line(self, text: str, prompt: str | None = None, timeout: float = 60.0) -> Answer:
        """Type ``text`` and Return as a person does; the answer is what Orca said after the Return key, up to
        and with the next prompt (a regular expression its heard words end with: the shell's own by default),
        once Orca has then been quiet a moment."""
        mark = self.desktop.mark()
        self.desktop.type(text)
        # Orca echoes each key as it comes; on a busy machine the echo lags the keys, so Return is pressed
        # once the echo has been quiet a moment, and any echo still late is told apart by the Return's own.
        self.desktop.heard_since(mark, lambda said: bool(said), timeout=timeout, quiet=0.6)
        mark = self.desktop.mark()
        self.desktop.key("Return")
        ends = _ends(prompt or self.prompt)
        said = self.desktop.heard_since(mark, lambda s: _after_return(s) is not None and ends(_after_return(s) or []),
                                        timeout=timeout)
        answer = _after_return(said)
        assert answer is not None, [h.words for h in said]
        return Answer(text, answer)



def _ends(prompt: str) -> Callable[[list[Heard]], bool]:
    pattern = re.compile(rf"(^|\W){prompt}\W*$")
    return lambda said: any(h.kind == "speak" and pattern.search(h.words) for h in said)


def _after_return(said: list[Heard]) -> list[Heard] | None:
    """What Orca said after its echo of the Return key (None before that echo)."""
    at = next((n for n, h in enumerate(said) if h.words == "return"), None)
    return None if at is None else said[at + 1:]
