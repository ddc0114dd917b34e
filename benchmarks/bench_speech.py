"""How long a one-shot lookup with --speech takes, against a speech-dispatcher of each kind (issue 22).

    nice python3 benchmarks/bench_speech.py --before /tmp/before --runs 7

Each run is ``python -m companion --speech card village`` from a checkout (``--before`` a copy of the old
code, and this tree), interleaved, a fresh home for each; the figure is the median wall time, with the
fastest and slowest, and the machine's load. The daemons:

- private: a speech-dispatcher started here, whose module writes the words to a file (as tests/speech do);
  it tells the end of the words at once;
- voice: the same, but its module takes 2 seconds a sentence, as a voice takes time to speak (Village's
  answer is two sentences);
- default: nothing listening, so the speech library starts the system's own daemon (autospawn), as on a
  machine where a person just types ``companion --speech``; with no sound server its espeak-ng begins the
  words and never ends them.
- none: no --speech, for the floor.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def private_daemon(d: Path, seconds: float = 0.0) -> tuple[str, int]:
    sys.path.insert(0, str(ROOT))
    from tests.speech.test_last_words import _slow_module
    from tests.speech.test_speech import _private_config

    _private_config(d)
    if seconds:
        _slow_module(d, seconds)
    sock, pidfile = d / "sock", d / "pid"
    subprocess.run(["speech-dispatcher", "-d", "-t", "0", "-C", str(d / "conf"), "-m",
                    "/usr/lib/speech-dispatcher-modules", "-c", "unix_socket", "-S", str(sock), "-P", str(pidfile)],
                   check=True, capture_output=True, timeout=20)
    time.sleep(2)
    return f"unix_socket:{sock}", int(pidfile.read_text().split()[0])


def run(tree: Path, kind: str, address: dict[str, str]) -> float:
    home = Path(tempfile.mkdtemp(prefix="bench-speech-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SPEECHD", "XDG_"))}
    env.update(HOME=str(home), PYTHONPATH=str(tree))
    if kind in address:
        env["SPEECHD_ADDRESS"] = address[kind]
    args = [sys.executable, "-m", "companion"] + ([] if kind == "none" else ["--speech"]) + ["card", "village"]
    start = time.monotonic()
    subprocess.run(args, cwd=tree, env=env, capture_output=True, timeout=60, check=True)
    took = time.monotonic() - start
    shutil.rmtree(home, ignore_errors=True)
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, required=True, help="a copy of the code before")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    d = Path(tempfile.mkdtemp(prefix="bench-speechd-"))
    voice = Path(tempfile.mkdtemp(prefix="bench-speechd-voice-"))
    address: dict[str, str] = {}
    address["private"], pid = private_daemon(d)
    address["voice"], voice_pid = private_daemon(voice, 2.0)
    trees = {"before": options.before, "after": ROOT}
    times: dict[tuple[str, str], list[float]] = {}
    try:
        for _ in range(options.runs):
            for kind in ("none", "private", "voice", "default"):
                for name, tree in trees.items():
                    times.setdefault((kind, name), []).append(run(tree, kind, address))
                    if kind == "voice":
                        time.sleep(4.5)  # the words of the run before are over
    finally:
        from tests.speech.test_speech import _stop_pid, modules_of

        for process in {pid, voice_pid, *modules_of(d), *modules_of(d, b"speech-dispatcher"), *modules_of(voice),
                        *modules_of(voice, b"speech-dispatcher")}:
            _stop_pid(process)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, {options.runs} runs each")
    for (kind, name), values in times.items():
        print(f"{kind:8} {name:6} median {statistics.median(values):5.2f} s  (fastest {min(values):.2f}, "
              f"slowest {max(values):.2f})")


if __name__ == "__main__":
    main()
