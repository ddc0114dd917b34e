"""A plain turn, heard: your Treasures and a buy, the other player's turn, your next hand and the prompt, at
most 20 words as speech-dispatcher reads them at Orca's level, over every plain turn of real games.

Your own Copper, Silver and Gold went into the sentence of a turn that ended ("Played 3 Coppers and Gold,
bought Gold."), which made a plain turn 21 or more words: a turn that ends says what was bought, as another
player's does; what those Treasures came to is in the buy, and you heard them in your hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.dispatch import respond
from companion.engine.decisions import ChooseBuy, ChooseTreasures
from tests.game.helpers import Typist
from tests.screen_reader.symbols import heard, heard_words, symbols_file

PLAIN_TURN = 20  # heard words, the prompt included (as tests/screen_reader/test_game.py holds through Orca)
LEVEL = "most"  # Orca's default punctuation level
GAMES = [('"First Game"', 7), ('"First Game"', 11), ("random", 3), ("random", 5), ("random --sets prosperity --colony on", 8),
         ("random --sets prosperity --colony on", 21), ('"Size Distortion"', 2), ("random --colony on", 40),
         ("random", 41), ("random", 42), ('"Biggest Money"', 43), ('"Deck Top"', 44)]


def _heard(text: str) -> list[str]:
    return heard_words(heard(text, LEVEL) if symbols_file() is not None else text)


def _big_money(t: Typist) -> str:
    """What a Big Money player types for their turn: the best card their Treasures buy, or end."""
    g = t.act.game
    hand = g.players[t.act.holder].hand
    coins = g.turn.coins + sum(g.fx[c.name].coin for c in hand if g.is_treasure(c))
    names = {c.name for c in g.supply if g.supply[c]}
    for card, cost in (("Colony", 11), ("Platinum", 9), ("Province", 8), ("Gold", 6), ("Silver", 3)):
        if coins >= cost and card in names:
            return f"buy {card.lower()}"
    return "end"


@pytest.mark.parametrize(("kingdom", "seed"), GAMES)
def test_every_plain_turn_of_a_real_game_is_at_most_20_heard_words(
        kingdom: str, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    t = Typist()
    assert t(f"new --bots bigmoney --kingdom {kingdom} --seed {seed}").startswith("New game")
    plain: list[tuple[int, str]] = []
    act = t.act
    for _ in range(80):
        if act.over:
            break
        d = act.mine()
        assert isinstance(d, (ChooseTreasures, ChooseBuy)), d  # no Action is ever bought: no other question
        line = _big_money(t)
        response = respond(t.session, line)
        said = f"{response.text}\n{response.prompt}"
        # A plain turn may start with one pile's warning ("3 Provinces left."); a pile run out, or two piles
        # low at once in a Colony game, is news beyond a plain turn.
        news = [s for s in response.text.split("\n") if s.endswith(" left.") or " empty" in s]
        if line.startswith("buy") and not act.over and len(news) <= 1 and not any(" empty" in s for s in news):
            plain.append((len(_heard(said)), said))
    assert act.over, "the game did not end"
    assert len(plain) >= 10, plain
    longest = max(plain)
    assert longest[0] <= PLAIN_TURN, f"a plain turn is {longest[0]} heard words: {longest[1]!r}"
