"""Answers the full path worked out and kept, read back with os and json alone (the quick one-shot path).

When the full path (companion.cli) has answered a lookup (``card``, ``cards``, ``rule``) or ``help`` alone,
companion.quick_writer runs the real commands over every name, code, plural and unique start it can be
typed as, and keeps what they printed in the state folder (``cache/answers.json``, ``cache/help.json``),
under a key: this Python, the size and time of every file of the package and of the card data, the card
caches the lookups read, and the settings file's whole text. companion.quick_lookup then says a kept
answer without loading the program, and only while all of that is unchanged.

So no card word, name rule, setting or default is written twice: the quick path knows only how a typed line
becomes a key (``key_of``), and the writer checks every key it keeps by running the full path on it.

The file is hostile, like every file in the state folder: it is JSON (data only), read up to MAX_BYTES,
and an answer is said only if it is plain printable text, so a hand-made file can at worst print some
plain lines, never a control or escape sequence.
"""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_TYPED = 200  # characters after the command: longer lines go to the full path, which checks them
MAX_ANSWER = 64 * 1024
SETTINGS_FILE = "settings.toml"  # companion.settings.FILENAME (a test checks)
CARD_CACHES = ("cards.json", "glossary.json")  # what the lookups read, in the state folder's cache/
_HERE = os.path.dirname(os.path.abspath(__file__))
# What the lookups take apart themselves (quotes, underscores, curly apostrophes): such a line goes to the
# full path rather than being keyed.
_ODD = frozenset('"\u201c\u201d_\u2018\u2019\u02bc`\u00b4')


class Unreadable(Exception):
    """A file of the key cannot be read as the full path reads it: no answer is said."""


def key_of(words: Sequence[str]) -> str | None:
    """What a lookup's words are kept under: lower case, single spaces. None where the line holds anything
    the commands would read differently from its key (a control character, any white space but the
    space, a quote, an underscore, an apostrophe at a word's edge) or is long: the full path answers it.
    The lookups read a name the same in any case and with any spaces between words, which is what lets
    one key stand for all those ways of typing it (the tests run both paths on each)."""
    text = " ".join(words)
    if len(text) > MAX_TYPED or not text.isprintable() or any(ch in _ODD for ch in text):
        return None
    parts = [w for w in text.split(" ") if w]
    if any(w.startswith("'") or w.endswith("'") for w in parts):
        return None
    return " ".join(parts).lower()


# ---------------------------------------------------------------- the key


def _code() -> list[list[object]]:
    """Every folder and ``.py`` file of the package, with its time (and size): an edit, a new module or an
    upgrade changes it."""
    found: list[list[object]] = []
    folders = [_HERE]
    while folders:
        folder = folders.pop()
        found.append([os.path.relpath(folder, _HERE), os.stat(folder).st_mtime_ns])
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.endswith(".py"):
                    st = entry.stat()
                    found.append([os.path.relpath(entry.path, _HERE), st.st_size, st.st_mtime_ns])
                elif entry.name != "__pycache__" and entry.is_dir():
                    folders.append(entry.path)
    return found


def _data() -> list[object]:
    """The card data folder and each YAML file in it (companion.installed finds it, for both paths)."""
    from companion.installed import card_folder

    folder = card_folder()
    if folder is None:
        raise Unreadable("no card data")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".yaml"))
    return [os.path.realpath(folder), [[n, *_stat(os.path.join(folder, n))] for n in names]]


def _stat(path: str) -> list[int]:
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns]


def _caches(state: str) -> list[object]:
    found: list[object] = []
    for name in CARD_CACHES:
        try:
            found.append([name, *_stat(os.path.join(state, "cache", name))])
        except FileNotFoundError:
            found.append([name, None])
    return found


def current_key(state: str) -> list[object]:
    """The key answers kept now would be kept under. Raises OSError or Unreadable."""
    return [VERSION, list(sys.version_info[:2]), _code(), _data(), _caches(state)]


def settings_text(config: str) -> str | None:
    """The settings file's whole text (None when there is none). Unreadable for anything else: a file that
    is not a regular one (a pipe is not waited on), not UTF-8, or that cannot be read."""
    try:
        fd = os.open(os.path.join(config, SETTINGS_FILE), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        raise Unreadable(str(e)) from None
    import stat

    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable("not a file")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise Unreadable(str(e)) from None
    finally:
        if fd >= 0:
            os.close(fd)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable("not UTF-8") from None


def path_of(state: str, name: str) -> str:
    return os.path.join(state, "cache", f"{name}.json")


# ---------------------------------------------------------------- reading


def load(name: str, state: str, config: str) -> dict[str, object] | None:
    """The answers kept as ``name`` for exactly this code, card data, card caches and settings, or None."""
    try:
        with open(path_of(state, name), "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict) or doc.get("settings", 0) != settings_text(config):
            return None
        if doc.get("key") != json.loads(json.dumps(current_key(state))):
            return None
    except (OSError, ValueError, RecursionError, Unreadable):
        return None
    data = doc.get("data")
    return data if isinstance(data, dict) else None


def said(data: dict[str, object], command: str, key: str) -> str | None:
    """The kept answer to ``command`` with words keyed ``key``: plain printable lines ending in a newline,
    or None (none kept, or anything else)."""
    table = data.get("keys")
    keyed = table.get(command) if isinstance(table, dict) else None
    number = keyed.get(key) if isinstance(keyed, dict) else None
    answers = data.get("answers")
    if type(number) is not int or not isinstance(answers, list) or not 0 <= number < len(answers):
        return None
    text = answers[number]
    if not isinstance(text, str) or not text.endswith("\n") or len(text) > MAX_ANSWER:
        return None
    if not all(line.isprintable() for line in text[:-1].split("\n")):
        return None  # an escape or control character: never from the full path's words
    return text
