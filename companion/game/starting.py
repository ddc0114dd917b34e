"""Building a game's setup from what a person asked for: players, bots, names, kingdom, seed, Colony."""

from __future__ import annotations

import random

from companion.cards.names import quote
from companion.engine import GameSetup, Seat
from companion.kingdom import KingdomError, choose_kingdom


class SetupError(ValueError):
    """Options that cannot make a game; ``str()`` quotes what was typed and says what to type instead."""


def bool_or_random(value: str) -> bool | None:
    v = value.strip().lower()
    if v in ("on", "yes", "true", "1"):
        return True
    if v in ("off", "no", "false", "0"):
        return False
    if v in ("random", "r", "rules", "auto"):
        return None
    raise SetupError(f"--colony cannot be {quote(value)}. Type --colony on, off or random.")


_ORDINALS = {2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth", 6: "Sixth"}  # at most 6 players


def build_setup(players: int | None, bots: list[str] | None, names: list[str], kingdom_text: str,
                sets: str | None, seed: int | None, colony: bool | None) -> GameSetup:
    """The setup from new's options: people first, then bots. SetupError for anything wrong."""
    from companion.bots import DEFAULT_BOT, UnknownBot, bot_name, display_name

    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    try:
        bot_kinds = [bot_name(b) for b in bots] if bots is not None else None
    except UnknownBot as e:
        raise SetupError(str(e)) from None
    named = len([n for n in names if n.strip()])
    if players is None:
        players = (len(bot_kinds) + 1) if bot_kinds is not None else max(2, named)
    if not 2 <= players <= 6:
        raise SetupError(f"Dominion is for 2 to 6 players, not '{players}'. Type new --players 2, for example.")
    if bot_kinds is None:  # names without --bots are the people at the keyboard; bots fill the other seats
        bot_kinds = [DEFAULT_BOT] * (players - max(1, min(named, players)))
    if len(bot_kinds) >= players:
        raise SetupError(f"{len(bot_kinds)} bots leave no seat for a person. Type fewer bots, or simulate.")
    people = players - len(bot_kinds)
    if len(names) > players:
        raise SetupError(f"{len(names)} names for {players} players. Give at most {players} names.")
    try:
        kingdom = choose_kingdom(kingdom_text, seed=seed, sets=sets, platinum_colony=colony)
    except KingdomError as e:
        raise SetupError(str(e)) from None
    if colony is not None and kingdom.platinum_colony != colony:
        kingdom = kingdom.with_platinum_colony(colony)
    seats: list[Seat] = []
    taken: set[str] = set()
    for i in range(players):
        if i < len(names) and names[i].strip():
            name = names[i].strip()[:20]
        elif i < people:
            name = "You" if people == 1 else f"Player {i + 1}"
        else:
            kind = bot_kinds[i - people]
            name = display_name(kind)
        base, k = name, 2
        while name.lower() in taken:
            if i < people:
                name, k = f"{base} {k}", k + 1
            else:  # "Second Strong Bot": a bot's name never ends in a number ("Strong Bot 2 Charlatan")
                name, k = f"{_ORDINALS[k]} {base}", k + 1
        taken.add(name.lower())
        seats.append(Seat(name, None if i < people else bot_kinds[i - people]))
    # Clean-up hides each hand under the played cards, as players at a table may: a discard pile's public
    # top is then a card everyone saw played (GameSetup.hide_hand).
    return GameSetup(kingdom, tuple(seats), seed, hide_hand=True)


