"""The terminal's side of a server's lobby: ``companion join ADDRESS --name N`` with no code.

- ``lobby_client``: the lobby, then a game (companion.net.join), then back to the lobby.
- ``lobby_lines``: reading the lobby's lines at a terminal, with the shell's line editor and completion.
- ``devices``: the token a device keeps for a person's account on a server, in the state folder.

The server (companion.server) never imports this package nor the shell; this package imports the words
both sides share (companion.server.lobby_words, companion.server.names) and the joining program (companion.net).
"""
