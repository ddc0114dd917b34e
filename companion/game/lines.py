"""One-line summaries: status, hand, the start of a turn, score, the game's end, the Supply, your
options and the log. Each is said to one seat, from that seat's view alone.
"""

from __future__ import annotations

from companion.cards import Card
from companion.cards.names import and_list, or_list
from companion.engine import Phase, Purpose
from companion.engine.events import Event, TurnStarted
from companion.engine.view import PlayerView
from companion.game.fitting import BRIEF_WORDS, Said, Spoken
from companion.game.money import asking_note, cost_after, money, more_in_treasures
from companion.game.questions import distinct, is_turn_decision, question
from companion.game.sentences import BY_BOT, is_own, name_of, render_events
from companion.game.words import coins, count, grouped, possessive

LOW_PILE = 3


# ---- summaries ------------------------------------------------------------------------------------
def status_line(view: PlayerView, named: bool = False) -> str:
    """The turn in one line; ``named``: whose turn by name, even your own (friends at one keyboard)."""
    current = view.current
    whose = view.name_of(current) if named else name_of(view, current)
    turn_no = view.turns(current)
    if view.over:
        return "The game is over. Type score, or log."
    phase = {Phase.ACTION: "Action phase", Phase.BUY: "Buy phase", Phase.START: "start of turn",
             Phase.CLEANUP: "Clean up"}.get(view.phase, str(view.phase))
    line = (f"{possessive(whose)} turn {turn_no}, {phase}. {count(view.actions, 'action')}, "
            f"{count(view.buys, 'buy')}, {coins(view.coins)}")
    if view.my_turn:
        line += more_in_treasures(money(view))
    return line + "."


def hand_line(view: PlayerView) -> str:
    hand = view.hand
    if not hand:
        return "Your hand is empty."
    return f"Hand, {count(len(hand), 'card')}. {grouped(hand)}."


def deck_line(view: PlayerView) -> str:
    """Your deck's size and how many cards you have (the rules let you count your deck, not your discard)."""
    return (f"{count(view.deck_size(), 'card')} in your deck. {count(view.total_cards(), 'card')} in all. "
            f"Type owned to hear them.")


def owned_lines(view: PlayerView) -> list[str]:
    """Every card you own, grouped, then where the rules let you know they are."""
    owned = view.owned()
    lines = [f"You own {count(view.total_cards(), 'card')}. {grouped(owned.elements())}."]
    hand = view.hand
    if hand:
        lines.append(f"In hand, {grouped(hand)}.")
    play, aside = view.in_play(), view.set_aside()
    elsewhere = [f"in play, {grouped(play)}"] if play else []
    elsewhere += [f"set aside, {grouped(aside)}"] if aside else []
    for said in elsewhere:
        lines.append(f"{said[0].upper()}{said[1:]}.")
    top = view.discard_top()
    on_top = f", {top.name} on top of your discard pile" if top is not None else ""
    lines.append(f"{count(view.deck_size(), 'card')} in your deck{on_top}.")
    return lines


def discard_line(view: PlayerView) -> str:
    """Your discard pile's top card: the rules let you see it, not count or look through the pile."""
    top = view.discard_top()
    return "Your discard pile is empty." if top is None else f"Your discard pile has {top.name} on top."


def seat_line(view: PlayerView, seat: int) -> str:
    """What anyone at the table may see of ``seat``: the hand's size, the discard pile's top card, the cards in
    play and set aside, VP tokens. Never a deck's or a discard pile's size: the rules let no one count another
    player's deck, nor any discard pile (only your own deck, which ``deck`` says)."""
    who = name_of(view, seat)
    parts = [f"{who}, {count(view.hand_size(seat), 'card')} in hand."]
    parts.append(discard_top_line(view, seat, named=False))
    play, aside, tokens = view.in_play(seat), view.set_aside(seat), view.vp_tokens(seat)
    if play:
        parts.append(f"In play, {grouped(play)}.")
    if aside:
        parts.append(f"Set aside, {grouped(aside)}.")
    if tokens:
        parts.append(f"{count(tokens, 'VP token')}.")
    return " ".join(parts)


def discard_top_line(view: PlayerView, seat: int, named: bool = True) -> str:
    """The top card of ``seat``'s discard pile, which everyone may see ("Ben's discard pile has Gold on top.")."""
    top = view.discard_top(seat)
    pile = f"{possessive(name_of(view, seat))} discard pile" if named else "Discard pile"
    if name_of(view, seat) == "You" and named:
        pile = "Your discard pile"
    return f"{pile} is empty." if top is None else f"{pile} has {top.name} on top."


def tops_line(view: PlayerView) -> str:
    """Every other player's discard pile top, in seat order from the next player: "Top of each discard pile.
    Ben's is Gold, Cy's is empty." (each name owns its card: "Ben Gold" was heard as a name)."""
    others = [(view.player + k) % view.players for k in range(1, view.players)] if view.player >= 0 \
        else list(range(view.players))
    if len(others) == 1:  # one other player: said as discard Ben says it
        return discard_top_line(view, others[0])
    said = []
    for seat in others:
        top = view.discard_top(seat)
        said.append(f"{possessive(view.name_of(seat))} is {top.name if top is not None else 'empty'}")
    return f"Top of each discard pile. {', '.join(said)}."


def turn_start(view: PlayerView, verbosity: str, people: int) -> str:
    """The start of the turn of ``view``'s seat, with its hand (``people``: how many share the game)."""
    turn_no = view.turns()
    hand = view.hand
    said = grouped(hand) if hand else "Your hand is empty"
    if verbosity == "brief":
        return f"Turn {turn_no}, {said}."
    # alone, "Turn 4." is yours (other players' turns are said by name); friends sharing it hear whose
    lines = f"Turn {turn_no}. {said}." if people == 1 else f"{possessive(view.name)} turn {turn_no}. {said}."
    if verbosity == "full":  # you may count your deck, but not your discard pile
        lines += f" Deck {view.deck_size()}."
    return lines


def score_line(view: PlayerView) -> str:
    parts = [f"{name_of(view, p)} {view.vp(p)} VP" for p in range(view.players)]
    return f"Score. {and_list(parts)}."


def end_message(view: PlayerView, verbosity: str = "normal", named: bool = False) -> Spoken:
    """The end of the game as the seat of ``view`` hears it (the game must be over). ``named``: friends at
    one keyboard all hear it, so every player is named, never "You"."""
    viewer = -1 if named else view.player
    r = view.result
    assert r is not None
    scores = sorted(r.scores, key=lambda s: -s.vp)

    def who(seat: int) -> str:
        return view.name_of(seat) if named else name_of(view, seat)

    if verbosity == "brief":
        names = and_list([who(w) for w in r.winners])
        verb = "win" if names == "You" or len(r.winners) > 1 else "wins"
        if len(scores) <= 3:
            return f"Game over. {names} {verb}, {' to '.join(str(s.vp) for s in scores)} VP."
        mine = next((s.vp for s in scores if s.player == viewer), None)  # many players: the top and yours
        yours = f" You {mine}." if mine is not None and viewer not in r.winners else ""
        return f"Game over. {names} {verb}, {scores[0].vp} VP.{yours}"
    said = and_list([f"{who(s.player)} {s.vp}" for s in scores])
    winners = [who(w) for w in r.winners]
    if len(winners) > 1:
        won = f"{and_list(winners)} share the win."
    elif winners[0] == "You":
        won = "You win."
    else:
        won = f"{winners[0]} wins."
    text = f"Game over. {won} {r.reason.value[0].upper() + r.reason.value[1:]}. VP, {said}."
    return Said(f"{text} Type log to review it.", text)


def supply_lines(view: PlayerView, low_first: bool = False) -> list[str]:
    """Piles grouped by cost (cheapest first), or low piles first."""
    supply = view.supply
    if low_first:
        order = sorted(supply, key=lambda c: (supply[c], view.cost(c), c.name))
        low = [c for c in order if supply[c] <= 5]
        head = f"Low piles, {and_list([f'{c.name} {supply[c]}' for c in low])}." if low else "No pile has 5 or fewer."
        return [head, f"{count(view.empty_piles(), 'pile')} empty, {view.piles_to_end} end the game."]
    by_cost: dict[int, list[Card]] = {}
    for c in supply:
        by_cost.setdefault(view.cost(c), []).append(c)
    lines = []
    for cost in sorted(by_cost):
        items = [f"{c.name} {supply[c]}" for c in sorted(by_cost[cost], key=lambda c: c.name)]
        lines.append(f"{coins(cost).capitalize()}. {', '.join(items)}.")
    return lines


def options_line(view: PlayerView, verbosity: str = "normal", every: bool = False) -> str:
    """What you can do now and what it costs (at brief, the dearest cards that fit in 15 words; otherwise
    the six dearest and how many more, and how to hear them; ``every``: all of them, as options all says):
    the decision waiting for the seat of ``view``, read from the view, so it is never another seat's."""
    d = view.pending
    if d is None:
        return "The game is over. Type score, log or new."
    if not is_turn_decision(d):
        return question(view, d, "normal")
    if d.purpose is Purpose.PLAY_ACTION:
        acts = distinct([c for c in d.options])  # type: ignore[attr-defined]
        return (f"Play {or_list([c.name for c in acts])}, {count(view.actions, 'action')} left. "
                f"Or buy a card, or end.")
    if d.purpose is Purpose.PLAY_TREASURES:
        m = money(view)
        total = m.total
        supply = view.supply
        fits = sorted({c for c in supply if supply[c] and cost_after(view, c, m) <= total and not c.is_curse},
                      key=lambda c: (-cost_after(view, c, m), c.name))
        can = fits if every else fits[:6]
        extra = f" {asking_note(m)}" if m.asking else ""
        while True:
            more = len(fits) - len(can) if verbosity != "brief" else 0  # brief: the dearest, as few words
            names = [c.name for c in can] + ([f"{more} more"] if more else [])
            line = (f"{coins(total).capitalize()} with your Treasures.{extra} "
                    f"Buy {or_list(names)}, or end." + (" Type options all to hear them." if more else ""))
            if verbosity != "brief" or len(can) <= 1 or len(line.split()) <= BRIEF_WORDS:
                return line
            can = can[:-1]
    buyable = sorted(view.buyable(), key=lambda c: (-view.cost(c), c.name))
    if not buyable:
        return f"Nothing costs {coins(view.coins)} or less. Type end."
    groups: dict[int, list[str]] = {}
    for c in buyable:
        groups.setdefault(view.cost(c), []).append(c.name)
    said = ". ".join(f"{k} coins, {and_list(v)}" for k, v in groups.items())
    return f"Buy with {coins(view.coins)}, {count(view.buys, 'buy')}. {said}. Or end."


def log_lines(view: PlayerView, verbosity: str) -> list[str]:
    """The whole log as the seat of ``view`` may know it: one line per turn, oldest first."""
    lines = _turn_lines(view, 0, verbosity)
    if view.over:
        lines.append(str(end_message(view)))
    return lines


def log_tail(view: PlayerView, verbosity: str, n: int) -> tuple[list[str], int]:
    """``log_lines(view, verbosity)[-n:]`` (``n`` from 0, which is every line) and how many lines there
    are in all, putting into words only the turns shown: each line says one turn from its own events alone,
    so the last lines need only the last turns' events. (A turn starts for everyone: every player sees each
    TurnStarted as it is, so the turns can be found in the game's own log without filtering it.)"""
    starts = view.turn_starts()
    end = [str(end_message(view))] if view.over else []
    total = len(starts) + len(end)
    if n <= 0 or n >= total:  # every line (as lines[-0:] is)
        return log_lines(view, verbosity), total
    turns = n - len(end)
    shown = _turn_lines(view, starts[-turns], verbosity) if turns else []
    return shown + end, total


def _turn_lines(view: PlayerView, since: int, verbosity: str) -> list[str]:
    """One line per turn for the log from ``since`` on, as the seat of ``view`` may know it (the events
    before the first turn's start are the set-up's)."""
    events = view.log(since)
    bot_did = view.done_by_bot(since)  # positions in ``events``
    lines: list[str] = []
    chunk: list[Event] = []
    first = 0  # the position in ``events`` of the chunk's first event
    starts: list[TurnStarted] = []  # the TurnStarted that opens the chunk

    def close() -> None:
        if chunk:
            start = starts[-1]
            did = [at - first for at in bot_did if first <= at < first + len(chunk)] if bot_did else ()
            said = [str(line) for line in render_events(view, chunk, verbosity, bot_did=did, treasures=True)]
            who = name_of(view, start.player)
            head = f"{possessive(who)} turn {start.turn}"
            bot = f"{BY_BOT} {'you' if who == 'You' else who}, "
            if said and said[0].startswith(bot):  # a bot played this turn for its person
                head, said[0] = f"{head}, played by the bot", said[0][len(bot):]
            elif said and said[0].startswith(who + " "):
                said[0] = said[0][len(who) + 1:]
            elif said and who == "You" and is_own(said[0]):  # "Played Smithy." after "Your turn 4, "
                said[0] = said[0][0].lower() + said[0][1:]
            body = " ".join(said) if said else "nothing played or bought."
            lines.append(f"{head}, {body}")

    for at, e in enumerate(events):
        if isinstance(e, TurnStarted):
            close()
            chunk = [e]
            first = at
            starts.append(e)
        elif chunk:
            chunk.append(e)
    close()
    return lines
