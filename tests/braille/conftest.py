"""Fixtures for the braille tests: the real liblouis (required in CI), translators, a quiet session."""

from __future__ import annotations

import io
from types import ModuleType

import pytest

from companion.braille import Grade, Translator, load_translator
from companion.session import Session
from companion.system_packages import import_system_package
from tests.conftest import needs


@pytest.fixture(scope="session")
def louis() -> ModuleType:
    module = import_system_package("louis")
    needs("liblouis (apt-get install liblouis-data python3-louis)", module is not None)
    assert module is not None
    return module


@pytest.fixture(scope="session")
def contracted(louis: ModuleType) -> Translator:
    return load_translator(Grade.CONTRACTED)


@pytest.fixture(scope="session")
def uncontracted(louis: ModuleType) -> Translator:
    return load_translator(Grade.UNCONTRACTED)


class Recorder:
    """A session whose output is kept, with a helper to run a braille command line."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out)

    def run(self, args: str) -> str:
        from companion.commands import braille
        from companion.refusal import CommandError

        start = self.out.tell()
        self.session.begin()
        try:
            answer = braille.run(self.session, args)
            for part in answer.lines if answer is not None else ():
                self.session.say(part)  # the command returns its answer; the shell would say it so
        except CommandError as e:
            self.session.error(str(e))
        self.session.end()
        return self.out.getvalue()[start:]


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()
