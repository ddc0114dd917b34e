"""No sign in what the program says is read as a word by a screen reader at its default punctuation level.

Orca asks speech-dispatcher for the level ``most``, and speech-dispatcher's own symbol table then reads a
colon ending a phrase as "colon", ``;`` as "semi", a double quote as "quote", brackets as "left paren" and so
on. This test runs the program (a scripted game at each verbosity, lookups, setup, errors) and passes every
response and prompt it says, as it says them, through that real table (tests/screen_reader/symbols.py, the
code the Orca tests hear with) at ``most``: a sign read as a word fails it, with the line that has it. Signs
that say what the text means ("+1 Card" heard "plus 1 Card") are allowed, as in the Orca tests, and so are
the signs of a command to type ("--kingdom"), where every sign is meant.

Help is heard for every registered command, alias and topic in the shell, in a game, at a table, in learn
and at a hosted seat, so a usage written with brackets or bars ("new [OPTIONS]") fails here; so are every
rules term and a whole recorded game at a table of real cards.

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
# an address and port to type (192.168.1.20:8650), a setting's value named as it is typed (prompt_toolkit),
# and a card's braille code (C-1).
MEANT = re.compile(r"--[a-z][\w-]*(?:[ =](?:\"[^\"]*\"|\S+))?|companion \S+|\b\d{1,3}(?:\.\d{1,3}){3}:\d+\b|"
                   r"prompt_toolkit|Braille code \S+")


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
           "card m", "bogus", "set verbosity loud", "new --players 9", "settings", "rule", "sets", "sets all",
           "sets first game", "setup 7", "cards", "bots", "new --bots superbot", "input", "games", "load nothing",
           "card royal seal", "history", "review 2")
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


def every_help() -> list[str]:
    """``help`` alone, then ``help`` and every command's name and alias, and every topic: a command added
    later with a bracket in its usage, or a colon in its details, is heard here."""
    from companion.commands import registry
    from companion.commands.lookup import _topics, topic_key

    registry.load_all()
    return ["help", *(f"help {name}" for name in registry.names()), *(f"help {topic_key(t)}" for t in _topics())]


# Where help is asked: each activity owns its shared verbs (buy, play, score...), and help says the one on.
WHERE = {"the shell": (), "a game": (NEW,), "a table": ("table new --players Ana,Ben",), "learn": ("learn",)}


@pytest.mark.parametrize("where", list(WHERE))
def test_help_on_every_command_says_no_sign_as_a_word(where: str) -> None:
    hear = Listener(verbosity="normal")
    for line in WHERE[where]:
        hear(line)
    assert (game_of(hear.session) is not None) == (where in ("a game", "learn"))
    asked = every_help()
    for line in asked:
        hear(line)
    said = [text for typed, text in hear.heard if typed.startswith("help") and text.startswith("Type ")]
    assert len(said) >= len(asked) - 10  # every command's help was said, not refused
    problems = hear.problems()
    assert not problems, "\n".join(problems[:40])


def test_help_at_a_hosted_seat_says_no_sign_as_a_word(tmp_path) -> None:
    """A hosted game's seat hears help from its own session: before the game starts, during it, and at a
    hosted table of real cards."""
    from companion.net.chat import answer_line
    from companion.net.hosted import HostedGame, Options
    from companion.net.server import Host

    class Here:
        def connected(self, game: HostedGame, seat: int) -> bool:
            return True

    waiting = HostedGame("g1", "123456789", Options(2, [], "First Game", 4), tmp_path / "waiting")
    waiting.take_seat("Ana")
    playing = HostedGame("g2", "123456789", Options(3, ["bigmoney"], "First Game", 4), tmp_path / "playing")
    playing.take_seat("Ana")
    playing.take_seat("Ben")
    assert playing.start_if_full()
    host = Host(tmp_path / "tables")
    heard: list[tuple[str, str]] = []
    try:
        table = host.add_table("Ana, Ben", "First Game", 3)
        table.take_seat("Ana")
        table.take_seat("Ben")
        for game in (waiting, playing, table):
            for line in every_help():
                response = answer_line(Here(), game, 0, line)  # type: ignore[arg-type]
                heard += [(line, text) for text in response.heard().values()]
                heard += [(line, text) for text in (response.prompt, *response.prompts.values())]
    finally:
        host.release()
    assert len([text for _, text in heard if text.startswith("Type ")]) >= 3 * (len(every_help()) - 10)
    problems = [f"after {typed!r}, {signs} in {line!r}" for typed, text in heard for line, signs in heard_signs(text)]
    assert not problems, "\n".join(problems[:40])


def test_every_rules_term_says_no_sign_as_a_word() -> None:
    """The rulebook's words in the glossary hold colons, "Clean-up" and "5-6 players"."""
    from companion.cards import glossary

    terms = glossary().terms
    for verbosity in ("normal", "full"):
        hear = Listener(verbosity=verbosity)
        for term in terms:
            hear(f"rule {term.term}")
        problems = hear.problems()
        assert len(hear.heard) >= 2 * len(terms) and not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("game", ["two_players", "five_players"])
def test_a_table_of_real_cards_says_no_sign_as_a_word(game: str) -> None:
    """A whole recorded game at a table (tests/table/games): the piles, the log, the end, the score, undo."""
    from tests.conftest import ROOT

    hear = Listener(verbosity="normal")
    lines = (ROOT / "tests" / "table" / "games" / f"{game}.txt").read_text().splitlines()
    for line in lines:
        hear(line)
    for line in ("piles", "piles low", "pile village", "pile village 30", "log", "table list", "vp Zed 2", "undo"):
        hear(line)
    said = " ".join(text for _, text in hear.heard)
    assert "Game over" in said and len(hear.heard) >= 2 * len(lines)
    problems = hear.problems()
    assert not problems, "\n".join(problems[:40])


def test_what_each_question_says_to_type_says_no_sign_as_a_word() -> None:
    """The error's "Type ..." for every kind of question: one with copies once ended "; repeat one for
    copies", heard as "semi" after a wrong trash for Chapel."""
    from companion.cards import catalogue
    from companion.engine.decisions import ChooseCards, ChooseOne, OrderCards, Purpose, YesNo
    from companion.game.answers import hint

    cat = catalogue()
    copper, estate, silver = cat["Copper"], cat["Estate"], cat["Silver"]
    asked = [
        ChooseCards(0, Purpose.TRASH, cat["Chapel"], [copper, copper, estate, estate, silver], 0, 4),
        ChooseCards(0, Purpose.DISCARD, cat["Militia"], [copper, estate, silver], 2, 2),
        ChooseCards(0, Purpose.GAIN, cat["Mine"], [silver, copper], 1, 1),
        ChooseOne(0, Purpose.CHOOSE, cat["Sentry"], ("trash", "discard"), about=copper),
        YesNo(0, Purpose.REVEAL, cat["Moat"]),
        OrderCards(0, Purpose.TOPDECK, cat["Sentry"], [copper, estate]),
    ]
    said = [hint(d) for d in asked]
    assert said[0] == "Type numbers from 1 to 3, or none. Repeat one for copies.", said[0]
    assert [(line, heard_signs(line)) for line in said if heard_signs(line)] == []
