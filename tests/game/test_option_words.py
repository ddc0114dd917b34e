"""An option's value of several words, typed as people type it: unquoted (``--kingdom First Game``), in double
quotes, or in single quotes as a shell takes them. Before, only double quotes worked: ``--kingdom 'First Game'``
and ``--kingdom First Game`` both said 'did not expect "Game"', heard at a new install."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.accessibility import check_error
from tests.game.helpers import Typist


@pytest.fixture
def t() -> Iterator[Typist]:
    typist = Typist()
    yield typist
    typist.session.close()


@pytest.mark.parametrize("kingdom", ['"Size Distortion"', "'Size Distortion'", "Size Distortion", "size distortion"])
def test_a_kingdom_of_two_words_is_taken_however_it_is_quoted(t: Typist, kingdom: str) -> None:
    out = t(f"new --players 2 --bots strong --kingdom {kingdom} --seed 2")
    assert "Kingdom Size Distortion, with Chapel" in out, out


def test_ten_cards_with_spaces_after_the_commas_and_bots_and_names_of_several_words(t: Typist) -> None:
    out = t("new --players 3 --names Ana B --bots strong easy --kingdom cellar, moat, village, workshop, militia, "
            "remodel, smithy, market, mine, witch --seed 2")
    assert "New game against Strong Bot and Easy Bot." in out, out
    assert "Kingdom. Cellar, Moat, Village, Workshop, Militia, Remodel, Smithy, Market, Mine and Witch." in out, out
    assert t.act.game.players[0].name == "Ana B"


def test_an_apostrophe_inside_a_word_stays(t: Typist) -> None:
    out = t("new --players 2 --bots strong --kingdom king's court, village, smithy, market, mine, witch, cellar, "
            "moat, chapel, festival --seed 2")
    assert "King's Court" in out, out


@pytest.mark.parametrize("line", ["new --players 2 --kingdom", "new --kingdom --players 2"])
def test_an_option_with_nothing_after_it_says_so_and_starts_nothing(t: Typist, line: str) -> None:
    out = t(line)
    assert out.startswith("Error, --kingdom needs a value after it. Type help new for an example."), out
    check_error(out)
    from companion.game.activity import game_of

    assert game_of(t.session) is None


@pytest.mark.parametrize("bots", ["bigmoney bmu", "bigmoney,bmu", "bigmoney, bmu", "'bigmoney bmu'"])
def test_simulate_takes_its_bots_with_commas_or_spaces(t: Typist, bots: str) -> None:
    out = t(f"simulate --games 4 --bots {bots} --kingdom First Game --seed 1")
    assert out.startswith("4 games, 2 players.") and "seat 1 bigmoney" in out and "seat 2 bmu" in out, out


def test_a_bot_of_two_words_is_one_bot_and_a_wrong_one_is_named(t: Typist) -> None:
    out = t("simulate --games 2 --bots Smithy BM, bmu --seed 1")
    assert "seat 1 smithy-bm" in out and "seat 2 bmu" in out, out
    out = t("simulate --games 2 --bots strong superbot --seed 1")
    assert out.startswith("Error, no bot named 'superbot'."), out
    check_error(out, typed="superbot")
