"""Start-up times of a normal (not editable) install, measured side by side in one run.

    python3 benchmarks/bench_startup.py [--runs N] [--before DIR] [--full-install] [--no-callgrind] [--compiled]

Each tree (this checkout, and with ``--before`` an older one, such as a ``git archive`` of main) is built
into a wheel and installed with pip into a fresh virtual environment in a temporary folder, as a person
installs it: the program runs as the ``companion`` script pip writes. By default the wheel is installed
without its dependencies, and the venv finds those (cmd2, PyYAML...) in this interpreter's site-packages
through a ``.pth`` line naming the folder: a plain folder, whose own ``.pth`` files are not run, so an
editable ``companion`` installed there is never seen (the benchmark checks where ``companion`` comes from).
``--full-install`` lets pip install the dependencies too (from its cache or the package index). ``--compiled``
also installs this tree built with COMPANION_COMPILE=1 (the engine and bots compiled by mypyc: minutes to build).

Measured, in interleaved rounds (one of each per round), medians:

- bare Python: ``python -c pass`` with the venv's interpreter;
- the one-shot lookup: ``companion card C1`` (target: at most 2.5 times bare Python), with COMPANION_HOME
  set (as the tests and the earlier figures) and again in the platform's own folders (HOME set to a
  temporary folder, no XDG_* variable), as a person runs it: there the folders are found by platformdirs;
- ``companion --help`` (target: at most 2.5 times bare Python);
- ``python -c "import cmd2"``;
- the shell ready: from starting ``companion`` in a pseudo-terminal until its prompt "companion. " has
  been written (target: at most 1.3 times ``import cmd2``).

Each install has its own empty COMPANION_HOME and HOME, made once (so the card cache is built by the
first, warming runs, as on a person's machine after the first lookup), and no PYTHON* variable. Where
valgrind is present, the instructions of each (but the shell) are counted with callgrind too: they do not
depend on the load.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMPT = b"companion. "
CARD_TARGET = 2.5
HELP_TARGET = 2.5
SHELL_TARGET = 1.3


class Install:
    """One tree installed into a fresh venv under ``where``."""

    def __init__(self, name: str, tree: Path, where: Path, full: bool, compiled: bool = False) -> None:
        self.name = name
        self.venv = where / "venv"
        self.home = where / "home"  # COMPANION_HOME
        self.user = where / "user"  # HOME, for the platform's own folders (platformdirs)
        self.home.mkdir(parents=True)
        self.user.mkdir()
        subprocess.run([sys.executable, "-m", "venv", str(self.venv)], check=True)
        self.python = str(self.venv / "bin" / "python")
        self.script = str(self.venv / "bin" / "companion")
        pip = [self.python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        build_env = clean_env(COMPANION_COMPILE="1") if compiled else clean_env()
        if full:
            subprocess.run([*pip, str(tree)], check=True, env=build_env)
        else:
            wheels = where / "wheel"
            source = where / "source"  # a copy, so that the build leaves nothing in the tree
            shutil.copytree(tree, source, symlinks=True, ignore=shutil.ignore_patterns(
                ".git", "build", "dist", "*.egg-info", "__pycache__", ".mypy_cache", ".pytest_cache", ".hypothesis"))
            subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                            "-w", str(wheels), str(source)], check=True, env=build_env)
            subprocess.run([*pip, "--no-deps", *map(str, wheels.glob("*.whl"))], check=True, env=clean_env())
            site = Path(run_text([self.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 where))
            ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
            (site / "_bench_dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
        found = run_text([self.python, "-c", "import companion; print(companion.__file__)"], where)
        if not found.startswith(str(self.venv)):
            raise SystemExit(f"{name}: companion comes from {found}, not from the venv's normal install")
        self.env = clean_env(COMPANION_HOME=str(self.home), TERM="xterm-256color")
        self.default_env = {k: v for k, v in clean_env(HOME=str(self.user), TERM="xterm-256color").items()
                            if not k.startswith("XDG_")}
        self.cwd = str(where)

    def commands(self) -> dict[str, list[str]]:
        return {
            "bare": [self.python, "-c", "pass"],
            "card": [self.script, "card", "C1"],
            "card-default": [self.script, "card", "C1"],
            "help": [self.script, "--help"],
            "cmd2": [self.python, "-c", "import cmd2"],
        }

    def timed(self, what: str) -> float:
        if what == "shell":
            return self.shell_ready()
        start = time.perf_counter()
        subprocess.run(self.commands()[what], env=self.env_for(what), cwd=self.cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start

    def env_for(self, what: str) -> dict[str, str]:
        return self.default_env if what.endswith("-default") else self.env

    def shell_ready(self) -> float:
        """Seconds until the shell has written its prompt to a real (pseudo) terminal."""
        start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child
            os.chdir(self.cwd)
            os.execve(self.script, [self.script], self.env)
        seen = b""
        try:
            while PROMPT not in seen:
                ready, _, _ = select.select([fd], [], [], 20)
                if not ready:
                    raise RuntimeError(f"no prompt after 20 s: {seen!r}")
                seen += os.read(fd, 4096)
            elapsed = time.perf_counter() - start
            os.write(fd, b"quit\r")
            while True:  # drain until the child exits
                try:
                    if not os.read(fd, 4096):
                        break
                except OSError:
                    break
        finally:
            os.waitpid(pid, 0)
            os.close(fd)
        return elapsed

    def instructions(self, what: str) -> int:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              *self.commands()[what]], env=self.env_for(what), cwd=self.cwd, capture_output=True,
                             text=True)
        if out.returncode != 0:  # a count of a run that failed half way would flatter it
            raise RuntimeError(f"{what} failed under callgrind: {out.stderr[-300:]}")
        for line in out.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
        raise RuntimeError(out.stderr[-300:])


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without the variables that would change what Python or the program loads."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


def run_text(cmd: list[str], cwd: Path) -> str:
    return subprocess.run(cmd, cwd=cwd, env=clean_env(), capture_output=True, text=True, check=True).stdout.strip()


WHAT = ("bare", "card", "card-default", "help", "cmd2", "shell")
COUNTED = ("bare", "card", "card-default", "help", "cmd2")


def measure(installs: list[Install], runs: int) -> dict[str, dict[str, list[float]]]:
    """Times in ms, ``runs`` interleaved rounds: each round runs every measurement of every install once."""
    times: dict[str, dict[str, list[float]]] = {i.name: {w: [] for w in WHAT} for i in installs}
    for i in installs:  # warm the file cache; build the card cache and the kept answers, then (in the platform's
        for w in WHAT:  # folders) the memo of where those folders are (companion.quick_folders)
            i.timed(w)
            i.timed(w)
    for r in range(runs):
        order = installs if r % 2 == 0 else installs[::-1]
        for i in order:
            for w in WHAT:
                times[i.name][w].append(i.timed(w) * 1000)
    return times


def ratio_line(label: str, t: dict[str, list[float]], what: str, against: str, target: float) -> str:
    ratios = [a / b for a, b in zip(t[what], t[against])]
    ratio = statistics.median(t[what]) / statistics.median(t[against])
    met = "met" if ratio <= target else "NOT met"
    return (f"  {label}: {statistics.median(t[what]):.1f} ms, {ratio:.2f} times "
            f"(median of the rounds' ratios {statistics.median(ratios):.2f}; target at most {target}: {met})")


def report(installs: list[Install], times: dict[str, dict[str, list[float]]], runs: int,
           counts: dict[str, dict[str, int]]) -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Normal installs in fresh venvs, Python {sys.version.split()[0]}, medians of {runs} interleaved rounds, "
          f"load average {load:.2f} at the end.")
    for i in installs:
        t = times[i.name]
        print(f"{i.name}:")
        print(f"  python -c pass: {statistics.median(t['bare']):.1f} ms")
        print(ratio_line("companion card C1 against python -c pass", t, "card", "bare", CARD_TARGET))
        print(ratio_line("the same in the platform's folders", t, "card-default", "bare", CARD_TARGET))
        print(ratio_line("companion --help against python -c pass", t, "help", "bare", HELP_TARGET))
        print(f"  python -c 'import cmd2': {statistics.median(t['cmd2']):.1f} ms")
        print(ratio_line("shell ready for input against import cmd2", t, "shell", "cmd2", SHELL_TARGET))
        if i.name in counts:
            c = counts[i.name]
            print(f"  callgrind instructions: python -c pass {c['bare'] / 1e6:.1f} M, companion card C1 "
                  f"{c['card'] / 1e6:.1f} M ({c['card'] / c['bare']:.2f} times), in the platform's folders "
                  f"{c['card-default'] / 1e6:.1f} M ({c['card-default'] / c['bare']:.2f} times), companion --help "
                  f"{c['help'] / 1e6:.1f} M ({c['help'] / c['bare']:.2f} times), import cmd2 {c['cmd2'] / 1e6:.1f} M")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21, help="interleaved rounds (default 21)")
    parser.add_argument("--before", type=Path, help="an older tree to install and measure side by side")
    parser.add_argument("--full-install", action="store_true", help="pip installs the dependencies too")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--compiled", action="store_true", help="also this tree with its engine compiled")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        trees: list[tuple[str, Path]] = [("this tree", ROOT)]
        if args.before:
            trees.insert(0, ("before", args.before.resolve()))
        installs = [Install(name, tree, Path(tmp) / str(n), args.full_install) for n, (name, tree) in enumerate(trees)]
        if args.compiled:
            installs.append(Install("this tree, compiled", ROOT, Path(tmp) / "compiled", args.full_install, True))
        times = measure(installs, args.runs)
        counts: dict[str, dict[str, int]] = {}
        if shutil.which("valgrind") and not args.no_callgrind:
            counts = {i.name: {w: i.instructions(w) for w in COUNTED} for i in installs}
        report(installs, times, args.runs, counts)


if __name__ == "__main__":
    main()
