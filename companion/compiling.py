"""``mypy_extensions.mypyc_attr`` for a program run without mypy_extensions (it never needs it).

A class decorated with ``@mypyc_attr(...)`` tells mypyc, when setup.py compiles the engine and the bots, how to
compile it; at run time the decorator changes nothing, whichever build runs. This module is never compiled."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
    return _same


def _same(thing: T) -> T:
    return thing
