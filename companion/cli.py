"""Command-line entry: ``companion`` starts the shell; ``companion COMMAND ...`` runs one command and exits.

One-shot commands never import cmd2, so a lookup is quick.
"""

from __future__ import annotations

import sys
from typing import Sequence

from companion.commands.registry import CommandError, find_command, join_words
from companion.session import Session

GLOBAL_FLAGS = ("--speech",)


def run(argv: Sequence[str]) -> int:
    argv = list(argv)
    speech = False
    while argv and argv[0] in GLOBAL_FLAGS:
        speech = speech or argv.pop(0) == "--speech"
    if not argv:
        from companion.shell.app import start_shell

        return start_shell(speech=speech)
    if argv[0] in ("-h", "--help"):
        argv[0] = "help"
    if argv[0] in ("-V", "--version"):
        from companion import __version__

        print(f"companion {__version__}")
        return 0
    return run_one(argv, speech=speech)


def run_one(argv: Sequence[str], speech: bool = False) -> int:
    """Run one command the way the shell would, print its response, and return an exit status."""
    from companion.settings import load_settings

    session = Session(settings=load_settings())
    if speech:
        from companion.speech import attach_speech

        attach_speech(session, one_shot=True)
    name, args = argv[0].lower(), join_words(list(argv[1:]))
    session.begin()
    try:
        cmd = find_command(session, name)
        if cmd is None or not cmd.one_shot:
            raise CommandError(f'no command "{argv[0][:30]}". Type companion help for the list.')
        cmd.run(session, args)
    except CommandError as e:
        session.error(str(e))
    session.end()
    return 1 if session.failed else 0
