"""Answers heard through Orca on a busy machine: at load 35 to 40, Orca said the prompt and the typed line again
before 8 answers of 35 ("companion xyzzy Error no command xyzzy ...").

What made it: the shell did not run while the last keys were typed, so its line editor echoed them late, just
before the line's newline; the answer came in the same screen change, and Orca's terminal script reads a change
of several lines from the start of its first line, which was the prompt's. The first test makes that happen every
time (the shell is stopped while a line is typed, as a busy machine leaves it unscheduled); the second types
with a processor hog (bounded busy loops) running beside the shell."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop, Heard
from tests.screen_reader.listening import check_answer
from tests.screen_reader.shell import PROMPT, Shell, _after_return, _ends

HOG_SECONDS = 300  # each busy loop ends by itself after this, whatever happens to the test
LINES = ("xyzzy", "card cellar", "rule trash", "card witch", "frobnicate", "card C1", "rule turn", "card moat",
         "plugh", "card smithy", "rule gain", "card market", "cards cost 2", "xyzzy again", "card village")


def _shell_process(program: Installed) -> int:
    """The process of the installed shell that Shell started (its console script, run by its venv's Python)."""
    script = str(program.companion).encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
                if script in argv and b"gnome-terminal" not in argv[0]:  # not the terminal that started it
                    found.append(int(entry.name))
            except OSError:
                continue
    assert len(found) == 1, found
    return found[0]


def _typed_while_stopped(desktop: Desktop, pid: int, text: str) -> list[Heard]:
    """Type ``text`` and Return while the shell is stopped, then let it run: what Orca said after Return."""
    mark = desktop.mark()
    os.kill(pid, signal.SIGSTOP)
    try:
        desktop.type(text)
        desktop.key("Return")
        time.sleep(0.5)
    finally:
        os.kill(pid, signal.SIGCONT)
    said = desktop.heard_since(mark, lambda s: _after_return(s) is not None and _ends(PROMPT)(_after_return(s) or []),
                               timeout=60)
    answer = _after_return(said)
    assert answer is not None, [h.words for h in said]
    return answer


def test_a_line_the_shell_echoes_late_is_answered_alone(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with Shell(desktop, program, tmp_path / "home") as shell:
        pid = _shell_process(program)
        for typed in ("xyzzy", "card cellar", "plugh"):
            said = _typed_while_stopped(desktop, pid, typed)
            check_answer(said, typed)
            spoken = [h.words for h in said if h.kind == "speak"]
            print(f"{typed!r} typed while the shell was stopped: {spoken}")  # shown with -rP
            answer = next(words for words in spoken if "Error" in words or "Cellar" in words)
            assert answer.startswith(("Error", "Cellar")), spoken  # the answer is heard from its own start
        assert "Cellar, 2 coins" in shell.line("card cellar").words  # and the shell goes on as ever


@pytest.fixture
def busy() -> Iterator[None]:
    """Busy loops at normal priority, two for each processor, each in its own process group."""
    loop = f"import time\nend = time.monotonic() + {HOG_SECONDS}\nwhile time.monotonic() < end:\n    pass\n"
    hogs = [subprocess.Popen([sys.executable, "-c", loop], start_new_session=True)
            for _ in range(2 * (os.cpu_count() or 1))]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait(timeout=10)


def test_on_a_busy_machine_orca_says_the_answer_alone(desktop: Desktop, program: Installed, tmp_path: Path,
                                                     busy: None) -> None:
    with Shell(desktop, program, tmp_path / "home") as shell:
        wrong = []
        for typed in LINES:
            answer = shell.line(typed, timeout=90)
            try:
                check_answer(answer.said, typed)
            except AssertionError as e:
                wrong.append(str(e))
        print(f"{len(wrong)} of {len(LINES)} answers heard wrongly")  # shown with -rP
        assert not wrong, wrong
