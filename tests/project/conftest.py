"""Checks of the code as a whole (types on every platform, lint) and of the test suite's own checkers. Each test has its own home."""

from tests.home import typist  # noqa: F401 - the fixture
