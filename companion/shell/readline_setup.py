"""GNU readline and libedit, configured alike: Tab completes the whole line, matches are said on one line,
up-arrow recalls earlier runs' lines, and nothing is drawn that need not be.

Both are Python's ``readline`` module; libedit (many macOS Pythons) takes its own syntax in
``parse_and_bind`` (``bind ^I rl_complete``), GNU readline takes inputrc lines (``tab: complete``).
Neither exists on Windows, so everything here runs only where ``companion.shell.editors.readline_kind``
found one.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Sequence, TextIO

from companion.session import Session
from companion.shell.completion import complete_line, describe_matches
from companion.shell.history import HISTORY_LENGTH, load_history

GNU_SETTINGS = (
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
)
LIBEDIT_SETTINGS = (
    "bind -e",  # emacs keys, as GNU readline's default
    "bind ^I rl_complete",  # Tab completes (libedit's default is to insert a tab)
)


def setup_readline(session: Session, out: TextIO, kind: str) -> None:
    """Configure Python's readline module (``kind`` is "gnu" or "libedit") for this session."""
    if sys.platform == "win32":  # no readline module there but pyreadline3, which is never chosen
        return
    import readline

    for setting in GNU_SETTINGS if kind == "gnu" else LIBEDIT_SETTINGS:
        readline.parse_and_bind(setting)
    readline.set_completer_delims("")  # the whole line is offered: card names have spaces
    readline.clear_history()
    for line in load_history():
        readline.add_history(line)
    readline.set_history_length(HISTORY_LENGTH)
    state: dict[str, Any] = {"matches": [], "shown": []}

    def completer(text: str, index: int) -> str | None:
        if index == 0:
            before = readline.get_line_buffer()[: readline.get_endidx()]
            start, found = complete_line(session, before)
            # GNU readline replaces the whole line (no delimiters); libedit replaces the word it was given.
            keep = before[:start] if kind == "gnu" or text == before else before[len(before) - len(text):start]
            state["matches"] = [keep + c for c in found]
            state["shown"] = found
            if kind == "libedit" and len(found) > 1:
                # libedit ignores the display hook and prints columns on a second Tab, after a bell. Say the
                # matches now, on one line, and offer their common start as the only match.
                show_matches(text, state["matches"], 0)
                state["matches"] = [max(os.path.commonprefix(state["matches"]), text, key=len)]
        matches = state["matches"]
        return matches[index] if index < len(matches) else None

    redraw = _redraw(readline.__file__)

    def show_matches(substitution: str, matches: Sequence[str], longest: int) -> None:
        out.write("\n" + describe_matches(state.get("shown") or list(matches)) + "\n")
        out.flush()
        if redraw is not None and kind == "gnu":
            redraw()  # readline writes the prompt and the line afresh on the new line
        else:
            out.write(session.prompt + readline.get_line_buffer())
            out.flush()

    readline.set_completer(completer)
    readline.set_completion_display_matches_hook(show_matches)


def forget_readline() -> None:
    """Stop completing when another editor takes over (the module stays loaded: Python cannot unload it)."""
    if sys.platform == "win32":
        return
    import readline

    readline.set_completer(None)
    readline.set_completion_display_matches_hook(None)


def _redraw(library: str | None) -> Callable[[], None] | None:
    """``rl_on_new_line`` then ``rl_forced_update_display``, which Python's readline module does not offer;
    both GNU readline and libedit have them."""
    if sys.platform == "win32" or not library:
        return None
    try:
        import ctypes

        lib = ctypes.CDLL(library)
        on_new_line, forced = lib.rl_on_new_line, lib.rl_forced_update_display
    except (OSError, AttributeError):
        return None

    def redraw() -> None:
        on_new_line()
        forced()

    return redraw
