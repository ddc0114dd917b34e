"""What a person hears at a server's game, word for word (one process, games in its data folder, frames on
loopback): the start and the first turn come as one message, so the first prompt is written once; `who`
names every seat, bots too; a player who leaves is said with what can be done about their seat; and the
maker of a private game can hear its code again."""

from __future__ import annotations

import pytest

import aiohttp

from tests.server.helpers import file_server
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network]  # real sockets on loopback

KINGDOM = ("Kingdom First Game, with Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market and "
           "Mine.")


def _said(frames: list[dict]) -> list[str]:
    return [m["text"] for m in frames if m.get("type") == "say" and m.get("text")]


async def _table_of_three(http: aiohttp.ClientSession, base: str, more: str = "") -> tuple[Raw, Raw, Raw, dict]:
    """Ana makes a game of 3 with a Big Money bot (seed 4: the bot goes first) and sits; Cleo sits too."""
    lobby = Raw(http, f"{base}/lobby/ws")
    await lobby.open("Ana")
    await lobby.until(lambda m: m.get("type") == "say")
    made = await lobby.say(f"create --players 3 --bots bigmoney --name Web --seed 4{more}")
    url = f"{base}/g/{made['go']['game']}/ws"
    ana, cleo = Raw(http, url), Raw(http, url)
    await ana.open("Ana", made["go"]["code"])
    await ana.until(lambda m: "Waiting for 1 more player" in m.get("text", ""))
    await cleo.open("Cleo", made["go"]["code"])
    await ana.until(lambda m: "Turn 1." in m.get("text", ""))
    return lobby, ana, cleo, made


def test_the_start_and_the_first_turn_are_one_message(tmp_path):
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                lobby, ana, cleo, _ = await _table_of_three(http, base)
                heard = _said(ana.heard)
                start = heard.index("Cleo joined.") + 1
                # before, the start and the bot's turn were two messages, each followed by "buy phase."
                assert heard[start:] == ["The game starts.\n" + KINGDOM + "\nBig Money goes first.\nBig Money "
                                         "bought Silver.\nTurn 1. 4 Coppers and Estate."]
                assert [m["prompt"] for m in ana.heard if m.get("type") == "say"][start:] == ["buy phase. "]
                for raw in (ana, cleo, lobby):
                    await raw.close()

        run(go(), 120)


def test_who_names_every_seat_and_a_leaving_player_is_said_with_what_to_type(tmp_path):
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                lobby = Raw(http, f"{base}/lobby/ws")
                await lobby.open("Ana")
                made = await lobby.say("create --players 3 --bots bigmoney --name Web --seed 4")
                url = f"{base}/g/{made['go']['game']}/ws"
                ana, cleo = Raw(http, url), Raw(http, url)
                await ana.open("Ana", made["go"]["code"])
                # before, the bot was left out, as if the table had one seat for Cleo and no other
                assert (await ana.say("who"))["text"] == ("Here, Ana.\nBot, Big Money.\nWaiting for 1 more player "
                                                          "to join.")
                await cleo.open("Cleo", made["go"]["code"])
                await ana.until(lambda m: "Turn 1." in m.get("text", ""))
                assert (await ana.say("who"))["text"] == "Here, Ana and Cleo.\nBot, Big Money.\nWaiting for you."
                await cleo.close()
                left = await ana.until(lambda m: "Cleo left" in m.get("text", ""))
                # the seat's one way on is said, with the command as it is typed
                assert left[-1]["text"] == ("Cleo left. The game keeps their seat. Type bot Cleo to have a bot play "
                                            "for them until they are back.")
                assert (await ana.say("bot Cleo"))["text"].startswith("A bot plays for Cleo now.")
                assert (await ana.say("who"))["text"] == ("Here, Ana.\nAway, Cleo.\nBot, Big Money.\nA bot plays for "
                                                          "Cleo.\nWaiting for you.")
                for raw in (ana, lobby):
                    await raw.close()

        run(go(), 120)


def test_the_others_hear_who_can_hand_a_seat_to_a_bot(tmp_path):
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                lobby = Raw(http, f"{base}/lobby/ws")
                await lobby.open("Ana")
                made = await lobby.say("create --players 3 --bots none --name Trio --seed 4")
                url = f"{base}/g/{made['go']['game']}/ws"
                ana, ben, cleo = Raw(http, url), Raw(http, url), Raw(http, url)
                for raw, name in ((ana, "Ana"), (ben, "Ben"), (cleo, "Cleo")):
                    await raw.open(name, made["go"]["code"])
                await ben.until(lambda m: "The game starts." in m.get("text", ""))
                await cleo.close()
                heard = await ben.until(lambda m: "Cleo left" in m.get("text", ""))
                assert heard[-1]["text"] == ("Cleo left. The game keeps their seat. Ana can type bot Cleo to have a "
                                             "bot play for them until they are back.")
                await ana.close()  # the first seat itself: nobody else can hand it to a bot, so nothing is offered
                heard = await ben.until(lambda m: "Ana left" in m.get("text", ""))
                assert heard[-1]["text"] == "Ana left. The game keeps their seat."
                for raw in (ben, lobby):
                    await raw.close()

        run(go(), 120)


def test_the_maker_hears_a_private_games_code_again_at_the_game_and_in_the_lobby(tmp_path):
    from tests.accessibility import check_response

    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                lobby = Raw(http, f"{base}/lobby/ws")
                await lobby.open("Ana")
                helped = (await lobby.say("help"))["text"]
                assert "code, to hear its code again." in helped.splitlines()[3]
                check_response(helped + "\n")  # still at most 5 lines and 40 words
                assert (await lobby.say("code"))["text"] == ("You have no private game, so there is no code to tell. "
                                                             "A private game is made with create --private.")
                made = await lobby.say("create --players 2 --bots bigmoney --name Web --seed 4 --private")
                code = made["go"]["code"]
                grouped = f"{code[:3]} {code[3:6]} {code[6:]}"
                again = f"The code of the game Web is {grouped}. Those you invite type sit Web and its code."
                # before, the code was said once, in the create answer, and never again
                assert (await lobby.say("code"))["text"] == again
                seat = Raw(http, f"{base}/g/{made['go']['game']}/ws")
                await seat.open("Ana", code)
                await seat.until(lambda m: "Turn 1." in m.get("text", ""))
                assert (await seat.say("code"))["text"] == again
                await lobby.say("create --players 3 --name Open")
                await lobby.say("create --players 3 --name Later --private")
                both = (await lobby.say("code"))["text"].splitlines()
                assert both[0] == "Your 2 private games." and both[1] == f"Web, code {grouped}."
                assert len(both) == 3 and both[2].startswith("Later, code ")
                for raw in (seat, lobby):
                    await raw.close()

        run(go(), 120)


def test_an_open_games_code_is_not_needed_and_said_so(tmp_path):
    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                lobby = Raw(http, f"{base}/lobby/ws")
                await lobby.open("Ana")
                made = await lobby.say("create --players 2 --bots bigmoney --name Web --seed 4")
                seat = Raw(http, f"{base}/g/{made['go']['game']}/ws")
                await seat.open("Ana", made["go"]["code"])
                await seat.until(lambda m: "Turn 1." in m.get("text", ""))
                assert (await seat.say("code"))["text"] == ("Web is open, so it needs no code. Those you invite type "
                                                            "sit Web in the lobby.")
                for raw in (seat, lobby):
                    await raw.close()

        run(go(), 120)


def test_a_start_too_long_for_one_response_stays_two(tmp_path):
    """Three bots' turns before the first of Ana's: the start and those turns together would be 7 lines, over
    a response's 5, so they stay two messages, each a response that can be heard whole."""
    from tests.accessibility import check_response

    with file_server(tmp_path) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                lobby = Raw(http, f"{base}/lobby/ws")
                await lobby.open("Ana")
                made = await lobby.say("create --players 4 --bots bigmoney,bigmoney,bigmoney --name Four --seed 5")
                seat = Raw(http, f"{base}/g/{made['go']['game']}/ws")
                await seat.open("Ana", made["go"]["code"])
                await seat.until(lambda m: "Turn 1." in m.get("text", ""))
                heard = _said(seat.heard)
                assert heard == ["The game starts.\n" + KINGDOM + "\nBig Money goes first.",
                                 "Big Money bought Silver.\nSecond Big Money bought Silver.\nThird Big Money "
                                 "bought Silver.\nTurn 1. 3 Estates and 2 Coppers."]
                check_response(heard[0] + "\n", first_line_chars=None, max_words=60)
                check_response(heard[1] + "\n")
                for raw in (seat, lobby):
                    await raw.close()

        run(go(), 120)
