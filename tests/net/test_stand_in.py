"""A bot standing in for an away player: the turns it played for them are said as the bot's, to the
player when they come back (and in their log), and to everyone else."""

from __future__ import annotations

from typing import Any

import asyncio
from pathlib import Path

from companion.net.chat import answer_line
from companion.net.hosted import HostedGame, Options
from tests.net.helpers import add_game, finish, host_on_loopback, join_process, joined_run
from tests.net.test_hostile import hello as _hello, line, until


def run_line(host: Any, game: Any, seat: int, text: str) -> dict[int, str]:
    """What each seat hears of a line typed at a hosted game (its response, by seat)."""
    return answer_line(host, game, seat, text).heard()

CODE = "135792468"


class _Host:
    """Who is connected, as chat asks the server (everyone but ``away``)."""

    def __init__(self, *away: int) -> None:
        self.away = away

    def connected(self, game: HostedGame, seat: int) -> bool:
        return seat not in self.away


def _started(folder: Path, seed: int) -> HostedGame:
    game = HostedGame("g1", "123456789", Options(2, [], "First Game", seed), folder)
    game.take_seat("Ana")
    game.take_seat("Ben")
    assert game.start_if_full()
    return game


def _ana_plays_a_turn(game: HostedGame, host: _Host) -> dict[int, str]:
    assert game.seating is not None and game.seating.waiting_for() == 0
    run_line(host, game, 0, "play all")
    return run_line(host, game, 0, "buy silver")


def test_the_turns_a_bot_played_for_ben_are_said_as_the_bots_to_ben_and_to_ana(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game = _started(tmp_path / "hosted", 4)
    away = _Host(1)
    run_line(away, game, 0, "bot Ben")
    heard = [_ana_plays_a_turn(game, away) for _ in range(2)]  # Ben's bot plays after each of Ana's turns
    ana = "\n".join(h[0] for h in heard)
    ben = "\n".join(h.get(1, "") for h in heard)
    assert "The bot played for Ben," in ana and "Ben played" not in ana
    assert "The bot played for you," in ben and "You played" not in ben
    # Ben is back: his log says which of his turns the bot played (every one so far), and so does Ana's
    run_line(_Host(), game, 1, "back Ben")
    log = run_line(_Host(), game, 1, "log all")[1]
    ben_turns = [t for t in log.splitlines() if t.startswith("Your turn")]
    assert len(ben_turns) >= 2 and all(", played by the bot, " in t for t in ben_turns), log
    assert ", played by the bot, " in run_line(_Host(), game, 0, "log all")[0]
    # his own turn, played by himself, is his again: no bot in what Ana hears, nor in his log
    while game.seating is not None and game.seating.waiting_for() != 1:
        _ana_plays_a_turn(game, _Host())
    run_line(_Host(), game, 1, "play all")
    mine = run_line(_Host(), game, 1, "buy silver")
    assert "Ben bought Silver." in mine[0] and "bot" not in mine[0], mine
    log = run_line(_Host(), game, 1, "log all")[1]
    last = [t for t in log.splitlines() if t.startswith("Your turn")][-1]
    assert "bot" not in last and last.endswith("bought Silver."), log


def test_brief_words_still_say_what_the_bot_bought_for_you(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game = _started(tmp_path / "hosted", 4)
    run_line(_Host(), game, 1, "set verbosity brief")
    away = _Host(1)
    run_line(away, game, 0, "bot Ben")
    ben = "\n".join(_ana_plays_a_turn(game, away).get(1, "") for _ in range(2))
    assert "The bot played for you, bought Silver." in ben or "The bot played for you, bought Gold." in ben, ben


def test_ben_back_from_a_bot_over_loopback_hears_the_bot_played_for_him(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, [], "First Game", 6), CODE)
        home = tmp_path / "ben"

        def ben(script: str) -> str:
            return joined_run(home, running.port, CODE, "Ben", script)

        async def main() -> None:
            loop = asyncio.get_running_loop()
            async with aiohttp_session() as http:
                ana = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ana.send_str(_hello("Ana", code=CODE))
                await until(ana, lambda m: m["type"] == "welcome")
                await loop.run_in_executor(None, ben, "quit\n")  # Ben joins, the game starts, Ben leaves
                await ana.send_str(line(1, "bot Ben"))  # if Ben was to go first, the bot plays that turn now
                await until(ana, lambda m: m.get("reply") == 1)
                await ana.send_str(line(2, "play all"))
                await until(ana, lambda m: m.get("reply") == 2)
                await ana.send_str(line(3, "buy silver"))  # then the bot plays Ben's turn
                got = await until(ana, lambda m: m.get("reply") == 3)
                assert any("The bot played for Ben," in m.get("text", "") for m in got), got
                # Ben comes back; his log is sent when the game waits for him, after Ana's next turn
                proc = join_process(home, running.port, CODE, "Ben", "log all\nquit\n")
                await until(ana, lambda m: "Ben is back." in m.get("text", ""), 60)
                await ana.send_str(line(4, "play all"))
                await until(ana, lambda m: m.get("reply") == 4)
                await ana.send_str(line(5, "buy silver"))
                await until(ana, lambda m: m.get("reply") == 5)
                status, back, err = await loop.run_in_executor(None, finish, proc, home, 60)
                assert status == 0, (back, err)
                assert "You have your seat back from the bot." in back
                assert "The bot played for you," in back and "You played" not in back, back
                # in the log, the turns the bot played for him (his turn under way has bought nothing yet)
                ben_turns = [t for t in back.splitlines() if t.startswith("Your turn") and "bought " in t]
                assert ben_turns and all(", played by the bot, " in t for t in ben_turns), back
                await ana.close()

        asyncio.run(main())


def aiohttp_session():  # type: ignore[no-untyped-def]
    import aiohttp

    return aiohttp.ClientSession()


def test_a_restarted_host_still_says_which_turns_the_bot_played(tmp_path, monkeypatch):
    from companion.net.hosted import load_game

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game = _started(tmp_path / "hosted", 4)
    away = _Host(1)
    run_line(away, game, 0, "bot Ben")
    _ana_plays_a_turn(game, away)
    run_line(away, game, 0, "back Ben")
    game.save()
    again = load_game(game.path())  # only the saved record is left: which answers a person gave
    assert again.seating is not None
    log = run_line(_Host(), again, 1, "log all")[1]
    done = [t for t in log.splitlines() if t.startswith("Your turn") and "bought " in t]
    assert done and all(", played by the bot, " in t for t in done), log


MILITIA = "Cellar, Moat, Village, Bureaucrat, Militia, Smithy, Festival, Laboratory, Market, Witch"


def _ana_plays_until_militia_hits_ben(game: HostedGame, host: _Host) -> tuple[str, str]:
    """Ana buys a Militia and plays it until Ben's seat discards to it; what Ana and Ben heard meanwhile."""
    heard: list[dict[int, str]] = []
    for _ in range(12):
        heard += [run_line(host, game, 0, "play militia"), run_line(host, game, 0, "play all")]
        for buy in ("buy militia", "buy silver", "end"):
            heard.append(run_line(host, game, 0, buy))
            if game.seating is None or game.seating.waiting_for() != 0:
                break
        if any("discarded" in h.get(1, "") for h in heard):
            break
    return "\n".join(h.get(0, "") for h in heard), "\n".join(h.get(1, "") for h in heard)


def test_what_the_bot_answered_for_ben_in_anas_turns_is_the_bots(tmp_path, monkeypatch):
    """Militia's discard at Ben's seat, chosen by the bot standing in: the bot's to Ana as she plays, to
    Ben when he comes back and in his log, and still after the host restarts from the saved record."""
    from companion.net.hosted import load_game

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game = HostedGame("g1", "123456789", Options(2, [], MILITIA, 2), tmp_path / "hosted")
    game.take_seat("Ana")
    game.take_seat("Ben")
    assert game.start_if_full()
    away = _Host(1)
    run_line(away, game, 0, "bot Ben")
    ana, ben = _ana_plays_until_militia_hits_ben(game, away)
    flat = " ".join(ana.split())
    assert "The bot discarded 2 cards for Ben." in flat and "Ben discarded" not in flat, ana
    assert "Ana's Militia, the bot discarded " in " ".join(ben.split()) and "you discarded" not in ben, ben
    run_line(_Host(), game, 1, "back Ben")
    log = " ".join(run_line(_Host(), game, 1, "log all")[1].split())
    assert "Ana's Militia, the bot discarded " in log and "you discarded" not in log, log
    game.save()
    again = load_game(game.path())  # only the saved record is left: which answers a person gave
    assert " ".join(run_line(_Host(), again, 1, "log all")[1].split()) == log
    ana_log = " ".join(run_line(_Host(), again, 0, "log all")[0].split())
    assert "The bot discarded 2 cards for Ben." in ana_log and "Ben discarded" not in ana_log, ana_log
