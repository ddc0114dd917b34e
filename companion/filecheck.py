"""Reading files the program did not just write: every field is checked, and a bad one is named in a sentence.

Saved games, tables and anything else read back from disk may be damaged, hand-edited or crafted. These
helpers parse JSON without ``NaN``/``Infinity`` and without unbounded nesting, and check each field's type
and range; a failure raises ``Damaged`` whose ``str()`` says which field is wrong ("entry 12 names an
unknown card, "Coppar""), for the caller to put after "is damaged:".
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NoReturn

from companion.cards import Card, catalogue
from companion.kingdom import KINGDOM_SIZE

MAX_BYTES = 20_000_000  # a saved game of thousands of turns is well under this
MAX_DEPTH = 12  # the deepest a save of ours nests is 6


class Damaged(ValueError):
    """A file's content is not what this program writes; ``str()`` names the field and the problem."""


def _no_constant(name: str) -> NoReturn:
    raise Damaged(f"it holds {name}, not a number")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deeply brackets nest in a JSON text (strings left out), counted without recursion."""
    deepest = depth = 0
    for ch in _BRACKET.findall(_STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse(text: str) -> object:
    """JSON from ``text``: ``Damaged`` if it is not JSON, nests too deeply, or holds NaN or Infinity."""
    if len(text) > MAX_BYTES:
        raise Damaged("it is far too large")
    if _depth(text) > MAX_DEPTH:
        raise Damaged("it nests too deeply")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise Damaged("it nests too deeply") from None
    except json.JSONDecodeError as e:
        raise Damaged(f"it is not JSON, at line {e.lineno}") from None
    except ValueError as e:  # an integer of thousands of digits
        raise Damaged(str(e)[:60]) from None


def read_text(path: Path) -> str:
    """The text of the file at ``path``, read no further than ``MAX_BYTES`` (beyond it, ``parse`` says it is
    far too large). OSError and FileNotFoundError pass through; bytes that are not UTF-8 are ``Damaged``."""
    with path.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged("it is not text") from None


def read(path: Path) -> object:
    """Parse the JSON file at ``path``. OSError and FileNotFoundError pass through; bad content is ``Damaged``."""
    return parse(read_text(path))


def mapping(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise Damaged(f"{where} is missing or not a group of fields")
    return value


def field(raw: dict[str, object], key: str, where: str) -> object:
    if key not in raw:
        raise Damaged(f"{where} has no {key}")
    return raw[key]


def text(value: object, where: str, most: int = 200, least: int = 1) -> str:
    if not isinstance(value, str) or not least <= len(value) <= most:
        raise Damaged(f"{where} is not a text of {least} to {most} characters")
    if any(ord(ch) < 32 for ch in value):
        raise Damaged(f"{where} holds a control character")
    return value


def maybe_text(value: object, where: str, most: int = 200) -> str | None:
    return None if value is None else text(value, where, most)


def whole(value: object, where: str, least: int, most: int) -> int:
    """A whole number from ``least`` to ``most`` (true, false and 3.0 are not whole numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Damaged(f"{where} is not a whole number")
    if not least <= value <= most:
        raise Damaged(f"{where} is {value}, not {least} to {most}")
    return value


def maybe_whole(value: object, where: str, least: int, most: int) -> int | None:
    return None if value is None else whole(value, where, least, most)


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise Damaged(f"{where} is not true or false")
    return value


def listed(value: object, where: str, least: int = 0, most: int = 1_000_000) -> list[object]:
    if not isinstance(value, list):
        raise Damaged(f"{where} is not a list")
    if not least <= len(value) <= most:
        raise Damaged(f"{where} number {len(value)}, not {least} to {most}")
    return value


def card(value: object, where: str) -> Card:
    """A card of this program's catalogue, by its exact name."""
    if not isinstance(value, str):
        raise Damaged(f"{where} is not a card's name")
    try:
        return catalogue()[value]
    except KeyError:
        raise Damaged(f"{where} names an unknown card, '{value[:30]}'") from None


def kingdom(value: object, where: str = "the kingdom") -> tuple[Card, ...]:
    """Exactly ten different kingdom cards (no basic card such as Province)."""
    if not isinstance(value, list) or len(value) != KINGDOM_SIZE:
        count = len(value) if isinstance(value, list) else 0
        raise Damaged(f"{where} has {count} cards, not {KINGDOM_SIZE}")
    cards = tuple(card(n, where) for n in value)
    for c in cards:
        if not c.is_kingdom:
            raise Damaged(f"{where} lists {c.name}, not a kingdom card")
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise Damaged(f"{where} lists {twice.name} twice")
    return cards

