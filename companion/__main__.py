"""``companion`` and ``python -m companion``: one-shot commands, or the shell when none is given.

A lookup (``card``, ``cards``, ``rule``) or ``help`` alone is first offered to companion.quick_lookup, which
says what the full path said before for the same words and files without loading the program; whatever it
cannot answer with certainty goes to the full path, companion.cli, exactly as before.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        if args and _quick(args):
            return 0
    except KeyboardInterrupt:
        return 130  # as companion.cli.run
    from companion.cli import run

    return run(args)


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
    except OSError:  # a full disk, a closed pipe: the full path meets it too, and says what it says then
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
