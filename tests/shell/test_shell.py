"""The shell as a program: piped scripts, hooks for other areas, bad input, crashes, one-shot without cmd2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from companion.session import Session
from companion.settings import load_settings
from tests.accessibility import check_error, check_response, escape_sequences
from tests.home import run_companion


def shell(lines: str, session: Session | None = None) -> str:
    """Run the real cmd2 shell in-process on piped text; return everything it printed."""
    from companion.shell.app import start_shell

    out = io.StringIO()
    if session is None:
        session = Session(out=out, settings=load_settings())
    else:
        session.out = out
    start_shell(stdin=io.StringIO(lines), stdout=out, session=session)
    return out.getvalue()


def test_piped_script_prints_only_the_responses() -> None:
    out = shell("card village\n\ncards cost 11\nquit\ncard smithy\n")
    assert out == ("Village, 3 coins, Action.\n+1 Card, +2 Actions.\n"
                   "1 card costs 11 coins.\nColony.\nGoodbye.\n")


def test_end_of_input_ends_quietly() -> None:
    assert shell("card c1\n") == "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n"
    assert shell("") == ""


def test_repeat_and_review_are_byte_exact_in_the_shell() -> None:
    out = shell("card moat\ncards reaction\nrepeat\nreview 2\n")
    moat = "Moat, 2 coins, Action Reaction.\n+2 Cards.\nBelow the line. When another player plays an Attack card, " \
           "you may first reveal this from your hand, to be unaffected by it.\n"
    reactions = "3 Reaction cards, by cost.\n2 coins. Moat.\n3 coins. Watchtower.\n4 coins. Clerk.\n"
    assert out == moat + reactions + reactions + "Last 2 responses, oldest first.\n" + moat + reactions


def test_cmd2_builtins_are_gone() -> None:
    out = shell("alias create x card\nmacro create y card\nshell ls\nedit\nrun_pyscript x.py\nshortcuts\n"
                "!ls\n@script\npy\nset debug true\n")
    lines = out.splitlines()
    assert len(lines) == 10
    for typed, line in zip(["alias", "macro", "shell", "edit", "run_pyscript", "shortcuts", "!ls", "@script", "py"],
                           lines):
        check_error(line + "\n", typed)
    assert lines[-1].startswith("Error, no setting named 'debug'")


def test_prompt_fallback_and_on_start_hooks() -> None:
    answers: list[str] = []

    def answer(session: Session, line: str) -> bool:
        if line.split()[0].isdigit():
            answers.append(line)
            session.say(f"You chose {line}.")
            return True
        return False

    session = Session(settings=load_settings())
    session.fallback = answer
    session.on_start.append(lambda s: s.say("A saved game is waiting. Type resume."))
    out = shell("1 3\nxyzzy\ncard village\n", session)
    assert out.splitlines()[0] == "A saved game is waiting. Type resume."
    assert "You chose 1 3." in out
    check_error(out.splitlines()[2] + "\n", "xyzzy")
    assert answers == ["1 3"]
    assert session.responses[0] == "A saved game is waiting. Type resume."


def test_an_unexpected_exception_is_one_line_and_logged(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.commands import registry

    import dataclasses

    card = registry.find_command(Session(), "card")
    assert card is not None

    def broken(session: Session, args: str) -> None:
        raise ZeroDivisionError("secret detail")

    monkeypatch.setitem(registry._COMMANDS, "card", [dataclasses.replace(card, run=broken)])
    out = shell("card village\n")
    assert out == "Error, something went wrong with that command. Nothing was changed.\n"
    log = (home / "state" / "errors.log").read_text()
    assert "ZeroDivisionError: secret detail" in log and "card village" in log


def test_a_failing_start_hook_does_not_stop_the_shell(home: Path) -> None:
    session = Session(settings=load_settings())
    session.on_start.append(lambda s: 1 / 0)
    out = shell("card c1\n", session)
    assert out.startswith("Error, something went wrong with that command. Nothing was changed.\nCopper")
    assert "ZeroDivisionError" in (home / "state" / "errors.log").read_text()


def test_a_shared_verb_not_active_says_what_to_do() -> None:
    from companion.commands.registry import _COMMANDS, _REGISTERED, command, names

    names()  # every area's own buy is registered first

    def fake(session: Session, args: str) -> None:
        raise AssertionError("an inactive command ran")

    command("buy", summary="buys", usage="buy CARD", example="buy silver", active=lambda s: False,
            inactive_hint="start a game with new, or a table with table new.")(fake)
    try:
        out = shell("buy silver\n")
        assert out == "Error, start a game with new, or a table with table new.\n"
    finally:  # only this test's registration goes: the game's and the table's buy stay for later tests
        _COMMANDS["buy"] = [c for c in _COMMANDS["buy"] if c.run is not fake]
        _REGISTERED[:] = [c for c in _REGISTERED if c.run is not fake]
    assert _COMMANDS["buy"] and all(c.run is not fake for c in _COMMANDS["buy"])
    assert all(c.run is not fake for c in _REGISTERED)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"card " + b"v" * 10_000 + b"\n", "Error, that line is 10005 characters long"),
        (b"card vil\x1b[Aage\n", "Error, 'card vil?[Aage' has a control character"),
        (b"card \x00village\n", "Error, 'card ?village' has a control character"),
        (b"card vill\xe9ge\n", "Error, 'card vill?ge' has bytes that are not UTF-8 text"),
        (b"\xff\xfe\n", "Error, '??' has bytes that are not UTF-8 text"),
        (b"card m\n", "Error, 'm' could be Magnate"),
        (b"card zzz\n", "Error, no card named 'zzz'"),
        (b"   \n\t\n", ""),
    ],
)
def test_bad_input_through_a_pipe(home: Path, data: bytes, expected: str) -> None:
    result = run_companion(home, input=data + b"card c1\n")
    out = result.stdout.decode("utf-8")
    assert result.returncode == 0
    assert result.stderr == b""
    assert out.startswith(expected)
    assert out.endswith("Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n")  # still running after
    if expected:
        check_error(out.splitlines()[0] + "\n")
        assert len(out.splitlines()[0]) < 200


@pytest.mark.parametrize("env", [{}, {"NO_COLOR": "1"}, {"TERM": "dumb"}, {"TERM": "xterm-256color"}])
def test_one_shot_and_piped_shell_print_no_escapes(home: Path, env: dict[str, str]) -> None:
    for args, data in [(("card", "village"), None), (("cards", "attack"), None), (("help",), None),
                       (("nonsense",), None), ((), b"help\ncard c1\nsettings\nbogus\nquit\n")]:
        result = run_companion(home, *args, input=data, **env)
        assert escape_sequences(result.stdout) == [], result.stdout
        assert result.stderr == b""
        check_response(result.stdout, listing=True) if not args or args[0] != "nonsense" else check_error(
            result.stdout, "nonsense")


def test_one_shot_does_not_import_cmd2(home: Path) -> None:
    code = ("import sys, json; from companion.cli import run; status = run(['card', 'village']); "
            "print(json.dumps([status, sorted(m for m in sys.modules if m.split('.')[0] in "
            "('cmd2', 'prompt_toolkit', 'rich', 'accessible_output2', 'platformdirs'))]))")
    import subprocess

    from tests.conftest import ROOT
    from tests.home import companion_env

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT,
                          env=companion_env(home), timeout=60, text=True)
    status, heavy = json.loads(done.stdout.splitlines()[-1])
    assert done.stdout.startswith("Village, 3 coins, Action.")
    assert status == 0 and heavy == [], heavy


def test_one_shot_exit_status_and_shell_only_commands(home: Path) -> None:
    assert run_companion(home, "card", "village").returncode == 0
    bad = run_companion(home, "card", "vilage")
    assert bad.returncode == 1 and bad.stdout == b"Error, no card named 'vilage'. Did you mean Village?\n"
    quit_ = run_companion(home, "quit")
    assert quit_.returncode == 1
    check_error(quit_.stdout, "quit")
    assert run_companion(home, "card", "throne", "room").stdout.startswith(b"Throne Room, 4 coins")
    assert run_companion(home, "--help").stdout.startswith(b"Commands, by topic.")


def test_a_command_then_help_says_that_commands_help(home: Path) -> None:
    """`companion host --help`, as at any other command line: it was "Error, did not expect "--help"."."""
    for name in ("host", "new", "card", "table"):
        for flag in ("--help", "-h"):
            said = run_companion(home, name, flag)
            assert said.returncode == 0 and said.stdout == run_companion(home, "help", name).stdout, said.stdout
            assert not said.stdout.startswith(b"Error")


def test_settings_persist_between_runs(home: Path) -> None:
    assert run_companion(home, "set", "verbosity", "brief").stdout == b"Verbosity is now brief.\n"
    assert run_companion(home, "card", "village").stdout == b"Village, 3 coins.\n+1 Card, +2 Actions.\n"
    assert (home / "config" / "settings.toml").read_text().count("verbosity") == 1


def test_a_damaged_settings_file_gives_one_notice(home: Path) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.toml").write_bytes(b"verbosity = [unclosed\n\xff")
    result = run_companion(home, "card", "village")
    assert result.returncode == 0
    assert result.stdout == b"Village, 3 coins, Action.\n+1 Card, +2 Actions.\n"
    assert result.stderr == b"Notice, the settings file is damaged, so defaults are used.\n"
    piped = run_companion(home, input=b"card c1\n")
    assert piped.stdout.startswith(b"Notice, the settings file is damaged, so defaults are used.\nCopper")


def test_even_a_failure_at_start_is_one_line(home: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import companion.cli as cli

    def broken(argv: list[str], speech: bool = False) -> int:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(cli, "run_one", broken)
    assert cli.run(["card", "village"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Error, the program could not start.") and out.count("\n") == 1
    assert "disk on fire" in (home / "state" / "errors.log").read_text()


@pytest.mark.parametrize("backend", ["readline", "prompt_toolkit"])
def test_either_line_editor_serves_a_piped_script_alike(backend: str) -> None:
    from companion.shell.app import start_shell

    out = io.StringIO()
    session = Session(out=out, settings=load_settings())
    start_shell(stdin=io.StringIO("card c1\nqqqq\n"), stdout=out, session=session, backend=backend)
    assert out.getvalue() == ("Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n"
                              "Error, no command 'qqqq'. Type help for the list.\n")


def test_the_prompt_is_read_from_the_session_before_every_line() -> None:
    from companion.shell.app import CompanionShell

    out = io.StringIO()
    session = Session(out=out, settings=load_settings())

    def waiting_for_a_buy(s: Session, line: str) -> bool:
        s.prompt = "buy> "
        s.say("Buy phase.")
        return True

    session.fallback = waiting_for_a_buy
    shell_ = CompanionShell(session, stdin=io.StringIO("go\ncard c1\n"), stdout=out)
    shell_.interactive_pipe = True  # cmd2 then shows the prompt even on a pipe, as a terminal would
    shell_.cmdloop()
    assert out.getvalue().startswith("companion. Buy phase.\nbuy> Copper, 0 coins")
