"""A server stopped by SIGTERM the moment it says it serves still stops as it should: it releases its games and
says so. (The handlers used to be installed after the first line, so a stop in that window ended the process by
the signal's default: no "Stopped", nothing released.)"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.net.helpers import ROOT, env
from tests.server.components import free_port

# The server runs in a child whose output stream sends SIGTERM to its own process as soon as "Serving on" is
# written: the earliest moment a service manager could know the server started.
CHILD = textwrap.dedent("""
    import io, os, signal, sys
    from companion.server.running import run_server

    class Out(io.StringIO):
        def write(self, text):
            sys.stdout.write(text)
            sys.stdout.flush()
            if text.startswith("Serving on"):
                os.kill(os.getpid(), signal.SIGTERM)
            return len(text)

    sys.exit(run_server("127.0.0.1", int(sys.argv[1]), None, [], stdout=Out()))
""")


def test_a_sigterm_as_the_server_says_it_serves_stops_it_cleanly(tmp_path) -> None:
    done = subprocess.run([sys.executable, "-c", CHILD, str(free_port())], capture_output=True, text=True,
                          env=env(tmp_path / "home"), cwd=str(ROOT), timeout=120)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Serving on http://127.0.0.1:")
    assert lines[-1] == "Stopped. Every game is saved. Start the server again to go on."
    assert "Traceback" not in done.stderr
