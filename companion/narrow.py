"""Values read from a file, a database or the network are ``object`` until looked at: these narrow one to the
type a use needs, failing as the plain conversion would (``float(None)`` is a TypeError, ``int("x")`` a
ValueError), so a caller that already catches those keeps working, and a checker sees every such reading.
``JSON`` is what ``json.loads`` gives, as it is before it is checked."""

from __future__ import annotations

from collections.abc import Iterable

JSON = dict[str, object]


def to_float(value: object) -> float:
    """``float(value)`` for a number or its text; TypeError for anything else, as float() gives."""
    if isinstance(value, (int, float, str)):
        return float(value)
    raise TypeError(f"a number was expected, not {type(value).__name__}")


def to_int(value: object) -> int:
    """``int(value)`` for a number or its text; TypeError for anything else, as int() gives."""
    if isinstance(value, (int, float, str)):
        return int(value)
    raise TypeError(f"a whole number was expected, not {type(value).__name__}")


def each(value: object) -> Iterable[object]:
    """The items of ``value`` to loop over; TypeError when it has none, as a for loop gives."""
    if isinstance(value, Iterable):
        return value
    raise TypeError(f"{type(value).__name__} is not a list")


def size(value: object) -> int:
    """``len(value)``; TypeError when it has no length, as len() gives."""
    if isinstance(value, (str, list, tuple, dict, set, frozenset, bytes)):
        return len(value)
    raise TypeError(f"{type(value).__name__} has no length")


def text(value: object) -> str:
    """``value`` when it is text; TypeError otherwise (where the checked message promised text)."""
    if isinstance(value, str):
        return value
    raise TypeError(f"text was expected, not {type(value).__name__}")


def fields(value: object) -> dict[str, object]:
    """``value`` when it is a JSON object; TypeError otherwise."""
    if isinstance(value, dict):
        return value
    raise TypeError(f"an object was expected, not {type(value).__name__}")
