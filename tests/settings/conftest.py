"""The settings: the file, the commands that change it, completion. Each test gets its own home (tests/home.py)."""

from tests.home import home, typist  # noqa: F401 - the fixtures, autouse home among them
