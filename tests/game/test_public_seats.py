"""What is public of another seat, on request: a sighted player sees every discard pile's top card and each
hand's size; a blind one could not hear them. ``status NAME``, ``discard NAME`` and ``discard others`` say
them, from the asking seat's view, and never a deck's or a discard pile's size ("Do not count another
player's deck"), nor a card the seat holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.cards import catalogue
from tests.accessibility import check_error, check_response
from tests.game.helpers import Typist

CAT = catalogue()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _named_cards(text: str) -> set[str]:
    return {c.name for c in CAT if c.name in text}


def _public_only(said: str, game: Any, seat: int) -> None:
    """Every card ``said`` names about ``seat`` is public: its discard pile's top, in play or set aside."""
    ps = game.players[seat]
    public = {c.name for c in (*ps.play, *ps.aside, *ps.discard[-1:])}
    assert _named_cards(said) <= public, (said, public)
    assert "deck" not in said.lower(), said  # no one may count another player's deck
    # each sentence is one of the public facts, none a count of a deck or a discard pile
    for sentence in filter(None, said.replace("\n", " ").strip().split(". ")):
        assert sentence.startswith((f"{ps.name}, {len(ps.hand)} card", "Discard pile ", "In play, ", "Set aside, ")) \
            or sentence.rstrip(".").endswith("VP tokens") or sentence.rstrip(".").endswith("VP token"), (sentence, said)


def _turn(t: Typist) -> None:
    """The person holding the keyboard plays a Big Money turn; the next person takes the keyboard."""
    act = t.act
    g = act.game
    hand = g.players[act.holder].hand
    coins = sum(g.fx[c.name].coin for c in hand if g.is_treasure(c))
    t("buy gold" if coins >= 6 else "buy silver" if coins >= 3 else "end")
    t("")  # Enter: the next person has the keyboard


def test_at_one_keyboard_each_person_hears_the_others_public_cards() -> None:
    t = Typist()
    t('new --players 3 --bots none --names "Ana,Ben,Cy" --seed 5')
    t("")
    for _ in range(7):
        _turn(t)
        g = t.act.game
        me = t.act.holder
        for seat in range(3):
            if seat == me:
                continue
            name = g.players[seat].name
            said = t(f"status {name}")
            check_response(said)
            assert said.startswith(f"{name}, {len(g.players[seat].hand)} cards in hand."), said
            _public_only(said, g, seat)
            top = g.players[seat].discard[-1] if g.players[seat].discard else None
            said = t(f"discard {name.lower()}")
            check_response(said)
            assert said.strip() == (f"{name}'s discard pile has {top.name} on top." if top else
                                    f"{name}'s discard pile is empty."), said
        tops = t("discard others")
        check_response(tops)
        assert " ".join(tops.split()) == "Top of each discard pile. " + ", ".join(  # "Ben Gold" was heard as one name
            f"{ps.name}'s is {ps.discard[-1].name if ps.discard else 'empty'}" for ps in
            [g.players[(me + k) % 3] for k in (1, 2)]) + ".", tops
    # Clean-up hid each hand under the played cards: every top said is a card played, not one kept in hand
    g = t.act.game
    assert all(not ps.discard or g.is_treasure(ps.discard[-1]) or ps.discard[-1].name in ("Silver", "Gold")
               for ps in g.players), [ps.discard[-1:] for ps in g.players]


def test_against_a_bot_and_in_a_hosted_game_the_words_are_the_same(tmp_path: Path) -> None:
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 9')
    for _ in range(3):
        t("buy silver")
    g = t.act.game
    said = t("status big")
    check_response(said)
    assert said.startswith(f"Big Money, {len(g.players[1].hand)} cards in hand.") or \
        said.startswith(f"Big Money, {len(g.players[0].hand)} cards in hand."), said
    seat = next(i for i, p in enumerate(g.players) if p.name == "Big Money")
    _public_only(said, g, seat)

    from companion.net.chat import answer_line
    from companion.net.hosted import HostedGame, Options

    hosted = HostedGame("g1", "123456789", Options(2, [], "First Game", 4), tmp_path / "hosted")
    hosted.take_seat("Ana")
    hosted.take_seat("Ben")
    hosted.send = lambda seat, msg: None
    assert hosted.start_if_full()

    class Host:
        def connected(self, game: HostedGame, seat: int) -> bool:
            return True

    heard = answer_line(Host(), hosted, 1, "status ana").heard()
    assert heard[1].startswith("Ana, 5 cards in hand."), heard
    assert set(heard) == {1}, heard  # said to Ben alone
    heard = answer_line(Host(), hosted, 0, "discard ben").heard()
    assert heard[0].startswith("Ben's discard pile"), heard


def test_a_name_that_is_no_player_is_refused_with_the_names() -> None:
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --seed 5')
    t("")
    said = t("status zed")
    check_error(said, typed="status zed")
    other = "Ben" if t.act.game.setup.seats[t.act.holder].name == "Ana" else "Ana"
    assert said.endswith(f"Type status, or status and {other}.\n"), said  # the one typing is status alone
    assert t("status").startswith(("Ana's turn 1", "Ben's turn 1", "Your turn 1")), t("status")


def test_discard_others_with_one_other_player_says_it_as_discard_name_does() -> None:
    """Against one bot, "Top of each discard pile. Big Money's is Copper." named a pile of one as "each"."""
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 3')
    top = t.act.game.players[1 - t.act.holder].discard
    said = t("discard others")
    check_response(said)
    assert said == (f"Big Money's discard pile has {top[-1].name} on top.\n" if top else
                    "Big Money's discard pile is empty.\n"), said
