"""One line in, its words out: the dispatcher, the golden transcripts, numbers, the error log. Each test gets its own home (tests/home.py)."""

from tests.home import home, typist  # noqa: F401 - the fixtures, autouse home among them
