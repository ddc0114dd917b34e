"""The shell in a real terminal: line editors, hang-ups, one-shot commands. Each test gets its own home (tests/home.py)."""

from tests.home import home, typist  # noqa: F401 - the fixtures, autouse home among them
