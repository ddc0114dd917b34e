"""Sound cues, opt-in: distinct short sounds rendered to files, played from the real game and errors through
the real dispatch path, never waiting at the prompt, and one notice where no sound can play."""

from __future__ import annotations

import io
import random
import wave
from pathlib import Path
from typing import Any

import pytest

from companion.dispatch import run_line
from companion.session import Session
from companion.settings import load_settings
from companion.speech import sounds
from tests.dispatch.test_fuzz_dispatch import Player


def _wav(data: bytes) -> tuple[float, bytes]:
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sounds.RATE)
        return w.getnframes() / w.getframerate(), w.readframes(w.getnframes())


def test_every_cue_is_short_and_distinct() -> None:
    rendered = {name: _wav(sounds.render(name)) for name in sounds.CUES}
    assert set(rendered) == {"turn", "attack", "pile", "end", "error"}
    for name, (seconds, frames) in rendered.items():
        assert 0.1 < seconds < 0.5, name
        assert max(abs(v) for v in memoryview(frames).cast("h")) > 1000, name  # not silence
    assert len({frames for _, frames in rendered.values()}) == len(rendered)
    assert len({seconds for seconds, _ in rendered.values()}) >= 4  # told apart by length as well as pitch


def _played(folder: Path) -> list[str]:
    return [p.stem.split("-", 1)[1] for p in sorted(folder.glob("*.wav"))]


def test_off_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_SOUND_DIR", str(tmp_path / "heard"))
    session = Session(out=io.StringIO(), settings=load_settings())
    run_line(session, "card zzzzq")
    assert session.sounds is None and not (tmp_path / "heard").exists()


def test_a_whole_game_plays_each_cue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heard = tmp_path / "heard"
    monkeypatch.setenv("COMPANION_SOUND_DIR", str(heard))
    player = Player(random.Random(4))
    player.session.settings = load_settings()
    assert player.type("set sounds on") == "Sounds are now on.\n"
    said = player.type("card zzzzq")
    assert said.startswith("Error,") and sounds.NOTICE not in said
    player.type('new --bots general --kingdom "witch, militia, bandit, village, smithy, market, moat, cellar, '
                'chapel, mine" --seed 4')
    for _ in range(600):
        act = player.act()
        if act is None or act.over:
            break
        player.move()
    assert player.act().over
    assert sounds.drain(player.session)
    played = _played(heard)
    assert played[0] == "error" and played[-1] == "end"
    assert {"turn", "attack", "pile"} <= set(played), played
    for path in heard.glob("*.wav"):
        _wav(path.read_bytes())
    player.type("set sounds off")
    player.type("card zzzzq")
    assert _played(heard) == played


def _session_with_sounds() -> Session:
    session = Session(out=io.StringIO(), settings=load_settings())
    session.settings.set("sounds", "on")
    return session


@pytest.mark.process
def test_a_player_that_hangs_never_holds_the_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "hang"
    script.write_text("#!/bin/sh\nexec sleep 30\n")
    script.chmod(0o755)
    monkeypatch.setenv("COMPANION_SOUND_PLAYER", str(script))
    monkeypatch.setattr(sounds, "TIMEOUT", 0.5)
    session = _session_with_sounds()
    sounds.cue(session, "turn")  # returns at once, while the player sleeps
    worker = session.sounds
    assert worker is not None and not worker.drain(0.1)
    while worker.health() is None:
        worker.drain(0.1)
    sounds.cue(session, "error")
    sounds.cue(session, "end")
    assert session.out.getvalue() == sounds.NOTICE + "\n" and session.sounds is False


def test_where_no_sound_can_play_set_sounds_on_says_so_and_no_cue_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Said once, when sounds are turned on; not at the first cue, nor by every seat or every new shell."""
    monkeypatch.setattr(sounds, "can_play", lambda: False)
    monkeypatch.setattr(sounds, "build_player", lambda: None)
    session = _session_with_sounds()
    said = session_say(session, "set sounds on")
    assert said == f"Sounds are now on.\n{sounds.NOTICE}\n"
    out = []
    for line in ("card zzzzq", "card yyyyq", "card xxxxq"):
        out.append(session_say(session, line))
    assert not any(sounds.NOTICE in o for o in out)
    assert all(o.count("Error,") == 1 for o in out)
    again = _session_with_sounds()  # another shell, or another seat, with sounds saved on
    assert sounds.NOTICE not in session_say(again, "card zzzzq") and again.sounds is False


def session_say(session: Any, line: str) -> str:
    at = session.out.tell()
    run_line(session, line)
    return session.out.getvalue()[at:]
