"""Events in words: one short sentence each, the player first. ``str(event)`` uses this with seat
numbers; the shell passes the players' names. Cards are grouped with a count ("2 Coppers")."""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from companion.cards import Card
from companion.cards.names import and_list
from companion.engine import events as ev


def a(card: Card) -> str:
    if card.plural == card.name:  # "gained Gardens", not "a Gardens"
        return card.name
    return f"{'an' if card.name[0] in 'AEIOU' else 'a'} {card.name}"


def grouped(cards: Sequence[Card]) -> str:
    counts = Counter(cards)
    return and_list([a(c) if n == 1 else c.counted(n) for c, n in counts.items()])


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def describe(e: ev.Event, names: Sequence[str] | None = None) -> str:
    """``e`` as a sentence; ``names[seat]`` names a player (default: Player 1, Player 2...)."""

    def who(seat: int) -> str:
        return names[seat] if names is not None else f"Player {seat + 1}"

    words = _WORDS.get(type(e))
    return type(e).__name__ if words is None else words(e, who)


def _gained(e: ev.Gained, who: Callable[[int], str]) -> str:
    where = {ev.Zone.HAND: " to their hand", ev.Zone.DECK: " onto their deck"}.get(e.to, "")
    return f"{who(e.player)} gained {a(e.card)}{where}."


def _drew(e: ev.Drew, who: Callable[[int], str]) -> str:
    return f"{who(e.player)} drew {grouped(e.cards) if e.cards else _count(e.count)}."


def _discarded(e: ev.Discarded, who: Callable[[int], str]) -> str:
    if e.cards:
        return f"{who(e.player)} discarded {grouped(e.cards)}."
    top = f", {e.top.name} on top" if e.top is not None else ""
    return f"{who(e.player)} discarded {_count(e.count)}{top}."


def _game_over(e: ev.GameOver, who: Callable[[int], str]) -> str:
    win = and_list([who(p) for p in e.winners])
    verb = "wins" if len(e.winners) == 1 else "share the win"
    scores = ", ".join(f"{who(s.player)} {s.vp} VP" for s in e.scores)
    reason = e.reason.value
    return f"Game over: {win} {verb}. {scores}. {reason[0].upper()}{reason[1:]}."


_WORDS = {
    ev.TurnStarted: lambda e, who: f"{who(e.player)}'s turn {e.turn}.",
    ev.PhaseStarted: lambda e, who: f"{who(e.player)}: {e.phase}.",
    ev.Played: lambda e, who: f"{who(e.player)} played {a(e.card)}" + (f" with {e.by.name}." if e.by else "."),
    ev.Drew: _drew,
    ev.Gained: _gained,
    ev.Bought: lambda e, who: f"{who(e.player)} bought {a(e.card)} for {e.cost} coins.",
    ev.Trashed: lambda e, who: f"{who(e.player)} trashed {a(e.card)}.",
    ev.Discarded: _discarded,
    ev.Revealed: lambda e, who: f"{who(e.player)} revealed {grouped(e.cards) if e.cards else 'an empty hand'}.",
    ev.LookedAt: lambda e, who: f"{who(e.player)} looked at {grouped(e.cards) if e.cards else 'the top of their deck'}.",
    ev.PutOnDeck: lambda e, who: f"{who(e.player)} put {grouped(e.cards) if e.cards else _count(e.count)} "
                                 "onto their deck.",
    ev.SetAside: lambda e, who: f"{who(e.player)} set aside {a(e.card)}.",
    ev.Shuffled: lambda e, who: f"{who(e.player)} shuffled "
                                + (f"{_count(e.count)}." if e.count is not None else "their deck."),
    ev.Reacted: lambda e, who: f"{who(e.player)} revealed {e.card.name}" + (f" for {e.to.name}." if e.to else "."),
    ev.Named: lambda e, who: f"{who(e.player)} named {e.card.name} for {e.for_card.name}.",
    ev.TookVP: lambda e, who: f"{who(e.player)} took {e.amount} VP, {e.total} in all.",
    ev.GameOver: _game_over,
}
