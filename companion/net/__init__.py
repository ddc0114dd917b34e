"""Playing from different places: a host that holds games, and players who join from a terminal or a browser.

``seating`` is the one place the host meets the game; ``protocol`` the messages; ``codes`` join codes and
seat tokens; ``hosted`` one game at a host; ``server`` the aiohttp server; ``client`` and ``join`` the
joining program; ``hosting`` the ``companion host`` command; ``page/`` the browser page.
"""
