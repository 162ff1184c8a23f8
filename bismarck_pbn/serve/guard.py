"""Who may come in, and with what: the checks every request to ``bpn serve`` passes
before it reaches a route (an ASGI middleware, so nothing else can forget them).

- **The token.** Every request carries the server's random token: in the address once
  (``?token=…``: the page is then sent again without it, with an HttpOnly, SameSite=Strict
  cookie), in that cookie, or as ``Authorization: Bearer TOKEN`` (programs). Otherwise
  401. The token is compared in constant time (:func:`hmac.compare_digest`).
- **The host.** A ``Host`` header other than the server's own names is refused (421):
  a page elsewhere cannot reach the server through a DNS name of its own.
- **Writes.** A request that writes (POST, PUT, PATCH, DELETE) must come from the server's
  own pages: an ``Origin`` header, when sent, is the server's own; a browser request
  (with the cookie) must send one. Otherwise 403.
- **Size.** A body over :data:`MAX_BODY` is 413: told by ``Content-Length`` at once, or
  counted as it streams in.
"""

from __future__ import annotations

import hmac
import json
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode

__all__ = ["COOKIE", "MAX_BODY", "Guard"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 1024 * 1024
"""The largest request body accepted, in bytes (1 MB)."""

COOKIE = "bpn_token"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"x-frame-options", b"DENY"), (b"cache-control", b"no-store")]
"""Sent with every answer: nothing sniffed, no address leaked, no framing, no caching."""


async def _reply(send: Send, status: int, message: str, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *HEADERS, *(extra or [])]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The middleware. ``hosts``: the names the server answers to (``127.0.0.1:8000``);
    None accepts any (the quick tests' client)."""

    def __init__(self, app: ASGIApp, token: str, hosts: set[str] | None = None) -> None:
        self.app = app
        self.token = token.encode()
        self.hosts = hosts

    def _valid(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if self.hosts is not None and host not in self.hosts:
            await _reply(send, 421, f"this server does not answer to the name {host!r}")
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        in_query = next((v for k, v in query if k == "token"), None)
        bearer = headers.get("authorization", "")
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed cookie header is no token
            cookie = SimpleCookie()
        by_cookie = self._valid(cookie[COOKIE].value if COOKIE in cookie else None)
        by_bearer = bearer[:7].lower() == "bearer " and self._valid(bearer[7:].strip())
        by_query = self._valid(in_query)
        if not (by_cookie or by_bearer or by_query):
            await _reply(send, 401, "the token is missing or wrong: open the address bpn serve printed",
                         [(b"www-authenticate", b'Bearer realm="bpn serve"')])
            return
        method = scope["method"]
        if by_query and method in ("GET", "HEAD") and not scope["path"].startswith("/api/"):
            # once in the address, then a cookie: the token leaves the address bar and the history
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            location = scope["path"] + (f"?{rest}" if rest else "")
            value = f"{COOKIE}={self.token.decode()}; HttpOnly; SameSite=Strict; Path=/"
            await send({"type": "http.response.start", "status": 303,
                        "headers": [(b"location", location.encode()), (b"set-cookie", value.encode()),
                                    (b"content-length", b"0"), *HEADERS]})
            await send({"type": "http.response.body", "body": b""})
            return
        if method in WRITES:
            origin = headers.get("origin")
            if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
                await _reply(send, 403, f"a write from another origin ({origin}) is refused")
                return
            if origin is None and not (by_bearer or by_query):
                await _reply(send, 403, "a write from a browser must say its origin")
                return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _reply(send, 413, f"the body is over {MAX_BODY // 1024} KB")
            return
        if method in WRITES:
            body = bytearray()
            more = True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > MAX_BODY:
                    await _reply(send, 413, f"the body is over {MAX_BODY // 1024} KB")
                    return
            sent = False

            async def replay() -> Message:
                nonlocal sent
                if sent:
                    return await receive()
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            receive = replay

        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)
        try:
            await self.app(scope, receive, with_headers)
        except Exception as exc:  # one line on the terminal, never a traceback; the client is told
            sys.stderr.write(f"bpn serve: internal error on {method} {scope['path']}: {type(exc).__name__}: {exc}. "
                             "Please report this with the file that caused it.\n")
            if not started:
                await _reply(send, 500, f"internal error: {type(exc).__name__}: {exc}")
