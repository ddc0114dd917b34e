"""``companion server``: a long-running server of many games with a lobby, one process or several.

- ``store``: where the records, the lobby's list and the leases live (the data folder by default).
- ``redis_store``: the same in Redis, shared by several server processes (its Lua scripts in ``redis_scripts``).
- ``games``: the server's games, each held by one process under a lease, on the host's machinery.
- ``lobby``: the lobby's words (games, create, sit, who, say) and its socket.
- ``lobby_making``: the games and tables ``create`` makes in the lobby, and the id a line gives each.
- ``proxy``: the real address of a person behind a proxy the server was told to trust.
- ``running``: starting, serving and stopping the server.

The terminal's side of the lobby is companion.client; nothing here imports the shell.
"""
