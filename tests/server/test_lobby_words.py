"""What a person hears in a server's lobby, word for word (one process, games in its data folder, frames on
loopback): the welcome counts what is open and says what to type; help is short lines; create's questions
take wrong answers with one sentence each and name a set as it is named; a private game's code is said once,
in groups; sit forgives a missing apostrophe, suggests a near name, refuses a full game, and lets a person
back to a private game they were sent to; who says "you"; a lobby word in a game says where the person is;
a table is called by its game's name, never by an id; and stopping the server tells the lobby at once."""

from __future__ import annotations

import pytest

import re

import aiohttp

from tests.accessibility import check_error, check_response
from tests.server.helpers import file_server
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network]  # real sockets on loopback


def _said(frames: list[dict]) -> list[str]:
    return [m["text"] for m in frames if m.get("type") == "say" and m.get("text")]


def test_the_lobby_by_its_words(tmp_path):
    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, url)
                await ana.open("Ana")
                welcome = await ana.until(lambda m: m.get("type") == "say")
                # no "Type games to hear them" when there is nothing to hear
                assert _said(welcome) == ["Welcome to the lobby, Ana. No games yet. Type create to start one, or help."]
                helped = (await ana.say("help"))["text"]
                assert helped.splitlines()[0] == "Lobby commands."
                check_response(helped + "\n")  # at most 5 lines and 40 words, not one 85-word paragraph
                assert "--players" in (await ana.say("help create"))["text"]
                assert (await ana.say("who"))["text"] == "Only you are in the lobby."
                assert (await ana.say("gmes"))["text"] == ("Error, 'gmes' is not a lobby word. Did you mean games? "
                                                           "Type help to hear the rest.")
                nothing = (await ana.say("sit Friday"))["text"]
                assert nothing == "Error, no game is named 'Friday', and there are no games yet. Type create to start one."
                # create's questions: each wrong answer is one error that says what to type, nothing repeated
                assert (await ana.say("create"))["text"] == "New game. How many players, 2 to 6? Enter for 2, or type cancel."
                wrong = (await ana.say("9"))["text"]
                assert wrong == "Error, '9' is not 2 to 6 players. Type a number from 2 to 6."
                check_error(wrong + "\n", typed="9")
                assert (await ana.say("3"))["text"] == "How many people, you included? Enter for 3. The rest are bots."
                assert (await ana.say("0"))["text"] == "Error, '0' is not 1 to 3 people. Type a number from 1 to 3."
                assert (await ana.say("2"))["text"] == ("Which bot? Enter for Strong Bot. Or Easy Bot, Casual Bot, "
                                                        "Normal Bot or Big Money.")
                assert (await ana.say("expert"))["text"].startswith("Error, no bot named 'expert'.")
                assert (await ana.say("Normal Bot"))["text"].startswith("Which kingdom?")
                assert (await ana.say("village, smithy"))["text"].startswith("Error, 'village, smithy' names 2")
                assert (await ana.say("first game"))["text"].startswith("Private, so only those")
                assert (await ana.say("maybe"))["text"] == "Error, 'maybe' is not yes or no. Type yes or no."
                made = await ana.say("yes")
                code = made["go"]["code"]
                grouped = f"{code[:3]} {code[3:6]} {code[6:]}"
                # the set by its own name, the bot counted, the code said once and in groups of three
                assert made["text"] == ("Made Ana's game, 3 players, 2 people and 1 bot, First Game. It is private. "
                                        f"Those you invite type sit Ana's game and its code, {grouped}. Taking "
                                        "your seat.")
                ana_token = (ana.heard[0])["token"]
                await ana.close()

                ben = Raw(http, url)
                await ben.open("Ben")
                heard = _said(await ben.until(lambda m: m.get("type") == "say"))
                assert heard == ["Welcome to the lobby, Ben. 1 open game. Type games to hear it, create to start one, "
                                 "or help."]
                listed = (await ben.say("games"))["text"]
                assert listed == ("1 open game.\nAna's game. Nobody sits yet, 2 seats free, First Game, the bot Normal "
                                  "Bot, private.")  # the level chosen, by its name
                near = (await ben.say("sit anas gmae"))["text"]
                assert near == ("Error, no game is named 'anas gmae'. Did you mean Ana's game? Type sit Ana's "
                                "game.")
                check_error(near + "\n", typed="anas gmae")
                # typed without the apostrophe and with the code in groups: found
                went = await ben.say(f"sit anas game {grouped}")
                assert went["text"] == "Going to Ana's game. Type quit there to come back to the lobby."
                assert went["go"]["code"] == code
                assert (await ben.say("who"))["text"] == "Only you are in the lobby."

                # Ana comes back with her lobby token (as her program does after a game): welcomed back, and
                # the private game she made takes her without its code
                again = Raw(http, url)
                await again.open("Ana", seat=0, token=ana_token)
                again.next_id = ana.next_id  # her lines go on from where they were
                back = _said(await again.until(lambda m: m.get("type") == "say"))
                assert back == ["Back in the lobby, Ana. 1 open game. Type games to hear it, create to start one, "
                                "or help."]
                assert (await again.say("who"))["text"] == "In the lobby, you and Ben."
                mine = await again.say("sit ana")
                assert mine["text"].startswith("Going to Ana's game.") and mine["go"]["code"] == code
                await again.close()
                await ben.close()

        run(go(), 120)


def test_a_full_game_is_refused_in_the_lobby_and_a_lobby_word_in_a_game_says_where(tmp_path):
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, f"{base}/lobby/ws")
                await ana.open("Ana")
                made = await ana.say("create --players 2 --bots bigmoney --name Web --seed 4")
                assert made["text"] == "Made the game Web, 2 players, 1 person and 1 bot, First Game. Taking your seat."
                seat = Raw(http, f"{base}/g/{made['go']['game']}/ws")
                await seat.open("Ana", made["go"]["code"])
                await seat.until(lambda m: "Turn 1." in m.get("text", "") or "goes first" in m.get("text", ""))
                there = await seat.say("games")
                assert there["text"] == ("You are at the game Web, not in the lobby. Type quit to go back to the "
                                         "lobby, then games. Your seat is kept.")
                assert (await seat.say("lobby"))["text"] == ("You are at the game Web, not in the lobby. Type quit "
                                                             "to go back to the lobby. Your seat is kept.")
                cleo = Raw(http, f"{base}/lobby/ws")
                await cleo.open("Cleo")
                assert _said(await cleo.until(lambda m: m.get("type") == "say")) == [
                    "Welcome to the lobby, Cleo. No open games, and 1 is being played. Type create to start one, or help."]
                assert (await cleo.say("games"))["text"] == "No open games, and 1 is being played. Type create to start one."
                full = await cleo.say("sit web")
                # said in the lobby, not sent to the game to be refused there as a name "taken in this game"
                assert full["text"] == "Error, Web is full. Type games to hear the open games, or create to start one."
                assert "go" not in full
                assert (await cleo.say("hand"))["text"] == ("You are in the lobby, not at a game, so 'hand' does "
                                                            "nothing here. Type games, then sit and a game's name.")
                await seat.close()
                await cleo.close()
                await ana.close()

        run(go(), 120)


def test_a_table_is_called_by_its_games_name(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                dana = Raw(http, f"{base}/lobby/ws")
                await dana.open("Dana")
                made = await dana.say('create --table Dana,Eve --kingdom "First Game" --name Friday')
                seat = Raw(http, f"{base}/g/{made['go']['game']}/ws")
                opened = _said(await seat.open("Dana", made["go"]["code"]))
                status = (await seat.say("status"))["text"]
                for text in [*opened, status]:
                    assert made["go"]["game"] not in text and "server" not in text, text
                assert "Table Friday, 2 players." in status.splitlines()
                await seat.close()
                await dana.close()

        run(go(), 120)


def test_stopping_the_server_tells_the_lobby_at_once(tmp_path):
    import asyncio

    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> list[dict]:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, url)
                await ana.open("Ana")
                await ana.until(lambda m: m.get("type") == "say")
                stopping = asyncio.run_coroutine_threadsafe(server.serving.stop(), server.loop)
                # before, the lobby's socket stayed open with no word until aiohttp gave up after a minute
                got = await ana.until(lambda m: m["type"] in ("bye", "closed"), wait=20)
                await asyncio.wrap_future(stopping)
                return got

        got = run(go(), 60)
        assert got[-1] == {"v": 1, "type": "bye", "reason": "The server stopped. Trying again until it is back."}
        server.serving.stop = _stopped  # stopped already: the helper's own stop has nothing left to do


async def _stopped() -> None:
    return None


def test_the_welcome_counts_match_games(tmp_path):
    """The welcome and `games` agree on how many games are open."""
    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, url)
                await ana.open("Ana")
                await ana.say("create --players 2 --bots bigmoney --name Solo")  # full: Ana and a bot
                await ana.say("create --players 3 --name Open")
                ben = Raw(http, url)
                await ben.open("Ben")
                heard = _said(await ben.until(lambda m: m.get("type") == "say"))
                assert heard == ["Welcome to the lobby, Ben. 2 open games. Type games to hear them, create to start "
                                 "one, or help."]
                listed = (await ben.say("games"))["text"].splitlines()
                assert listed[0] == "2 open games."
                assert [re.sub(r"[.,] .*", "", x) for x in listed[1:]] == ["Open", "Solo"]
                await ben.close()
                await ana.close()

        run(go(), 120)


def test_the_last_to_sit_is_named_before_the_game_starts(tmp_path):
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, f"{base}/lobby/ws")
                await ana.open("Ana")
                made = await ana.say("create --players 2 --name Pair --seed 3")
                url = f"{base}/g/{made['go']['game']}/ws"
                ana_seat, ben_seat = Raw(http, url), Raw(http, url)
                await ana_seat.open("Ana", made["go"]["code"])
                await ana_seat.until(lambda m: "Waiting for 1 more player" in m.get("text", ""))
                await ben_seat.open("Ben", made["go"]["code"])
                heard = _said(await ana_seat.until(lambda m: "The game starts." in m.get("text", "")))
                # before, Ana heard the game start with no word of who had sat down
                assert heard == ["Ben joined.", heard[-1]] and heard[-1].startswith("The game starts.")
                for raw in (ana_seat, ben_seat, ana):
                    await raw.close()

        run(go(), 120)


def test_each_game_in_the_list_is_one_line_without_a_colon(tmp_path, monkeypatch):
    """A colon ("Quad: nobody sits yet", "1 bot: Big Money") is heard as "colon" through Orca, a semicolon as
    "semi": each game is one line, its name, then a full stop or a comma."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, url)
                await ana.open("Ana")
                await ana.say("create --players 4 --bots bigmoney,strong --name Quad")
                await ana.say("create --players 3 --bots bigmoney --name Trio")
                await ana.say('create --table Ana,Ben --kingdom "First Game" --name Friday')
                listed = (await ana.say("games"))["text"].splitlines()
                assert listed[0] == "3 open games."
                assert listed[1].startswith("Friday, a table of real cards for Ana and Ben. ")
                assert listed[2] == ("Quad. Nobody sits yet, 2 seats free, First Game, the bots Big Money and Strong "
                                     "Bot, open.")
                assert listed[3] == "Trio. Nobody sits yet, 2 seats free, First Game, the bot Big Money, open."
                assert not any(sign in line for line in listed[1:] for sign in ":;"), listed
                await ana.close()

        run(go(), 120)
