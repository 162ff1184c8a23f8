"""``bpn serve``: a web app, served from this machine, to record and annotate deals from
a phone at the table. The app is :mod:`bismarck_pbn.serve`, loaded only here (it needs
the ``serve`` extra: Starlette, uvicorn and segno)."""

from __future__ import annotations

import os
import secrets
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from bismarck_pbn.cli.common import err_console

INSTALL = "bpn serve needs the serve extra: pip install 'bismarck-pbn[serve]'"


def _drafts_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "bismarck-pbn" / "drafts"


def lan_address() -> str | None:
    """This machine's address on its local network: the one a datagram socket would send
    from (connecting a UDP socket sends nothing), or None when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening (so a client quicker than the server's
    start is queued, not refused). IPPROTO_TCP is said out loud: asyncio turns Nagle's
    algorithm off (TCP_NODELAY) only on sockets that say so, and with it on, an answer
    written in two parts on a kept-alive connection waits ~40 ms for the client's
    delayed ACK."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def addresses(host: str, port: int) -> tuple[str, set[str]]:
    """The address to print, and every ``Host`` the server answers to (a page elsewhere
    cannot come in through a DNS name of its own). Listening on every address (0.0.0.0,
    ::), the printed one is the LAN address, and this machine's own names are allowed."""
    def bracket(address: str) -> str:
        return f"[{address}]" if ":" in address else address
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        names = {"127.0.0.1", "localhost", "[::1]", *([lan] if lan else [])}
        return (lan or "127.0.0.1"), {f"{n}:{port}" for n in names}
    names = {bracket(host)} | ({"localhost"} if host in ("127.0.0.1", "::1") else set())
    return bracket(host), {f"{n}:{port}" for n in names}


def serve_command(
    paths: Annotated[list[str], typer.Argument(
        help="BPN files (a file that does not exist yet is created by the first deal recorded), or "
             "directories: every *.bpn file in them is served.", metavar="PATH...", show_default=False)],
    port: Annotated[int, typer.Option("--port", min=0, max=65535, metavar="N",
                                      help="The port to listen on (0: any free port).")] = 8000,
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS",
                                      help="The address to listen on.")] = "127.0.0.1",
    lan: Annotated[bool, typer.Option(
        "--lan", help="Listen on this machine's address on the local network, so that phones on the same "
                      "network can come in, and print the address as a QR code too.")] = False,
    drafts: Annotated[str | None, typer.Option(
        "--drafts", metavar="DIR", show_default=False,
        help="Where deals being recorded are kept, so that they survive a restart (default: "
             "$XDG_STATE_HOME/bismarck-pbn/drafts).")] = None,
) -> None:
    """Serve BPN files to a browser: the files and their standings, each deal stepped
    through, a recorder that takes the next deal of a session by taps (hands in a card
    grid, the auction call by call, the play with only the legal cards offered) and
    appends it to the file, and annotation of any card or call with a comment, a NAG or
    a suffix, written with every other byte of the file unchanged.

    The address printed carries a fresh random token; only a browser or a program that
    has it comes in (programs send Authorization: Bearer TOKEN). The JSON API the pages
    use is open to programs too: see docs/serve.md. A deal being recorded is kept on
    this machine after each tap, so a reload, a lost connection or a restart loses
    nothing. Ctrl-C stops the server.

    Exit status: 0 stopped with Ctrl-C; 2 a path cannot be served, the port is taken,
    there is no LAN address (--lan), or the serve extra is not installed.

    Examples:

        bpn serve club-night.bpn
        bpn serve --lan records/
    """
    err = err_console()
    try:
        import segno
        import uvicorn

        from bismarck_pbn.serve.app import create_app
    except ImportError:
        err.print(INSTALL, style="red", highlight=False, markup=False)
        raise typer.Exit(2) from None
    targets = []
    for name in paths:
        path = Path(name)
        if name == "-" or (not path.exists() and (path.suffix != ".bpn" or not path.parent.is_dir())):
            why = "standard input cannot be served" if name == "-" else \
                "no such file or directory (a new file must end in .bpn, in a directory that exists)"
            err.print(f"bpn: {name}: {why}", style="red", highlight=False, markup=False)
            raise typer.Exit(2)
        if path.exists() and not (path.is_file() or path.is_dir()):
            err.print(f"bpn: {name}: not a regular file or a directory", style="red", highlight=False, markup=False)
            raise typer.Exit(2)
        targets.append(path)
    if lan:
        found = lan_address()
        if found is None:
            err.print("bpn: this machine has no address on a local network", style="red", highlight=False)
            raise typer.Exit(2)
        host = found
    try:
        sock = listen(host, port)
    except OSError as exc:
        hint = " (--port 0 picks a free one)" if exc.errno in (98, 48) else ""
        err.print(f"bpn: cannot listen on {host}:{port}: {exc.strerror or exc}{hint}", style="red", highlight=False)
        raise typer.Exit(2) from None
    port = sock.getsockname()[1]
    named, hosts = addresses(host, port)
    token = secrets.token_urlsafe(24)
    state = Path(drafts) if drafts else _drafts_dir()
    app = create_app(targets, token, state, hosts)
    url = f"http://{named}:{port}/?token={token}"
    try:  # from here on Ctrl-C, whenever it comes, is the way to stop
        sys.stdout.write(url + "\n")
        if lan:
            segno.make(url, error="l").terminal(out=sys.stdout, compact=True)
        sys.stdout.flush()
        err.print(f"serving {len(targets)} path{'s' if len(targets) != 1 else ''}; deals being recorded are kept "
                  f"in {state}. Ctrl-C stops.", highlight=False, markup=False)
        config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=3)
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    err.print("stopped", highlight=False, markup=False)
