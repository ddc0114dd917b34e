"""Play whole games by ear, as the outside audit did: in a real terminal (tmux), typing each line as a
person types it, following the hint at every decision, and reading only what comes back.

    python3 benchmarks/by_ear.py --hints on  --seed 1 --out /tmp/ear-on.txt
    python3 benchmarks/by_ear.py --hints off --seed 1 --out /tmp/ear-off.txt
    python3 benchmarks/by_ear.py --game learn --wrong --program ~/venv/bin/companion
    python3 benchmarks/by_ear.py --game hotseat --kingdom "First Game" --wrong

``--game``: ``bots`` (a new game against bots, the default), ``learn`` (the first game, against Easy Bot),
``hotseat`` (two friends at one keyboard, Ana and Ben, each following their own hints; pressing Enter to
take the keyboard is counted apart, as a handover). ``--program``: the installed program to run (a wheel
in a fresh venv, as a new user has it) instead of this checkout. ``--wrong``: the first time each kind of
prompt comes (action, buy, a card's question, a handover), type a wrong line there first, as people do;
the answers are listed at the end of the transcript and counted apart.

With hints on, the turn's hint is said with the hand and followed; a card's question, and every decision
with hints off, is answered by typing ``hint`` first (counted apart: it is asking, not playing). It prints
commands a turn (the moves typed, over the whole game and on plain turns: no card's question) and words a
move (what each move's response said), and writes the whole transcript to ``--out``.

Beside the words as written, it gives the words heard a move (``heard_a_move``; with the prompt Orca reads
after each answer, ``heard_with_prompt``): each line of the response, as Orca sends it one line at a time,
through speech-dispatcher's own symbol table at Orca's default level, ``most``, with the same code the
screen-reader tests use (tests/screen_reader/symbols.py). It is computed from the text, not captured from a
running Orca: a symbol read as a word ("colon", "greater") counts as the words it is heard as.

It also counts the silence: the longest time no new words came while an answer was awaited
(``longest_silence``, seconds, polled every 0.3 s) and how many waits were silent more than 5 s
(``silences_over_5s``); "Still thinking." every 4 seconds keeps a long plan search under that.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path
from statistics import mean

SILENT = 5.0  # seconds with no new words while an answer is awaited: counted as a silence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.screen_reader.symbols import heard, heard_words  # noqa: E402
from tests.terminal import Terminal, _quote  # noqa: E402


class Installed(Terminal):
    """The terminal running an installed program (``--program``) from an empty folder, not this checkout."""

    def __init__(self, home: Path, program: str, **kwargs: object) -> None:
        super().__init__(home, **kwargs)  # type: ignore[arg-type]
        piped = _quote(str(self.piped_path))
        self.command = (f"while [ ! -e {piped} ]; do sleep 0.02; done; cd {_quote(str(home))} && "
                        f"env TERM=xterm-256color HOME={_quote(str(home))} {_quote(program)}; "
                        f"echo $? > {_quote(str(self.ended_path))}; sleep 30")


WRONG = {"action": "play gold", "buy": "buy provnce", "question": "maybe", "handover": "hand"}
TURN = re.compile(r"^(?:(?:Your|[A-Z]\w*'s) turn|Turn) \d+[.,]", re.M)
LEVEL = "most"  # Orca's default punctuation level


def heard_count(text: str) -> int:
    """The words a listener hears from ``text`` through Orca: each line an utterance, read through
    speech-dispatcher's symbol table at Orca's level."""
    return sum(len(heard_words(heard(line, LEVEL))) for line in text.splitlines())

ESC = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\x07")


def clean(raw: bytes) -> str:
    text = ESC.sub("", raw.decode("utf-8", "replace")).replace("\r\n", "\n").replace("\r", "")
    return text


class Ear:
    def __init__(self, term: Terminal) -> None:
        self.term = term
        self.seen = 0
        self.silence = 0.0  # the longest time nothing new was written while an answer was awaited
        self.silences = 0  # how many of those waits were longer than SILENT seconds

    def send(self, line: str) -> str:
        """Type a line and Enter; return what came back (without the echoed line and the next prompt)."""
        self.term.type(line)
        self.term.key("Enter")
        time.sleep(0.1)
        self.settled()
        return self.read()

    def settled(self, timeout: float = 60.0) -> None:
        """Wait until the program waits for a key with a prompt written last ("buy phase. "), and nothing more
        comes for a moment: a bot's turn after "Thinking." is written while the program waits on it."""
        deadline = time.monotonic() + timeout
        last = b""
        changed = time.monotonic()  # when new words last came (the line typed, at first)
        while time.monotonic() < deadline:
            self.term.waiting(timeout=timeout)
            raw = self.term.raw()
            now = time.monotonic()
            if raw != last:
                self.note_silence(now - changed)
                changed = now
            if raw == last and clean(raw[self.seen:]).endswith(". "):
                return
            last = raw
            time.sleep(0.3)

    def note_silence(self, seconds: float) -> None:
        self.silence = max(self.silence, seconds)
        if seconds > SILENT:
            self.silences += 1

    def read(self) -> str:
        raw = self.term.raw()
        text = clean(raw[self.seen:])
        self.seen = len(raw)
        lines = text.split("\n")
        body = lines[1:-1]  # the echoed line first, the next prompt last
        self.prompt = lines[-1]
        return "\n".join(body).strip()


def move_of(hint_text: str, prompt: str) -> str:
    """The line to type for a hint's first line."""
    first = hint_text.strip().splitlines()[0].removeprefix("Hint, ").rstrip(".")
    low = first.lower()
    m = re.search(r"buy (.+)$", low)
    if low.startswith(("play treasures", "play no action", "buy ")) or (m and "coins" in low):
        what = m.group(1) if m else "nothing"
        return "end" if what == "nothing" else f"buy {what}"
    if low.startswith("play no") or low in ("buy nothing",):
        return "end"
    if low.startswith("play your treasures"):
        return "play treasures"
    if low == "yes" or low == "no":
        return low
    if low.startswith(("top first:", "top first,")):  # "Top first, Province, Estate." -> the names, top first
        return " ".join(name.strip() for name in low[len("top first:"):].split(","))
    for verb in ("play", "trash", "discard", "gain", "reveal", "set aside", "put", "choose", "name"):
        if low.startswith(verb + " "):
            rest = low[len(verb) + 1:].removesuffix(" on your deck").removesuffix(" first")
            if rest.startswith(("nothing", "no ")):
                return "none"
            return ("play " + rest) if verb == "play" and "action" in prompt else rest
    return "none"


def kind_of(prompt: str) -> str:
    """action, buy, handover or question, from the prompt (a friend's prompt starts with their name)."""
    bare = re.sub(r"^[A-Z]\w*, ", "", prompt)
    if bare.startswith("press Enter"):
        return "handover"
    if bare.startswith(("action", "buy")):
        return bare.split()[0].rstrip(",")
    return "question"


def play(hints: str, seed: int, kingdom: str, bots: str, out: Path, game: str = "bots", program: str = "",
         wrong: bool = False) -> dict[str, float]:
    home = Path(tempfile.mkdtemp(prefix="by-ear-"))
    log: list[str] = []
    moves: list[tuple[int, str, int, bool]] = []  # turn, line, words written, plain turn
    listened: list[tuple[int, int]] = []  # each move's words heard, without and with the prompt after it
    asked = handovers = 0
    wrongs: list[str] = []
    starts = {"bots": f'new --players 2 --bots {bots} --kingdom "{kingdom}" --seed {seed}',
              "learn": f"learn --seed {seed}", "hotseat": f'new --names "Ana,Ben" --kingdom "{kingdom}" --seed {seed}'}
    term_of = (lambda: Installed(home, program, width=80, height=24)) if program else (
        lambda: Terminal(home, width=80, height=24))
    with term_of() as term:
        ear = Ear(term)
        term.wait_for("companion. ")
        ear.settled()
        ear.read()
        for line in (f"set hints {hints}", starts[game]):
            said = ear.send(line)
            log.append(f"{ear.prompt!s}<< {line}\n{said}")
        last = said
        turn = len(TURN.findall(said))
        tried: set[str] = set()
        for _ in range(600):
            prompt = ear.prompt
            if "game over" in prompt:
                break
            kind = kind_of(prompt)
            if wrong and kind not in tried:
                tried.add(kind)
                answer = ear.send(WRONG[kind])
                wrongs.append(f"{prompt}<< {WRONG[kind]}\n{answer}")
                log.append(f"<< {WRONG[kind]} (wrong on purpose)\n{answer}")
                if ear.prompt != prompt:  # the wrong line was taken as something: go on from there
                    last = answer
                    turn += len(TURN.findall(answer))
                    continue
            if kind == "handover":
                said = ear.send("")
                handovers += 1
                log.append(f"<< (Enter)\n{said}")
                turn += len(TURN.findall(said))
                last = said
                continue
            question = kind == "question"
            hint_line = next((ln for ln in last.splitlines() if ln.startswith("Hint, ")), "")
            if question or not hint_line or hint_line == "Hint, type hint.":  # no room for it: ask
                hint_line = ear.send("hint")
                asked += 1
                log.append(f"<< hint\n{hint_line}")
            line = move_of(hint_line, prompt)
            said = ear.send(line)
            if said.startswith("Error,"):
                fallback = "none" if question else "end"
                log.append(f"<< {line}\n{said}")
                moves.append((turn, line, len(said.split()), not question))
                listened.append((heard_count(said), heard_count(f"{said}\n{ear.prompt}")))
                line, said = fallback, ear.send(fallback)
            log.append(f"<< {line}\n{said}")
            moves.append((turn, line, len(said.split()), not question))
            listened.append((heard_count(said), heard_count(f"{said}\n{ear.prompt}")))
            turn += len(TURN.findall(said))
            last = said
        term.type("quit")
        term.key("Enter")
        term.ended()
    out.write_text("\n\n".join(log) + "\n\nWrong lines:\n\n" + "\n\n".join(wrongs) + "\n")
    turns = max(t for t, *_ in moves)
    by_turn: dict[int, list[tuple[int, str, int, bool]]] = {}
    for m in moves:
        by_turn.setdefault(m[0], []).append(m)
    plain = [len(ms) for ms in by_turn.values() if all(p for *_, p in ms)]
    return {"turns": turns, "commands_a_turn": len(moves) / turns,
            "commands_a_plain_turn": mean(plain) if plain else 0.0,
            "words_a_move": mean(w for _, _, w, _ in moves), "heard_a_move": mean(h for h, _ in listened),
            "heard_with_prompt": mean(h for _, h in listened), "hints_asked": asked, "handovers": handovers,
            "wrong_lines": len(wrongs), "longest_silence": ear.silence, "silences_over_5s": ear.silences}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hints", default="off")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kingdom", default="The King's Army")
    ap.add_argument("--bots", default="strong")
    ap.add_argument("--out", type=Path, default=Path("/tmp/by-ear.txt"))
    ap.add_argument("--game", choices=("bots", "learn", "hotseat"), default="bots")
    ap.add_argument("--program", default="", help="an installed companion program (default: this checkout)")
    ap.add_argument("--wrong", action="store_true", help="type a wrong line at the first prompt of each kind")
    a = ap.parse_args()
    res = play(a.hints, a.seed, a.kingdom, a.bots, a.out, a.game, a.program, a.wrong)
    print(" ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in res.items()))


if __name__ == "__main__":
    main()
