"""Startup times, measured in one run on this machine, as medians of several runs.

    python3 benchmarks/bench_startup.py [runs]

- bare Python: ``python3 -c pass``
- one-shot lookup: ``python3 -m companion card C1`` (target: at most 2.5 times bare Python)
- ``python3 -c "import cmd2"``
- shell ready: from starting ``python3 -m companion`` in a pseudo-terminal until the prompt
  "companion> " has been written (target: at most 1.3 times ``import cmd2``)
"""

from __future__ import annotations

import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def env(home: str) -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    e.update(PYTHONPATH=str(ROOT), COMPANION_HOME=home, TERM="xterm-256color")
    return e


def timed(cmd: list[str], home: str) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env(home), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def shell_ready(home: str) -> float:
    """Seconds until the shell has written its prompt to a real (pseudo) terminal."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # child
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "companion"], env(home))
    seen = b""
    try:
        while b"companion> " not in seen:
            ready, _, _ = select.select([fd], [], [], 10)
            if not ready:
                raise RuntimeError(f"no prompt after 10 s: {seen!r}")
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


def median_ms(fn, runs: int) -> float:  # type: ignore[no-untyped-def]
    fn()  # warm the file cache
    return statistics.median(fn() for _ in range(runs)) * 1000


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    py = sys.executable
    with tempfile.TemporaryDirectory() as home:
        bare = median_ms(lambda: timed([py, "-c", "pass"], home), runs)
        one_shot = median_ms(lambda: timed([py, "-m", "companion", "card", "C1"], home), runs)
        cmd2 = median_ms(lambda: timed([py, "-c", "import cmd2"], home), runs)
        ready = median_ms(lambda: shell_ready(home), runs)
    print(f"Medians of {runs} runs, Python {sys.version.split()[0]}.")
    print(f"python3 -c pass: {bare:.0f} ms")
    print(f"companion card C1, one-shot: {one_shot:.0f} ms, {one_shot / bare:.2f} times bare Python (target 2.5)")
    print(f"python3 -c 'import cmd2': {cmd2:.0f} ms")
    print(f"shell ready for input: {ready:.0f} ms, {ready / cmd2:.2f} times import cmd2 (target 1.3)")


if __name__ == "__main__":
    main()
