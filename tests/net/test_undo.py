"""No undo that reveals hidden cards when other people play: undo is refused once it would take back a
draw, a reveal or a shuffle; an allowed undo is said to every seat with whose turn it is now; no seat hears
another's hidden cards on the way. A game of one person against bots keeps its undo."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net.helpers import add_game, hidden_leaks, host_on_loopback, record_frames
from tests.net.test_hostile import hello, line, until

CODE = "123456789"


def test_undo_with_other_people_never_takes_back_seen_cards_and_is_told_to_all(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        frames = record_frames(running)
        game = add_game(running, Options(3, ["bigmoney"], "First Game", 5), CODE)
        url = f"ws://127.0.0.1:{running.port}/ws"

        def answers() -> int:
            return on_loop(running, lambda: len(game.seating.act.game.answers))

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                ws: dict[int, Any] = {}
                for name in ("Ana", "Ben"):
                    w = await http.ws_connect(url)
                    await w.send_str(hello(name))
                    got = await until(w, lambda m: m["type"] == "welcome")
                    ws[got[-1]["seat"]] = w
                ids = {0: 0, 1: 0}
                heard: dict[int, list[str]] = {0: [], 1: []}

                async def say(seat: int, text: str) -> str:
                    ids[seat] += 1
                    await ws[seat].send_str(line(ids[seat], text))
                    got = await until(ws[seat], lambda m: m.get("reply") == ids[seat])
                    heard[seat] += [m["text"] for m in got if m.get("text")]
                    return got[-1]["text"]

                async def news(seat: int) -> list[str]:
                    got = []
                    while True:
                        try:
                            m = await ws[seat].receive(timeout=0.5)
                        except asyncio.TimeoutError:
                            return got
                        got.append(m.json().get("text", ""))

                who = on_loop(running, game.seating.waiting_for)
                other = 1 - who
                await news(other)
                # a treasure played and taken back: allowed, and the other player is told, with whose turn
                before = answers()
                assert not (await say(who, "play copper")).startswith("Error")
                await news(other)
                said = await say(who, "undo")
                assert said.startswith("Took back play copper."), said
                told = await news(other)
                name = game.seats[who].name
                assert f"{name} took back play copper. {name}'s turn." in told, told
                assert answers() == before
                # the turn ended, so the next hand was drawn: that undo is refused, and nothing changes
                await say(who, "play all")
                await say(who, "buy silver")
                if on_loop(running, game.seating.waiting_for) == who:
                    await say(who, "end")
                after = answers()
                said = await say(who, "undo")
                assert said.startswith("Error, undo cannot take back cards already drawn"), said
                assert answers() == after
                assert not any("took back" in t for t in await news(other))
                # the other player's turn goes on: their commands work
                while on_loop(running, game.seating.waiting_for) != other:
                    await asyncio.sleep(0.05)
                assert not (await say(other, "play all")).startswith("Error")
                for w in ws.values():
                    await w.close()

        asyncio.run(main())
        names = game.seating.names
        for seat in range(2):
            texts = [m["text"] for m in frames[(game.id, seat)] if m.get("type") == "say" and m.get("text")]
            assert hidden_leaks(names, seat, texts) == []


def test_one_person_against_bots_keeps_undo(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(2, ["bigmoney"], "First Game", 5), CODE)
        url = f"ws://127.0.0.1:{running.port}/ws"

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Ana"))
                await until(ws, lambda m: m.get("yours"))
                for i, text in enumerate(["play all", "buy silver", "end"], 1):
                    await ws.send_str(line(i, text))
                    await until(ws, lambda m, i=i: m.get("reply") == i)
                drawn = on_loop(running, lambda: len(game.seating.act.game.answers))
                await ws.send_str(line(4, "undo"))  # takes back the end of a turn, and the hand drawn
                said = await until(ws, lambda m: m.get("reply") == 4)
                assert said[-1]["text"].startswith("Took back"), said[-1]
                assert on_loop(running, lambda: len(game.seating.act.game.answers)) < drawn
                await ws.close()

        asyncio.run(main())
