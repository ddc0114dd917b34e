"""A hosted game's seats, without the network: what each seat may do and what each hears."""

from __future__ import annotations

from typing import Any

from pathlib import Path

from companion.net.chat import answer_line
from companion.net.hosted import HostedGame, Options, Wiring


def run_line(host: Any, game: Any, seat: int, text: str) -> dict[int, str]:
    """What each seat hears of a line typed at a hosted game (its response, by seat)."""
    return answer_line(host, game, seat, text).heard()


class _Host:
    """What chat asks of the server: who is connected (everyone, unless named away)."""

    def __init__(self, *away: int) -> None:
        self.away = away

    def connected(self, game: HostedGame, seat: int) -> bool:
        return seat not in self.away


def started(folder: Path, options: Options) -> tuple[HostedGame, list[tuple[int, str]]]:
    heard: list[tuple[int, str]] = []
    game = HostedGame("g1", "123456789", options, folder, Wiring(lambda g, seat, msg: heard.append((seat, msg["text"]))))
    game.take_seat("Ana")
    game.take_seat("Ben")
    assert game.start_if_full()
    return game, heard


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_a_seat_cannot_start_write_or_sound_anything_on_the_host_machine(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    game, _ = started(tmp_path / "hosted", Options(3, ["bigmoney"], "First Game", 4))
    seating = game.seating
    assert seating is not None
    answers = len(seating.act.game.answers)
    before = files(home)
    for line in ("save\tmine", "SAVE  mine", "learn", "set speech on", "set sound on", "set\tspeech on",
                 "input plain", "set input plain"):
        said = run_line(_Host(), game, 1, line)[1]
        assert said.startswith("Error,") and "not available in a hosted game" in said, (line, said)
    assert files(home) == before  # no save, no learning game, nothing written
    s = seating.sessions[1]
    assert s.settings.get("speech") == "off" and s.settings.get("sounds") == "off" and s.speak is None
    assert seating.prompt(1).startswith("waiting for Ana")  # still in the hosted game
    assert len(seating.act.game.answers) == answers
    # leaving is the page's own doing: the host says how, and says nothing untrue such as "Goodbye."
    said = run_line(_Host(), game, 1, "quit")[1]
    assert said.startswith("To leave, close the page.")
    assert run_line(_Host(), game, 1, "set verbosity brief")[1] == "Verbosity is now brief."


def test_who_hands_a_seat_to_the_bot_hears_what_the_bot_did_and_whose_turn_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game, _ = started(tmp_path / "hosted", Options(3, ["bigmoney"], "First Game", 4))
    host = _Host(1)  # Ben is away
    run_line(host, game, 0, "play all")
    run_line(host, game, 0, "buy silver")
    assert game.seating is not None and game.seating.waiting_for() == 1
    said = run_line(host, game, 0, "bot Ben")
    # Ben's turn by the bot and Big Money's turn are played at once: Ana hears both, and her own hand
    assert said[0].startswith("A bot plays for Ben now.")
    assert "The bot played for Ben," in said[0] and "Big Money bought" in said[0]
    assert "Turn 2." in said[0]
    assert game.seating.waiting_for() == 0


def test_at_a_table_of_real_cards_bot_says_there_are_none_and_tells_no_one_else(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    from companion.net.server import Host

    host = Host(tmp_path / "hosted")
    try:
        game = host.add_table("Ana, Ben", "First Game", 3)
        game.take_seat("Ana")
        game.take_seat("Ben")
        said = run_line(host, game, 0, "bot Ben")  # Ben is away (nobody is connected here)
        assert said == {0: "Error, a table of real cards has no bots. Type who to hear who is here."}
    finally:
        host.release()


def test_before_the_game_starts_a_seat_cannot_make_the_host_machine_speak(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game = HostedGame("g2", "123456789", Options(2, [], "First Game", 4), tmp_path / "hosted")
    game.take_seat("Ana")  # Ben has not joined: the game waits
    said = run_line(_Host(), game, 0, "set speech on")[0]
    assert said == "Error, 'set speech' is not available in a hosted game. Type help for what is."
    assert run_line(_Host(), game, 0, "quit")[0].startswith("To leave, close the page.")
    assert run_line(_Host(), game, 0, "card village")[0].startswith("Village")  # lookups still work


def test_chat_is_say_as_people_type_it(tmp_path, monkeypatch):
    """"chat hello" was 'Error, no command "chat".' to a person who wanted to talk to the table."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    game, _ = started(tmp_path / "hosted", Options(2, [], "First Game", 4))
    said = run_line(_Host(), game, 1, "chat hello Ana")
    assert said == {1: "You said, hello Ana", 0: "Ben says, hello Ana"}
    assert run_line(_Host(), game, 1, "chat")[1] == "Error, say needs words after it. Type say hello, for example."
