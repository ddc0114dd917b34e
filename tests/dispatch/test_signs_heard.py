"""No sign in what the program says is read as a word by a screen reader at its default punctuation level.

Orca asks speech-dispatcher for the level ``most``, and speech-dispatcher's own symbol table then reads a
colon ending a phrase as "colon", ``;`` as "semi", a double quote as "quote", brackets as "left paren" and so
on. This test runs the program (a scripted game at each verbosity, lookups, setup, errors) and passes every
response and prompt it says, as it says them, through that real table (tests/screen_reader/symbols.py, the
code the Orca tests hear with) at ``most``: a sign read as a word fails it, with the line that has it. Signs
that say what the text means ("+1 Card" heard "plus 1 Card") are allowed, as in the Orca tests, and so are
the signs of a command to type ("--kingdom"), where every sign is meant.

The lobby's words are heard the same way in tests/server/test_lobby_signs_heard.py (it needs a server).
"""

from __future__ import annotations

import os
import re

import pytest

from companion.dispatch import respond
from companion.game.activity import game_of
from companion.session import Session
from companion.settings import Settings
from companion.commands.game import install
from tests.game.driver import NEW, choose_line
from tests.screen_reader.symbols import signs_read, symbols_file

LEVEL = "most"  # Orca's default

if symbols_file() is None:  # a real component: skipped only where it is absent, never in CI
    if os.environ.get("CI"):
        raise AssertionError("speech-dispatcher's symbols.dic is missing (apt-get install speech-dispatcher)")
    pytestmark = pytest.mark.skip(reason="speech-dispatcher's symbols.dic is not installed")

# Where every sign is meant: an option or a command line to type, as said in help ("--kingdom "First Game""),
# a setting's value named as it is typed (prompt_toolkit), and a card's braille code (C-1).
MEANT = re.compile(r"--[a-z][\w-]*(?:[ =](?:\"[^\"]*\"|\S+))?|companion \S+|prompt_toolkit|Braille code \S+")


def heard_signs(text: str) -> list[tuple[str, list[str]]]:
    """Each line of ``text`` with the words its signs are read as at Orca's level (lines with none left out)."""
    found = []
    for line in text.splitlines():
        signs = signs_read(MEANT.sub(" x", line), LEVEL)
        if signs:
            found.append((line, signs))
    return found


class Listener:
    """A session in which every typed line's response and prompt are kept as said."""

    def __init__(self, **settings: str) -> None:
        self.session = Session(settings=Settings(settings))
        install(self.session)
        self.heard: list[tuple[str, str]] = []  # (typed, what was said to any seat, or the prompt)

    def __call__(self, line: str) -> str:
        response = respond(self.session, line)
        for text in (response.text, *response.notices.values(), *response.others.values(), response.prompt):
            self.heard.append((line, text))
        return response.text

    def problems(self) -> list[str]:
        return [f"after {typed!r}, {signs} in {line!r}" for typed, text in self.heard for line, signs in heard_signs(text)]


LOOKUPS = ("help", "card cellar", "card militia", "card throne room", "cards cost 4", "rule trash",
           "rule public information", "glossary", "setup", 'setup "First Game"', "kingdom", "card vilage",
           "card m", "bogus", "set verbosity loud", "new --players 9", "settings")
IN_GAME = ("hand", "status", "supply", "options", "score", "log", "owned", "deck", "discard", "hint",
           "buy provnce", "play gold", "card cellar", "supply low", "end now", "choose 1", "undo")


@pytest.mark.parametrize("verbosity", ["normal", "full", "brief"])
def test_a_scripted_game_and_lookups_say_no_sign_as_a_word(verbosity: str) -> None:
    hear = Listener(verbosity=verbosity, hints="on")
    for line in LOOKUPS:
        hear(line)
    hear(NEW)
    for line in IN_GAME:
        hear(line)
    for _ in range(400):
        act = game_of(hear.session)
        if act is None or act.game.over:
            break
        hear(choose_line(act) or "end")
    for line in ("score", "log 3", "analysis"):
        hear(line)
    problems = hear.problems()
    assert not problems, "\n".join(problems[:40])


def test_every_card_and_its_note_says_no_sign_as_a_word() -> None:
    """Card text and the rulebook's notes hold brackets, semicolons, "and/or", "2-player" and quotes."""
    from companion.cards import catalogue

    hear = Listener(verbosity="full", notes="on")
    for card in catalogue().by_name.values():
        hear(f"card {card.name}")
    problems = hear.problems()
    assert len(hear.heard) >= 2 * 60 and not problems, "\n".join(problems[:20])
