"""The pages of ``bpn serve``: phone first (usable at 360 px), nothing fetched from the
network, no build step. The files, their sessions and standings, and the deals are
drawn on the server; a deal stepped through is the page ``bpn html`` makes
(:mod:`bismarck_pbn.views.html`); the recorder and the annotator are one small script
(``static/serve.js``) over the JSON API, which they share with programs.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import cache
from html import escape
from importlib.resources import files

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from bismarck_pbn.format import values
from bismarck_pbn.serve.drafts import Drafts
from bismarck_pbn.serve.files import Library, Served
from bismarck_pbn.session.standings import Session, iter_standings
from bismarck_pbn.sources import ReadFailure
from bismarck_pbn.views.html.page import render_html

__all__ = ["Pages", "shell"]

STATIC = {"serve.js": "text/javascript; charset=utf-8", "serve.css": "text/css; charset=utf-8"}
"""Also served on their own (``/static/NAME``), for a look at them; the pages carry them inline."""


@cache
def _asset(name: str) -> str:
    return files("bismarck_pbn.serve").joinpath("static").joinpath(name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


@cache
def csp() -> str:
    """The pages run only their own script and style (inline, allowed by their hashes:
    a page is drawn with no request after its own), and talk only to the server."""
    return (f"default-src 'none'; script-src {_hash(_asset('serve.js'))}; style-src {_hash(_asset('serve.css'))}; "
            "connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


def _json_for_script(data: object) -> str:
    """JSON that can sit inside a <script> element: no ``<`` can close it early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def shell(title: str, body: str, page: str = "", data: dict[str, str] | None = None, view: object = None) -> str:
    """A page: ``page`` names what the script does on it (``record``, ``annotate``,
    ``file``); ``view``, data it starts from (the recorder's first view), saving a fetch."""
    attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in (data or {}).items())
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)} · bpn serve</title>\n"
            f"<style>{_asset('serve.css')}</style>\n"
            f'</head>\n<body data-page="{page}"{attrs}>\n'
            f'<header><a class="home" href="/">bpn serve</a> <h1>{escape(title)}</h1></header>\n'
            f"<main>\n{body}\n</main>\n"
            + (f'<script type="application/json" id="bpn-view">{_json_for_script(view)}</script>\n'
               if view is not None else "")
            + (f"<script>{_asset('serve.js')}</script>\n" if page else "")
            + "</body>\n</html>\n")


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status, headers={"Content-Security-Policy": csp()})


def _standings(session: Session) -> str:
    players = session.players
    totals = session.totals
    names = [escape(p or f"seat {i}") for i, p in enumerate(players, 1)]
    what = escape(" · ".join(x for x in (session.event, session.date, session.game) if x))
    board = session.last_board
    of = f" of {session.length}" if session.length else ""
    head = f"<p><b>{what or 'A session'}</b>: board {board}{of}</p>"
    if totals is None:
        return head + "<p>running total not known</p>"
    sides = session.sides
    cells = "".join(f"<tr><td>{' & '.join(names[s - 1] for s in side)}</td>"
                    f"<td class=\"num\">{escape(values.signed_text([t]))}</td></tr>"
                    for side, t in zip(sides, totals))
    return head + f'<table class="standings"><tr><th>player</th><th>total</th></tr>{cells}</table>'


class Pages:
    def __init__(self, library: Library, drafts: Drafts) -> None:
        self.library = library
        self.drafts = drafts

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return Response("not found", status_code=404)
        return Response(_asset(name), media_type=STATIC[name])

    async def home(self, request: Request) -> Response:
        return _html(await run_in_threadpool(self._home))

    def _home(self) -> str:
        items = []
        for served in self.library.files():
            try:
                snap = served.snapshot()
            except ReadFailure as exc:
                items.append(f"<li><b>{escape(served.name)}</b>: {escape(str(exc))}</li>")
                continue
            sessions = [s for s in iter_standings(snap.real_deals) if isinstance(s, Session)]
            last = _standings(sessions[-1]) if sessions else ""
            count = len(snap.real_deals)
            drafts = len(self.drafts.of_file(str(served.path)))
            items.append(f'<li class="file"><a href="/files/{served.id}"><b>{escape(served.name)}</b></a> '
                         f"{count} deal{'s' if count != 1 else ''}, {len(sessions)} "
                         f"session{'s' if len(sessions) != 1 else ''}"
                         + (f", {drafts} deal{'s' if drafts != 1 else ''} being recorded" if drafts else "")
                         + f"{last}</li>")
        body = f'<ul class="files">{"".join(items)}</ul>' if items else "<p>No BPN files are served.</p>"
        return shell("Files", body, "home")

    def _served(self, request: Request) -> Served | None:
        return self.library.get(request.path_params["id"])

    async def file(self, request: Request) -> Response:
        served = self._served(request)
        if served is None:
            return _html(shell("Not found", "<p>No such file.</p>"), 404)
        return _html(await run_in_threadpool(self._file, served))

    def _file(self, served: Served) -> str:
        try:
            snap = served.snapshot()
        except ReadFailure as exc:
            return shell(served.name, f"<p>{escape(str(exc))}</p>")
        rows = []
        for item in iter_standings(snap.real_deals):
            if isinstance(item, Session):
                rows.append(f'<li class="session">{_standings(item)}<ol class="deals">')
                for row in item.boards:
                    rows.append(self._deal_row(served, row))
                rows.append("</ol></li>")
            else:
                rows.append(f'<li class="session"><ol class="deals">{self._deal_row(served, item)}</ol></li>')
        drafts = "".join(f'<li><a href="/files/{served.id}/record/{d.id}">a deal being recorded '
                         f"({len(d.answers)} answers so far)</a></li>" for d in self.drafts.of_file(str(served.path)))
        body = (f'<p class="actions"><button id="record" data-file="{served.id}">Record the next deal</button> '
                f'<a href="/files/{served.id}/view">Score sheet and every deal</a></p>'
                + (f'<ul class="drafts">{drafts}</ul>' if drafts else "")
                + f'<ul class="sessions">{"".join(rows)}</ul>')
        return shell(served.name, body, "file", {"file": served.id})

    def _deal_row(self, served: Served, row) -> str:
        board = f"board {row.board}" if row.board is not None else "a deal"
        what = escape(" ".join(str(x) for x in (row.contract, row.trump) if x))
        score = escape(values.signed_text(row.score)) if row.score is not None else ""
        bad = f' <span class="bad">{row.errors} error{"s" if row.errors != 1 else ""}</span>' if row.errors else ""
        return (f'<li><a href="/files/{served.id}/view?deal={row.number}">{board}</a> {what} '
                f'<span class="num">{score}</span>{bad} '
                f'<a class="small" href="/files/{served.id}/annotate/{row.number}">annotate</a></li>')

    async def view(self, request: Request) -> Response:
        """The page ``bpn html`` makes, of the whole file or (``?deal=N``) of one deal."""
        served = self._served(request)
        if served is None:
            return _html(shell("Not found", "<p>No such file.</p>"), 404)
        deal = request.query_params.get("deal")

        def page() -> tuple[str, int]:
            try:
                snap = served.snapshot()
                return render_html(snap.real_deals, title=served.name,
                                   deal=int(deal) if deal and deal.isdigit() else None), 200
            except (ReadFailure, LookupError) as exc:
                return shell(served.name, f"<p>{escape(str(exc))}</p>"), 404
        text, status = await run_in_threadpool(page)
        # the page carries its own policy (inline script and style, no network at all)
        return HTMLResponse(text, status_code=status)

    async def recorder(self, request: Request) -> Response:
        served = self._served(request)
        draft = self.drafts.get(request.path_params["draft"])
        if served is None or draft is None or draft.file != str(served.path):
            return _html(shell("Not found", "<p>No such deal being recorded (it may have been written: "
                               "<a href=\"/\">the files</a>).</p>"), 404)

        def first_view() -> dict:
            with draft.lock:
                return {"id": draft.id, "file": served.id, **draft.open(lambda: served.snapshot().session()).last}
        view = await run_in_threadpool(first_view)
        return _html(shell(f"Recording into {served.name}", '<div id="app">Loading…</div>', "record",
                           {"file": served.id, "draft": draft.id}, view))

    async def annotator(self, request: Request) -> Response:
        served = self._served(request)
        if served is None:
            return _html(shell("Not found", "<p>No such file.</p>"), 404)
        deal = str(request.path_params["deal"])
        return _html(shell(f"Annotate deal {deal} of {served.name}", '<div id="app">Loading…</div>', "annotate",
                           {"file": served.id, "deal": deal}))
