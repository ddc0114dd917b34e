"""Speech and sounds: speech-dispatcher, the screen readers' libraries, say. Each test gets its own home (tests/conftest.py)."""

from tests.home import typist  # noqa: F401 - the fixture
