"""``bpn serve`` on the command line: what it prints, how it refuses, how it stops.
The address is read from its output; ``--lan`` is tested by what it prints, and no
request is ever sent to a LAN address."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from serve_helpers import call

from bismarck_pbn.cli import app

runner = CliRunner()


def test_without_the_extra_it_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed: importing it fails
    result = runner.invoke(app, ["serve", str(tmp_path / "x.bpn")])
    assert result.exit_code == 2
    assert "pip install 'bismarck-pbn[serve]'" in result.output


@pytest.mark.parametrize("name", ["-", "missing/x.bpn", "notes.txt"])
def test_a_path_that_cannot_be_served_is_a_usage_error(tmp_path, monkeypatch, name):
    pytest.importorskip("uvicorn")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["serve", name])
    assert result.exit_code == 2 and name in result.output


def test_a_port_in_use_is_refused_with_a_hint(tmp_path):
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), str(tmp_path / "x.bpn")])
    assert result.exit_code == 2 and "--port 0" in result.output


def start(tmp_path: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    return subprocess.Popen([sys.executable, "-m", "bismarck_pbn", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


@pytest.mark.slow
def test_it_prints_its_address_with_a_token_and_ctrl_c_stops_it(tmp_path):
    pytest.importorskip("uvicorn")
    proc = start(tmp_path, str(tmp_path / "table.bpn"))
    try:
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url
        port = int(url.split(":")[2].split("/")[0])
        token = url.split("token=")[1]
        assert len(token) >= 32
        assert call(port, "GET", "/api/files", token=token)[0] == 200
        assert call(port, "GET", "/api/files", token=None)[0] == 401
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "stopped" in err and "Traceback" not in err
    assert (tmp_path / "state" / "bismarck-pbn" / "drafts").is_dir()


@pytest.mark.slow
def test_lan_prints_the_lan_address_and_a_qr_code(tmp_path):
    pytest.importorskip("segno")
    from bismarck_pbn.cli.serve import lan_address

    address = lan_address()
    proc = start(tmp_path, "--lan", str(tmp_path / "table.bpn"))
    try:
        if address is None:
            _, err = proc.communicate(timeout=20)
            assert proc.returncode == 2 and "no address on a local network" in err
            return
        url = proc.stdout.readline().strip()
        assert url.startswith(f"http://{address}:") and "/?token=" in url
        qr = [proc.stdout.readline() for _ in range(8)]
        assert all(set(line.strip()) <= set("█▀▄ ") and line.strip() for line in qr[1:])
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
            proc.communicate(timeout=20)
    assert proc.returncode == 0


def test_the_servers_connections_do_without_nagles_delay():
    """An answer written in two parts (headers, body) on a kept-alive connection must not
    wait for the client's delayed ACK (~40 ms a tap): asyncio sets TCP_NODELAY on the
    connections of a socket made with IPPROTO_TCP."""
    import asyncio

    from bismarck_pbn.cli.serve import listen

    async def accept_one() -> int:
        sock = listen("127.0.0.1", 0)
        seen: list[int] = []

        async def handle(reader, writer) -> None:
            seen.append(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()
        server = await asyncio.start_server(handle, sock=sock)
        async with server:
            _, writer = await asyncio.open_connection("127.0.0.1", sock.getsockname()[1])
            while not seen:
                await asyncio.sleep(0.01)
            writer.close()
        return seen[0]
    assert asyncio.run(asyncio.wait_for(accept_one(), 10)) != 0


def test_the_names_the_server_answers_to():
    from bismarck_pbn.cli.serve import addresses, lan_address

    assert addresses("127.0.0.1", 8000) == ("127.0.0.1", {"127.0.0.1:8000", "localhost:8000"})
    assert addresses("::1", 80) == ("[::1]", {"[::1]:80", "localhost:80"})
    assert addresses("192.0.2.7", 8000) == ("192.0.2.7", {"192.0.2.7:8000"})
    lan = lan_address()
    shown, hosts = addresses("0.0.0.0", 8000)  # every address: printed as the LAN one, which is allowed
    assert shown == (lan or "127.0.0.1") and f"{shown}:8000" in hosts and "localhost:8000" in hosts
