"""A desktop with a real screen reader in it, for the tests of tests/screen_reader.

    with Desktop(folder) as desk:               # Xvfb, a D-Bus session, the AT-SPI bus, Orca
        desk.start(["gnome-terminal", "--", "companion"], env)
        mark = desk.mark()
        desk.type("hand"); desk.key("Return")
        heard = desk.heard_since(mark, until="buy phase")   # Orca's utterances, as a listener hears them

Xvfb takes the first free display (-displayfd). Everything else runs inside one ``dbus-run-session``:
the AT-SPI bus launcher, ``gsettings set org.gnome.desktop.interface toolkit-accessibility true`` and
``orca --replace`` (through orca_on_display.py, so that it replaces only an Orca on this display, and a
second desktop of another pytest -n worker runs beside it), whose speech goes to the test's own SSIP server
(tests/screen_reader/ssip.py) through ``SPEECHD_ADDRESS``. Programs started later (gnome-terminal,
Chromium) join that session's bus. Each process is started in a session of its own and only those process
groups are ended at the end.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from tests.conftest import needs
from tests.screen_reader.ssip import SSIPServer, Utterance
from tests.screen_reader.symbols import heard

ORCA_START = 120.0  # seconds: Orca takes 3 to 40 s to say its first words on a busy 2-core machine
LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher",
             "/usr/lib/at-spi2/at-spi-bus-launcher")


def bus_launcher() -> str | None:
    return next((path for path in LAUNCHERS if os.access(path, os.X_OK)), None)


def orca_command() -> list[str]:
    """Orca's launcher run by its own interpreter through orca_on_display.py, with --replace."""
    launcher = shutil.which("orca")
    assert launcher is not None
    first = Path(launcher).read_bytes().split(b"\n", 1)[0].decode("utf-8", "replace")
    assert first.startswith("#!"), f"{launcher} is not a script: {first!r}"
    interpreter = first[2:].split()
    return [*interpreter, str(Path(__file__).with_name("orca_on_display.py")), launcher, "--replace"]


def require(*programs: str) -> None:
    """Skip on a developer's machine without the desktop's parts; fail in CI (tests.conftest.needs)."""
    for program in ("Xvfb", "dbus-run-session", "orca", "xdotool", "gsettings", *programs):
        needs(f"{program} (apt-get install orca xvfb gnome-terminal xdotool dbus-x11 at-spi2-core)",
              shutil.which(program) is not None)
    needs("at-spi-bus-launcher (apt-get install at-spi2-core)", bus_launcher() is not None)


@dataclass(frozen=True)
class Heard:
    """One utterance as a listener hears it: the words after SSML and the symbol table at its level."""

    words: str
    sent: str
    punctuation: str
    kind: str

    def __str__(self) -> str:
        return self.words


class OrcaSilent(AssertionError):
    """Orca said nothing at all: now and then, on a 2-core machine, it stops speaking for a while (its event
    queue empty, the keys typed unheard). Like any failed test here, the test is run again on a fresh desktop
    (tests/screen_reader/conftest.py); silence every time fails."""


def _as_heard(u: Utterance) -> Heard:
    if u.kind == "speak":
        return Heard(heard(u.text, u.punctuation), u.text, u.punctuation, u.kind)
    return Heard(u.text, u.text, u.punctuation, u.kind)


class Desktop:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.home = self.folder / "home"
        self.runtime = self.folder / "run"
        self.ssip = SSIPServer(self.folder / "ssip.sock")
        self.display = ""
        self.bus = ""
        self._groups: list[subprocess.Popen[bytes]] = []

    # ------------------------------------------------------------------ the desktop

    def base_env(self) -> dict[str, str]:
        keep = ("PATH", "LANG", "LC_ALL", "TZ", "TERM", "CI")
        env = {k: v for k, v in os.environ.items() if k in keep}
        env.setdefault("LANG", "C.UTF-8")
        env.update(HOME=str(self.home), XDG_RUNTIME_DIR=str(self.runtime), XDG_CONFIG_HOME=str(self.home / ".config"),
                   XDG_DATA_HOME=str(self.home / ".local" / "share"), XDG_CACHE_HOME=str(self.home / ".cache"),
                   SPEECHD_ADDRESS=self.ssip.address, GTK_MODULES="gail:atk-bridge", NO_AT_BRIDGE="0",
                   QT_ACCESSIBILITY="1", ACCESSIBILITY_ENABLED="1")
        if self.display:
            env["DISPLAY"] = self.display
        if self.bus:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.bus
        return env

    def __enter__(self) -> "Desktop":
        self.home.mkdir(parents=True, exist_ok=True)
        self.runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.ssip.__enter__()
        try:
            self._start_x()
            self._start_session()
            self.wait_for_orca()
        except BaseException:
            self.__exit__()
            raise
        return self

    def _start_x(self) -> None:
        read, write = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x900x24", "-nolisten", "tcp",
                                 "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                                stderr=open(self.folder / "xvfb.log", "wb"), start_new_session=True)
        self._groups.append(xvfb)
        os.close(write)
        number = b""
        deadline = time.monotonic() + 30
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        assert number.strip().isdigit(), f"Xvfb gave no display: {(self.folder / 'xvfb.log').read_text()[-2000:]}"
        self.display = f":{number.decode().strip()}"

    def _start_session(self) -> None:
        """dbus-run-session running a small script: it writes the bus address, starts the AT-SPI bus, turns
        toolkit accessibility on and then becomes Orca."""
        address_file = self.folder / "bus"
        launcher = bus_launcher()
        assert launcher is not None
        script = (
            f'printf %s "$DBUS_SESSION_BUS_ADDRESS" > "{address_file}.part" && mv "{address_file}.part" "{address_file}"\n'
            f'"{launcher}" --launch-immediately &\n'
            "gsettings set org.gnome.desktop.interface toolkit-accessibility true\n"
            f"exec {shlex.join(orca_command())}\n")
        log = open(self.folder / "session.log", "wb")
        session = subprocess.Popen(["dbus-run-session", "--", "sh", "-c", script], env=self.base_env(),
                                   stdout=log, stderr=subprocess.STDOUT, cwd=self.home, start_new_session=True)
        self._groups.append(session)
        deadline = time.monotonic() + 30
        while not address_file.exists():
            assert session.poll() is None, f"the D-Bus session ended: {self.log('session.log')}"
            assert time.monotonic() < deadline, "dbus-run-session gave no bus address in 30 s"
            time.sleep(0.05)
        self.bus = address_file.read_text()

    def log(self, name: str) -> str:
        path = self.folder / name
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def wait_for_orca(self) -> None:
        """Orca's first utterance (its "Screen reader on."): until then it hears nothing."""
        deadline = time.monotonic() + ORCA_START
        while self.ssip.log.count() == 0:
            assert self._groups[-1].poll() is None, f"Orca ended before speaking: {self.log('session.log')}"
            if time.monotonic() >= deadline:
                raise OrcaSilent(f"Orca said nothing in {ORCA_START:.0f} s: {self.log('session.log')}")
            time.sleep(0.1)

    def __exit__(self, *exc: object) -> None:
        for process in reversed(self._groups):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    continue
        for process in reversed(self._groups):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait(timeout=10)
        self.ssip.__exit__()

    # ------------------------------------------------------------------ programs and keys

    def start(self, args: Sequence[str], env: dict[str, str] | None = None, log: str = "program.log") -> subprocess.Popen[bytes]:
        """Start a program on this desktop and its D-Bus session (its own process group, ended at the end)."""
        process = subprocess.Popen(list(args), env={**self.base_env(), **(env or {})}, cwd=self.home,
                                   stdout=open(self.folder / log, "ab"), stderr=subprocess.STDOUT,
                                   start_new_session=True)
        self._groups.append(process)
        return process

    def stop(self, process: subprocess.Popen[bytes]) -> None:
        """End a process this desktop started, with its process group."""
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.base_env(), check=True, timeout=30, capture_output=True)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "40", "--", text)

    def key(self, *names: str) -> None:
        self.xdotool("key", "--delay", "60", *names)

    # ------------------------------------------------------------------ what Orca said

    def mark(self) -> int:
        return self.ssip.log.count()

    def said_since(self, mark: int) -> list[Heard]:
        return [_as_heard(u) for u in self.ssip.log.since(mark)]

    def heard_since(self, mark: int, until: Callable[[list[Heard]], bool] | str, timeout: float = 60.0,
                    quiet: float = 1.5) -> list[Heard]:
        """The utterances after ``mark``, once ``until`` holds (a test on them, or words the last spoken one
        holds) and Orca has then been quiet for ``quiet`` seconds; fails after ``timeout`` with what came."""
        done = until if callable(until) else (lambda said: any(until in h.words for h in said if h.kind == "speak"))
        deadline = time.monotonic() + timeout
        while True:
            said = self.said_since(mark)
            if said and done(said):
                count = len(said)
                time.sleep(quiet)
                if self.ssip.log.count() - mark == count:
                    return said
                continue
            if time.monotonic() >= deadline and not said:
                raise OrcaSilent(f"Orca said nothing at all in {timeout:.0f} s, waiting for {until!r}")
            assert time.monotonic() < deadline, (f"Orca did not say {until!r} in {timeout:.0f} s; it said: "
                                                 f"{[h.words for h in said]}")
            time.sleep(0.1)

    def speech_since(self, mark: int) -> list[Heard]:
        """Only the spoken utterances (no key echo)."""
        return [h for h in self.said_since(mark) if h.kind == "speak"]
