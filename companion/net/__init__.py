"""Playing from different places: a host that holds games, and players who join from a terminal or a browser.

``seating`` is the one place the host meets the game (``seat_sessions`` a game's seats, ``table_seating`` a
table's); ``protocol`` the messages; ``codes`` join codes and seat tokens; ``hosted`` one game at a host and
its file; ``transport`` the web side, with no game in it; ``claiming`` which seat a hello takes; ``room`` a
hosted game changed one step at a time; ``server`` the host, putting those together; ``client`` and
``join`` the joining program; ``hosting`` the ``companion host`` command; ``page/`` the browser page.
"""
