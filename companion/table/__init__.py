"""The table assistant: a physical game of Dominion recorded entry by entry.

``model`` (setup, entries, state, checks, end of game), ``turn`` (the turn calculator), ``effects``
(card effects read from card text), ``scoring``, ``storage`` (atomic JSON files), ``text`` (the words
said), ``service`` (every intent at an open table, returning an ``Outcome``) and ``opening`` (starting,
opening and listing records). Nothing here prints or imports the commands, which parse what was typed
(``companion.commands.table`` and ``companion.commands.table_entries``) and say the outcomes.
"""
