"""What a player owns is kept between questions (counted once, then changed at each gain and trash), and it is
always what counting every zone says; cards compare by identity and sort by cost then name, as they always did."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.bots import make_bot
from companion.cards import catalogue
from companion.engine import Decision, Game, GameSetup
from companion.engine.view import PlayerView
from tests.engine.scene import Scene, kingdom

CAT = catalogue()
# Trashing (Chapel, Mine, Remodel, Moneylender, Bandit), gaining (Workshop, Witch's Curses, Gardens) and
# Prosperity's gains and trashes (Expand, Forge, Investment, Mint, Bishop, Watchtower)
KINGDOMS = (
    ("Chapel", "Mine", "Remodel", "Moneylender", "Bandit", "Witch", "Workshop", "Gardens", "Militia", "Market"),
    ("Expand", "Forge", "Investment", "Mint", "Charlatan", "Bishop", "Watchtower", "Monument", "Hoard", "Workshop"),
)


class Checking:
    """A bot that, before each answer, checks every player's kept counts against a fresh count of their zones."""

    def __init__(self, bot: Any, game: Game, seen: list[int]) -> None:
        self.bot, self.game, self.seen = bot, game, seen

    def decide(self, view: PlayerView, d: Decision) -> Any:
        for p, ps in enumerate(self.game.players):
            fresh = Counter(ps.all_cards())
            assert dict(ps.owned()) == dict(fresh)
            assert view.owned(p) == fresh and view.total_cards(p) == sum(fresh.values())
            for card in fresh:
                assert view.count_owned(card, p) == fresh[card]
        self.seen[0] += 1
        return self.bot.decide(view, d)


@pytest.mark.parametrize("names", KINGDOMS)
@pytest.mark.parametrize("players", [2, 4])
def test_kept_counts_are_the_zones_counts_at_every_question(names: tuple[str, ...], players: int) -> None:
    for seed in range(3):
        g = Game(GameSetup.of(kingdom(names, colony=names is KINGDOMS[1]), ["normal"] * players, seed=seed),
                 log=False)
        seen = [0]
        g.advance([Checking(make_bot("normal", seed + p), g, seen) for p in range(players)])
        assert g.over and seen[0] > 50
        trashed_or_gained = [ps.have for ps in g.players]
        assert all(have is not None for have in trashed_or_gained)  # (kept, not counted anew each time)


def test_a_change_made_outside_the_engine_is_counted_afresh() -> None:
    s = Scene(["Chapel"]).set(0, hand="Copper*3, Estate*2", deck="Silver*2")
    ps = s.game.players[0]
    assert ps.owned() == {CAT["Copper"]: 3, CAT["Estate"]: 2, CAT["Silver"]: 2}
    ps.hand.append(CAT["Gold"])  # a test's hand, not a gain
    assert ps.owned() == {CAT["Copper"]: 3, CAT["Estate"]: 2, CAT["Silver"]: 2, CAT["Gold"]: 1}
    s.game.trash_card(0, CAT["Estate"])
    ps.gained(CAT["Province"])  # a kept count with no card behind it: the zones' total no longer agrees
    assert ps.owned() == {CAT["Copper"]: 3, CAT["Estate"]: 1, CAT["Silver"]: 2, CAT["Gold"]: 1}


def test_cards_sort_by_cost_then_name_and_compare_by_identity() -> None:
    copper, curse, estate, silver, village = (CAT[n] for n in ("Copper", "Curse", "Estate", "Silver", "Village"))
    assert sorted([village, silver, estate, curse, copper]) == [copper, curse, estate, silver, village]
    assert max([(1, copper), (1, curse)]) == (1, curse) and silver > estate and not silver < estate
    assert copper == copper and copper != curse and copper in (curse, estate, copper) and silver not in (copper,)
    assert {copper: 1}[CAT["Copper"]] == 1 and hash(copper) == object.__hash__(copper)
    with pytest.raises(TypeError):
        assert copper <= curse  # only "<" was ever given to cards
