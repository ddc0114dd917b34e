"""Speech and sounds: speech-dispatcher, the screen readers' libraries, say. Each test gets its own home (tests/home.py)."""

from tests.home import home, typist  # noqa: F401 - the fixtures, autouse home among them
