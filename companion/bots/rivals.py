"""Reading the table: what the other players build, and what it means for this player's buys.

A plan chosen at the start by trial games against money plans does not see the player across the table.
These rules do, from what every player can see (the cards each player owns):

- A Gardens rush: another player owns a Gardens, or two Workshops or more in a kingdom with Gardens. Each
  Gardens is worth a point per 10 of their cards (4 to them at 40 cards), so a Gardens bought here, at 4 to
  7 coins (4 against two or three rushers, and against three only once their Gardens are worth 2 points: sooner,
  each Gardens bought here brings a lost end nearer), is one they cannot gain; and the rush ends the game on piles
  (Workshops, Gardens, Estates), so the cards left in those piles count as Provinces left do, three cards to a
  Province (two at 4 players). A plan with a Chapel drops it against a rush, whose end comes before a thin deck pays.
- An attack that does nothing to them: Bandit trashes only Treasures other than Copper, and a deck with no
  Silver, Gold or better loses nothing to it; the plan's copies are no longer bought (its Gold still comes).
- The card that ends the game with this player behind is not bought.
"""

from __future__ import annotations


from companion.bots.cardsense import C, COLONY, COPPER, CURSE, PROVINCE
from companion.cards import Card
from companion.engine.view import PlayerView

GARDENS, WORKSHOP, BANDIT = C["Gardens"], C["Workshop"], C["Bandit"]
# An attack and what a victim must own for it to do anything: Bandit trashes a Treasure other than Copper.
TREASURE_ATTACKS = frozenset((BANDIT,))
RUSH_WORKSHOPS = 2  # Workshops that show a rush in a kingdom with Gardens
# The piles' cards that count as one Province left: a rusher takes two a turn (a buy and a Workshop's gain), and
# three measured best (strong.py)
RUSH_PACE = 3


def others(view: PlayerView) -> list[int]:
    return [p for p in range(view.players) if p != view.player]


def rushers(view: PlayerView) -> list[int]:
    """The other players rushing Gardens, the one with the most Gardens (then Workshops) first."""
    if GARDENS not in view.kingdom:
        return []
    found: list[tuple[int, int, int]] = []
    for p in others(view):
        gardens, workshops = view.count_owned(GARDENS, p), view.count_owned(WORKSHOP, p)
        if gardens or workshops >= RUSH_WORKSHOPS:
            found.append((-gardens, -workshops, p))
    return [p for _, _, p in sorted(found)]


def rusher(view: PlayerView) -> int | None:
    """The other player rushing Gardens (the one with the most Gardens, then Workshops), or None."""
    found = rushers(view)
    return found[0] if found else None


def gardens_worth(view: PlayerView, p: int) -> int:
    """What one Gardens is worth to player ``p`` now: a point per 10 of their cards (at least 1)."""
    cards: int = view.total_cards(p)
    return max(1, cards // 10)


def rush_words(view: PlayerView, p: int) -> str:
    """ "Rex is rushing Gardens: a Gardens of yours takes 2 points from them" """
    n = gardens_worth(view, p)
    return f"{view.name_of(p)} is rushing Gardens: a Gardens of yours takes {n} {'point' if n == 1 else 'points'} from them"


def pile_cards(view: PlayerView) -> int:
    """The cards left in the piles nearest empty that would end the game (three piles, four at 5 and 6)."""
    need = view.piles_to_end - view.empty_piles()
    if need <= 0:
        return 0
    return sum(sorted(n for n in view.supply.values() if n)[:need])


def futile_attack(view: PlayerView, card: Card) -> bool:
    """An attack that does nothing to any other player's deck now (Bandit against decks with no Treasure but
    Copper), once every other player has had 3 turns to show what they build."""
    if card not in TREASURE_ATTACKS:
        return False
    for p in others(view):
        owned = view.owned(p)
        if view.turns() < 3:
            return False
        if any(view.is_treasure(c) and c is not COPPER and c is not CURSE for c, n in owned.items() if n):
            return False
    return True


def ends_behind(view: PlayerView, card: Card) -> bool:
    """Gaining ``card`` now would end the game with this player behind (or level): the last Province or
    Colony, or the last card of a pile that empties enough piles."""
    left = view.pile(card)
    if left != 1:
        return False
    if card.name not in ("Province", "Colony") and view.empty_piles() < view.piles_to_end - 1:
        return False
    mine = view.vp()
    if card.vp is not None:
        mine += card.vp
    elif card is GARDENS:
        mine += (view.total_cards() + 1) // 10
    theirs = max((view.vp(p) for p in others(view)), default=0)
    return bool(mine <= theirs)


def rush_seen(view: PlayerView) -> bool:
    """Another player owns a Workshop or a Gardens in a kingdom with Gardens: a rush's first buys."""
    if GARDENS not in view.kingdom:
        return False
    return any(view.count_owned(GARDENS, p) or view.count_owned(WORKSHOP, p) for p in others(view))


def rush_builders(view: PlayerView) -> str:
    """ "Rex is building Workshops and Gardens": the first other player who owns either."""
    for p in others(view):
        if view.count_owned(GARDENS, p) or view.count_owned(WORKSHOP, p):
            return f"{view.name_of(p)} is building Workshops and Gardens"
    return "a Gardens rush shows"


def winning_end(view: PlayerView, coins: int, barred: Card | None = None) -> tuple[Card, str] | None:
    """The card whose buy with ``coins`` ends the game now with this player ahead of everyone, the most points
    first: the last Province or Colony, or the last card of a pile that empties enough piles (a Curse too, if
    the lead outlasts its point); ``barred``, a card not buyable now. Measured with fixed plans, the same seeds:
    +0.2 to +1 point of wins against Big Money with Witch and Double Witch at 2 to 4 players (2,880 games each)."""
    piles = view.empty_piles() >= view.piles_to_end - 1
    ending: list[tuple[Card, int]] = []  # the cards whose buy ends the game, and their points
    for card, left in view.supply.items():
        if left != 1 or card is barred or view.cost(card) > coins:
            continue
        if not (piles or card is PROVINCE or card is COLONY):
            continue
        if card is CURSE:
            ending.append((card, -1))
        elif not card.is_victory:
            ending.append((card, 0))
        elif card.vp is not None:  # (Gardens: its worth is the deck's; not counted here)
            ending.append((card, card.vp))
    if not ending:  # most turns near the end: no score to count
        return None
    theirs = max((view.vp(p) for p in others(view)), default=0)
    mine = view.vp()
    best: tuple[Card, int] | None = None
    for card, vp in ending:
        if mine + vp > theirs and (best is None or vp > best[1]):
            best = (card, vp)
    if best is None:
        return None
    lead = mine + best[1] - theirs
    return best[0], f"it ends the game, and you win by {lead} {'point' if lead == 1 else 'points'}."


__all__ = ["GARDENS", "RUSH_PACE", "WORKSHOP", "rushers", "ends_behind", "futile_attack", "gardens_worth", "others", "pile_cards", "rush_words",
           "rusher", "rush_builders", "rush_seen", "winning_end"]
