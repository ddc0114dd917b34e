"""Bytes and escape sequences written while a user types, for every line editor that runs here (needs tmux).

    python3 benchmarks/terminal_noise.py [--rounds N]

The same keystrokes each time (the standard typing session): ``card vil`` Tab Enter, ``card mi`` Tab, two
Backspaces, ``vil`` Enter, up-arrow Enter, ``hand`` Enter, ``quit`` Enter. Each editor runs at
TERM=xterm-256color and TERM=dumb; rounds are interleaved (every editor once, then again) and each figure
is the median over rounds. Bytes are the raw output of a tmux pane (pipe-pane).

Editors: plain (Python's ``input()``), readline (GNU), libedit (Python's readline module built against
Debian's libedit by tests/libedit.py, as macOS Pythons have it) and prompt_toolkit. pyreadline3, the only
readline for Windows Pythons, draws through the Windows console API and cannot run here; its source
rewrites the prompt and the whole line after every key (``Readline._update_line``), so it is not used.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.accessibility import escape_sequences, sgr_sequences  # noqa: E402
from tests.libedit import libedit_readline  # noqa: E402
from tests.terminal import Terminal  # noqa: E402

EDITORS = ("plain", "readline", "libedit", "prompt_toolkit")
TERMS = ("xterm-256color", "dumb")
STEPS = ("card vil", "Tab", "Enter", "card mi", "Tab", "BSpace", "BSpace", "vil", "Enter", "Up", "Enter", "hand",
         "Enter", "quit", "Enter")


def session(env: dict[str, str], term: str) -> bytes:
    with tempfile.TemporaryDirectory() as home, Terminal(Path(home), term=term, env=env) as t:
        t.wait_for("companion.")
        for step in STEPS:
            if step in ("Tab", "Enter", "BSpace", "Up"):
                t.key(step)
            else:
                t.type(step)
            time.sleep(0.3)
        return t.wait_for("Goodbye.")


def environments() -> dict[str, dict[str, str]]:
    found = {name: {"COMPANION_INPUT": name} for name in EDITORS}
    folder, why_not = libedit_readline()
    if folder is None:
        print(f"libedit not measured: {why_not}.")
        del found["libedit"]
    else:
        found["libedit"]["PYTHONPATH"] = f"{folder}:{ROOT}"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    rounds = parser.parse_args().rounds
    envs = environments()
    results: dict[tuple[str, str], list[bytes]] = {}
    for _ in range(rounds):
        for name, env in envs.items():
            for term in TERMS:
                results.setdefault((name, term), []).append(session(env, term))
    for (name, term), raws in results.items():
        size = statistics.median(len(r) for r in raws)
        escapes = statistics.median(len(escape_sequences(r)) for r in raws)
        colour = statistics.median(len(sgr_sequences(r)) for r in raws)
        common = ", ".join(f"{k!r} {n}" for k, n in Counter(escape_sequences(raws[0])).most_common(3))
        print(f"{name}, TERM={term}: {size:g} bytes, {escapes:g} escape sequences, {colour:g} colour. "
              f"Most common: {common or 'none'}.")


if __name__ == "__main__":
    main()
