"""Write the command lines of a plausible whole game, as a player at a real table would type them.

Not a test: it made the fixtures ``two_players.txt`` and ``five_players.txt`` (kept so they can be remade:
``python3 tests/table/games/make_game.py two > tests/table/games/two_players.txt``). A small shuffled-deck
simulation decides each turn's plays and buys; the table model only tells it when the game is over.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from companion.cards import catalogue  # noqa: E402
from companion.table.model import Entry, Setup, Table  # noqa: E402

CODES = {"Copper": "C1", "Silver": "S2", "Gold": "G3", "Platinum": "P5"}
DRAWS = {"Smithy": 3, "Village": 1, "Market": 1, "Merchant": 1, "Witch": 2, "Moat": 2, "City": 1, "Laboratory": 2}
ACTION_ORDER = ["Throne Room", "Village", "City", "Market", "Merchant", "Witch", "Smithy", "Militia", "Monument",
                "Workshop", "Remodel", "Moat"]


class Player:
    def __init__(self, name: str, plan: list[tuple[str, int, int]], rng: random.Random) -> None:
        self.name, self.plan, self.rng = name, plan, rng  # plan: (card, least coins, most copies)
        self.deck = ["Copper"] * 7 + ["Estate"] * 3
        rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.owned = Counter(self.deck)

    def draw(self, n: int) -> list[str]:
        got = []
        for _ in range(n):
            if not self.deck:
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
            if not self.deck:
                break
            got.append(self.deck.pop())
        return got


def turn_lines(p: Player, table: Table, gardens_gain: bool) -> list[str]:
    lines: list[str] = []
    hand = p.draw(5)
    actions, played = 1, []
    cat = catalogue()
    while actions > 0:
        choice = next((a for a in ACTION_ORDER if a in hand), None)
        if choice is None:
            break
        hand.remove(choice)
        played.append(choice)
        actions -= 1
        times = 1
        if choice == "Throne Room":
            inner = next((a for a in ACTION_ORDER if a in hand and a != "Throne Room"), None)
            if inner is None:
                lines.append("play throne room")
                continue
            hand.remove(inner)
            played.append(inner)
            lines.append(f"play throne room {inner.lower()}")
            choice, times = inner, 2
        else:
            lines.append(f"play {choice.lower()}")
        for _ in range(times):
            actions += {"Village": 2, "City": 2, "Market": 1, "Merchant": 1}.get(choice, 0)
            hand += p.draw(DRAWS.get(choice, 0))
            if choice == "Witch" and table.state.piles.get("Curse", 0):
                lines.append("gain others curse")
            if choice == "Workshop":
                want = "Gardens" if gardens_gain and table.state.piles.get("Gardens") else "Silver"
                if gardens_gain and not table.state.piles.get("Gardens") and table.state.piles["Estate"]:
                    want = "Estate"
                if table.state.piles.get(want):
                    lines.append(f"gain {want.lower()}")
                    p.owned[want] += 1
                    p.discard.append(want)
            if choice == "Remodel" and "Estate" in hand:
                hand.remove("Estate")
                lines += ["trash estate", "gain silver"]
                p.owned["Estate"] -= 1
                p.owned["Silver"] += 1
                p.discard.append("Silver")
    treasures = [c for c in hand if cat[c].is_treasure]
    if treasures:
        lines.append("play " + " ".join(CODES.get(c, c.lower()) for c in treasures))
    # Run what was typed so far through the model, to read the coins and buys the calculator found.
    probe = Table(table.setup, list(table.entries), table.low)
    for line in lines:
        _apply(probe, line)
    coins, buys = probe.state.turn.coins, probe.state.turn.buys
    for card, least, most in p.plan:
        if buys <= 0:
            break
        if coins >= max(least, cat[card].cost) and p.owned[card] < most and probe.state.piles.get(card, 0) > 0:
            lines.append(f"buy {card.lower()}")
            _apply(probe, lines[-1])
            p.owned[card] += 1
            p.discard.append(card)
            coins, buys = probe.state.turn.coins, probe.state.turn.buys
    p.discard += hand + played
    lines.append("next")
    return lines


def _apply(table: Table, line: str) -> None:
    """The little of the command layer the generator needs (current player only, plus others)."""
    verb, _, rest = line.partition(" ")
    cat = catalogue()
    cur = table.state.current
    if verb == "next":
        table.record(Entry("next"))
    elif verb == "play":
        table.record(Entry("play", cards=tuple(c.name for c in cat.find_many(rest))))
    elif verb in ("buy", "gain", "trash"):
        if rest.startswith("others "):
            n = len(table.players)
            table.record(Entry("gain", tuple((cur + i) % n for i in range(1, n)), (cat.find(rest[7:]).name,),
                               others=True))
        else:
            table.record(Entry(verb, (cur,), (cat.find(rest).name,)))


def game(which: str) -> list[str]:
    rng = random.Random(7 if which == "two" else 11)
    if which == "two":
        head = 'table new --players Ann,Ben --kingdom "First Game" --seed 3'
        setup = Setup(("Ann", "Ben"), tuple(c.name for c in catalogue().kingdom if c.name in (
            "Cellar", "Moat", "Merchant", "Village", "Workshop", "Militia", "Remodel", "Smithy", "Market", "Mine")))
        plans = {"Ann": [("Province", 8, 99), ("Gold", 6, 99), ("Smithy", 4, 1), ("Silver", 3, 99)],
                 "Ben": [("Province", 8, 99), ("Gold", 6, 99), ("Market", 5, 2), ("Merchant", 3, 2),
                         ("Silver", 3, 99)]}
        gardens = set()
    else:
        kingdom = "Gardens, Workshop, Witch, Monument, Merchant, Throne Room, Village, City, Market, Militia"
        head = f'table new --players Ann,Ben,Cal,Dee,Eve --kingdom "{kingdom}" --colony on --seed 5'
        setup = None
        plans = {
            "Ann": [("Workshop", 3, 8), ("Gardens", 4, 99), ("Estate", 2, 99), ("Copper", 0, 99)],
            "Ben": [("Colony", 11, 99), ("Platinum", 9, 99), ("Witch", 5, 2), ("Gold", 6, 99), ("Silver", 3, 99)],
            "Cal": [("Colony", 11, 99), ("Province", 8, 99), ("Monument", 4, 2), ("Gold", 6, 99), ("Silver", 3, 99)],
            "Dee": [("Workshop", 3, 8), ("Gardens", 4, 99), ("Estate", 2, 99), ("Copper", 0, 99)],
            "Eve": [("Colony", 11, 99), ("Platinum", 9, 99), ("Throne Room", 4, 1), ("City", 5, 2),
                    ("Gold", 6, 99), ("Silver", 3, 99)],
        }
        gardens = {"Ann", "Dee"}
    from companion.kingdom import choose_kingdom
    import shlex
    words = shlex.split(head)
    names = words[words.index("--players") + 1].split(",")
    k = choose_kingdom(words[words.index("--kingdom") + 1], platinum_colony=which != "two")
    seed = int(words[words.index("--seed") + 1])
    first = random.Random(seed).randrange(len(names))
    setup = Setup(tuple(names), tuple(c.name for c in k.cards), k.platinum_colony, k.name, first, seed)
    table = Table(setup)
    players = {n: Player(n, plans[n], rng) for n in names}
    lines = [head]
    for _ in range(400):
        if table.state.over:
            break
        p = players[table.current_name]
        for line in turn_lines(p, table, p.name in gardens):
            _apply(table, line)
            lines.append(line)
    return lines


if __name__ == "__main__":
    print("\n".join(game(sys.argv[1] if len(sys.argv) > 1 else "two")))
