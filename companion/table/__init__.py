"""The table assistant's model: a physical game of Dominion recorded entry by entry.

``model`` (setup, entries, state, checks, end of game), ``turn`` (the turn calculator), ``effects``
(card effects read from card text), ``scoring``, ``storage`` (atomic JSON files) and ``text`` (the
words said). Nothing here prints; the commands are in ``companion.commands.table``
and ``companion.commands.table_entries``.
"""
