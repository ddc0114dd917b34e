"""The settings: the file, the commands that change it, completion. Each test gets its own home (tests/conftest.py)."""

from tests.home import typist  # noqa: F401 - the fixture
