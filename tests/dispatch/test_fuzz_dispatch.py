"""Fuzz every command in every decision state through the real dispatch path (``dispatch.run_line``).

A game is played on by a seeded random person (every kind of question comes up: cards to choose, one of
several, yes or no, an order, a card to name, and the turn's phases), at a table, during new's questions
and with nothing open; between its moves hypothesis types generated lines: every command name with
arguments made of card names, numbers (signed, huge, superscript), options, quotes, odd characters. For
each line: no traceback and never the generic "something went wrong" (a bug), every error in the
``Error:`` form (one line, quoting nothing wrong, under 25 words), and a refused line changes nothing.
Derandomized and bounded (FUZZ_EXAMPLES explores more), so CI runs the same examples every time.
"""

from __future__ import annotations

import io
import json
import itertools
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.commands import registry
from companion.dispatch import UNEXPECTED, log_path, run_line
from companion.engine import ChooseCards, ChooseOne, NameCard, OrderCards, YesNo, dumps
from companion.game import render
from companion.session import Session
from companion.settings import Settings
from tests.accessibility import error_problems

KINGDOMS = [
    "cellar, chapel, moat, militia, throne room, remodel, library, sentry, witch, harbinger",
    "vassal, bandit, bureaucrat, mine, artisan, poacher, moneylender, workshop, council room, gardens",
    "watchtower, bishop, vault, forge, king's court, mint, tiara, investment, clerk, crystal ball",
]
CARDS = ["copper", "silver", "gold", "province", "curse", "village", "cellar", "throne room", "tr", "kc",
         "C1", "P6", "S2", "witch", "moat", "platinum", "worker's village", "zzzzq", "vil", "coppers"]
NUMBERS = ["0", "1", "2", "3", "-1", "7", "99", "10000000000000000000000", "²", "①", "¹²", "２", "½", "1.5"]
OPTIONS = ["--players", "--bots", "--seed", "--kingdom", "--names", "--sets", "--colony", "--output", "--width",
           "--lines", "--basic", "--name", "--first", "--"]
ODD = ["", " ", "\t", '"', '"first game', "'", "all", "none", "yes", "no", "keep", "more", "all all", "é",
       "Ann", "Ben", "others", "x" * 200, "\u200b", "\U0001F600", "-", ",", ", ,"]
WORD = st.sampled_from(CARDS + NUMBERS + OPTIONS + ODD)
COMMANDS = sorted(set(registry.names()) - {"simulate", "speech"})  # below: bounded forms of those two
LINE = st.one_of(
    st.builds(lambda c, ws: " ".join([c, *ws]), st.sampled_from(COMMANDS), st.lists(WORD, max_size=4)),
    st.builds(lambda ws: " ".join(ws), st.lists(WORD, min_size=1, max_size=3)),  # answers to a question
    st.builds(lambda w: f"simulate --games 2 {w}", st.sampled_from(["", "--seed 3", "--players ²", "--bots x"])),
    st.sampled_from(["speech off", "set speech off", "set verbosity brief", "set verbosity normal", "quit"]),
)


def _table_state(session: Session) -> Any:
    saved = session.state.get("table")
    if saved is None:
        return None
    table = saved.table
    return repr((getattr(saved, "name", None), table.low, [e.to_json() if hasattr(e, "to_json") else repr(e)
                                                           for e in table.entries]))


def _state(session: Session) -> str:
    """Everything a refused line must leave as it was."""
    from companion.game.activity import game_of

    act = game_of(session)
    game = None
    if act is not None:
        game = (dumps(act.game), act.holder, len(getattr(act, "marks", ())))
    values = dict(getattr(session.settings, "_values", {}))
    return json.dumps([repr(game), session.prompt, _table_state(session), values,
                       sorted(k for k, v in session.state.items() if v is not None)], default=repr)


class Player:
    """A person at the keyboard: moves through the game at random (seeded), and types what hypothesis gives."""

    def __init__(self, rng: random.Random) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out, settings=Settings())
        self.rng = rng
        self.seen: set[str] = set()
        self.failed = False  # the last line's response was

    def type(self, line: str) -> str:
        at = self.out.tell()
        self.failed = run_line(self.session, line).failed
        self.session.quitting = False  # quit ends the shell loop, not the session under test
        return self.out.getvalue()[at:]

    def act(self) -> Any:
        from companion.game.activity import game_of

        return game_of(self.session)

    def move(self) -> None:
        """One legal-looking step of the game, picked at random."""
        act = self.act()
        if act is None or act.over:
            return
        d = act.mine()
        if d is None:
            self.type("")
            return
        self.seen.add(type(d).__name__ + ":" + d.purpose.name)
        if render.is_turn_decision(d):  # mostly what a player would do, so that the game goes on a while
            options = list(getattr(d, "options", ()))
            if d.purpose.name == "PLAY_ACTION" and options and self.rng.random() < 0.9:
                self.type(f"play {self.rng.choice(options).name.lower()}")
            elif d.purpose.name == "BUY" and options and self.rng.random() < 0.8:
                actions = [c for c in options if "Action" in c.types] or options
                self.type(f"buy {self.rng.choice(actions).name.lower()}")
            elif d.purpose.name == "PLAY_TREASURES" and self.rng.random() < 0.9:
                self.type("play treasures")
            else:
                self.type("end")
            return
        if isinstance(d, YesNo):
            line = self.rng.choice(["yes", "no"])
        elif isinstance(d, ChooseOne):
            line = str(self.rng.randint(1, len(d.options)))
        elif isinstance(d, OrderCards):
            line = "keep"
        elif isinstance(d, NameCard):
            line = self.rng.choice(["copper", "silver", "province", "curse"])
        elif isinstance(d, ChooseCards):
            n = len(render.distinct(d.options))
            k = self.rng.randint(d.min, max(d.min, min(d.max, 3)))
            line = " ".join(str(self.rng.randint(1, n)) for _ in range(k)) if k and n else "none"
        else:
            line = "none"
        self.type(line)


def _check(player: Player, line: str) -> None:
    before = _state(player.session)
    said = player.type(line)
    assert "Traceback" not in said, (line, said)
    assert UNEXPECTED not in said, (line, said, log_path().read_text()[-3000:] if log_path().exists() else "")
    if player.failed:
        assert said.startswith("Error,"), (line, said)
        body = re.sub(r"(?:^|(?<=\W))'.*?'(?=\W|$)", "'x'", said.split("\n")[0])  # what was typed is quoted as typed, emoji and all
        problems = [p for p in error_problems(body + "\n") if "what to type instead" not in p]
        assert not problems, (line, said, problems)
        assert _state(player.session) == before, f"{line!r} failed but changed the state: {said!r}"


CONTEXTS = ["game 0", "game 1", "game 2", "table", "new questions", "nothing"]


_EXAMPLE = itertools.count()


# No shrinking: it can take many minutes on a game; the failing example is reported as generated.
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None, derandomize=True,
          phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(context=st.sampled_from(CONTEXTS), seed=st.integers(0, 10_000), lines=st.lists(LINE, min_size=5, max_size=30))
def test_any_line_in_any_state(context: str, seed: int, lines: list[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / f"fuzz-{next(_EXAMPLE)}"  # every example its own folder: no lock or save is shared
    monkeypatch.setenv("COMPANION_HOME", str(home))
    monkeypatch.chdir(tmp_path)  # braille export writes its file here
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability is the kill tests' subject; here it only waits
    rng = random.Random(seed)
    player = Player(rng)
    if context.startswith("game"):
        kingdom = KINGDOMS[int(context.split()[1])]
        said = player.type(f'new --bots general --kingdom "{kingdom}" --seed {seed}')
        assert not said.startswith("Error,"), said
    elif context == "table":
        assert "goes first" in player.type(f'table new --players Ann,Ben --kingdom "First Game" --seed {seed}')
    elif context == "new questions":
        player.type("new")
    try:
        for line in lines:
            for _ in range(rng.randint(0, 6)):
                player.move()
            _check(player, line)
    finally:
        player.session.close()  # as the shell does when it ends: the game's or table's lock is let go


def test_the_moves_reach_every_kind_of_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The random person alone, over the three kingdoms: every kind of decision comes up. An order of cards
    is rare in those games (a Sentry kept both its cards): a fourth game is against Rabble, whose bot's
    buys stay the same when the normal bot's change."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    seen: set[str] = set()
    games = [("general", kingdom, i) for i, kingdom in enumerate(KINGDOMS)]
    games.append(("rabble-bm", KINGDOMS[0].replace("harbinger", "rabble"), 3))
    for bots, kingdom, i in games:
        player = Player(random.Random(i))
        player.type(f'new --bots {bots} --kingdom "{kingdom}" --seed {i}')
        for _ in range(400):
            act = player.act()
            if act is None or act.over:
                break
            player.move()
        seen |= player.seen
    kinds = {s.split(":")[0] for s in seen}
    assert {"ChooseCards", "ChooseOne", "YesNo", "OrderCards"} <= kinds, seen
    assert {"PLAY_ACTION", "PLAY_TREASURES", "BUY"} <= {s.split(":")[1] for s in seen}, seen
