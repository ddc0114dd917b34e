"""The basic cards: Treasures make coins, Victory cards and Curse are worth VP (on the card itself).

Curse has a coin value because with Charlatan in the game it is also a Treasure worth 1 coin.
"""

from __future__ import annotations

from companion.engine.effects import define

for _name, _coin in (("Copper", 1), ("Silver", 2), ("Gold", 3), ("Platinum", 5), ("Curse", 1)):
    define(_name, coin=_coin)
for _name in ("Estate", "Duchy", "Province", "Colony"):
    define(_name)
