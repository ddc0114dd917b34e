"""``braille CARD`` in the installed shell, heard through Orca in gnome-terminal: every cell that is said
has dots, a blank between words is not read as a word, and Orca's flat review moves by braille word.

Orca's flat review splits a line into words at whitespace (its ``WORDS_RE``, ``\\S+\\s*``), and the
synthesizer reads the blank cell U+2800 as the word "braille": so the words of a braille line are parted by
an ordinary space, which a braille display shows as a blank cell all the same.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import check_answer
from tests.screen_reader.shell import Shell
from tests.screen_reader.speech_synth import cells_as_read
from tests.screen_reader.symbols import without_ssml

BLANK_CELL = "\u2800"
# Orca's flat review keys in its desktop layout (number lock off): previous line, current word, next word.
PREVIOUS_LINE, CURRENT_WORD, NEXT_WORD = "KP_Home", "KP_Begin", "KP_Right"


def braille_lines(said: list[str]) -> list[str]:
    return [s for s in said if any(0x2801 <= ord(c) <= 0x28FF for c in s)]


def test_braille_card_is_heard_cell_by_cell_and_read_by_word(desktop: Desktop, program: Installed,
                                                            tmp_path: Path) -> None:
    with Shell(desktop, program, tmp_path / "home") as shell:
        answer = shell.line("braille village")
        check_answer(answer.said, answer.typed)
        sent = braille_lines([without_ssml(h.sent) for h in answer.said if h.kind == "speak"])
        assert sent, f"Orca said no braille after braille village: {answer.words!r}"
        # the lines of braille alone: the first card of a session also says, in words, that speech reads dot
        # numbers, and the word "braille" in it is not a cell
        text = " ".join(braille_lines([line for utterance in sent for line in utterance.split("\n")]))
        assert BLANK_CELL not in text, f"Orca was sent blank cells, which are read as the word braille: {text!r}"
        read = cells_as_read(text)
        assert read and "braille" not in read, read  # every cell read says its dots
        # The last line, "+2 Actions": its two braille words, one at a time, with Orca's flat review.
        last = braille_lines([line for utterance in sent for line in utterance.split("\n")])[-1].strip()
        words = last.split()
        assert len(words) == 2, last
        mark = desktop.mark()
        desktop.key(PREVIOUS_LINE)
        desktop.heard_since(mark, lambda s: bool(braille_lines([without_ssml(h.sent) for h in s if h.kind == "speak"])), timeout=60)
        mark = desktop.mark()
        desktop.key(CURRENT_WORD)
        current = desktop.heard_since(mark, lambda s: any(h.kind == "speak" for h in s), timeout=60)
        mark = desktop.mark()
        desktop.key(NEXT_WORD)
        following = desktop.heard_since(mark, lambda s: any(h.kind == "speak" for h in s), timeout=60)
        said_now = [without_ssml(h.sent).strip() for h in current if h.kind == "speak"]
        said_next = [without_ssml(h.sent).strip() for h in following if h.kind == "speak"]
        assert any(words[0] == s for s in said_now), (words, said_now)
        assert any(words[1] == s for s in said_next), (words, said_next)


def test_braille_witch_says_what_speech_makes_of_it_once_and_the_prompt_once(desktop: Desktop, program: Installed,
                                                                             tmp_path: Path) -> None:
    """Issue 46: braille witch was about 70 words of dot numbers with no word why, then the prompt twice."""
    from tests.screen_reader.shell import PROMPT

    with Shell(desktop, program, tmp_path / "home") as shell:
        mark = desktop.mark()
        answer = shell.line("braille witch")
        words = " ".join(h.words for h in answer.said if h.kind == "speak").lower()
        assert "speech reads braille as dot numbers" in words, words
        assert "type card witch" in words, words
        time.sleep(3)  # anything Orca says late, such as the prompt once more
        after = [h for h in desktop.said_since(mark) if h.kind == "speak"]
        prompts = [h.words for h in after if re.search(rf"(^|\W){PROMPT}\W*$", h.words)]
        assert len(prompts) == 1, [h.words for h in after]
        again = shell.line("braille witch")
        assert "dot numbers" not in " ".join(h.words for h in again.said).lower()  # told once a session
