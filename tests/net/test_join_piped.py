"""`companion join` fed a script on standard input, as the local shell is: every line answered in order, each
sent only after the one before it was answered and paced under the host's rate, so the host never closes it;
it ends at the end of its input; a line the host could not take is refused with a sentence, never sent."""

from __future__ import annotations

import re

import pytest

from companion.net import client, server
from companion.net.hosted import Options
from companion.net.protocol import MAX_LINE
from tests.conftest import needs
from tests.net.helpers import add_game, finish, host_on_loopback, join_process, record_frames
from tests.terminal import Terminal, tmux_available

CODE = "975318642"
pytestmark = [pytest.mark.network, pytest.mark.process]  # a host on loopback, and companion join processes


def _lines_sent(frames: dict, seat: int = 0) -> list[int]:
    return [m["reply"] for (_, s), msgs in frames.items() if s == seat for m in msgs if m.get("reply")]


def test_a_long_script_is_answered_line_by_line_in_order_and_never_cut_off(tmp_path):
    lines = 150  # several times the host's burst: sent as fast as answers come, it was closed near line 50
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, ["bigmoney"], "First Game", 5), CODE)
        frames = record_frames(running)
        script = "".join(f"say line {i}\n" if i % 3 else "who\n" for i in range(1, lines + 1))
        status, out, err = finish(join_process(tmp_path / "ana", running.port, CODE, "Ana", script), tmp_path / "ana",
                                  timeout=120)
        assert status == 0, (out[-2000:], err)
        assert "too fast" not in out and "connection" not in out.lower(), out[-2000:]
        said = [int(n) for n in re.findall(r"^You said, line (\d+)$", out, re.M)]
        assert said == [i for i in range(1, lines + 1) if i % 3]  # every one, in order
        assert len(re.findall(r"^Here, Ana\.", out, re.M)) == lines // 3
        assert _lines_sent(frames) == list(range(1, lines + 1))  # one answer per line, each after the last
        assert err == ""


def test_the_pace_stays_under_the_hosts_rate():
    assert client.PACE < server.RATE and client.PACE_BURST < server.BURST


def test_a_line_the_host_could_not_take_is_refused_with_a_sentence_and_the_rest_goes_on(tmp_path):
    too_long = "say " + "x" * (MAX_LINE - 3)  # 1,001 characters
    too_big = "say " + "\a" * (MAX_LINE - 4)  # 1,000 characters, but each is 6 bytes in JSON: more than a message holds
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, ["bigmoney"], "First Game", 5), CODE)
        frames = record_frames(running)
        script = f"say before\n{too_long}\n{too_big}\nsay after\n"
        status, out, err = finish(join_process(tmp_path / "ana", running.port, CODE, "Ana", script), tmp_path / "ana",
                                  timeout=60)
        assert status == 0, (out, err)
        assert ("Error, that line is 1,001 characters, more than 1,000, so it was not sent. Shorten it.\n"
                "Error, that line is too long to send, as its characters take more than 4,096 bytes, so it was not "
                "sent. Shorten it.\n") in out
        assert out.index("You said, before") < out.index("1,001 characters") < out.index("You said, after")
        assert _lines_sent(frames) == [1, 2]  # only the two that could go
        assert not running.host.problems


def test_the_end_of_input_ends_the_program_after_the_last_answer(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, ["bigmoney"], "First Game", 5), CODE)
        status, out, _err = finish(join_process(tmp_path / "ana", running.port, CODE, "Ana", "say last\n"),
                                  tmp_path / "ana", timeout=60)
        assert status == 0 and out.rstrip().endswith("You said, last"), out


def test_at_a_terminal_an_over_long_line_is_refused_and_the_seat_stays(tmp_path):
    needs("tmux", tmux_available())
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, ["bigmoney"], "First Game", 5), CODE)
        frames = record_frames(running)
        args = ("join", f"127.0.0.1:{running.port}", "--code", CODE, "--name", "Ana")
        with Terminal(tmp_path / "ana", args=args) as term:
            term.wait_for("phase. ")
            term.type("say " + "x" * (MAX_LINE - 3))
            term.key("Enter")
            term.wait_for("Error, that line is 1,001 characters, more than 1,000, so it was not sent. Shorten it.")
            term.type("say still here")
            term.key("Enter")
            term.wait_for("You said, still here")
        assert _lines_sent(frames) == [1]
