"""Start-up: the quick lookup that answers without loading the program, and what loading costs. Each test gets its own home (tests/conftest.py)."""

from tests.home import typist  # noqa: F401 - the fixture
