"""What the lobby says of many: `who` paged as `games` is, and a count that agrees with its noun."""

from __future__ import annotations

from companion.server.lobby_words import PAGE_CHARS, who_said


def test_who_with_hundreds_in_the_lobby_is_said_a_page_at_a_time():
    crowd = [f"Player {i:03}" for i in range(435)]
    first = who_said(crowd, "Player 000")
    assert first.splitlines()[0] == "You and 434 others are in the lobby, page 1 of 15."
    assert first.splitlines()[-1] == "Type who 2 for the next page, or who and a name to find one."
    pages = [who_said(crowd, "Player 000", str(p)) for p in range(1, 16)]
    assert all(len(p) <= PAGE_CHARS for p in pages)
    heard = [n for p in pages for n in p.splitlines()[1].rstrip(".").replace(" and ", ", ").split(", ")]
    assert heard == crowd[1:]  # everyone once, in order
    assert pages[-1].endswith("That is the last page.")
    assert who_said(crowd, "Player 000", "16") == "Error, there are 15 pages of people in the lobby. Type who 15 for the last."
    assert who_said(crowd, "Player 000", "Player 12") == (
        "In the lobby with 'Player 12' in the name, Player 120, Player 121, Player 122, Player 123, Player 124, "
        "Player 125, Player 126, Player 127, Player 128 and Player 129.")
    assert who_said(["Ana", "Ben"], "Ana") == "In the lobby, you and Ben."
    assert who_said(["Ana", "Ben"], "Ana", "2") == "Error, there is 1 page of people in the lobby. Type who to hear it."
    assert who_said(["Ana"], "Ana") == "Only you are in the lobby."


def test_top_says_1_game_not_1_games(tmp_path):
    import asyncio
    import json
    from types import SimpleNamespace

    from companion.server.community_store import FileKv
    from companion.server.standing import Standing

    kv = FileKv(tmp_path)
    standing = Standing(SimpleNamespace(kv=kv))  # type: ignore[arg-type]

    async def go() -> str:
        await kv.hset("ratings", "ana", json.dumps({"name": "Ana", "mu": 26.0, "sigma": 8.0, "games": 1}))
        await kv.hset("ratings", "ben", json.dumps({"name": "Ben", "mu": 24.0, "sigma": 8.0, "games": 2}))
        return await standing._top()

    assert asyncio.run(go()).splitlines()[1:] == ["1. Ana, 1,560, 1 game.", "2. Ben, 1,440, 2 games."]
