"""Markers by what a test reaches: a real process, a terminal, a browser, speech, the network.

A test is not marked by hand. At collection, ``reaches`` follows what the test function, its fixtures and
every helper of the test suite they call name (their code's global names, followed through functions and
classes defined under tests/), and ``mark`` adds a marker for each kind of real component found there:

- ``process``: it starts a program (``subprocess``, ``pty.fork``, ``companion join`` ...);
- ``terminal``: it drives a real terminal (tmux, a pseudo-terminal);
- ``browser``: it drives headless Chromium (Playwright);
- ``speech``: it talks to a real speech-dispatcher;
- ``network``: it opens sockets (loopback only), a host or a client;
- ``screen_reader``: it hears the program through a real screen reader (Orca on Xvfb, tests/screen_reader).

Each of those is ``slow`` too, as is any test marked ``slow`` by hand (one that takes seconds in-process):
``pytest -m "not slow"`` is the developer's quick loop, the whole suite is what CI runs.

What the names miss, ``guard`` catches while the test runs: a test that starts a process or opens an
internet socket without its marker fails and says which marker it needs, so the quick loop stays free of
real processes and sockets as tests are added.
"""

from __future__ import annotations

import dis
import inspect
import os
import socket
import subprocess
import types
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

TESTS = Path(__file__).resolve().parent
REAL = ("process", "terminal", "browser", "speech", "network", "screen_reader")  # each registered in pyproject.toml, as slow is

# Names a test's code may reach, and what reaching them means. A module counts where its name is used;
# a helper of the suite is followed into (see _follow), so a test using tests/terminal.py's Terminal is
# found through the tmux and subprocess calls in it.
_MODULES: dict[str, tuple[str, ...]] = {
    "subprocess": ("process",),
    "multiprocessing": ("process",),
    "pty": ("terminal", "process"),
    "socket": ("network",),
    "aiohttp": ("network",),
    "playwright": ("browser", "process", "network"),
}
# The suite's helper modules whose every function or class reaches a component (tmux is a string to
# subprocess there, which no name shows).
_HELPERS: dict[str, tuple[str, ...]] = {
    "tests.terminal": ("terminal", "process"),
    "tests.screen_reader.desktop": ("screen_reader", "terminal", "process"),
    "tests.screen_reader.shell": ("screen_reader", "terminal", "process"),
}
_NAMES: dict[str, tuple[str, ...]] = {
    # companion's own entry points that open sockets or start processes
    "start_server": ("network",),
    "run_host": ("network",),
    "sync_playwright": ("browser", "process", "network"),
    "openpty": ("terminal",),
    "fork": ("process",),
    "speech_dispatcher": ("speech", "process"),  # the fixture of tests/speech/test_speech.py
    "_speech_ready": ("speech",),
    "tmux_available": ("terminal", "process"),
}


def _code_names(code: types.CodeType) -> Iterator[str]:
    yield from code.co_names
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_names(const)


def _imports(code: types.CodeType) -> Iterator[str]:
    """The modules imported inside a function (``import subprocess`` in its body), every one of ``_MODULES`` at least."""
    # An import's module is one of the code's names: without one of ours among them, no need to read the bytecode.
    if any(name.split(".")[0] in _MODULES for name in code.co_names):
        for instruction in dis.get_instructions(code):
            if instruction.opname == "IMPORT_NAME":
                yield str(instruction.argval)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _imports(const)


def _ours(obj: Any) -> bool:
    """A function, class or module defined under tests/ (the suite's own helpers), followed into."""
    try:
        where = getattr(obj, "__file__", None) if isinstance(obj, types.ModuleType) else inspect.getsourcefile(obj)
    except TypeError:
        return False
    if not where:
        return False
    path = Path(where).resolve()
    return path.is_relative_to(TESTS) and path != Path(__file__).resolve()


# What each function or class reaches itself, and the suite's helpers it names, worked out once: every test
# of a module shares its helpers and fixtures, and reading their bytecode again for each of the suite's
# ~2,700 tests made this two thirds of the collection's time (about 16 s, in each pytest -n worker).
_EDGES: dict[int, tuple[Any, frozenset[str], tuple[Any, ...]]] = {}  # id -> (the object, kept alive; kinds; next)


def _edges(obj: Any) -> tuple[frozenset[str], tuple[Any, ...]]:
    known = _EDGES.get(id(obj))
    if known is not None and known[0] is obj:
        return known[1], known[2]
    found: set[str] = set()
    follow: list[Any] = []
    if isinstance(obj, type):
        for member in vars(obj).values():
            member = getattr(member, "__func__", member)
            if isinstance(member, property):
                member = member.fget
            if isinstance(member, types.FunctionType):
                follow.append(member)
    else:
        func = getattr(obj, "__wrapped__", obj)
        if isinstance(func, types.FunctionType):
            _function_edges(func, found, follow)
    _EDGES[id(obj)] = (obj, frozenset(found), tuple(follow))
    return _EDGES[id(obj)][1], _EDGES[id(obj)][2]


def _function_edges(func: types.FunctionType, found: set[str], follow: list[Any]) -> None:
    names = set(_code_names(func.__code__))
    scope = func.__globals__
    for imported in _imports(func.__code__):
        found.update(_MODULES.get(imported.split(".")[0], ()))
    for name in names:
        found.update(_NAMES.get(name, ()))
        if name not in scope:
            continue
        value = scope[name]
        if isinstance(value, types.ModuleType):
            found.update(_MODULES.get(value.__name__.split(".")[0], ()))
            if _ours(value):  # helpers.join_process: follow the attributes this code names
                for attr in names:
                    inner = getattr(value, attr, None)
                    if inner is not None and _ours(inner):
                        follow.append(inner)
            continue
        module = getattr(value, "__module__", None) or ""
        found.update(_MODULES.get(module.split(".")[0], ()))
        found.update(_HELPERS.get(module, ()))
        if callable(value) and hasattr(value, "__wrapped__"):  # a @contextmanager helper: its own code
            value = inspect.unwrap(value)
        if _ours(value):
            follow.append(value)


def _follow(obj: Any, found: set[str], seen: set[int]) -> None:
    """Add to ``found`` what ``obj`` reaches, itself or through the helpers it names (each followed once)."""
    todo = [obj]
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        kinds, following = _edges(current)
        found.update(kinds)
        todo.extend(following)


def reaches(item: pytest.Item) -> set[str]:
    """The kinds of real component ``item`` reaches: through its function, its fixtures and their helpers."""
    found: set[str] = set()
    seen: set[int] = set()
    function = getattr(item, "function", None)
    if function is not None:
        _follow(function, found, seen)
    info = getattr(item, "_fixtureinfo", None)
    for name in getattr(item, "fixturenames", ()):
        found.update(_NAMES.get(name, ()))
        for fixture in (info.name2fixturedefs.get(name, ()) if info is not None else ()):
            if _ours(fixture.func):
                _follow(fixture.func, found, seen)
    return found


def mark(items: list[pytest.Item]) -> None:
    for item in items:
        kinds = reaches(item) | {m for m in REAL if item.get_closest_marker(m)}
        for kind in sorted(kinds):
            if not item.get_closest_marker(kind):
                item.add_marker(kind)
        if kinds and not item.get_closest_marker("slow"):
            item.add_marker("slow")


class Unmarked(Exception):
    """A test reached a real component its markers do not say."""


def guard(item: pytest.Item, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make starting a process, or an internet socket's bind or connect, fail in a test not marked for it."""
    where = item.nodeid

    def refuse(marker: str, what: str) -> Callable[..., Any]:
        def refused(*args: Any, **kwargs: Any) -> Any:
            raise Unmarked(f"{where} {what} but is not marked {marker}: add @pytest.mark.{marker} "
                           "(tests/markers.py did not find it in the test's code)")
        return refused

    if not item.get_closest_marker("process"):
        monkeypatch.setattr(subprocess.Popen, "_execute_child", refuse("process", "starts a process"))
        monkeypatch.setattr(os, "fork", refuse("process", "forks a process"))
        if hasattr(os, "posix_spawn"):
            monkeypatch.setattr(os, "posix_spawn", refuse("process", "starts a process"))
    if not item.get_closest_marker("network"):
        for method in ("bind", "connect", "connect_ex"):
            original = getattr(socket.socket, method)

            def checked(self: socket.socket, *args: Any, _original: Any = original, _method: str = method) -> Any:
                if self.family in (socket.AF_INET, socket.AF_INET6):
                    refuse("network", f"opens a network socket ({_method})")()
                return _original(self, *args)

            monkeypatch.setattr(socket.socket, method, checked)
