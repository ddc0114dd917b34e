"""A seat or a lobby spoken to frame by frame (aiohttp), recording every frame it is sent."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from tests.net.test_hostile import hello, line


class Raw:
    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http, self.url = http, url
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.heard: list[dict[str, Any]] = []  # every frame, from every connection of this seat
        self.next_id = 1

    async def open(self, name: str, code: str = "", **more: Any) -> list[dict[str, Any]]:
        self.ws = await self.http.ws_connect(self.url, ssl=False)
        await self.ws.send_str(hello(name, code=code, **more))
        return await self.until(lambda m: m["type"] in ("welcome", "bye"))

    async def until(self, test: Any, wait: float = 30.0) -> list[dict[str, Any]]:
        assert self.ws is not None
        got = []
        while True:
            m = await self.ws.receive(timeout=wait)
            if m.type != aiohttp.WSMsgType.TEXT:
                got.append({"type": "closed"})
                return got
            msg = json.loads(m.data)
            self.heard.append(msg)
            got.append(msg)
            if test(msg):
                return got

    async def say(self, text: str, line_id: int | None = None) -> dict[str, Any]:
        """Send a line and wait for its answer (or the connection's end)."""
        assert self.ws is not None
        i = line_id or self.next_id
        self.next_id = max(self.next_id, i + 1)
        await self.ws.send_str(line(i, text))
        got = await self.until(lambda m: m.get("reply", 0) >= i or m["type"] in ("bye", "closed"))
        return got[-1]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def run(coro: Any, timeout: float = 300) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))
