"""``companion`` and ``python -m companion``: one-shot commands, or the shell when none is given.

A lookup (``card``, ``cards``, ``rule``) or ``help`` alone is first offered to companion.quick_lookup, which
says what the full path said before for the same words and files without loading the program; whatever it
cannot answer with certainty goes to the full path, companion.cli, exactly as before.
"""

from __future__ import annotations

import sys


PIPE_CLOSED = 141  # 128 + SIGPIPE: what a shell reports for a program stopped by a closed pipe


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        try:
            if args and _quick(args):
                return 0
        except KeyboardInterrupt:
            return 130  # as companion.cli.run
        from companion.cli import run

        return run(args)
    except BrokenPipeError:
        return _reader_gone()


def _reader_gone() -> int:
    """What we print is no longer read (``companion help | head -1`` has its line): end quietly, with
    nothing on the screen, as a program stopped by the closed pipe does. Standard output is pointed at
    the null device, so the interpreter's last flush at exit has nowhere to fail."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return PIPE_CLOSED


def _quick(args: list[str]) -> bool:
    """Print the quick answer and say True, or say False (nothing printed) for the full path to answer."""
    from companion.quick_lookup import QUICK, answer

    if args[0] not in QUICK:
        return False
    text = answer(args)
    out = sys.stdout
    if text is None or out is None:
        return False
    try:
        text.encode(out.encoding or "utf-8", out.errors or "strict")  # what the full path could not print
    except (LookupError, UnicodeError):
        return False
    try:
        out.write(text)
        out.flush()
    except BrokenPipeError:
        raise  # nobody reads any more: main ends quietly
    except OSError:  # a full disk: the full path meets it too, and says what it says then
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
