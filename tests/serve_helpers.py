"""A real ``bpn serve`` app on a real uvicorn, on a free port of 127.0.0.1, for the
tests: :class:`Running` starts it in a thread (in well under a second) and stops it;
:func:`call` sends one request with the standard library and gives (status, headers,
body). Traffic goes to 127.0.0.1 only, each request bounded by a timeout."""

from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path

TOKEN = "test-token-0123456789"


class Running:
    """``with Running(paths, drafts_dir) as server:``; ``server.url`` is the base address."""

    def __init__(self, paths: list[Path], drafts: Path, token: str = TOKEN) -> None:
        import uvicorn

        from bismarck_pbn.serve.app import create_app

        from bismarck_pbn.cli.serve import listen

        self.sock = listen("127.0.0.1", 0)  # as bpn serve listens
        self.port = self.sock.getsockname()[1]
        self.host = f"127.0.0.1:{self.port}"
        self.url = f"http://{self.host}"
        self.token = token
        self.app = create_app(paths, token, drafts, {self.host})
        config = uvicorn.Config(self.app, log_level="error", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Running:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()

    def call(self, method: str, path: str, body: bytes | str | dict | None = None, *,
             headers: dict[str, str] | None = None, auth: bool = True) -> tuple[int, dict[str, str], bytes]:
        return call(self.port, method, path, body, headers=headers, token=self.token if auth else None)

    def json(self, method: str, path: str, body: bytes | str | dict | None = None, **kw) -> tuple[int, object]:
        status, _, data = self.call(method, path, body, **kw)
        return status, json.loads(data) if data else None


def call(port: int, method: str, path: str, body: bytes | str | dict | None = None, *,
         headers: dict[str, str] | None = None, token: str | None = TOKEN) -> tuple[int, dict[str, str], bytes]:
    sent = dict(headers or {})
    if token is not None:
        sent.setdefault("Authorization", f"Bearer {token}")
    if isinstance(body, dict):
        body = json.dumps(body)
        sent.setdefault("Content-Type", "application/json")
    if isinstance(body, str):
        body = body.encode()
        sent.setdefault("Content-Type", "text/plain")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=sent)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()
