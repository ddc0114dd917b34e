"""Strangers cannot lock players out: wrong codes from several addresses (127.0.0.2 and up, all loopback)
refuse only those addresses; a valid seat token, the right code from a clean address, and another game
are never refused for them. And a frame nested 2,000 deep is refused with a sentence, not a traceback."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiohttp

from companion.net import limits
from companion.net.hosted import Options
from tests.net.helpers import add_game, host_on_loopback
from tests.net.test_hostile import bye, frames, hello

CODE, OTHER = "123456789", "555666777"


async def _ws(url: str, source: str) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]:
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))
    return http, await http.ws_connect(url)


async def _hello(url: str, source: str, name: str, **more: Any) -> list[dict[str, Any]]:
    """What the host says to one hello from ``source`` (until it closes, or welcomes and goes quiet)."""
    http, ws = await _ws(url, source)
    try:
        await ws.send_str(hello(name, **more))
        return await frames(ws, wait=1.0)
    finally:
        await ws.close()
        await http.close()


def test_a_flood_of_wrong_codes_locks_out_no_player_and_no_other_game(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(3, [], "First Game", 5), CODE)
        add_game(running, Options(2, [], "First Game", 6), OTHER)
        url = f"ws://127.0.0.1:{running.port}/ws"

        async def main() -> None:
            got = await _hello(url, "127.0.0.1", "Ana")
            ana = next(m for m in got if m["type"] == "welcome")
            # four strangers guess 8 codes each: 32 wrong codes in well under a minute
            refusals = []
            for source in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"):
                for guess in range(8):
                    refusals.append(bye(await _hello(url, source, "Zed", code=f"{guess:09d}")))
            assert all("not right" in r or "too many" in r for r in refusals), refusals
            assert sum("too many" in r for r in refusals) >= 12  # each stranger is stopped after 5
            # a stranger is refused even with the right code, until its minute is over
            assert "too many" in bye(await _hello(url, "127.0.0.2", "Zed"))
            # Ana comes back with her token: welcomed
            back = await _hello(url, "127.0.0.1", "Ana", seat=ana["seat"], token=ana["token"], seen=0)
            assert back[0]["type"] == "welcome", back
            # Ben joins with the right code from an address that never guessed wrong
            ben = await _hello(url, "127.0.0.6", "Ben")
            assert ben[0]["type"] == "welcome", ben
            # and a player of another game is not refused either
            cleo = await _hello(url, "127.0.0.7", "Cleo", code=OTHER)
            assert cleo[0]["type"] == "welcome", cleo
            # Ana's token still works from an address that guessed wrong itself (a shared home address)
            for guess in range(6):
                await _hello(url, "127.0.0.1", "Ana", code=f"{guess:09d}")
            assert "too many" in bye(await _hello(url, "127.0.0.1", "Zed"))
            back = await _hello(url, "127.0.0.1", "Ana", seat=ana["seat"], token=ana["token"], seen=0)
            assert back[0]["type"] == "welcome", back

            # wrong tokens against one game stop that address in that game only
            for _ in range(6):
                r = bye(await _hello(url, "127.0.0.8", "Ana", seat=0, token="x" * 32))
                assert "seat token is not right" in r or "too many" in r
            assert "too many" in bye(await _hello(url, "127.0.0.8", "Ana", seat=0, token="y" * 32))
            dan = await _hello(url, "127.0.0.8", "Dan", code=OTHER)
            assert dan[0]["type"] == "welcome", dan

        asyncio.run(main())


def test_an_ipv6_home_is_counted_as_one_address():
    assert limits.address_key("2001:db8:1:2::1") == limits.address_key("2001:db8:1:2:ffff::9")
    assert limits.address_key("2001:db8:1:2::1") != limits.address_key("2001:db8:1:3::1")
    assert limits.address_key("::ffff:192.0.2.7") == "192.0.2.7"
    g = limits.Guesses()
    for i in range(limits.PER_ADDRESS_GUESSES):
        g.wrong(f"2001:db8:1:2::{i + 1:x}")
    assert g.blocked("2001:db8:1:2::abcd")
    assert not g.blocked("2001:db8:1:3::1")


def test_a_hello_nested_2000_deep_gets_a_sentence_and_no_traceback(tmp_path, caplog):
    caplog.set_level(logging.ERROR)
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, [], "First Game", 5), CODE)
        url = f"ws://127.0.0.1:{running.port}/ws"

        async def main() -> None:
            for frame in ('{"v":1,"type":"hello","code":' + "[" * 2000 + "]" * 2000 + ',"name":"Zed"}',
                          "[" * 2000 + "]" * 2000, '{"a":' * 600 + "1" + "}" * 600):
                assert len(frame) < 4096
                http, ws = await _ws(url, "127.0.0.1")
                await ws.send_str(frame)
                reason = bye(await frames(ws))
                assert reason.startswith("Error, a message was nested more than 20 deep."), reason
                await ws.close()
                await http.close()
            # a real player still joins
            got = await _hello(url, "127.0.0.1", "Ana")
            assert got[0]["type"] == "welcome"

        asyncio.run(main())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
