"""No silent thinking: the plan search runs in the background from the start of a game, and a person who
would still wait for it more than half a second hears "Thinking." once, through the session's output."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from companion.game import thinking
from companion.kingdom import choose_kingdom
from tests.game.helpers import Typist

BOT_FIRST, YOU_FIRST = 1, 9  # seeds of First Game against the strong bot
SLOW = 1.2  # seconds the search takes in these tests: more than the half second a person may wait unheard


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    thinking.forget()
    yield tmp_path
    thinking.forget()


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A plan search that takes SLOW seconds, in whatever thread runs it (the names of those threads)."""
    real = thinking._search
    threads: list[str] = []

    def search(kingdom, players):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        time.sleep(SLOW)
        real(kingdom, players)

    monkeypatch.setattr(thinking, "_search", search)
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "6")  # not the table alone: the search runs in its thread
    return threads


def test_a_bot_going_first_is_waited_for_with_one_cue_after_the_opening_words(slow: list[str]) -> None:
    t = Typist()
    said = t(f"new --bots strong --seed {BOT_FIRST}")
    lines = said.splitlines()
    assert lines.count("Thinking.") == 1
    at = lines.index("Thinking.")
    assert lines[0].startswith("New game") and "Strong Bot goes first." in lines[:at]  # heard while it thinks
    assert any(line.startswith("Strong Bot bought") for line in lines[at + 1:])  # the bot's turn comes after
    assert slow == ["plan search"]  # searched once, in the background, not again by the bot
    assert t.session.last + "\n" == said.replace("Thinking.\n", "")  # a cue: not in the response repeat says


def test_the_first_hint_waits_only_for_what_is_left_and_says_so_once(slow: list[str]) -> None:
    t = Typist()
    said = t(f"new --bots strong --seed {YOU_FIRST}")
    assert "Thinking." not in said  # your turn first: nothing waits on the plan
    hint = t("hint")
    assert hint.splitlines()[0] == "Thinking."
    assert hint.count("Thinking.") == 1 and len(hint.splitlines()) >= 2
    again = t("hint")  # found now: no cue
    assert "Thinking." not in again
    assert again == hint.split("\n", 1)[1]
    assert slow == ["plan search"]


def test_a_search_started_with_the_game_is_done_before_the_hint_that_comes_later(slow: list[str]) -> None:
    t = Typist()
    t(f"new --bots strong --seed {YOU_FIRST}")
    time.sleep(SLOW + 0.5)  # the person listens to the kingdom and their hand meanwhile
    assert "Thinking." not in t("hint")


def test_no_cue_when_the_plan_comes_at_once() -> None:
    """The shipped table alone (the tests' budget): nothing is waited for, and no thread is started."""
    before = threading.active_count()
    t = Typist()
    for seed in (BOT_FIRST, YOU_FIRST):
        said = t(f"new --bots strong --seed {seed}")
        assert "Thinking." not in said
        assert "Thinking." not in t("hint")
    assert threading.active_count() == before


def test_ready_gives_the_cue_once_and_only_for_a_long_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "6")
    waits = {"Base": 0.05, "Intrigue": 0.9}
    heard: list[str] = []
    kingdoms = {name: choose_kingdom(text) for name, text in
                (("Base", "First Game"), ("Intrigue", "Size Distortion"))}
    by_cards = {k.cards: name for name, k in kingdoms.items()}
    monkeypatch.setattr(thinking, "_search", lambda k, n: time.sleep(waits[by_cards[k.cards]]))
    for name, k in kingdoms.items():
        thinking.start(k, 2)
        assert thinking.ready(k, 2, lambda name=name: heard.append(name)) is (name == "Intrigue")
        assert not thinking.ready(k, 2, lambda: heard.append("again"))  # found: no wait, no cue
    assert heard == ["Intrigue"]


def test_with_speech_on_the_cue_is_spoken_at_once_and_the_response_after(slow: list[str]) -> None:
    t = Typist()
    spoken: list[str] = []
    t.session.speak = spoken.append
    t(f"new --bots strong --seed {BOT_FIRST}")
    # the opening words and the cue while the person waits, in the order written; the rest after, once
    assert spoken[0].startswith("New game") and spoken[0].endswith("goes first.\nThinking.")
    assert len(spoken) == 2 and "Thinking." not in spoken[1] and "New game" not in spoken[1] and spoken[1]


def test_a_long_wait_says_still_thinking_every_few_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy machine took 13 to 17 s: after "Thinking.", "Still thinking." while the search goes on."""
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "6")
    monkeypatch.setattr(thinking, "STILL_EVERY", 0.3)
    monkeypatch.setattr(thinking, "_search", lambda k, n: time.sleep(1.6))
    heard: list[str] = []
    k = choose_kingdom("First Game")
    assert thinking.ready(k, 2, thinking.cue_of(heard.append))
    assert heard[0] == "Thinking." and heard.count("Thinking.") == 1
    assert heard.count("Still thinking.") >= 2 and set(heard[1:]) == {"Still thinking."}


def test_a_bot_first_in_a_long_search_is_never_silent(slow: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "STILL_EVERY", 0.3)
    said = Typist()(f"new --bots strong --seed {BOT_FIRST}").splitlines()
    at = said.index("Thinking.")
    assert "Still thinking." in said[at + 1:]
    assert any(line.startswith("Strong Bot bought") for line in said[said.index("Still thinking."):])
