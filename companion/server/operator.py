"""The operator's commands on a server's community, run beside the running servers (same --store, same data
folder): ``companion server moderator add NAME``, ``moderator remove NAME``, ``account reset NAME``. Each
writes the store the servers read at every moderator's act and sign-in, so it counts at once, with no restart.
"""

from __future__ import annotations

import asyncio
from typing import TextIO

from companion.server import names
from companion.server.events import emit
from companion.server.store import StoreDown

USAGE = ("Type companion server moderator add NAME, companion server moderator remove NAME, or companion server "
         "account reset NAME, with the --store the servers use.")


def run_operator(words: list[str], store_url: str | None, out: TextIO) -> int:
    """One operator's command; its answer written to ``out``. The exit status."""
    from companion.server import events
    from companion.server.running import community_kv, make_store
    from companion.server.store import StoreError

    events.configure()  # the act in the server's event log's form, on standard error (journald keeps it)

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    if len(words) < 3 or (words[0], words[1]) not in (("moderator", "add"), ("moderator", "remove"),
                                                     ("account", "reset")):
        say(f"Error, {USAGE}")
        return 1
    name = names.tidy(" ".join(words[2:]))
    try:
        store = make_store(store_url)
    except StoreError as e:
        say(f"Error, {e}")
        return 1

    async def main() -> int:
        from companion.server.accounts import Accounts

        kv = community_kv(store)
        try:
            accounts = Accounts(kv)
            owner = await accounts.owner(name)
            if owner is None:
                say(f"Error, there is no account called {name}. The person types register in the lobby first.")
                return 1
            if words[0] == "account":
                code = await accounts.reset_code(owner)
                emit("account_reset", name=owner)
                say(f"The one-time code for {owner} is {code}. They type it as their password within a day, then "
                    "choose a new password.")
                return 0
            if words[1] == "add":
                await kv.hset("moderators", names.key(owner), owner)
                emit("moderator_added", name=owner)
                say(f"{owner} is a moderator now, on every server process using this store.")
            else:
                await kv.hdel("moderators", names.key(owner))
                emit("moderator_removed", name=owner)
                say(f"{owner} is no longer a moderator.")
            return 0
        except StoreDown as e:
            say(f"Error, the store at {store.url} is not answering, {e}. Start it, then try again.")
            return 1
        finally:
            await kv.close()

    return asyncio.run(main())
