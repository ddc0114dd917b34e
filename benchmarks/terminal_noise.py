"""Escape sequences written while a user types, per input backend and terminal type (needs tmux).

    python3 benchmarks/terminal_noise.py

The same keystrokes each time: ``card vil`` Tab Enter, ``card mi`` Tab, two Backspaces, ``vil`` Enter,
up-arrow Enter, ``hand`` Enter, ``quit`` Enter. Prints bytes written, escape sequences, and colour (SGR)
sequences, from the raw bytes of a tmux pane (pipe-pane).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.accessibility import escape_sequences, sgr_sequences  # noqa: E402
from tests.terminal import Terminal  # noqa: E402


def session(backend: str, term: str) -> bytes:
    with tempfile.TemporaryDirectory() as home, Terminal(Path(home), term=term,
                                                         env={"COMPANION_INPUT": backend}) as t:
        t.wait_for("companion>")
        for step in (("card vil",), ("Tab",), ("Enter",), ("card mi",), ("Tab",), ("BSpace",), ("BSpace",),
                     ("vil",), ("Enter",), ("Up",), ("Enter",), ("hand",), ("Enter",), ("quit",), ("Enter",)):
            if step[0] in ("Tab", "Enter", "BSpace", "Up"):
                t.key(step[0])
            else:
                t.type(step[0])
            time.sleep(0.3)
        return t.wait_for("Goodbye.")


def main() -> None:
    for backend in ("readline", "prompt_toolkit"):
        for term in ("xterm-256color", "dumb"):
            raw = session(backend, term)
            escapes = escape_sequences(raw)
            common = ", ".join(f"{k!r} {n}" for k, n in Counter(escapes).most_common(3))
            print(f"{backend}, TERM={term}: {len(raw)} bytes, {len(escapes)} escape sequences, "
                  f"{len(sgr_sequences(raw))} colour. Most common: {common or 'none'}.")


if __name__ == "__main__":
    main()
