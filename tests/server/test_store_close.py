"""A Redis store closes even when the cancel of its background loops reaches them as a store error (the client
library may turn a cancel into a time-out): the loops once took it for the store being away and went round again,
and a closing store waited until its test's time ran out."""

from __future__ import annotations

import asyncio

from companion.server.redis_store import RedisStore
from companion.server.store import StoreDown
from tests.server.components import redis_server
from tests.server.raw import run


def test_a_store_closes_when_a_cancel_reaches_its_heartbeat_as_a_store_error(tmp_path) -> None:
    with redis_server(tmp_path / "redis") as port:
        async def go() -> None:
            store = RedisStore(f"redis://127.0.0.1:{port}/0")
            await store.start("closing")
            inside = asyncio.Event()

            async def say_here() -> None:  # a call to the store that a cancel turns into a store error
                inside.set()
                try:
                    await asyncio.sleep(30)
                except asyncio.CancelledError:
                    raise StoreDown("Timeout reading from the store") from None

            store._say_here = say_here  # type: ignore[method-assign]
            await asyncio.wait_for(inside.wait(), 20)  # the heartbeat is in its call now
            await asyncio.wait_for(store.close(), 15)

        run(go(), 60)
