"""Positions as text: a game's whole state between plays, written and read like a chess FEN.

``position_of(game)`` captures the position a game is in while it waits for a turn's own question
(start of turn, an Action to play, Treasures to play, a card to buy); ``Position.text()`` writes it;
``parse_position(text)`` reads it back (the text is hostile: every mistake is a PositionError with a
sentence). ``GameSetup.from_position(position, seats)`` starts a game there: it is then played, undone,
replayed and saved like any other, because a game is still its setup (which carries the starting
position), its seed and its answers. The format is documented in docs/positions.md.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from companion.cards import Card, catalogue
from companion.kingdom import KINGDOM_SIZE, Kingdom, KingdomError, check_players, ordered

if TYPE_CHECKING:
    from companion.engine.game import Game

VERSION = 1
HEADER = "Dominion position"
PHASES = ("start", "action", "treasures", "buy")
GAIN_EFFECTS = ("Hoard", "Collection", "Tiara")  # "this turn, when you gain a card"
ZONES = ("deck", "hand", "discard", "play", "aside")
MAX_NUMBER = 10_000  # no count in a position is larger (piles, coins, tokens, turns)
MAX_DRAWS = 2_000_000  # random numbers drawn since the seed: replaying them takes about 0.1 s
MAX_CARDS = 5_000  # cards in all the zones together
SETUP_DRAWS = 9  # random() calls that shuffling one starting deck of 10 cards takes


class PositionError(ValueError):
    """A position that cannot be read or written; ``str()`` says why in a sentence."""


@dataclass(frozen=True, slots=True)
class PlayerPosition:
    """One player's cards and tokens. ``deck`` lists the top card first; ``discard`` ends with its top card."""

    deck: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    play: tuple[Card, ...] = ()
    aside: tuple[Card, ...] = ()
    vp_tokens: int = 0
    turns: int = 0


@dataclass(frozen=True, slots=True)
class Position:
    """Everything needed to go on playing exactly: every zone, the turn's state and the random numbers.

    ``phase`` is where the turn stands: ``start`` (start-of-turn questions, such as Clerk), ``action``,
    ``treasures`` (Buy phase, Treasures may still be played), ``buy`` (Buy phase, buying only).
    Shuffles draw from ``random.Random(seed)``; with ``after_setup`` the seed first set up a standard
    game of this many players; then ``draws`` numbers have been drawn for shuffles.
    """

    kingdom: Kingdom
    supply: tuple[tuple[Card, int], ...]
    players: tuple[PlayerPosition, ...]
    current: int = 0
    phase: str = "action"
    actions: int = 1
    buys: int = 1
    coins: int = 0
    trash: tuple[Card, ...] = ()
    discount: int = 0  # Quarry: Action cards cost this much less this turn
    gain_effects: tuple[str, ...] = ()  # Hoard, Collection, Tiara played this turn, in order
    merchants: int = 0  # Merchants played this turn still waiting for the first Silver
    silver_played: bool = False
    named: tuple[Card, ...] = ()  # named for War Chest this turn
    bought: bool = False
    seed: int = 0
    after_setup: bool = False
    draws: int = 0

    def __post_init__(self) -> None:
        check_position(self)

    def text(self) -> str:
        return write_position(self)

    @property
    def pile_cards(self) -> tuple[Card, ...]:
        return tuple(c for c, _ in self.supply)


def _names() -> dict[str, Card]:
    return {c.name.lower(): c for c in catalogue()}


# ---- checks ----------------------------------------------------------------------------------------
def _count(name: str, value: int, low: int = 0, high: int = MAX_NUMBER) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PositionError(f"The position's {name} must be a whole number from {low} to {high}, not {value}.")


def check_position(p: Position) -> None:
    """Raise PositionError unless ``p`` is a position a game can be played from."""
    try:
        check_players(len(p.players))
    except KingdomError as e:
        raise PositionError(str(e)) from None
    k = p.kingdom
    if len(k.cards) != KINGDOM_SIZE or len(set(k.cards)) != KINGDOM_SIZE:
        raise PositionError(f"The position's kingdom must have {KINGDOM_SIZE} different cards.")
    if any(not c.is_kingdom for c in k.cards):
        bad = next(c for c in k.cards if not c.is_kingdom)
        raise PositionError(f"{bad.name} is not a kingdom card.")
    piles = k.supply_cards
    given = [c for c, _ in p.supply]
    if len(given) != len(set(given)) or set(given) != set(piles):
        missing = [c.name for c in piles if c not in given]
        extra = [c.name for c in given if c not in piles]
        what = f"no {missing[0]} pile" if missing else (f"a {extra[0]} pile" if extra else "a pile twice")
        raise PositionError(f"The position's Supply has {what}; it needs each pile of the kingdom once.")
    for c, n in p.supply:
        _count(f"{c.name} pile", n)
    total = len(p.trash)
    for i, pl in enumerate(p.players):
        total += sum(len(getattr(pl, zone)) for zone in ZONES)
        _count(f"player {i + 1} VP tokens", pl.vp_tokens)
        _count(f"player {i + 1} turns", pl.turns)
    if total > MAX_CARDS:
        raise PositionError(f"The position has {total} cards; at most {MAX_CARDS} are allowed.")
    _count("player whose turn it is", p.current + 1, 1, len(p.players))
    if p.players[p.current].turns < 1:  # it counts the turn under way ("Your turn 0" was said)
        raise PositionError(f"player {p.current + 1} turns: it is player {p.current + 1}'s turn, so at least 1, "
                            "counting this one.")
    if p.phase not in PHASES:
        raise PositionError(f"The phase {p.phase!r} is not one of {', '.join(PHASES)}.")
    for name in ("actions", "buys", "coins", "discount", "merchants"):
        _count(name, getattr(p, name))
    _count("seed", p.seed, 0, 2**63)
    _count("draws", p.draws, 0, MAX_DRAWS)
    for g in p.gain_effects:
        if g not in GAIN_EFFECTS:
            raise PositionError(f"{g!r} is not a 'when you gain' effect; use {', '.join(GAIN_EFFECTS)}.")
    if p.merchants and p.silver_played:
        raise PositionError("Merchants cannot wait for a first Silver once a Silver was played.")


# ---- writing ---------------------------------------------------------------------------------------
def runs(cards: Sequence[Card]) -> str:
    """``Copper, Copper, Estate, Copper`` as ``2 Copper, Estate, Copper``: order kept, repeats counted."""
    out: list[str] = []
    i = 0
    while i < len(cards):
        j = i
        while j < len(cards) and cards[j] is cards[i]:
            j += 1
        out.append(f"{j - i} {cards[i].name}" if j - i > 1 else cards[i].name)
        i = j
    return ", ".join(out) if out else "none"


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def write_position(p: Position) -> str:
    lines = [
        f"{HEADER} {VERSION}",
        f"kingdom: {', '.join(c.name for c in p.kingdom.cards)}",
        f"colony: {_yes(p.kingdom.platinum_colony)}",
        f"supply: {', '.join(f'{n} {c.name}' for c, n in p.supply)}",
        f"trash: {runs(p.trash)}",
        f"players: {len(p.players)}",
        f"turn: player {p.current + 1}",
        f"phase: {p.phase}",
        f"actions: {p.actions}",
        f"buys: {p.buys}",
        f"coins: {p.coins}",
    ]
    if p.discount:
        lines.append(f"discount: {p.discount}")
    if p.gain_effects:
        lines.append(f"gain effects: {', '.join(p.gain_effects)}")
    if p.merchants:
        lines.append(f"merchants waiting: {p.merchants}")
    if p.silver_played:
        lines.append("silver played: yes")
    if p.named:
        lines.append(f"named: {', '.join(c.name for c in p.named)}")
    if p.bought:
        lines.append("bought: yes")
    setup = ", setup" if p.after_setup else ""
    lines.append(f"random: seed {p.seed}{setup}, {p.draws} draws")
    for i, pl in enumerate(p.players, 1):
        lines.append(f"player {i} turns: {pl.turns}")
        if pl.vp_tokens:
            lines.append(f"player {i} tokens: {pl.vp_tokens}")
        for zone in ZONES:
            cards = getattr(pl, zone)
            if cards or zone in ("deck", "hand", "discard"):
                lines.append(f"player {i} {zone}: {runs(cards)}")
    return "\n".join(lines) + "\n"


# ---- reading ---------------------------------------------------------------------------------------
_KEY = re.compile(r"^[a-z][a-z0-9 ]*$")
_RUN = re.compile(r"^(?:(\d{1,5})\s+)?([^\d].*)$")
_PLAYER = re.compile(r"^player (\d) (turns|tokens|deck|hand|discard|play|aside)$")
_RANDOM = re.compile(r"^seed (\d{1,19})(, setup)?, (\d{1,9}) draws?$")
_TURN_KEYS = ("turn", "phase", "actions", "buys", "coins", "discount", "gain effects", "merchants waiting",
              "silver played", "named", "bought", "random", "trash", "players", "kingdom", "colony", "supply")


def _card(names: dict[str, Card], text: str, where: str) -> Card:
    card = names.get(" ".join(text.split()).lower())
    if card is None:
        raise PositionError(f"{where}: {text.strip()!r} is not a card name.")
    return card


def _cards(names: dict[str, Card], text: str, where: str) -> tuple[Card, ...]:
    text = text.strip()
    if text.lower() in ("", "none"):
        return ()
    out: list[Card] = []
    for part in text.split(","):
        m = _RUN.match(part.strip())
        if not m:
            raise PositionError(f"{where}: {part.strip()!r} is not a card or a count and a card.")
        n = int(m.group(1) or 1)
        if not 1 <= n <= MAX_CARDS or len(out) + n > MAX_CARDS:
            raise PositionError(f"{where}: too many cards.")
        out += [_card(names, m.group(2), where)] * n
    return tuple(out)


def _int(text: str, where: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 19:
        raise PositionError(f"{where}: {text!r} is not a whole number.")
    return int(text)


def _flag(text: str, where: str) -> bool:
    t = text.strip().lower()
    if t not in ("yes", "no"):
        raise PositionError(f"{where}: say yes or no, not {text.strip()!r}.")
    return t == "yes"


def parse_position(text: str) -> Position:
    """The Position a text holds; PositionError with a sentence if it is not one."""
    if not isinstance(text, str):
        raise PositionError("A position is text.")
    if len(text) > 200_000:
        raise PositionError("The position is too long to be one.")
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        ln = raw.strip()
        if not ln or ln.startswith("#"):
            continue
        if raw[:1] in (" ", "\t") and len(lines) > 1:
            lines[-1] += " " + ln  # an indented line goes on with the line before
        else:
            lines.append(ln)
    if not lines:
        raise PositionError("The position is empty.")
    head = lines[0].split()
    if len(head) != 3 or " ".join(head[:2]).lower() != HEADER.lower() or not (head[2].isascii() and head[2].isdigit()):
        raise PositionError(f"A position starts with the line '{HEADER} {VERSION}'.")
    if int(head[2]) > VERSION:
        raise PositionError(f"The position is version {head[2]}; this program reads version {VERSION}.")
    fields: dict[str, str] = {}
    for ln in lines[1:]:
        key, colon, value = ln.partition(":")
        key = " ".join(key.lower().split())
        if not colon or not _KEY.match(key):
            raise PositionError(f"The line {ln[:40]!r} is not 'name: value'.")
        if key not in _TURN_KEYS and not _PLAYER.match(key):
            raise PositionError(f"The position has an unknown line {key!r}.")
        if key in fields:
            raise PositionError(f"The position has {key!r} twice.")
        fields[key] = value.strip()
    names = _names()
    for key in ("kingdom", "supply", "players", "turn", "phase"):
        if key not in fields:
            raise PositionError(f"The position has no {key!r} line.")
    kingdom_cards = _cards(names, fields["kingdom"], "kingdom")
    colony = _flag(fields.get("colony", "no"), "colony")
    kingdom = Kingdom(ordered(kingdom_cards), colony)
    if len(kingdom.cards) != len(kingdom_cards):
        raise PositionError(f"The kingdom must have {KINGDOM_SIZE} different cards.")
    supply: list[tuple[Card, int]] = []
    for part in fields["supply"].split(","):
        m = _RUN.match(part.strip())
        if not m or m.group(1) is None:
            raise PositionError(f"supply: {part.strip()!r} is not a count and a card, such as '46 Copper'.")
        supply.append((_card(names, m.group(2), "supply"), int(m.group(1))))
    order = {c: i for i, c in enumerate(kingdom.supply_cards)}
    supply.sort(key=lambda cn: order.get(cn[0], len(order)))
    n = _int(fields["players"], "players")
    if not 2 <= n <= 6:
        raise PositionError(f"Dominion is for 2 to 6 players, not {n}.")
    for key in fields:
        pm = _PLAYER.match(key)
        if pm and not 1 <= int(pm.group(1)) <= n:
            raise PositionError(f"The position has {n} players, but a line for player {pm.group(1)}.")
    turn = fields["turn"].strip().lower()
    if not turn.startswith("player ") or not (turn[7:].strip().isascii() and turn[7:].strip().isdigit()):
        raise PositionError(f"turn: say whose turn it is as 'player 1', not {fields['turn'].strip()!r}.")
    current = int(turn[7:].strip())
    players = []
    for i in range(1, n + 1):
        zones = {z: _cards(names, fields.get(f"player {i} {z}", ""), f"player {i} {z}") for z in ZONES}
        players.append(PlayerPosition(
            deck=zones["deck"], hand=zones["hand"], discard=zones["discard"], play=zones["play"],
            aside=zones["aside"], vp_tokens=_int(fields.get(f"player {i} tokens", "0"), f"player {i} tokens"),
            # The current player's count includes the turn under way: 1 at least, and 1 when not written.
            turns=_int(fields.get(f"player {i} turns", "1" if i == current else "0"), f"player {i} turns")))
    rnd = _RANDOM.match(" ".join(fields.get("random", "seed 0, 0 draws").lower().split()))
    if not rnd:
        raise PositionError("random: write it as 'seed 7, 0 draws' or 'seed 7, setup, 12 draws'.")
    gains = tuple(g.strip().title() for g in fields.get("gain effects", "").split(",") if g.strip())
    if len(gains) == 1 and gains[0].lower() == "none":
        gains = ()
    position = Position(
        kingdom=kingdom, supply=tuple(supply), players=tuple(players),
        current=current - 1, phase=fields["phase"].strip().lower(),
        actions=_int(fields.get("actions", "1"), "actions"), buys=_int(fields.get("buys", "1"), "buys"),
        coins=_int(fields.get("coins", "0"), "coins"), trash=_cards(names, fields.get("trash", ""), "trash"),
        discount=_int(fields.get("discount", "0"), "discount"), gain_effects=gains,
        merchants=_int(fields.get("merchants waiting", "0"), "merchants waiting"),
        silver_played=_flag(fields.get("silver played", "no"), "silver played"),
        named=_cards(names, fields.get("named", ""), "named"), bought=_flag(fields.get("bought", "no"), "bought"),
        seed=int(rnd.group(1)), after_setup=bool(rnd.group(2)), draws=int(rnd.group(3)))
    check_cards_in_game(position)
    return position


# ---- a game's position, and a game from a position ------------------------------------------------
TURN_PURPOSES = {"START_OF_TURN": "start", "PLAY_ACTION": "action", "PLAY_TREASURES": "treasures", "BUY": "buy"}


def where_now(game: "Game") -> str | None:
    """The phase a position of ``game`` would have now, or None if it waits inside a card's question."""
    d = game.pending
    if d is None or d.card is not None or d.player != game.current:
        return None
    return TURN_PURPOSES.get(d.purpose.name)


def position_of(game: "Game") -> Position:
    """The position ``game`` is in; PositionError if it is over or waits inside a card's question."""
    if game.pending is None:
        raise PositionError("The game is over, so it has no position to play on from.")
    phase = where_now(game)
    if phase is None:
        raise PositionError("A position is written between plays; answer this question first.")
    t = game.turn
    start = game.setup.start
    merchants = t.merchants
    hooks = tuple(w.source for w in t.gain_hooks)
    if any(h not in GAIN_EFFECTS for h in hooks):
        raise PositionError("This turn has an effect a position cannot hold.")
    return Position(
        kingdom=Kingdom(game.kingdom.cards, game.kingdom.platinum_colony),
        supply=tuple(game.supply.items()),
        players=tuple(PlayerPosition(tuple(reversed(ps.deck)), tuple(ps.hand), tuple(ps.discard), tuple(ps.play),
                                     tuple(ps.aside), ps.vp_tokens, ps.turns) for ps in game.players),
        current=game.current, phase=phase, actions=t.actions, buys=t.buys, coins=t.coins,
        trash=tuple(game.trash), discount=t.action_discount, gain_effects=hooks,
        merchants=merchants if merchants > 0 else 0, silver_played=t.silver_played or merchants < 0,
        named=tuple(t.named), bought=t.bought,
        seed=start.seed if start is not None else game.setup.seed,
        after_setup=start.after_setup if start is not None else True,
        draws=game.draws + (start.draws if start is not None else 0))


def random_for(p: Position) -> random.Random:
    """The random numbers the position's game goes on with: its seed, the setup's draws, then ``draws``."""
    from companion.engine.shuffle import shuffle

    rng = random.Random(p.seed)
    if p.after_setup:
        for _ in p.players:
            shuffle([None] * (SETUP_DRAWS + 1), rng.random)
        rng.randrange(len(p.players))
    draw = rng.random
    for _ in range(p.draws):
        draw()
    return rng


def place(game: "Game", p: Position) -> None:
    """Put ``game`` (being built) into position ``p``; the flow then resumes at ``p.phase``."""
    from companion.engine.effects.base import merchant_hook
    from companion.engine.effects.prosperity import gain_hooks
    from companion.engine.supply import Supply
    from companion.engine.turn import Turn

    game.rng = random_for(p)
    game.supply = Supply(p.supply)
    game.trash = list(p.trash)
    for ps, pl in zip(game.players, p.players):
        ps.deck = list(reversed(pl.deck))
        ps.hand, ps.discard, ps.play, ps.aside = list(pl.hand), list(pl.discard), list(pl.play), list(pl.aside)
        ps.have = None  # (counted afresh when asked)
        ps.vp_tokens, ps.turns = pl.vp_tokens, pl.turns
    game.current = p.current
    t = game.turn = Turn(p.current)
    t.actions, t.buys, t.coins, t.action_discount = p.actions, p.buys, p.coins, p.discount
    by_name = gain_hooks()
    t.gain_hooks = tuple(by_name[g] for g in p.gain_effects)
    if p.merchants:
        t.merchants = p.merchants
        t.play_hooks = (merchant_hook,)
    elif p.silver_played:
        t.merchants = -1
    t.silver_played = p.silver_played
    t.named = tuple(p.named)
    t.bought = p.bought


def check_cards_in_game(p: Position) -> None:
    """Every card in a written position is one of the game's: its kingdom and basic cards.

    (Positions built in code, such as the engine's own test scenes, may hold other cards; the game's
    rules then treat them as having no type of this game.)"""
    in_game = set(p.kingdom.supply_cards) | set(p.named)
    for i, pl in enumerate(p.players):
        for zone in ZONES:
            stray = next((c for c in getattr(pl, zone) if c not in in_game), None)
            if stray is not None:
                raise PositionError(f"Player {i + 1}'s {zone} has {stray.name}, which is not in this game.")
    stray = next((c for c in p.trash if c not in in_game), None)
    if stray is not None:
        raise PositionError(f"The trash has {stray.name}, which is not in this game.")


def check_fits(p: Position, kingdom: Kingdom, players: int) -> None:
    if kingdom.cards != p.kingdom.cards or kingdom.platinum_colony != p.kingdom.platinum_colony:
        raise PositionError("The setup's kingdom is not the position's kingdom.")
    if players != len(p.players):
        raise PositionError(f"The position has {len(p.players)} players, the setup {players}.")


__all__ = ["PHASES", "PlayerPosition", "Position", "PositionError", "VERSION", "parse_position", "position_of",
           "random_for", "where_now", "write_position"]
