"""What every answer heard through the screen reader must hold, whatever the test."""

from __future__ import annotations

import re

from tests.screen_reader.desktop import Heard
from tests.screen_reader.symbols import heard_words, signs_read, without_ssml

# The words of the prompts a typed line follows, as heard (companion.session's, a game's phases, the table's).
PROMPT_WORDS = r"companion|action phase|buy phase|game over|game|lobby|table(?: \w+)?"
# Orca's own words when a window takes the focus: said again when the focus comes back, never the program's.
WINDOW = re.compile(r"(Terminal|Chromium) frame\.")


def check_answer(said: list[Heard], typed: str, meant: str = "") -> None:
    """An answer as Orca said it (after the Return key's echo, up to the next prompt):

    - something was said (a test that hears nothing fails);
    - no symbol is read as a word ("greater", "colon", "dash", "bar", "number" ...) at the level Orca asked for;
    - no utterance is said twice (but Orca's own naming of a window that takes the focus);
    - the typed line is not read back with it.

    ``meant``: a regular expression for the parts whose symbols are meant to be heard, such as a command
    to type or an address ("companion join 127.0.0.1:8650 --code ..."): left out of the symbol check.
    """
    spoken = [h for h in said if h.kind == "speak"]
    assert spoken, f"Orca said nothing after {typed!r}"
    for h in spoken:
        signs = signs_read(re.sub(meant, " ", without_ssml(h.sent)) if meant else h.sent, h.punctuation)
        assert not signs, f"after {typed!r}, Orca read {signs} at level {h.punctuation}: {h.words!r}"
    words = [h.words for h in spoken if not WINDOW.fullmatch(h.words)]
    assert len(words) == len(set(words)), f"after {typed!r}, Orca said something twice: {words}"
    if typed:  # as typed, case and all: "hand" typed is not "Hand, 5 cards" said
        typed_words = " ".join(heard_words(typed))
        first = " ".join(heard_words(spoken[0].words))
        assert not first.startswith(typed_words + " "), f"Orca read the typed line back: {spoken[0].words!r}"
        # On a busy machine Orca said the prompt's line again, the typed line on it, before the answer:
        # "companion xyzzy Error no command xyzzy".
        assert not re.match(rf"(?:{PROMPT_WORDS}) {re.escape(typed_words)}\b", first), \
            f"Orca read the prompt and the typed line back: {spoken[0].words!r}"


def coins_said(words: str) -> int:
    """The coins an answer says ("3 coins, 1 buy."), 0 when it says none."""
    found = re.search(r"\b(\d+) coins?\b", words)
    return int(found.group(1)) if found else 0


def big_money(coins: int) -> str:
    """What Big Money buys with ``coins``: the line a scripted player types."""
    return "buy province" if coins >= 8 else "buy gold" if coins >= 6 else "buy silver" if coins >= 3 else "end"
