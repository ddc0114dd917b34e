"""``--output`` never destroys: a link, a named pipe, a device or a socket is refused with a sentence and
left as it was; an ordinary file is replaced and said so; a default name never replaces a file; a path
through a file gets its own sentence; the answer says the folder."""

from __future__ import annotations

import os
import socket
import stat
import sys
from pathlib import Path

import pytest

from companion.braille import Translator
from tests.braille.a11y import problems
from tests.braille.conftest import Recorder
from tests.braille.sheets import page_text

FIRST_GAME = 'export --kingdom "First Game"'
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="named pipes, sockets and /dev/null are POSIX")


def refused(recorder: Recorder, target: Path | str, what: str) -> str:
    said = recorder.run(f'{FIRST_GAME} --output "{target}"')
    assert said.startswith("Error, ") and what in said and "--output" in said, said
    assert problems(said) == []
    return said


def test_a_link_is_refused_and_still_links_to_an_untouched_file(recorder: Recorder, tmp_path: Path,
                                                                 louis: object) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("my notes\n")
    link = tmp_path / "cards.brf"
    link.symlink_to(target)
    refused(recorder, link, "'cards.brf' is a link, not an ordinary file")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.brf", "notes.txt"]  # no temporary file left


def test_a_dangling_link_is_refused_too(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    link = tmp_path / "cards.brf"
    link.symlink_to(tmp_path / "nowhere")
    refused(recorder, link, "is a link")
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


@POSIX
def test_a_named_pipe_is_refused(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    pipe = tmp_path / "embosser"
    os.mkfifo(pipe)
    refused(recorder, pipe, "'embosser' is a named pipe")
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def null_device(tmp_path: Path) -> Path:
    """A device to aim at. As root, a null device of the test's own (never the system's /dev/null, which code
    with this bug would replace); else /dev/null, which only root could replace."""
    own = tmp_path / "null"
    try:
        os.mknod(own, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        return own
    except PermissionError:
        if os.access("/dev", os.W_OK):  # pragma: no cover - root in a container without CAP_MKNOD
            pytest.skip("root may write /dev but not make a device node: /dev/null will not be put at risk")
        return Path("/dev/null")


@POSIX
def test_a_device_is_refused_even_as_root(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    """As root, the old code replaced a device such as /dev/null with an ordinary file."""
    device = null_device(tmp_path)
    before = os.lstat(device)
    refused(recorder, device, "'null' is a device")
    after = os.lstat(device)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@POSIX
def test_a_socket_is_refused(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        refused(recorder, path, "'s' is a socket")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        server.close()


def test_a_path_through_a_file_says_so(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    (tmp_path / "notes.txt").write_text("kept\n")
    said = refused(recorder, tmp_path / "notes.txt" / "deeper" / "cards.brf", "'notes.txt' is a file, not a folder.")
    assert "no folder" not in said
    assert (tmp_path / "notes.txt").read_text() == "kept\n"


def test_an_ordinary_file_named_with_output_is_replaced_and_said_so(recorder: Recorder, tmp_path: Path,
                                                                   contracted: Translator) -> None:
    out = tmp_path / "cards.brf"
    out.write_bytes(b"old")
    said = recorder.run(f'{FIRST_GAME} --output "{out}"')
    assert "The cards.brf that was there is replaced." in said
    assert page_text(contracted, out.read_bytes(), 1).startswith("Dominion reference cards Kingdom: First Game.")


def test_a_default_name_never_replaces_a_file(recorder: Recorder, tmp_path: Path, louis: object,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "first-game.brf").write_bytes(b"mine")
    said = recorder.run(FIRST_GAME)
    assert said.split("\n")[1:3] == [f"The file is first-game-2.brf, in {tmp_path.resolve()}.",
                                     "first-game.brf was there already and is kept."], said
    assert (tmp_path / "first-game.brf").read_bytes() == b"mine"
    assert (tmp_path / "first-game-2.brf").read_bytes().startswith(b"  ")
    assert recorder.run(FIRST_GAME).split("\n")[1].startswith("The file is first-game-3.brf")


def test_the_answer_says_the_folder(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    (tmp_path / "sheets").mkdir()
    said = recorder.run(f'{FIRST_GAME} --output "{tmp_path / "sheets" / "fg.brf"}"')
    assert said.split("\n")[1] == f"The file is fg.brf, in {(tmp_path / 'sheets').resolve()}."


@POSIX
def test_a_replaced_file_keeps_its_permissions(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    """It was made anew (0644 under the usual umask): a file kept private lost its 0600."""
    out = tmp_path / "cards.brf"
    out.write_bytes(b"old")
    out.chmod(0o600)
    said = recorder.run(f'{FIRST_GAME} --output "{out}"')
    assert "is replaced" in said, said
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert out.read_bytes().startswith(b"  ")


@POSIX
def test_a_replaced_file_keeps_its_other_names(recorder: Recorder, tmp_path: Path, contracted: Translator) -> None:
    """A hard link kept the old sheets: the new file was renamed over one name only."""
    out = tmp_path / "cards.brf"
    out.write_bytes(b"old")
    other = tmp_path / "for-the-embosser.brf"
    os.link(out, other)
    said = recorder.run(f'{FIRST_GAME} --output "{out}"')
    assert "is replaced" in said, said
    assert out.stat().st_ino == other.stat().st_ino and out.stat().st_nlink == 2
    assert other.read_bytes() == out.read_bytes()
    assert page_text(contracted, other.read_bytes(), 1).startswith("Dominion reference cards Kingdom: First Game.")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.brf", "for-the-embosser.brf"]


@POSIX
def test_a_read_only_file_is_refused_even_as_root(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    out = tmp_path / "cards.brf"
    out.write_bytes(b"keep me")
    out.chmod(0o444)
    refused(recorder, out, "'cards.brf' is read only")
    assert out.read_bytes() == b"keep me" and stat.S_IMODE(out.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.brf"]
