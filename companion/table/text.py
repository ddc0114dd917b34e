"""Words for the ear: what the table commands say. Short lines, key fact first, no columns."""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from companion.cards import Card, catalogue
from companion.cards.names import and_list, quote
from companion.kingdom import Kingdom
from companion.table.effects import effect_of
from companion.table.model import STARTING_DECK, Entry, Setup, State, Table
from companion.table.scoring import result_line, scores
from companion.table.turn import Turn
from companion.refusal import CommandError


def refused(typed: str, problem: str) -> CommandError:
    """A one-line refusal that quotes what was typed (unless the problem already quotes it)."""
    quoted = re.search(r"(?:^|\W)'(.+?)'(?:\W|$)", problem)  # as quote() writes it: 'king's court' holds an apostrophe
    if quoted and quoted.group(1).lower() in typed.lower():
        return CommandError(problem)
    verb = problem.split(" ", 1)[0]  # "coins x" needs a number; "undo": there is nothing to undo
    return CommandError(f"{quote(typed, 60)}{' ' if verb in ('is', 'needs', 'has', 'takes') else ', '}{problem}")


def pile_left(table: Table, cards: list[Card], named: bool = False) -> str:
    """"3 left" after one pile's card; "Village pile, 3 left, Silver pile, 9 left" after several (or ``named``)."""
    names = list(dict.fromkeys(c.name for c in cards))
    if len(names) == 1 and not named:
        return f"{table.state.piles[names[0]]} left"
    return ", ".join(f"{n} pile, {table.state.piles[n]} left" for n in names)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def fit_first(line: str, width: int = 40) -> list[str]:
    """A line of sentences as lines, the first at most ``width`` characters where a sentence ends there, for
    a braille display. A sentence is never broken inside: a screen reader says each line as one utterance."""
    if len(line) <= width:
        return [line]
    ends = [m.end() - 1 for m in re.finditer(r"[.?!] (?=\S)", line)]
    if not ends:
        return [line]
    within = [at for at in ends if at <= width]
    cut = within[-1] if within else ends[0]
    return [line[:cut], line[cut + 1:]]


def a_card(card: Card) -> str:
    if card.plural == card.name:  # "gained Gardens", not "a Gardens"
        return card.name
    return ("an " if card.name[0] in "AEIOU" else "a ") + card.name


def cards_said(cards: Iterable[Card]) -> str:
    """"a Province", "2 Coppers and an Estate": identical cards grouped, in the order first named."""
    counts = Counter(cards)
    return and_list([a_card(c) if n == 1 else c.counted(n) for c, n in counts.items()])


def deck_said(deck: dict[str, int]) -> str:
    cat = catalogue()
    items = sorted(((cat[name], n) for name, n in deck.items() if n), key=lambda cn: cn[0])
    return and_list([c.counted(n) for c, n in items]) or "no cards"


def setup_lines(name: str, setup: Setup) -> list[str]:
    """What to lay out, for ``table new``: piles and counts, reference cards, starting decks, first player."""
    n = len(setup.players)
    lines = [f"Table {name}, {plural(n, 'player')}."] + layout_lines(setup.kingdom_cards, n)
    order = [setup.players[(setup.first + i) % n] for i in range(n)]
    lines.append(f"{order[0]} goes first. Turn order, {and_list(order)}.")
    return lines


def layout_lines(kingdom: Kingdom, players: int) -> list[str]:
    """How to lay out a kingdom for ``players``: piles and counts, reference cards, starting decks."""
    cat = catalogue()
    sizes = kingdom.pile_sizes(players)
    basics = [c.counted(sizes[c]) for c in kingdom.basic_cards]
    by_size: dict[int, list[str]] = {}
    for card in kingdom.cards:
        by_size.setdefault(sizes[card], []).append(card.name)
    groups = sorted(by_size.items(), key=lambda kv: -len(kv[1]))
    piles = ", ".join(f"{size} each of {and_list(names)}" if len(names) > 1 else cat[names[0]].counted(size)
                      for size, names in groups)
    title = f" {kingdom.name}," if kingdom.name else ","
    lines = [
        f"Take out {len(sizes)} piles. Basic piles, {and_list(basics)}.",
        f"Kingdom{title} {piles}.",
    ]
    refs = "the 10 kingdom cards" + (", Platinum and Colony" if kingdom.platinum_colony else "")
    extra = "Put the Trash mat near the piles"
    if uses_vp_tokens(kingdom):
        extra += ", and the VP tokens"
    lines.append(f"Reference cards, {refs}, for each blind player. {extra}.")
    if players >= 5:
        lines.append(f"With {players} players, add the extra base cards from Base Cards or a second Dominion.")
    start = and_list([cat[c].counted(k) for c, k in STARTING_DECK])
    lines.append(f"Each player starts with {start}.")
    return lines


def layout_sheet(kingdom: Kingdom, players: int) -> list[tuple[int, str]]:
    """The layout for a printed or brailled sheet: what ``layout_lines`` says, with print's punctuation (a
    colon after a label; speech has commas) and one pile a line. Each line with its level: 0 for a line of
    its own, 1 for a pile listed under the line before."""
    cat = catalogue()
    sizes = kingdom.pile_sizes(players)
    lines: list[tuple[int, str]] = [(0, f"Take out {len(sizes)} piles."), (0, "Basic piles:")]
    lines += [(1, c.counted(sizes[c])) for c in kingdom.basic_cards]
    lines.append((0, f"Kingdom piles, {kingdom.name}:" if kingdom.name else "Kingdom piles:"))
    lines += [(1, c.counted(sizes[c])) for c in kingdom.cards]
    refs = "the 10 kingdom cards" + (", Platinum and Colony" if kingdom.platinum_colony else "")
    lines.append((0, f"Reference cards: {refs}, for each blind player."))
    lines.append((0, "Put the Trash mat near the piles" + (", and the VP tokens." if uses_vp_tokens(kingdom) else ".")))
    if players >= 5:
        lines.append((0, f"With {players} players, add the extra base cards from Base Cards or a second Dominion."))
    start = and_list([cat[c].counted(k) for c, k in STARTING_DECK])
    lines.append((0, f"Each player starts with: {start}."))
    return lines


def uses_vp_tokens(kingdom: Kingdom) -> bool:
    return any("VP" in line and "+" in line for c in kingdom.cards for line in c.text)


def turn_line(state: State) -> str:
    """This turn's calculator in one line, coins first; then pending Throne Rooms and uncounted cards."""
    t = state.turn
    coins, buys = max(0, t.coins), max(0, t.buys)
    line = f"{plural(coins, 'coin')}, {plural(buys, 'buy')}"
    line += "." if t.treasures else f", {plural(t.actions, 'action')}."  # none are played after a Treasure
    spent = overspent(t, t.counted)
    if spent:
        line += f"\n{spent}"
    waiting = t.waiting()
    if waiting:
        line += f"\nThen {and_list(waiting)}."
    if t.uncounted:
        line += f"\nNot counted, {and_list(t.uncounted)}."
    return line


def overspent(turn: Turn, coins_counted: bool = True) -> str:
    """``Spent 3 coins and 1 buy more than the calculator counted.``, or "" when nothing was: said, never
    refused, as a card may have given what the calculator could not count. ``coins_counted``: nothing was
    played nor typed with coins this turn, so only the Buys are known (1, and what plays gave)."""
    over = []
    if coins_counted and turn.coins < 0:
        over.append(plural(-turn.coins, "coin"))
    if turn.buys < 0:
        over.append(plural(-turn.buys, "buy"))
    return f"{SPENT} {and_list(over)} more than the calculator counted." if over else ""


SPENT = "Spent"  # the first word of the line that says a buy went past the count (kept at brief verbosity)


def vp_taken(table: Table, before: State, card: str) -> str:
    """The VP tokens the current player took for a Bishop's trashed card or a Collection's gain."""
    me = before.current
    took, total = table.state.tokens[me] - before.tokens[me], table.state.tokens[me]
    if not took:
        return f"{card}, no VP tokens for it."
    return f"{card}, {table.players[me]} took {plural(took, 'VP token')}, {total} in all."


def status_lines(name: str, table: Table, named: bool = True) -> list[str]:
    """Whose turn, this turn's counts, and the piles; ``named=False`` when the table's name was just said."""
    s = table.state
    if s.over:
        return [f"Game over, {s.over}.", (f"Table {name}. " if named else "") + "Type score for the result."]
    lines = [f"{table.current_name}'s turn {s.turns[s.current]}."]
    if s.turn.started:
        lines.append(turn_line(s))
    empty, low = s.empty_piles(), [n for n in s.piles if table.is_low(n)]
    piles = []
    if empty:
        piles.append(f"{len(empty)} empty")
    if low:
        piles.append(f"{len(low)} low")
    players = plural(len(table.players), 'player')
    lines.append((f"Table {name}, {players}" if named else players.capitalize())
                 + (f", piles {', '.join(piles)}." if piles else "."))
    ending = table.ending()
    if ending:
        lines.insert(0, f"Game ends this turn, {and_list(ending)}.")
    return lines


def piles_lines(table: Table, low_first: bool = False) -> list[str]:
    """All piles, grouped: by kind in Supply order, or by count with the lowest first."""
    s, cat = table.state, catalogue()
    empty = s.empty_piles()
    low = [n for n in s.piles if table.is_low(n)]
    head = f"{len(s.piles)} piles"
    bits = [f"{len(empty)} empty"] * bool(empty) + [f"{len(low)} low"] * bool(low)
    head += (", " + ", ".join(bits) + ".") if bits else ", none low."
    lines = [head]
    if low_first and not (empty or low):
        return lines  # "piles low" with none low: nothing more to list
    if low_first:
        by_count: dict[int, list[str]] = {}
        for name, n in sorted(s.piles.items(), key=lambda kv: (kv[1], cat[kv[0]])):
            by_count.setdefault(n, []).append(name)
        groups = [f"{n} left, {and_list(names)}." for n, names in by_count.items()]
        lines.extend(groups)
        return lines
    if empty:
        lines.append(f"Empty, {and_list(empty)}.")
    if low:
        lines.append(f"Low, {and_list([f'{n} {s.piles[n]}' for n in sorted(low, key=lambda x: s.piles[x])])}.")
    basic = [c.name for c in table.setup.kingdom_cards.basic_cards]
    lines.append("Basic, " + ", ".join(f"{n} {s.piles[n]}" for n in basic) + ".")
    kingdom = [c.name for c in table.setup.kingdom_cards.cards]
    counts = Counter(s.piles[n] for n in kingdom)
    common, _ = counts.most_common(1)[0]
    rest = [f"{n} {s.piles[n]}" for n in kingdom if s.piles[n] != common]
    same = [n for n in kingdom if s.piles[n] == common]
    line = f"Kingdom, {common} each of {and_list(same)}."  # no colon or semicolon: Orca says them
    if rest:
        line += f" {', '.join(rest)}."
    lines.append(line)
    return lines


def pile_line(table: Table, card: Card) -> str:
    left = table.state.piles[card.name]
    full = table.setup.pile_sizes()[card.name]
    tail = ", empty" if left == 0 else ", low" if table.is_low(card.name) else ""
    return f"{card.name}, {left} left of {full}{tail}."


def score_lines(table: Table, final: bool = False) -> list[str]:
    all_scores = scores(table)
    ranked = sorted(all_scores, key=lambda s: (-s.vp, s.turns))
    if final or table.state.over:
        first = result_line(all_scores)
    else:
        best = [s for s in ranked if s.vp == ranked[0].vp]
        if len(best) == len(ranked):
            first = f"All tied at {ranked[0].vp} VP."
        elif len(best) > 2:
            first = f"{len(best)} players lead with {ranked[0].vp} VP."
        else:
            names = and_list([s.player for s in best])
            first = f"{names} {'lead' if len(best) > 1 else 'leads'} with {ranked[0].vp} VP."
    return [first, ", ".join(str(s) for s in ranked) + "."]


def player_score_lines(table: Table, player: int) -> list[str]:
    score = scores(table)[player]
    details = score.details()
    return [f"{score.player} {score.vp} VP, {plural(score.cards, 'card')}.",
            f"{details[0].upper()}{details[1:]}.", f"{plural(score.turns, 'turn')} taken."]


def describe(table: Table, entry: Entry, state: State) -> str:
    """An entry in the past tense, e.g. "Ann bought a Province". ``state`` is the state it was made in."""
    cat = catalogue()
    names = and_list([table.players[p] for p in entry.players])
    cards = cards_said(cat[c] for c in entry.cards)
    if entry.verb == "buy":
        return f"{names} bought {cards}"
    if entry.verb == "gain":
        return f"{and_list([table.players[p] for p in table.receivers(state, entry)])} gained {cards}"
    if entry.verb == "trash":
        return f"{names} trashed {cards}"
    if entry.verb == "vp":
        took = "took" if entry.amount >= 0 else "gave back"
        return f"{names} {took} {plural(abs(entry.amount), 'VP token')}"
    if entry.verb == "play":
        return f"{table.players[state.current]} played {cards}"
    if entry.verb == "coins":
        way = "added to" if entry.amount >= 0 else "taken from"
        return f"{plural(abs(entry.amount), 'coin')} {way} {table.players[state.current]}'s turn"
    if entry.verb == "next":
        return f"the end of {table.players[state.current]}'s turn"
    if entry.verb == "count":
        return f"{names}'s count of {cat[entry.cards[0]].plural} set to {entry.amount}"
    if entry.verb == "pile":
        return f"the {entry.cards[0]} pile set to {entry.amount}"
    return "the end of the game"


def gain_reminders(table: Table, entry: Entry, got: list[int]) -> list[str]:
    """What else the gain of ``entry`` makes the player do, for them to record: a Gold for each Hoard play
    when they buy a Victory card; Mint trashing the Treasures in play. ``got``: the players who gained."""
    turn, who = table.state.turn, table.current_name
    if table.state.current not in got:
        return []
    cat, lines = catalogue(), []
    cards = [cat[name] for name in entry.cards]
    if entry.verb == "buy":
        golds: Counter[str] = Counter()
        for kind, gain in turn.gains_on_buy:
            golds[gain] += sum(kind in c.types for c in cards)
        giver = next((c.name for c in table.setup.kingdom_cards.cards if effect_of(c).gain_on_buy), "")
        for name, n in golds.items():
            card = cat[name]
            if n and table.state.piles.get(name):  # an empty pile gives nothing
                typed = card.counted(n).lower() if n > 1 else card.name.lower()
                lines.append(f"{giver}, {who} gains {a_card(card) if n == 1 else card.counted(n)} too. "
                             f"Type gain {typed}.")
    if any(effect_of(c).trashes_treasures for c in cards):
        there = {name: turn.in_play(name) for name in dict.fromkeys(turn.played)
                 if cat[name].is_treasure or name in table.treasure_values}
        said = [(cat[name].counted(n) if n > 1 else name).lower() for name, n in there.items() if n]
        if said:
            mint = [c for c in cards if effect_of(c).trashes_treasures][0]
            lines.append(f"{mint.name} trashes the Treasures in play. Type trash {' '.join(said)}.")
    return lines
