"""One line in, its words out: the dispatcher, the golden transcripts, numbers, the error log. Each test gets its own home (tests/conftest.py)."""

from tests.home import typist  # noqa: F401 - the fixture
