"""What other parts of the program call: completion, the shell's on-start offer, the low-pile setting."""

from __future__ import annotations

import pytest

from companion.commands.table import offer_on_start
from companion.commands.table_session import complete_supply
from tests.table.driver import Driver


def test_completion_finishes_the_last_card_from_this_games_supply(first_game: Driver) -> None:
    s = first_game.session
    assert complete_supply(s, "vil") == ["Village"]
    assert complete_supply(s, "Ann vil") == ["Ann Village"]
    assert complete_supply(s, "C1 C1 si") == ["C1 C1 Silver"]
    assert complete_supply(s, "m") == ["Market", "Merchant", "Militia", "Mine", "Moat"]
    assert complete_supply(s, "thr") == []  # Throne Room is not in First Game


def test_the_on_start_hook_offers_an_unfinished_table_and_nothing_else(first_game: Driver) -> None:
    first_game.session.close()  # that window was closed
    fresh = Driver()
    fresh.session.begin()  # the shell frames each on-start hook as one response
    offer_on_start(fresh.session)
    fresh.session.end()
    assert fresh.out.getvalue() == "Table game 1 is not finished, it is Ann's turn. Type table resume.\n"
    assert fresh.run("table resume").startswith("Table game 1 resumed.")
    fresh.run("table end")
    fresh.session.close()
    quiet = Driver()
    quiet.session.begin()
    offer_on_start(quiet.session)
    quiet.session.end()
    assert quiet.out.getvalue() == ""


class FakeSettings:
    def __init__(self, value: str) -> None:
        self.value = value

    def get(self, name: str) -> str:
        if name != "lowpile":
            raise KeyError(name)
        return self.value


def test_a_new_table_takes_the_low_pile_threshold_from_settings() -> None:
    d = Driver()
    d.session.settings = FakeSettings("1")
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    assert d.session.state["table"].table.low == 1
    d.run("pile village 3")
    assert d.run("buy village").splitlines()[0] == "Ann bought a Village, 2 left."
    assert d.run("buy village").splitlines()[0] == "Village pile low, 1 left."
    d.session.settings = FakeSettings("nonsense")
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    assert d.session.state["table"].table.low == 3


class BriefSettings:
    verbosity = "brief"

    def get(self, name: str) -> str:
        raise KeyError(name)


def test_brief_verbosity_keeps_announcements_and_the_confirmation_only(first_game: Driver) -> None:
    d = first_game
    d.run("play 4 coppers")
    normal = d.run("buy silver")
    assert normal == "Ann bought a Silver, 39 left.\n1 coin, 0 buys left.\n"
    d.run("undo")
    d.session.settings = BriefSettings()
    assert d.run("buy silver") == "Ann bought a Silver, 39 left.\n"
    d.run("pile province 2")
    # A buy past the count is said at brief verbosity too: it is a warning, not the coins left.
    assert d.run("buy province") == ("Province pile low, 1 left.\nAnn bought a Province, 1 left.\n"
                                     "Spent 7 coins and 1 buy more than the calculator counted.\n")


@pytest.mark.parametrize("ending", ["next", "table end"])
def test_brief_verbosity_still_says_who_won(first_game: Driver, ending: str) -> None:
    d = first_game
    d.session.settings = BriefSettings()
    d.lines("pile province 1", "buy province")
    said = d.run(ending).splitlines()
    assert said[0].startswith("Game over")
    assert said[1:] == ["Ann wins with 9 VP."]
