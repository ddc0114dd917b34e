"""Table wording a careful editor would keep: who gained, what is low, what to type."""

from __future__ import annotations

import pytest

from tests.table.driver import Driver


def test_piles_low_with_none_low_lists_nothing_more(first_game: Driver) -> None:
    assert first_game.run("piles low") == "17 piles, none low.\n"


def test_a_name_before_the_command_says_the_order(first_game: Driver) -> None:
    assert first_game.run("Ben buy silver") == "Error, 'Ben buy silver', the command comes first. Type buy Ben silver.\n"


def test_vp_with_a_word_for_a_number(first_game: Driver) -> None:
    said = first_game.run("vp lots")
    assert said == "Error, 'lots' is not a number of VP tokens. Type vp 2, or vp and a player and a number.\n"


def test_trashing_what_a_player_has_not_says_it_plainly(first_game: Driver) -> None:
    assert first_game.run("trash gold").startswith("Error, 'trash gold', Ann has no Gold. Type count Ann")
    said = first_game.run("trash copper copper copper copper copper copper copper copper")
    assert "Ann has only 7 Coppers, not 8." in said


def test_gardens_takes_no_article_and_others_are_named(driver: Driver) -> None:
    driver.run('table new --players Ann,Ben,Cid --kingdom "Gardens,Witch,Village,Smithy,Cellar,Moat,Market,Mine,'
               'Remodel,Militia" --seed 3 --first Ann')
    assert driver.run("buy gardens").startswith("Ann bought Gardens, 11 left")
    said = driver.run("gain others curse")
    assert said.startswith("Ben and Cid gained a Curse"), said


def test_a_table_opens_read_only_on_a_full_disk_to_hear_the_score(first_game: Driver,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    import companion.paths as paths

    first_game.run("buy silver")
    for close in first_game.session.on_close:  # the first window is closed
        close(first_game.session)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(paths, "atomic_write", full)
    other = Driver()  # a new shell, on a disk now full
    said = other.run("table resume")
    assert said.startswith("Table game 1 resumed, read only. It cannot be saved here, no space left on device, so"), said
    assert other.run("score").startswith("All tied at 3 VP.")
    said = other.run("buy gold")
    assert said.startswith("Error, 'buy gold', table game 1 cannot be saved here, so it is open read only."), said


def test_coins_typed_alone_keep_the_buy_count_and_its_warning(first_game: Driver) -> None:
    first_game.run("coins 5")
    assert first_game.run("buy silver") == "Ann bought a Silver, 39 left.\n2 coins, 0 buys left.\n"
    first_game.run("next")
    first_game.run("coins 5")
    said = first_game.run("buy province")
    assert said == "Ben bought a Province, 7 left.\nSpent 3 coins more than the calculator counted.\n", said
