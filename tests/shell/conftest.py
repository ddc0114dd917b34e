"""The shell in a real terminal: line editors, hang-ups, one-shot commands. Each test gets its own home (tests/conftest.py)."""

from tests.home import typist  # noqa: F401 - the fixture
