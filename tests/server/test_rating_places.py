"""The same rating shares a place, and every process lists equals in one order (by name), whatever order the
store hands the ratings back in."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace

from companion.server import names
from companion.server.community_store import FileKv
from companion.server.standing import Standing


def answer(kv: FileKv, verb: str, rest: str = "") -> str:
    standing = Standing(SimpleNamespace(kv=kv))  # type: ignore[arg-type]
    member = SimpleNamespace(account=None)
    person = SimpleNamespace(name="Guest")
    said = asyncio.run(standing.answer(person, member, verb, rest))  # type: ignore[arg-type]
    assert said is not None
    return said


def rate(kv: FileKv, name: str, mu: float, games: int = 1) -> None:
    asyncio.run(kv.hset("ratings", names.key(name), json.dumps({"name": name, "mu": mu, "sigma": 8.0, "games": games})))


def test_equal_ratings_share_a_place_and_list_by_name(tmp_path: Path) -> None:
    kv = FileKv(tmp_path)
    for name, mu in (("Cy", 25.0), ("Ana", 25.0), ("Ben", 27.0), ("Dee", 24.0)):
        rate(kv, name, mu)
    assert answer(kv, "rating", "Ben") == "Ben's rating 1,620, 1 rated game, 1st of 4."
    assert answer(kv, "rating", "Ana") == "Ana's rating 1,500, 1 rated game, 2nd of 4."
    assert answer(kv, "rating", "Cy") == "Cy's rating 1,500, 1 rated game, 2nd of 4."
    assert answer(kv, "rating", "Dee") == "Dee's rating 1,440, 1 rated game, 4th of 4."
    top = answer(kv, "top").split("\n")
    assert [line.split(",")[0] for line in top[1:]] == ["1. Ben", "2. Ana", "3. Cy", "4. Dee"]


def test_ratings_that_differ_below_what_is_said_share_a_place(tmp_path: Path) -> None:
    kv = FileKv(tmp_path)
    rate(kv, "Zed", 25.001)
    rate(kv, "Amy", 25.0)
    # both are said as 1,500: a listener cannot tell them apart, so neither is put above the other
    assert answer(kv, "rating", "Zed").endswith("1st of 2.")
    assert answer(kv, "rating", "Amy").endswith("1st of 2.")
    assert answer(kv, "top").split("\n")[1].startswith("1. Amy, 1,500")
