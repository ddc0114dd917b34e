"""One number parser: "²", "①" and "¹²" pass str.isdigit() but not int(), so every command that takes a
number refuses them with a sentence that says what to type, never the generic error, and changes nothing."""

from __future__ import annotations

import io

import pytest

from companion.cards import catalogue
from companion.dispatch import run_line
from companion.engine import ChooseCards, ChooseOne, Purpose, dumps
from companion.game.answers import parse
from companion.numbers import NumberError, as_number, whole
from companion.session import Session
from companion.settings import Settings
from tests.accessibility import check_error

ODD = {"²": "2", "①": "1", "¹²": "12", "⑩": "10"}


@pytest.mark.parametrize("word, value", [("12", 12), ("０", 0), ("１２", 12), ("٣", 3), ("007", 7)])
def test_decimal_digits_of_any_script_are_numbers(word: str, value: int) -> None:
    assert as_number(word) == value


@pytest.mark.parametrize("word", ["x", "3a", "", "-", "C1", "one"])
def test_words_are_not_numbers(word: str) -> None:
    assert as_number(word) is None


def test_signs_only_where_allowed() -> None:
    assert as_number("-3", signed=True) == -3 and as_number("\u22124", signed=True) == -4
    assert as_number("+2", signed=True) == 2
    assert as_number("-3") is None
    assert whole("-7") == -7


@pytest.mark.parametrize("word, plain", list(ODD.items()) + [("½", None)])
def test_other_numerals_are_refused_with_what_to_type(word: str, plain: str | None) -> None:
    with pytest.raises(NumberError) as e:
        as_number(word)
    said = str(e.value)
    if plain:
        assert said == f"'{word}' is not a number written with the digits 0 to 9. Type {plain} instead."
    else:
        assert said == f"'{word}' is not a whole number. Type one with the digits 0 to 9."
    check_error(f"Error, {said}\n", word)
    with pytest.raises(NumberError):
        whole(word)


class Shell:
    def __init__(self) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out, settings=Settings())

    def __call__(self, line: str) -> str:
        at = self.out.tell()
        run_line(self.session, line)
        return self.out.getvalue()[at:]

    def state(self) -> str:
        from companion.game.activity import game_of

        act = game_of(self.session)
        table = self.session.state.get("table")
        return repr((dumps(act.game) if act is not None else None, self.session.prompt,
                     getattr(getattr(table, "table", None), "entries", None)))


NO_STATE = ["review {n}", "history {n}", "cards cost {n}", "setup {n} first game", "setup 2 first game --seed {n}",
            "new --players {n}", "new --bots bigmoney --seed {n}", "simulate --games {n}", "simulate --seed {n}",
            "braille export --width {n}", "table new --players Ann,Ben --seed {n}"]
IN_GAME = ["buy {n} silver", "log {n}", "{n}", "{n} {n}"]
AT_TABLE = ["table low {n}", "coins {n}", "count Ann copper {n}", "pile copper {n}", "vp {n}", "vp Ann {n}",
            "log {n}", "buy {n} silver"]


def _check_refused(shell: Shell, template: str, odd: str) -> None:
    line = template.format(n=odd)
    before = shell.state()
    said = shell(line)
    assert "something went wrong" not in said
    assert f"'{odd}' is not a number written with the digits 0 to 9. Type {ODD[odd]} instead." in said, said
    check_error(said, line)
    assert shell.state() == before


@pytest.mark.parametrize("template", NO_STATE)
@pytest.mark.parametrize("odd", ["²", "¹²"])
def test_commands_without_a_game(template: str, odd: str) -> None:
    _check_refused(Shell(), template, odd)


@pytest.mark.parametrize("template", IN_GAME)
def test_commands_in_a_game(template: str) -> None:
    shell = Shell()
    shell("new --bots bigmoney --seed 3")
    for odd in ("²", "①"):
        _check_refused(shell, template, odd)


@pytest.mark.parametrize("template", AT_TABLE)
def test_commands_at_a_table(template: str) -> None:
    shell = Shell()
    assert "goes first" in shell('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    for odd in ("²", "⑩"):
        _check_refused(shell, template, odd)


def test_answers_to_a_cards_question() -> None:
    cat = catalogue()
    copper, estate = cat["Copper"], cat["Estate"]
    cellar = ChooseCards(0, Purpose.DISCARD, cat["Cellar"], [copper, copper, estate], 0, 3)
    sentry = ChooseOne(0, Purpose.CHOOSE, cat["Sentry"], ["trash", "discard", "keep"], cat["Silver"])
    assert parse(cellar, "２ 1") == (estate, copper) and parse(sentry, "２") == "discard"
    for decision, typed in ((cellar, "1 ²"), (cellar, "² coppers"), (sentry, "①")):
        with pytest.raises(NumberError):
            parse(decision, typed)
