"""The cmd2 shell, configured for screen readers: no colour, no ghost text, no popup menus, no redraws.

cmd2 provides the command loop. Each line goes to ``companion.dispatch.run_line`` (the registry), so the
shell and one-shot use answer alike. At a terminal the line is read by the editor that
``companion.shell.editors`` chooses: GNU readline, else libedit, else plain ``input()``; prompt_toolkit
(cmd2's own, configured as the accessibility guide says) only when asked for by name. ``set input`` takes
effect at the next prompt. Piped input is read line by line with no prompt. docs/design.md has the
escape-sequence counts behind this choice.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, TextIO

# Before prompt_toolkit is imported: never ask the terminal where the cursor is.
os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

import cmd2  # noqa: E402
from cmd2 import rich_utils  # noqa: E402
from prompt_toolkit.completion import Completer, Completion  # noqa: E402
from prompt_toolkit.history import InMemoryHistory  # noqa: E402
from prompt_toolkit.output import ColorDepth  # noqa: E402
from prompt_toolkit.shortcuts import CompleteStyle  # noqa: E402

from companion.dispatch import run_line  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.shell import editors, plain  # noqa: E402
from companion.shell.completion import complete_line  # noqa: E402
from companion.shell.history import HISTORY_FILE, HISTORY_LENGTH, history_path, load_history, save_history as save_history  # noqa: E402,F401

rich_utils.ALLOW_STYLE = rich_utils.AllowStyle.NEVER

BACKENDS = editors.EDITORS
GREETING = "Dominion Companion. Type help for commands."
# Seconds between reading a line at a terminal and writing its answer. On a busy machine the line editor
# echoes the last keys typed late, just before the line's newline (it did not run while they were typed);
# when the answer came in the same screen change, Orca read that change from the start of its first line,
# the prompt's: "companion xyzzy Error, no command xyzzy". A moment between lets the terminal draw the echo
# on its own, so the answer is heard alone.
ECHO_SETTLE = 0.12

# cmd2's own commands print tables, rules and glyphs, run code or shells, or are not for our users.
# Ours (help, settings, set, history, quit) come from the registry instead.
REMOVED_BUILTINS = ("alias", "macro", "run_pyscript", "run_script", "_relative_run_script", "shell", "edit",
                    "shortcuts", "set", "help", "history", "py", "ipy", "quit", "_eof")


class _RegistryCompleter(Completer):
    """prompt_toolkit completion from companion.shell.completion."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Any, complete_event: Any):  # type: ignore[no-untyped-def]
        before = document.text_before_cursor
        start, candidates = complete_line(self.session, before)
        for text in candidates:
            yield Completion(text, start_position=start - len(before))


class CompanionShell(cmd2.Cmd):
    """The shell. ``session`` holds everything; this class only reads lines and hands them on."""

    def __init__(self, session: Session, backend: str | None = None, stdin: TextIO | None = None,
                 stdout: TextIO | None = None) -> None:
        self.session = session
        self.tty = (stdin or sys.stdin).isatty() and (stdout or sys.stdout).isatty()
        self._fixed = backend is not None or editors.canonical(os.environ.get(editors.ENVIRONMENT)) is not None
        self._asked = editors.canonical(backend) or editors.requested(session)
        self._notice: str | None = None
        if self.tty:  # choosing may import readline, which changes input(): only at a terminal
            self.backend, self._notice = editors.choose(self._asked)
        else:
            self.backend = self._asked if self._asked in BACKENDS else "plain"
        self._pt_options: dict[str, Any] = {}
        super().__init__(
            stdin=stdin, stdout=stdout, allow_cli_args=False, allow_clipboard=False, allow_redirection=False,
            auto_suggest=False, complete_in_thread=False, shortcuts={}, suggest_similar_command=False,
        )
        for name in REMOVED_BUILTINS:  # after cmd2 has attached its subcommands to them
            setattr(self, f"do_{name}", None)
        self.quiet = True
        self.pager = self.pager_chop = "cat"
        self.debug = False
        self.prompt = session.prompt
        self._eof = False
        self._cancelled = False
        self._read_at = 0.0  # when the last line was read at the terminal (time.monotonic)
        self._earlier = load_history()  # for plain input's up-arrow
        self._start_editor()

    # Choosing the line editor -------------------------------------------------------------------
    def _create_main_session(self, **kwargs: Any) -> Any:
        """Unless prompt_toolkit reads the line, it must not touch the terminal at all."""
        self._pt_options = kwargs
        if self.backend != "prompt_toolkit":
            return _silent_session()
        return super()._create_main_session(**kwargs)

    def _start_editor(self) -> None:
        editors.in_use = self.backend if self.tty else None
        if not self.tty:
            return
        if self.backend in ("readline", "libedit"):
            from companion.shell.readline_setup import setup_readline

            setup_readline(self.session, self.stdout, "gnu" if self.backend == "readline" else "libedit")
        elif self.backend == "prompt_toolkit":
            from prompt_toolkit.input import DummyInput

            if isinstance(self.main_session.input, DummyInput):
                self.main_session = super()._create_main_session(**self._pt_options)
            _quiet_prompt_toolkit(self)

    def _follow_setting(self) -> None:
        """``set input NAME`` (or ``input NAME``) takes effect here, at the next prompt."""
        if self._fixed or not self.tty:
            return
        asked = editors.requested(self.session)
        if asked == self._asked:
            return
        self._asked = asked
        chosen, notice = editors.choose(asked)
        if chosen != self.backend:
            if self.backend in ("readline", "libedit"):
                from companion.shell.readline_setup import forget_readline

                forget_readline()
            self.backend = chosen
            self._start_editor()
        if notice:
            self._aside(notice)

    def _aside(self, text: str) -> None:
        """Words said between lines (Tab's matches in plain input, a notice): spoken, but not a response."""
        self.session.begin()
        self.session.say(text)
        self.session.end(record=False)

    # Reading lines ------------------------------------------------------------------------------
    def _read_command_line(self, prompt: str) -> str:
        self._follow_setting()
        self.prompt = self.session.prompt
        try:
            if self.tty and self.backend in ("readline", "libedit"):
                line = input(self.session.prompt)
            elif self.tty and self.backend == "plain":
                line = self._read_plain()
            else:
                return super()._read_command_line(self.session.prompt)
            self._read_at = time.monotonic()
            return line
        except KeyboardInterrupt:  # Ctrl-C abandons the line quietly: nothing runs, nothing is said
            self._cancelled = True  # cmd2's SIGINT handler has already moved to a new line
            return ""
        except EOFError:
            self._eof = True
            return ""

    def _read_plain(self) -> str:
        while True:
            line = plain.read_line(self.session.prompt, self.stdin, self.stdout)
            chosen, words = plain.resolve(self.session, line, self._earlier + self.session.typed)
            if words:
                self._aside(words)
            if chosen is not None:
                return chosen

    def onecmd_plus_hooks(self, line: str, *, add_to_history: bool = True, raise_keyboard_interrupt: bool = False,
                          py_bridge_call: bool = False) -> bool:
        """Every line, typed or piped, goes to the registry; cmd2's own parser never sees it."""
        if self._eof:
            if self.tty:
                self.stdout.write("\n")
                self.stdout.flush()
            return True
        if self._cancelled:  # Ctrl-C: not an empty line (which a question may take as its default)
            self._cancelled = False
            return False
        wait = self._read_at + ECHO_SETTLE - time.monotonic()
        if self.tty and wait > 0:  # the echo of the line first, then its answer (see ECHO_SETTLE)
            time.sleep(wait)
        try:
            return run_line(self.session, line).quit
        except KeyboardInterrupt:  # Ctrl-C while a command runs: stop it, keep the shell
            self.session.out.write("Stopped.\n")
            self.session.out.flush()
            return False

    def preloop(self) -> None:
        session = self.session
        session.begin()
        if self.tty:
            session.say(GREETING)
        if session.settings.notice:
            session.say(session.settings.notice)
        if self._notice:
            session.say(self._notice)
        session.end(record=False)  # spoken when speech is on, but not a response to repeat
        for hook in session.on_start:
            session.begin()
            try:
                hook(session)
            except Exception:  # noqa: BLE001 - a broken hook must not stop the shell from starting
                from companion.dispatch import UNEXPECTED, log_exception

                log_exception("<on_start>")
                session.error(UNEXPECTED)
            session.end()

    def postloop(self) -> None:
        save_history(self.session)


def _readline_redraw() -> Any:
    """For companion.net.join, which redraws the line when the host speaks between prompts."""
    from companion.shell.readline_setup import readline_redraw

    return readline_redraw()


def _silent_session() -> Any:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import DummyInput
    from prompt_toolkit.output import DummyOutput

    return PromptSession(input=DummyInput(), output=DummyOutput())


def _quiet_prompt_toolkit(shell: CompanionShell) -> None:
    """The knobs of accessibility guide section 1, for when prompt_toolkit reads the line."""
    ps = shell.main_session
    ps.lexer = None
    ps.auto_suggest = None
    ps.complete_style = CompleteStyle.READLINE_LIKE
    ps.color_depth = ColorDepth.DEPTH_1_BIT
    ps.reserve_space_for_menu = 0
    ps.completer = _RegistryCompleter(shell.session)
    ps.complete_while_typing = False
    ps.enable_suspend = False
    history = InMemoryHistory(list(reversed(load_history())))
    ps.history = history
    ps.default_buffer.history = history


def start_shell(speech: bool = False, *, stdin: TextIO | None = None, stdout: TextIO | None = None,
                backend: str | None = None, session: Session | None = None) -> int:
    """Run the shell until quit or end of input. Returns the exit status."""
    from companion.settings import load_settings

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for stream in (stdin, stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:  # bytes that are not UTF-8 become an error message, not a crash
            try:
                reconfigure(errors="surrogateescape" if stream is stdin else "replace")
            except (ValueError, OSError):
                pass
    if session is None:
        session = Session(out=stdout, settings=load_settings())
    from companion.commands.registry import start_hooks

    session.on_start.extend(h for h in start_hooks() if h not in session.on_start)
    if speech or session.settings.speech:
        from companion.speech import attach_speech

        attach_speech(session)
    shell = CompanionShell(session, backend=backend, stdin=stdin, stdout=stdout)
    from companion.heap import settle

    settle("shell")  # everything loaded so far lives as long as the program
    if shell.tty:  # a closed terminal window ends the program, whichever line editor reads it
        from companion.shell.hangup import watch_terminal

        try:
            watch_terminal(stdin.fileno(), session.close)
        except (OSError, ValueError, AttributeError):
            pass
    try:
        shell.cmdloop()
    finally:
        session.close()
    return 0
