"""Output cut off by a pipe (``companion help | head -1``): the program ends quietly, with the exit status of
a program stopped by the closed pipe, no traceback on the screen and nothing in the error log. Before, each
of these printed three chained tracebacks ending in BrokenPipeError."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PIPE_CLOSED = 141  # 128 + SIGPIPE, as a shell reports a program stopped by a closed pipe


def _into_a_closed_pipe(args: list[str], typed: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run the program with its standard output a pipe whose reader is gone, as head's is once it has its lines."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, stdout=write,
                              stderr=subprocess.PIPE, input=typed if typed is not None else b"", timeout=120,
                              check=False)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [["card", "village"], ["help"], ["--version"], ["rule", "trash"],
                                  ["simulate", "--games", "4"], ["braille", "village"]],
                         ids=["quick lookup", "help", "version", "rule", "simulate", "braille"])
def test_a_one_shot_command_ends_quietly(args: list[str], home: Path) -> None:
    done = _into_a_closed_pipe(args)
    assert done.stderr == b"", done.stderr.decode()
    assert done.returncode == PIPE_CLOSED
    assert not list(home.rglob("errors.log"))


def test_the_shell_ends_quietly(home: Path) -> None:
    done = _into_a_closed_pipe([], b"help\ncards\nquit\n")
    assert done.stderr == b"", done.stderr.decode()
    assert done.returncode == PIPE_CLOSED
    assert not list(home.rglob("errors.log"))


def test_a_real_head_gets_its_line_and_the_program_ends_quietly(home: Path) -> None:
    """With head itself: it reads the first line and leaves; the shell goes on answering into the pipe."""
    head = subprocess.Popen(["head", "-n", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert head.stdin is not None
    program = subprocess.Popen([sys.executable, "-m", "companion"], cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=head.stdin, stderr=subprocess.PIPE)
    head.stdin.close()
    assert program.stdin is not None
    program.stdin.write(b"help\n" * 200 + b"quit\n")  # 2 kB: the pipe holds it all, so this never waits
    program.stdin.close()
    assert head.stdout is not None
    first = head.stdout.read()  # head has its line and is gone
    head.wait(timeout=60)
    program.wait(timeout=120)
    assert program.stderr is not None
    errors = program.stderr.read()
    assert first.decode().strip(), first
    assert errors == b"", errors.decode()
    assert program.returncode == PIPE_CLOSED
