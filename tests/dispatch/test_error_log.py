"""The error log is in the state folder, where every file is hostile: appending and cutting it never
write through a link or wait on a pipe planted at its name. And a file name too long for the file system
is a sentence, not the generic error."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from companion.dispatch import LOG_LIMIT, log_exception, log_path
from tests.accessibility import check_error
from tests.home import Typist


def _fail_and_log(line: str = "card boom") -> Path | None:
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        return log_exception(line)


@pytest.mark.parametrize("size", [10, LOG_LIMIT + 1000])
def test_a_link_at_the_logs_name_is_never_written_through(tmp_path: Path, size: int) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"x" * size)
    path = log_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(victim)
    assert _fail_and_log() == path
    assert victim.read_bytes() == b"x" * size
    assert not path.is_symlink() and "RuntimeError: a bug" in path.read_text()


def test_a_long_log_keeps_its_newest_half(tmp_path: Path) -> None:
    path = log_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"old\n" * (LOG_LIMIT // 4) + b"newest\n")
    _fail_and_log()
    text = path.read_text()
    assert len(text) < LOG_LIMIT and "newest\n--- " in text and "RuntimeError: a bug" in text
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_at_the_logs_name_does_not_hang() -> None:
    path = log_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    worker = threading.Thread(target=_fail_and_log, daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive()


@pytest.mark.parametrize("output", ["a" * 300 + ".brf", "b" * 300 + "/cards.brf"])
def test_a_file_name_too_long_is_said_plainly(output: str, tmp_path: Path) -> None:
    typist = Typist()
    line = f"braille export --kingdom random --seed 1 --output {tmp_path}/{output}"
    said = typist.type(line)
    assert "something went wrong" not in said
    assert "is too long for a file. Choose a shorter name with --output." in said
    check_error(said, line)
    assert not log_path().exists()  # not a bug: nothing to log
