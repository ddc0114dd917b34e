"""Which line editor reads a typed line at a terminal, and the ``input`` command and setting that name it.

Four editors, chosen by the escape sequences each writes in the standard typing session (docs/design.md):

- ``readline``: GNU readline, as in bash. Tab and up-arrow, two escape sequences a session.
- ``libedit``: the readline of many macOS Pythons, configured in libedit's own syntax. Tab and up-arrow.
- ``plain``: Python's own ``input()``, no redraws at all. On Windows the console's own line editing (arrows,
  up-arrow and F7 history); on any terminal a line ending in Tab asks for completion.
- ``prompt_toolkit``: redraws the whole line on every key; only when asked for by name.

``auto`` (the default) is GNU readline, else libedit, else plain. This module imports neither cmd2 nor
readline at import time: detecting libedit needs ``import readline``, which also makes ``input()`` use it,
so that happens only when readline or libedit may be chosen.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import TYPE_CHECKING

from companion.cards.names import quote
from companion.commands.registry import command
from companion.refusal import CommandError
from companion.settings import choices_said, define_setting

if TYPE_CHECKING:
    from companion.session import Session

AUTO = "auto"
EDITORS = ("readline", "libedit", "plain", "prompt_toolkit")
SETTING = "input"
ENVIRONMENT = "COMPANION_INPUT"

define_setting(SETTING, (AUTO, *EDITORS), AUTO, "the line editor at a terminal")

in_use: str | None = None  # the editor the running shell reads with (set by companion.shell.app)

WHAT_EACH_GIVES = {
    "plain": "no redraws, the terminal's own editing. Tab then Enter completes",
    "readline": "GNU readline. Tab completes, the up arrow recalls, few escape codes",
    "libedit": "libedit, as on macOS. Tab completes, the up arrow recalls, few escape codes",
    "prompt_toolkit": "redraws the line on every key. Only if you ask for it",
}


def canonical(name: str | None) -> str | None:
    """``prompt-toolkit`` and ``PROMPT_TOOLKIT`` are prompt_toolkit; a prefix such as ``lib`` is enough.
    None for nothing typed or a name that is no editor."""
    if not name:
        return None
    typed = name.strip().lower().replace("-", "_").replace(" ", "_")
    if typed in (AUTO, *EDITORS):
        return typed
    matches = [n for n in (AUTO, *EDITORS) if n.startswith(typed)]
    return matches[0] if len(matches) == 1 else None


def readline_kind() -> str | None:
    """``"gnu"``, ``"libedit"`` or None: what Python's ``readline`` module is here.

    Imports readline (only then can libedit be told apart). On Windows the only ``readline`` module is
    pyreadline3, which redraws the line through the console API, so it is never used: None.
    """
    if sys.platform == "win32" or importlib.util.find_spec("readline") is None:
        return None
    try:
        import readline
    except ImportError:
        return None
    if not hasattr(readline, "parse_and_bind"):
        return None
    return "libedit" if "libedit" in (readline.__doc__ or "") else "gnu"


def available(name: str) -> bool:
    if name in ("plain", "prompt_toolkit"):
        return True
    kind = readline_kind()
    return (name == "readline" and kind == "gnu") or (name == "libedit" and kind == "libedit")


def choose(requested: str | None) -> tuple[str, str | None]:
    """The editor to use for ``requested`` (a name, ``auto`` or None) and maybe one sentence saying why it
    is not the one asked for. Readline and libedit are one module: asking for either gets whichever this
    Python has."""
    name = canonical(requested) or AUTO
    if name in ("plain", "prompt_toolkit"):
        return name, None
    kind = readline_kind()
    if kind is not None:
        found = "readline" if kind == "gnu" else "libedit"
        if name in (AUTO, found):
            return found, None
        return found, f"Using {found}, as there is no {name} here."
    if name == AUTO:
        return "plain", None
    return "plain", f"Using plain input, as there is no {name} here."


def requested(session: "Session | None") -> str:
    """What the person asked for: ``COMPANION_INPUT``, else the saved setting (``auto`` by default)."""
    typed = canonical(os.environ.get(ENVIRONMENT))
    if typed is not None:
        return typed
    if session is not None:
        chosen: str = session.settings.get(SETTING)
        return chosen
    return AUTO


# ---------------------------------------------------------------- the input command


def _complete_input(session: "Session", text: str) -> list[str]:
    return [n for n in (AUTO, *EDITORS) if n.startswith(text.strip().lower())]


@command(
    "input",
    summary="says or changes the line editor.",
    usage="input NAME",
    example="input plain",
    details="plain never redraws. readline and libedit give Tab and the up arrow. prompt_toolkit redraws. "
    "Type input to hear each.",
    topic="Settings",
    complete=_complete_input,
)
def input_command(session: "Session", args: str) -> None:
    typed = args.strip()
    if typed:
        name = canonical(typed)
        if name is None:
            raise CommandError(f"no line editor {quote(typed)}. Type input {choices_said((AUTO, *EDITORS))}.")
        from companion.commands.settings_commands import set_command

        session.say(set_command(session, f"{SETTING} {name}").text)
        if os.environ.get(ENVIRONMENT):
            session.say(f"{ENVIRONMENT} is set, and it comes first.")
        return
    asked = requested(session)
    using = in_use or choose(asked)[0]
    lines = [f"Line editor, {using}."]
    for name in EDITORS:
        here = "" if available(name) else " Not on this Python."
        lines.append(f"{name}, {WHAT_EACH_GIVES[name]}.{here}")
    lines.append(f"Type input and a name, or input {AUTO} for the quietest here.")
    session.say("\n".join(lines))
