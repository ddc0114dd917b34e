"""Start-up: the quick lookup that answers without loading the program, and what loading costs. Each test gets its own home (tests/home.py)."""

from tests.home import home, typist  # noqa: F401 - the fixtures, autouse home among them
