"""Command-line entry: ``companion`` starts the shell; ``companion COMMAND ...`` runs one command and exits.

One-shot commands never import cmd2. The common lookups do not come here at all when companion.quick_lookup
can answer them (see companion.__main__); this is the full path, which imports what a command needs only
once it runs (``--version`` loads nothing).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from companion.response import Response
    from companion.session import Session

GLOBAL_FLAGS = ("--speech",)


def run(argv: Sequence[str]) -> int:
    """The program: never a traceback on screen, whatever happens."""
    try:
        return _run(argv)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        raise  # the reader has gone (companion help | head): not a failure to report; __main__ ends quietly
    except Exception:  # noqa: BLE001 - the details go to the error log
        from companion.dispatch import log_exception

        where = log_exception(" ".join(argv))
        tail = f" Details are in {where}." if where else ""
        print(f"Error, the program could not start.{tail} Try again, or report it with that file.")
        return 1


def engine_build() -> str:
    """Which engine this installation runs: "compiled engine" where the game module is a compiled extension
    module (the wheel built with COMPANION_COMPILE=1), which Python loads before a .py beside it; else
    "pure Python engine". Found by looking at the files, so --version still loads nothing of the program."""
    import os
    from importlib.machinery import EXTENSION_SUFFIXES

    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine")
    compiled = any(os.path.isfile(os.path.join(folder, "game" + suffix)) for suffix in EXTENSION_SUFFIXES)
    return "compiled engine" if compiled else "pure Python engine"


def _run(argv: Sequence[str]) -> int:
    argv = list(argv)
    speech = False
    while argv and argv[0] in GLOBAL_FLAGS:
        speech = speech or argv.pop(0) == "--speech"
    if argv and argv[0] in ("-V", "--version"):
        from companion import __version__

        print(f"companion {__version__}, {engine_build()}")
        return 0
    from companion.installed import card_data_problem

    problem = card_data_problem()  # a half-installed package is said once, here, not by every command
    if problem:
        print(f"Error, {problem}")
        return 1
    if not argv:
        from companion.shell.app import start_shell

        return start_shell(speech=speech)
    if argv[0] in ("-h", "--help"):
        argv[0] = "help"
    elif len(argv) == 2 and argv[1] in ("-h", "--help"):  # companion host --help, as other programs take it
        argv = ["help", argv[0]]
    return run_one(argv, speech=speech)


def run_one(argv: Sequence[str], speech: bool = False) -> int:
    """Run one command the way the shell would, print its response, and return an exit status."""
    from companion.commands.registry import join_words
    from companion.dispatch import run_line
    from companion.session import Session
    from companion.settings import load_settings

    settings = load_settings()
    if settings.notice:
        print(settings.notice, file=sys.stderr)
    session = Session(settings=settings)
    if speech or settings.speech:
        from companion.speech import attach_speech

        attach_speech(session, one_shot=True)
    rest = join_words(list(argv[1:])) if _needs_quotes(argv[0]) else " ".join(argv[1:])
    line = f"{argv[0]} {rest}".strip()
    try:
        response = run_line(session, line, one_shot=True)
    finally:
        session.close()
    if not response.failed and not settings.notice and not (speech or settings.speech):
        _keep_quick_answers(argv, session, response)
    return 1 if response.failed else 0


def _keep_quick_answers(argv: Sequence[str], session: "Session", response: "Response") -> None:
    """After a lookup or ``help`` alone, keep the answers companion.quick_lookup says next time (once kept,
    for as long as the code, the card data and the settings file are unchanged)."""
    from companion.quick_lookup import LOOKUPS

    if argv[0] in LOOKUPS:
        from companion.quick_writer import keep_lookups

        keep_lookups()
    elif list(argv) == ["help"] and response.lines:
        from companion.quick_writer import keep_help

        keep_help(response.text + "\n", session.settings)


def _needs_quotes(name: str) -> bool:
    """Commands that parse their words with ArgumentParser need a quoted argument kept whole; the lookups
    take the rest of the line as a name, where ``companion card "throne room"`` means the same unquoted."""
    return name.lower() not in ("card", "cards", "rule", "help", "set")
