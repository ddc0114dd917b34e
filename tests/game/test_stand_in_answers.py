"""A bot standing in at an away person's seat answers that seat's questions in other players' turns too
(Militia's discard, Bureaucrat's Victory card, a Moat or Watchtower revealed): what those answers did is
said as the bot's doing, live, to the person when they hear what they missed, in the log, after undo and
from a saved record alone. What the attack did by itself (Witch's Curse) is still the person's."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import pytest

from companion.bots import make_bot
from companion.engine import Decision, Game, YesNo, dumps, loads
from companion.game import render
from companion.game.service import GameService
from tests.accessibility import check_response
from tests.game.helpers import Typist

KINGDOM = "Cellar, Moat, Village, Bureaucrat, Militia, Smithy, Watchtower, Laboratory, Market, Witch"


def _position(ana: str, ben: str) -> str:
    piles = ", ".join(f"10 {c}" for c in KINGDOM.split(", "))
    return f"""Dominion position 1
kingdom: {KINGDOM}
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse, {piles}
players: 2
turn: player 1
phase: action
player 1 hand: {ana}
player 1 deck: Gold, Copper, Silver, Estate, Copper
player 2 hand: {ben}
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


MILITIA = _position("Militia, Copper, Copper, Copper, Estate", "Copper, Copper, Silver, Estate, Duchy")
WITCH_ON_MOAT = _position("Witch, Copper, Copper, Copper, Estate", "Moat, Copper, Silver, Estate, Duchy")


def _ana_and_ben(tmp_path: Path, position: str, verbosity: str = "normal", bot: Any = "bigmoney") -> Typist:
    """Ana and Ben at one keyboard, from ``position``; Ben is away and a bot stands in at his seat, as
    ``bot Ben`` does in a hosted game."""
    t = Typist(verbosity)
    path = tmp_path / "position.txt"
    path.write_text(position, encoding="utf-8")
    t(f'new --position {path} --bots none --names "Ana,Ben"')
    t("")  # Ana takes the keyboard
    t.act.agents[1] = make_bot(bot, 1) if isinstance(bot, str) else bot
    return t


def _missed(t: Typist, verbosity: str) -> Sequence[object]:
    """What Ben (seat 1) has not heard yet, as the game's service tells him when he comes back."""
    return GameService(t.act).listen(1, verbosity).own.lines


def _flat(lines: Sequence[object] | str) -> str:
    return " ".join((lines if isinstance(lines, str) else " ".join(map(str, lines))).split())


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_the_bots_militia_discard_for_ben_is_said_as_the_bots(tmp_path: Path, verbosity: str) -> None:
    t = _ana_and_ben(tmp_path, MILITIA, verbosity)
    live = t("play militia")
    check_response(live, verbosity)
    assert "Ben discarded" not in _flat(live)
    said = {"brief": "", "normal": "The bot discarded 2 cards for Ben.",  # brief: what others discard unseen
            "full": "The bot discarded 2 cards, Duchy on top for Ben."}[verbosity]  # is not said
    assert said in _flat(live)
    # Ben comes back: what he missed says the bot chose, at every verbosity (he did not choose it)
    back = _flat(_missed(t, verbosity))
    assert "you discarded" not in back.lower()
    assert "the bot discarded duchy and estate for you." in back.lower()
    if verbosity != "brief":
        assert "Ana's Militia, the bot discarded Duchy and Estate for you." in back
    ben_log = _flat(render.log_lines(t.act.game, 1, verbosity))
    assert "the bot discarded duchy and estate for you." in ben_log.lower() and "you discarded" not in ben_log.lower()
    ana_log = _flat(render.log_lines(t.act.game, 0, verbosity))
    assert "Ben discarded" not in ana_log and said in ana_log


def test_after_undo_the_bots_discard_is_still_the_bots(tmp_path: Path) -> None:
    t = _ana_and_ben(tmp_path, MILITIA)
    t("play militia")
    t("undo")
    again = _flat(t("play militia"))
    assert "The bot discarded 2 cards for Ben." in again and "Ben discarded" not in again
    assert "the bot discarded Duchy and Estate for you." in _flat(_missed(t, "normal"))


def test_ben_discarding_by_himself_is_his_own_doing(tmp_path: Path) -> None:
    """No bot at his seat: his own answer is said as his, and the game never needs a copy of itself."""
    t = _ana_and_ben(tmp_path, MILITIA)
    t.act.agents[1] = None
    t("play militia")
    t("")  # Ben takes the keyboard
    out = _flat(t("estate duchy"))
    assert "bot" not in out.lower()
    log = _flat(render.log_lines(t.act.game, 1, "normal"))
    assert "Ana's Militia, you discarded Duchy and Estate." in log and "bot" not in log.lower()
    known = t.act.game.stand_ins
    assert known is not None and known.game is None  # a game no bot stood in for pays no copy


def test_a_moat_the_bot_revealed_for_ben_is_the_bots(tmp_path: Path) -> None:
    t = _ana_and_ben(tmp_path, WITCH_ON_MOAT)
    live = _flat(t("play witch"))
    assert "The bot blocked Witch with Moat for Ben." in live and "Ben blocked" not in live
    back = _flat(_missed(t, "normal"))
    assert "Ana's Witch, the bot blocked Witch with Moat for you." in back


class _NoMoat:
    """A bot that never reveals a reaction, and otherwise plays as Big Money."""

    def __init__(self) -> None:
        self.money = make_bot("bigmoney", 1)

    def decide(self, view: Any, decision: Decision) -> Any:
        if isinstance(decision, YesNo):
            return False
        return self.money.decide(view, decision)


def test_a_moat_the_bot_did_not_reveal_leaves_the_witchs_curse_bens(tmp_path: Path) -> None:
    t = _ana_and_ben(tmp_path, WITCH_ON_MOAT, bot=_NoMoat())
    live = _flat(t("play witch"))
    assert "Ben gained Curse." in live and "bot" not in live.lower()
    assert "Ana's Witch, you gained Curse." in _flat(_missed(t, "normal"))


def test_the_curse_is_bens_and_the_watchtower_the_bots(tmp_path: Path) -> None:
    t = _ana_and_ben(tmp_path, _position("Witch, Copper, Copper, Copper, Estate",
                                         "Watchtower, Copper, Silver, Estate, Duchy"), bot="watchtower-bm")
    live = _flat(t("play witch"))
    assert "Ben gained Curse." in live
    assert "The bot reacted with Watchtower to Curse, trashed Curse for Ben." in live
    back = _flat(_missed(t, "normal"))
    assert "Ana's Witch, you gained Curse, and the bot reacted with Watchtower to Curse, trashed Curse for you." in back


def test_the_victory_card_the_bot_chose_for_bureaucrat_is_the_bots(tmp_path: Path) -> None:
    t = _ana_and_ben(tmp_path, _position("Bureaucrat, Copper, Copper, Copper, Estate",
                                         "Copper, Copper, Silver, Estate, Duchy"))
    live = _flat(t("play bureaucrat"))
    assert "The bot revealed " in live and " on the deck for Ben." in live and "Ben revealed" not in live
    back = _flat(_missed(t, "normal"))
    assert "Ana's Bureaucrat, the bot " in back and " on the deck for you." in back


def test_a_saved_record_alone_says_what_the_bot_did(tmp_path: Path) -> None:
    """A game read again from its save (as a restarted host does) knows only which answers a person gave."""
    t = _ana_and_ben(tmp_path, MILITIA)
    t("play militia")
    again: Game = loads(dumps(t.act.game))
    assert "the bot discarded Duchy and Estate for you." in _flat(render.log_lines(again, 1, "normal"))
    assert "The bot discarded 2 cards for Ben." in _flat(render.log_lines(again, 0, "normal"))
