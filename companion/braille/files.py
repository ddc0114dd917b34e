"""Writing a BRF file without ever destroying something else.

``--output`` may name a new file or an ordinary file (which is replaced, and said so, keeping its permissions
and its other names; a read-only file is refused). Anything else is
refused with a sentence before a byte is written: a folder, a symbolic link (replacing it would cut the
link), a named pipe, a device (as root, ``/dev/null`` would be replaced by an ordinary file), a socket.
A file is written whole or not at all: a temporary file in the same folder, renamed over the target.
A default name (from the kingdom) never replaces a file: the next free name is used instead.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from companion.cards.names import quote

MAX_TRIES = 100  # first-game.brf, first-game-2.brf ... first-game-100.brf


class OutputError(ValueError):
    """A file that may not or cannot be written; ``str()`` says why and what to type instead."""


@dataclass(frozen=True, slots=True)
class Written:
    path: Path  # as typed or chosen (relative or not)
    folder: Path  # the absolute folder it went into
    replaced: bool  # an ordinary file of that name was there and is now replaced


def _name(path: Path) -> str:
    """A file's or folder's own name, quoted, for an error (the whole path can be too long to hear)."""
    return quote(path.name or str(path), limit=60)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _through_a_file(path: Path) -> Path | None:
    """The first part of ``path``'s folders that is a file, not a folder (None if there is none)."""
    for parent in reversed(path.parents):
        try:
            if parent.exists() and not parent.is_dir():
                return parent
        except OSError:
            return None
    return None


def _unwritable(path: Path, e: OSError) -> OutputError:
    """The sentence for a file that cannot be written, saying why when the reason is one a person can fix."""
    if e.errno == errno.ENAMETOOLONG:
        longest = max(path.parts, key=len) if path.parts else str(path)
        return OutputError(f"the name {quote(longest, limit=60)} is too long for a file. Choose a shorter name with --output.")
    if e.errno == errno.ENOTDIR:
        blocker = _through_a_file(path)
        if blocker is not None:
            return OutputError(f"{_name(blocker)} is a file, not a folder. Choose a folder with --output.")
    if e.errno == errno.ELOOP:
        return OutputError(f"the path to {_name(path)} goes round in a loop of links. Choose another folder with --output.")
    return OutputError(f"cannot write {_name(path)}. Choose another file with --output.")


def kind_of(mode: int) -> str | None:
    """What a file that must not be replaced is, in words; None for an ordinary file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not an ordinary file"


def check_target(path: Path) -> bool:
    """Refuse what must not be replaced; True if an ordinary file is there (and would be replaced)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:  # a path through a file, a name too long, a loop of links
        raise _unwritable(path, e) from None
    if mode is None:
        try:
            folder_ok = path.parent.is_dir()
        except OSError as e:
            raise _unwritable(path, e) from None
        if not folder_ok:
            blocker = _through_a_file(path)
            if blocker is not None:
                raise _unwritable(path, OSError(errno.ENOTDIR, "not a folder"))
            raise OutputError(f"there is no folder {_name(path.parent)} for {_name(path)}. "
                              "Choose a folder that exists with --output.")
        return False
    kind = kind_of(mode)
    if kind == "a folder":
        raise OutputError(f"{_name(path)} is a folder. After --output type a file name, like cards.brf.")
    if kind is not None:
        raise OutputError(f"{_name(path)} is {kind}, not an ordinary file. It is left as it was. "
                          "Type a new file name after --output.")
    if not mode & 0o222 or not os.access(path, os.W_OK):  # no one may write it (root may, but was told not to)
        raise OutputError(f"{_name(path)} is read only. It is left as it was. Type a new file name after --output.")
    return True


def output_path(typed: str) -> Path:
    """The path typed after --output. One that ends in a folder separator names a folder, never a file:
    ``newdir/`` was written as a file named ``newdir``."""
    path = Path(typed).expanduser()
    separators = tuple(s for s in (os.sep, os.altsep, "/") if s)
    if typed.rstrip().endswith(separators):
        if path.is_dir():
            raise OutputError(f"{_name(path)} is a folder. After --output type a file name, like {typed.rstrip()}cards.brf.")
        raise OutputError(f"there is no folder {_name(path)}. Make it first, or after --output type a file name, "
                          "like cards.brf.")
    return path


def free_name(path: Path) -> Path:
    """``path`` if nothing has that name, else the first free ``stem-2.brf``, ``stem-3.brf``..."""
    candidate = path
    for n in range(2, MAX_TRIES + 2):
        try:
            os.lstat(candidate)
        except FileNotFoundError:
            return candidate
        except OSError as e:
            raise _unwritable(candidate, e) from None
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    raise OutputError(f"{_name(path)} and {MAX_TRIES} more of its names are taken. Choose a name with --output.")


def _in_place(path: Path, data: bytes) -> None:
    """Write over a file that has other names (hard links), keeping them: a new file renamed over it would
    leave the other names holding the old sheets. Its mode, owner and links stay as they were."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "wb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # changed since it was checked: leave it be
            raise OSError(errno.EEXIST, "not an ordinary file now")
        f.write(data)
        f.truncate()
        f.flush()
        os.fsync(f.fileno())


def write_file(path: Path, data: bytes) -> Written:
    """Write ``data`` to ``path``, all or nothing, after ``check_target`` has allowed it. A file replaced
    keeps its permissions (and its owner, where that may be given); one with other names is written in place."""
    replaced = check_target(path)
    folder = path.parent
    old = os.lstat(path) if replaced else None
    if old is not None and old.st_nlink > 1:
        try:
            _in_place(path, data)
        except OSError as e:
            raise _unwritable(path, e) from None
        return Written(path, folder.resolve(), replaced)
    try:
        fd, temp = tempfile.mkstemp(prefix=".braille-", suffix=".tmp", dir=folder)
    except OSError as e:
        if e.errno in (errno.ENAMETOOLONG, errno.ENOTDIR, errno.ELOOP):
            raise _unwritable(folder, e) from None
        raise OutputError(f"cannot write in the folder {_name(folder)}. Choose another folder with --output.") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temp, stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~_umask())  # not mkstemp's 0600
        if old is not None and hasattr(os, "chown"):
            try:
                os.chown(temp, old.st_uid, old.st_gid)  # root replacing another's file gives it back to them
            except OSError:
                pass  # an ordinary user cannot give a file away: it is theirs, as a file they wrote is
        if check_target(path) != replaced:  # something took the name meanwhile: leave it be
            raise OSError(errno.EEXIST, "the name was taken while writing")
        os.replace(temp, path)
    except OutputError:
        Path(temp).unlink(missing_ok=True)
        raise
    except OSError as e:
        Path(temp).unlink(missing_ok=True)
        raise _unwritable(path, e) from None
    return Written(path, folder.resolve(), replaced)


def write_stream(out: IO[str], data: bytes) -> None:
    """``--output -``: the BRF's bytes on ``out`` (standard output) as the file would hold them, CR LF line
    ends and form feeds kept, on Windows too; an in-memory text stream gets them as text (Braille ASCII is
    ASCII)."""
    out.flush()
    binary = getattr(out, "buffer", None)
    if binary is not None:
        binary.write(data)
        binary.flush()
    else:
        out.write(data.decode("ascii"))
        out.flush()
