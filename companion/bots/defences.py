"""The strong bot's answers to attacks: one Watchtower or Moat, bought with 2 to 4 coins once another player
has a Witch, a Charlatan or a Militia (``StrongBot.defence_coins``), and the reason ``hint`` says."""

from __future__ import annotations

from collections import Counter

from companion.bots.buying import CURSERS
from companion.bots.cardsense import C
from companion.bots.thinning import article
from companion.cards import Card
from companion.engine.view import PlayerView

# The Attacks a defence is bought against: those it was measured to gain against (benchmarks/README.md, issue
# 23's fourth round). Watchtower trashes the Curses, or draws up to 6 cards after Militia; Moat blocks them.
# Against Big Money with Rabble a Moat moved nothing (54.4% to 54.1%), so Rabble is not answered; Bandit,
# Bureaucrat and Clerk were never shown to be worth a Moat either.
ANSWERED = frozenset(CURSERS + (C["Militia"],))
Defences = tuple[tuple[Card, tuple[Card, ...]], ...]


def defences_for(kingdom: tuple[Card, ...]) -> Defences:
    """The kingdom's answers to attacks, Watchtower first, each with the Attacks it answers (cursing first)."""
    by_name = {c.name: c for c in kingdom}
    attacks = sorted((c for c in kingdom if c.is_attack), key=lambda c: c not in CURSERS)
    return tuple((by_name[n], tuple(a for a in attacks if a in ANSWERED))
                 for n in ("Watchtower", "Moat") if n in by_name)


def defence(view: PlayerView, coins: int, owned: Counter[Card], defences: Defences,
            barred: Card | None) -> tuple[Card, str] | None:
    """One Watchtower or Moat once another player has a Witch, Charlatan or Militia, bought with ``coins``
    (``barred``: a card not buyable now)."""
    if any(owned[card] for card, _ in defences):
        return None
    for card, attacks in defences:
        if not attacks or not view.pile(card) or view.cost(card) > coins or card is barred:
            continue
        found = attacker(view, attacks)
        if found is None:
            continue
        who, attack = found
        what = f"{article(attack.name)} {attack.name}"
        if card.name == "Moat":
            return card, f"{who} has {what}, and a Moat in your hand blocks its attack."
        if attack in CURSERS:
            return card, f"{who} has {what}, and a Watchtower in your hand trashes the Curses it gives you."
        return card, f"{who} has {what}, and Watchtower draws your hand up to 6 cards."
    return None


def attacker(view: PlayerView, attacks: tuple[Card, ...]) -> tuple[str, Card] | None:
    """Another player and the first of ``attacks`` they own."""
    others = [p for p in range(view.players) if p != view.player]
    decks = [view.owned(p) for p in others]
    for attack in attacks:
        for p, deck in zip(others, decks):
            if deck[attack]:
                return view.name_of(p), attack
    return None


__all__ = ["ANSWERED", "Defences", "attacker", "defence", "defences_for"]
