"""A password typed on the server's page, heard through Orca: no letter and no word of it is ever said, from the
first key on (Orca read the first keys of a text field switched to a password field as an ordinary entry's:
"c o r r e", then bullets), and the lobby's answers are heard as ever."""

from __future__ import annotations

import time
from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop, Heard
from tests.screen_reader.served import LobbyPage, heard, once_in_order, served

PASSWORD = "purple monkey dishwasher"


def leaks(said: list[Heard]) -> list[str]:
    """Utterances that give away the password: one of its letters alone (a key's echo), or one of its words."""
    letters = set(PASSWORD.replace(" ", ""))
    words = PASSWORD.split()
    return [h.words for h in said
            if h.words.strip().lower() in letters or any(w in h.words.lower() for w in words)]


def test_no_letter_of_a_password_is_heard_on_the_page(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with served(desktop, program, tmp_path / "server") as url, LobbyPage(desktop, url) as eve:
        eve.line("Eve", until="Welcome to the lobby")
        asked = eve.line("register", until="Choose a password")
        once_in_order(asked.said, "Choose a password for Eve")
        answers = []
        for expected in ("Type it again", "Registered Eve"):
            mark = desktop.mark()
            desktop.type(PASSWORD)
            time.sleep(2.0)  # every key's echo, if any, said
            desktop.key("Return")
            said = desktop.heard_since(mark, lambda s, e=expected: any(e in h.words for h in s if h.kind == "speak"),
                                       timeout=90, quiet=2.0)
            assert not leaks(said), [h.words for h in said]
            answers.append(said)
        once_in_order(answers[0], "Type it again")
        once_in_order(answers[1], "Registered Eve")
        after = eve.line("who", until="Only you")
        assert not leaks(after.said), heard(after.said)
