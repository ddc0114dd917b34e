"""How the terminal lobby reads a typed line: with the line editor the game's shell uses (docs/design.md), so
up-arrow recalls the lobby's earlier lines and Tab completes a lobby word, as at the game's prompt.

GNU readline or libedit (whichever this Python has, unless ``set input`` or COMPANION_INPUT names another) is
configured as the game's shell configures it, with the lobby's own history (the lines typed in the lobby this
run) and the lobby's words to complete. Elsewhere (Windows, plain input asked for, prompt_toolkit) the line is
read as plain input reads it: the console's own editing on Windows, and on a POSIX terminal up-arrow then Enter
runs the line before. The game's shell sets readline up for itself; the lobby sets it up again each time the
person comes back.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from companion.server.lobby_words import WORDS

LOBBY_WORDS = (*WORDS, "quit")
HISTORY = 200  # lines of the lobby kept for up-arrow in one run
_UP = re.compile(r"(?:\x1b\[A|\x1bOA|\^\[\[A|\^\[OA)+")  # plain input: up-arrow's code typed as the line


def lobby_completions(before: str) -> list[str]:
    """The lobby words that complete ``before`` (the line up to the cursor): only its first word completes."""
    if " " in before:
        return []
    typed = before.lower()
    return [w for w in LOBBY_WORDS if w.startswith(typed)]


class LobbyLines:
    """Reads the lobby's lines at a terminal, through the game's line editor when it is readline or libedit."""

    def __init__(self, stdin: TextIO, stdout: TextIO, tty: bool) -> None:
        self.stdin, self.stdout = stdin, stdout
        self.earlier: list[str] = []  # the lobby's lines, oldest first
        self.kind: str | None = None  # "gnu" or "libedit" when readline edits the line
        if tty and sys.platform != "win32" and stdin is sys.stdin and stdout is sys.stdout:
            self.kind = _readline_kind()

    def enter(self) -> None:
        """Set readline up for the lobby (again, after a game's shell set it up for the game)."""
        if sys.platform == "win32" or self.kind is None:  # plain input there: nothing to set up
            return
        import readline

        from companion.shell.readline_setup import GNU_SETTINGS, LIBEDIT_SETTINGS

        for setting in GNU_SETTINGS if self.kind == "gnu" else LIBEDIT_SETTINGS:
            readline.parse_and_bind(setting)
        readline.set_completer_delims("")
        readline.clear_history()
        for line in self.earlier:
            readline.add_history(line)
        found: list[str] = []

        def completer(text: str, index: int) -> str | None:
            if index == 0:
                before = readline.get_line_buffer()[: readline.get_endidx()]
                found[:] = lobby_completions(before)
            return found[index] if index < len(found) else None

        def show_matches(substitution: str, matches: Sequence[str], longest: int) -> None:
            from companion.shell.completion import describe_matches

            self.stdout.write("\n" + describe_matches(list(matches)) + "\n")
            self.stdout.flush()
            redraw = self.redraw()
            if redraw is not None:
                redraw("")

        readline.set_completer(completer)
        readline.set_completion_display_matches_hook(show_matches)

    def redraw(self) -> Callable[[str], None] | None:
        """What writes a prompt and the line being typed again after words that came meanwhile (readline's
        own display), or None where the caller writes the prompt itself."""
        if sys.platform == "win32" or self.kind is None:
            return None
        import ctypes
        import readline

        try:
            lib = ctypes.CDLL(readline.__file__)
            set_prompt, on_new_line, forced = lib.rl_set_prompt, lib.rl_on_new_line, lib.rl_forced_update_display
        except (OSError, AttributeError):
            return None
        set_prompt.argtypes = [ctypes.c_char_p]
        kept: list[bytes] = []  # readline keeps the pointer: the bytes must outlive the call

        def redraw(prompt: str) -> None:
            if prompt:
                kept[:] = [prompt.encode("utf-8", "replace")]
                set_prompt(kept[0])
            on_new_line()
            forced()

        return redraw

    def read(self, prompt: str) -> str | None:
        """One line without its newline ("" for Enter alone), or None at the end of input (Ctrl-D). Up-arrow
        typed into plain input is the earlier line it stands for."""
        if self.kind is not None:
            try:
                line = input(prompt)
            except EOFError:
                return None
        else:
            if prompt:
                self.stdout.write(prompt)
                self.stdout.flush()
            raw = self.stdin.readline()
            if not raw:
                return None
            line = raw.rstrip("\r\n")
            up = _UP.fullmatch(line.strip())
            if up is not None:
                steps = up.group(0).count("A")
                line = self.earlier[-steps] if steps <= len(self.earlier) else ""
        if line.strip():
            self.earlier = [*self.earlier, line.strip()][-HISTORY:]
        return line


def _readline_kind() -> str | None:
    """readline or libedit, when the game's shell would edit lines with it here (``set input``)."""
    from companion.session import NOWHERE, Session
    from companion.settings import load_settings
    from companion.shell import editors

    chosen, _ = editors.choose(editors.requested(Session(NOWHERE, settings=load_settings())))  # says nothing
    if chosen == "readline":
        return "gnu"
    if chosen == "libedit":
        return "libedit"
    return None
