"""The cmd2 shell, configured for screen readers: no colour, no ghost text, no popup menus, no redraws.

cmd2 provides the command loop. Each line goes to ``companion.dispatch.run_line`` (the registry), so the
shell and one-shot use answer alike. Input at a terminal is read by GNU readline by default (what bash
uses: Tab completion and up-arrow history with few escape sequences), or by cmd2's prompt_toolkit session
configured as the accessibility guide says (``COMPANION_INPUT=prompt_toolkit``). Piped input is read
line by line with no prompt. docs/design.md has the escape-sequence counts behind this choice.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Sequence, TextIO

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
from companion.shell.completion import complete_line, describe_matches  # noqa: E402

rich_utils.ALLOW_STYLE = rich_utils.AllowStyle.NEVER

BACKENDS = ("readline", "prompt_toolkit")
HISTORY_FILE = "history.txt"
HISTORY_LENGTH = 1000
GREETING = "Dominion Companion. Type help for commands."

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
        chosen = (backend or os.environ.get("COMPANION_INPUT") or "readline").lower().replace("-", "_")
        self.backend = chosen if chosen in BACKENDS else "readline"
        super().__init__(
            stdin=stdin, stdout=stdout, allow_cli_args=False, allow_clipboard=False, allow_redirection=False,
            auto_suggest=False, complete_in_thread=False, shortcuts={}, suggest_similar_command=False,
        )
        for name in REMOVED_BUILTINS:  # after cmd2 has attached its subcommands to them
            setattr(self, f"do_{name}", None)
        self.session = session
        self.quiet = True
        self.pager = self.pager_chop = "cat"
        self.debug = False
        self.prompt = session.prompt
        self._eof = False
        self.tty = self.stdin.isatty() and self.stdout.isatty()
        if self.backend == "readline" and self.tty and not _setup_readline(self):
            self.backend = "prompt_toolkit"  # no GNU readline on this Python
        _quiet_prompt_toolkit(self)

    def _create_main_session(self, **kwargs: Any) -> Any:
        """With readline reading the line, prompt_toolkit must not touch the terminal at all."""
        if self.backend == "readline" and _has_gnu_readline():
            from prompt_toolkit import PromptSession
            from prompt_toolkit.input import DummyInput
            from prompt_toolkit.output import DummyOutput

            return PromptSession(input=DummyInput(), output=DummyOutput())
        return super()._create_main_session(**kwargs)

    # Reading lines ------------------------------------------------------------------------------
    def _read_command_line(self, prompt: str) -> str:
        self.prompt = self.session.prompt
        try:
            if self.backend == "readline" and self.tty:
                try:
                    return input(self.session.prompt)
                except KeyboardInterrupt:  # Ctrl-C abandons the line; readline has already moved to a new one
                    return ""
            return super()._read_command_line(self.session.prompt)
        except EOFError:
            self._eof = True
            return ""

    def onecmd_plus_hooks(self, line: str, *, add_to_history: bool = True, raise_keyboard_interrupt: bool = False,
                          py_bridge_call: bool = False) -> bool:
        """Every line, typed or piped, goes to the registry; cmd2's own parser never sees it."""
        if self._eof:
            if self.tty:
                self.stdout.write("\n")
                self.stdout.flush()
            return True
        try:
            return run_line(self.session, line)
        except KeyboardInterrupt:  # Ctrl-C while a command runs: stop it, keep the shell
            self.session.out.write("Stopped.\n")
            self.session.out.flush()
            return False

    def preloop(self) -> None:
        session = self.session
        session.begin()
        if self.tty:
            session.say(GREETING)
        if session.settings is not None and session.settings.notice:
            session.say(session.settings.notice)
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


def _has_gnu_readline() -> bool:
    try:
        import readline
    except ImportError:
        return False
    return "libedit" not in (readline.__doc__ or "")


def _setup_readline(shell: CompanionShell) -> bool:
    if not _has_gnu_readline():
        return False
    import readline

    for setting in (
        "set enable-bracketed-paste off",  # no ESC [ ? 2004 h around every prompt
        "set enable-meta-key off",  # no meta-mode escape at start
        "set bell-style none",
        "set show-all-if-ambiguous on",  # one Tab says the matches
        "set completion-query-items 1000",
        "set page-completions off",
        "set colored-stats off",
        "set colored-completion-prefix off",
        "set echo-control-characters off",
        "set horizontal-scroll-mode off",
        "tab: complete",
    ):
        readline.parse_and_bind(setting)
    readline.set_completer_delims("")  # the whole line is offered: card names have spaces
    readline.clear_history()
    for line in load_history():
        readline.add_history(line)
    readline.set_history_length(HISTORY_LENGTH)
    state: dict[str, Any] = {"matches": [], "start": 0}
    session = shell.session

    def completer(text: str, index: int) -> str | None:
        if index == 0:
            before = readline.get_line_buffer()[: readline.get_endidx()]
            start, found = complete_line(session, before)
            state["start"] = start
            state["matches"] = [before[:start] + c for c in found]
            state["shown"] = found
        matches = state["matches"]
        return matches[index] if index < len(matches) else None

    redraw = _readline_redraw()

    def show_matches(substitution: str, matches: Sequence[str], longest: int) -> None:
        out = shell.stdout
        out.write("\n" + describe_matches(state.get("shown") or list(matches)) + "\n")
        out.flush()
        if redraw is not None:
            redraw()  # readline writes the prompt and the line afresh on the new line
        else:
            out.write(session.prompt + readline.get_line_buffer())
            out.flush()

    readline.set_completer(completer)
    readline.set_completion_display_matches_hook(show_matches)
    return True


def _readline_redraw() -> Any:
    """``rl_on_new_line`` then ``rl_forced_update_display``, which Python's readline module does not offer."""
    try:
        import ctypes
        import readline

        lib = ctypes.CDLL(readline.__file__)
        on_new_line, forced = lib.rl_on_new_line, lib.rl_forced_update_display
    except (OSError, AttributeError):
        return None

    def redraw() -> None:
        on_new_line()
        forced()

    return redraw


def history_path() -> Path:
    from companion.paths import state_dir

    return state_dir() / HISTORY_FILE


def load_history() -> list[str]:
    """Lines typed in earlier runs, oldest first (for up-arrow)."""
    try:
        text = history_path().read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line for line in text.splitlines() if line.strip()][-HISTORY_LENGTH:]


def save_history(session: Session) -> None:
    if not session.typed:
        return
    lines = (load_history() + session.typed)[-HISTORY_LENGTH:]
    try:
        from companion.paths import atomic_write

        atomic_write(history_path(), "\n".join(lines) + "\n")
    except OSError:
        pass  # history is a convenience


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
    if speech or (session.settings is not None and session.settings.speech):
        from companion.speech import attach_speech

        attach_speech(session)
    shell = CompanionShell(session, backend=backend, stdin=stdin, stdout=stdout)
    try:
        shell.cmdloop()
    finally:
        session.close()
    return 0
