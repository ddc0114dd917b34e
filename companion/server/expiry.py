"""Games nobody is in leave the lobby's list: an unstarted game expires 30 minutes after its last person
left it (or, held by no process, 30 minutes after it was made: a person in a game holds it). A finished
game leaves the list when it ends (companion.server.games.summary). An expired game's record stays in the
store; only its line in the list goes, so nobody is sent to it again.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from companion.server import events, tables
from companion.server.store import StoreDown

if TYPE_CHECKING:
    from companion.net.hosted import HostedGame
    from companion.server.games import ServerHost

EXPIRE = 30 * 60.0  # seconds an unstarted game stays listed with nobody in it
EVERY = 30.0  # seconds between looks


class Expiry:
    """Looks, every EVERY seconds, for unstarted games nobody has been in for EXPIRE seconds."""

    def __init__(self, host: ServerHost) -> None:
        self.host = host
        self.alone: dict[str, float] = {}  # held games with nobody connected: since when (monotonic)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            try:
                await self.look()
            except StoreDown:
                pass  # looked again next time
            except Exception:  # noqa: BLE001 - a fault of ours is logged; the server goes on
                from companion.dispatch import log_exception

                log_exception("server expiry")

    async def look(self) -> list[str]:
        """Expire what is due now: the ids expired."""
        host = self.host
        now = time.monotonic()
        occupied = {game_id for game_id, _ in host.conns}
        gone: list[str] = []
        for game_id, game in list(host.by_id.items()):
            if game.started or game_id in occupied:
                self.alone.pop(game_id, None)
                continue
            if now - self.alone.setdefault(game_id, now) >= EXPIRE and await self._drop_held(game):
                gone.append(game_id)
        for game_id in list(self.alone):
            if game_id not in host.by_id:
                del self.alone[game_id]
        wall = time.time()
        for game_id, line in list((await host.store.summaries()).items()):  # a copy: dropping a game changes it
            made = line.get("made")
            if game_id in host.by_id or game_id in host.claimed or line.get("started") \
                    or not isinstance(made, int) or wall - made < EXPIRE:
                continue
            token = await host.store.claim(game_id)  # taken only if no process holds it: nobody is in it
            if not token:
                continue
            try:
                text = await host.store.read(game_id)
                if text is not None and await host.store.write(game_id, token, text, None):
                    gone.append(game_id)
                    events.emit("expired", game=game_id, name=str(line.get("name", "")))
            finally:
                await host.store.release(game_id, token)
        return gone

    async def _drop_held(self, game: HostedGame) -> bool:
        host = self.host
        token = host.fences.get(game.id)
        if token is None or game.id in host.saver.spooled():
            return False
        text = tables.with_table(game.record(), game)
        if not await host.store.write(game.id, token, text, None):
            return False
        events.emit("expired", game=game.id, name=str(host.meta.get(game.id, {}).get("name", "")))
        self.alone.pop(game.id, None)
        await host.let_go(game, "This game expired, as nobody was in it for 30 minutes.")
        return True
