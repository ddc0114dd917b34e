"""Games of 4, 5 and 6 players, with bots and with people at one keyboard, played through the command
layer at each verbosity: every response must pass the shared accessibility checks, so what is said
between your turns stays within 40 words and 5 lines (15 words at brief) however many others play."""

from __future__ import annotations

import re

import pytest

from companion.dispatch import run_line
from tests.accessibility import error_problems, response_problems
from tests.game.driver import play_in_process

LISTINGS = ("new", "log", "supply")
GAMES = [
    (4, "general,general,general", 1),
    (5, "general", 2),
    (6, "general,general,general,general,general", 2),
    (6, "general,bigmoney", 1),
]


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
@pytest.mark.parametrize("players,bots,seed", GAMES)
def test_every_response_fits(players: int, bots: str, seed: int, verbosity: str) -> None:
    rec = play_in_process(verbosity, new=f"new --players {players} --bots {bots} --kingdom random --seed {seed}",
                          limit=900)
    assert len(rec.responses) > 15  # several rounds were heard
    problems = []
    for typed, response in zip(rec.typed, rec.responses):
        if response.startswith("Error,"):
            found = error_problems(response, typed)
        else:
            found = response_problems(response, verbosity, listing=typed.startswith(LISTINGS))
        problems += [f"{typed!r}: {p}" for p in found]
    assert not problems, "\n".join(problems[:10])


def test_other_turns_are_summarised_not_lost() -> None:
    """With 5 bots, what the others bought between your turns is said in short, and log has every turn."""
    rec = play_in_process("normal", new="new --players 6 --bots general,general,general,general,general "
                                         "--kingdom random --seed 2", limit=900)
    told = [r for t, r in zip(rec.typed, rec.responses) if re.search(r"^Turn \d+\.", r, re.M) and not t.startswith("new")]
    assert len(told) >= 4
    assert any(r.count(" bought ") >= 4 or "Bought:" in r for r in told)  # the others' buys, not only a count
    assert all(len(r.split()) <= 40 for r in told)
    session = rec.session
    assert session is not None
    out = session.out
    at = out.tell()
    run_line(session, "log all")
    log = out.getvalue()[at:]
    for bot in ("Bot", "Second Bot", "Third Bot", "Fourth Bot", "Fifth Bot"):
        assert f"\n{bot}'s turn 3, " in log  # every turn is there whole


def test_many_attacks_alike_are_one_line() -> None:
    """Several attacks that did the same to you, when words are short, are one line with a count."""
    from companion.game.fitting import Attack, fit_response

    lines = [Attack(f"{who}'s Witch, you gained Curse.", f"{who}'s Witch, you gained Curse.", who, None,
                    "gained Curse", False) for who in ("Bot", "Bot 2", "Bot 3", "Bot 4", "Bot 5")]
    said = fit_response(lines + ["Your turn 9. 3 Coppers, 2 Silvers, Gold and Smithy, with more words here."],
                        "normal")
    assert said[0] == "Attacks from Bot, Bot 2, Bot 3, Bot 4 and Bot 5, you gained 5 Curses."
    assert len(said) == 2


def test_no_bot_name_ends_in_a_number_or_a_card() -> None:
    """"Bought, Strong Bot Charlatan, Strong Bot 2 Charlatan" sounds like 2 Charlatans."""
    from companion.cards import catalogue
    from companion.game.starting import build_setup

    cards = {c.name.split()[-1] for c in catalogue()}
    for kinds in (["strong"] * 5, ["general"] * 3 + ["easy", "bigmoney"], ["smithy-bm", "smithy-bm", "witch-bm"]):
        setup = build_setup(len(kinds) + 1, kinds, [], "First Game", seed=1, sets=None, colony=None)
        names = [s.name for s in setup.seats if not s.is_person]
        assert len(set(names)) == len(names)
        for name in names:
            assert not name.split()[-1].isdigit() and name.split()[-1] not in cards, name
    assert [s.name for s in build_setup(4, ["strong"] * 3, [], "First Game", seed=1, sets=None,
                                        colony=None).seats] == ["You", "Strong Bot", "Second Strong Bot",
                                                                "Third Strong Bot"]


def test_many_players_doing_the_same_say_how_many_first() -> None:
    from companion.game.sentences import _merge_same

    said = _merge_same([f"Player {i} put 1 card on the deck." for i in (1, 2, 3)])
    assert said == ["3 players put 1 card on the deck. Player 1, Player 2 and Player 3."]
    assert _merge_same(["Ana discarded 2 cards.", "Ben discarded 2 cards."]) == ["Ana and Ben discarded 2 cards."]
