"""deploy/: the systemd unit passes systemd-analyze and its very command line starts a server; the nginx
site refuses a flood from one address at the edge (429), past what a shared address needs, while serving
the page and the lobby to others."""

from __future__ import annotations

import pytest

import asyncio
import shlex
import shutil
import subprocess
import sys

from tests.conftest import needs
from tests.net.helpers import ROOT, env
from tests.server.components import free_port, nginx, redis_server
from tests.server.helpers import server_process, wait_serving
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)

UNIT = ROOT / "deploy" / "systemd" / "companion-server@.service"


def test_the_systemd_unit_is_valid_and_its_command_line_serves(tmp_path):
    needs("systemd-analyze", shutil.which("systemd-analyze") is not None)
    text = UNIT.read_text()
    unit = tmp_path / "companion-server@8651.service"
    unit.write_text(text.replace("/opt/companion/bin/companion", sys.executable))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
    line = next(x for x in text.splitlines() if x.startswith("ExecStart="))
    words = shlex.split(line.split("=", 1)[1])
    assert words[:2] == ["/opt/companion/bin/companion", "server"]
    with redis_server(tmp_path / "redis") as rport:
        port = free_port()
        args = [w.replace("%i", str(port)).replace("127.0.0.1:6379", f"127.0.0.1:{rport}") for w in words[2:]]
        home = tmp_path / "home"
        proc = subprocess.Popen([sys.executable, "-m", "companion", "server", *args], stdin=subprocess.DEVNULL,
                                stdout=(tmp_path / "server.out").open("wb"), stderr=subprocess.STDOUT,
                                env=env(home), cwd=str(ROOT))
        try:
            from tests.server.helpers import wait_for

            out = wait_for(tmp_path / "server.out", "Serving on", proc=proc)
            assert f"Serving on http://127.0.0.1:{port}, games kept in redis://127.0.0.1:{rport}/0." in out
        finally:
            proc.terminate()
            proc.wait(90)  # a bound, not a speed: under load a niced process may take tens of seconds to be scheduled
        assert "Stopped. Every game is saved" in (tmp_path / "server.out").read_text()


def test_the_nginx_site_limits_a_flood_from_one_address_at_the_edge(tmp_path):
    port = free_port()
    proc = server_process(tmp_path / "s", port, "--trust-proxy", "127.0.0.1")  # as the steps start it
    try:
        wait_serving(tmp_path / "s", proc)
        with nginx(tmp_path / "nginx", [port, port]) as nport:
            async def flood() -> list[int]:  # one machine, far past the 1,000 a shared address may burst
                import aiohttp

                conn = aiohttp.TCPConnector(limit=50, ssl=False)
                async with aiohttp.ClientSession(connector=conn) as http:
                    async def one() -> int:
                        async with http.get(f"https://127.0.0.1:{nport}/") as r:
                            await r.read()
                            return r.status
                    return list(await asyncio.gather(*(one() for _ in range(3000))))

            statuses = run(flood(), 120)
            assert statuses.count(200) >= 500 and 429 in statuses and set(statuses) <= {200, 429}
            async def lobby() -> str:
                import aiohttp

                conn = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
                async with aiohttp.ClientSession(connector=conn) as other:  # another person: not limited
                    seat = Raw(other, f"wss://127.0.0.1:{nport}/lobby/ws")
                    await seat.open("Cleo")
                    return str((await seat.say("games"))["text"])

            assert run(lobby(), 60) == "No open games. Type create to start one."
    finally:
        proc.terminate()
        proc.wait(90)
