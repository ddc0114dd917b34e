"""``companion`` and ``python -m companion``: one-shot commands, or the shell when none is given."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from companion.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
