"""The page itself: one self-contained HTML file, with its CSS, its viewer script,
the suit pictures (an SVG sprite) and the data (one JSON blob) inline.

Nothing is fetched: the page works from ``file://``, as a mail attachment, and with
no network at all. The CSS (``page.css``) and the script are package data files read
with :mod:`importlib.resources`. The script is written in parts by concern, in
``script/`` (:data:`SCRIPT_PARTS`); :func:`script` inlines them in that order inside one
function, so they share a scope, define nothing global and need no module loading.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from html import escape
from importlib.resources import files

from bismarck_pbn.model.deal import Deal
from bismarck_pbn.views.html.data import page_data

# Suit pictures on a 100×100 grid, used by every card through <use href="#suit-X">.
_SUITS = {
    "S": '<path d="M50 4C50 4 6 38 6 60c0 14 10 22 22 22 9 0 16-5 19-11-1 11-5 19-13 25h32'
         'c-8-6-12-14-13-25 3 6 10 11 19 11 12 0 22-8 22-22C94 38 50 4 50 4z"/>',
    "H": '<path d="M50 92S4 60 4 31C4 15 16 5 29 5c10 0 17 6 21 14 4-8 11-14 21-14 13 0 25 10 25 26'
         'C96 60 50 92 50 92z"/>',
    "D": '<path d="M50 3 90 50 50 97 10 50z"/>',
    "C": '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/><circle cx="74" cy="60" r="21"/>'
         '<path d="M40 38h20v26H40zM47 62c-1 16-5 26-14 34h34c-9-8-13-18-14-34z"/>',
}

_SPRITE = ('<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" '
           'style="position:absolute;width:0;height:0;overflow:hidden">'
           + "".join(f'<symbol id="suit-{s}" viewBox="0 0 100 100">{body}</symbol>' for s, body in _SUITS.items())
           + "</svg>")

_KEYS = ('Step with <kbd>←</kbd> <kbd>→</kbd> card by card, <kbd>↑</kbd> <kbd>↓</kbd> trick by trick, '
         '<kbd>Home</kbd> <kbd>End</kbd> to the start and the end, or with the buttons. '
         'The address in the browser points at the card shown.')


SCRIPT_PARTS = ("core.js", "sheet.js", "chart.js", "step.js", "deal.js", "table.js", "dd.js", "links.js")
"""The viewer's parts in the order they are inlined: the helpers (``core``), the score
sheet, a deal's state and keys (``step``), its section (``deal``), the viewer's table,
the double-dummy table, the address and the start (``links``). A part may use what an
earlier part defines when it runs, and any part's functions once the page starts."""


@cache
def _asset(name: str) -> str:
    return files("bismarck_pbn.views.html").joinpath(name).read_text(encoding="utf-8")


@cache
def script() -> str:
    """The viewer's script as the page carries it: every part of :data:`SCRIPT_PARTS`,
    each headed by its name, in one strict-mode function."""
    parts = "".join(f"/* ---- {name} ---- */\n{_asset('script/' + name)}" for name in SCRIPT_PARTS)
    return f'/* bpn html: the viewer, no framework, no network. */\n(function () {{\n"use strict";\n{parts}}})();\n'


def _json_for_script(data: dict) -> str:
    """JSON that can sit inside a <script> element: no ``<`` can close it early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def render_html(deals: Iterable[Deal], *, title: str | None = None, deal: int | None = None,
                dd: dict[int, list[dict]] | None = None) -> str:
    """The whole page for ``deals`` (as the reader gives them): an index of the sessions
    (the score sheet) and a section per deal with a step-by-step viewer, or, with
    ``deal`` (counting from 1), that deal alone. ``title`` defaults to the event and
    date. Raises LookupError when there is no deal ``deal``. O(n) deals, each O(c²) for
    c ≤ 48 cards (its positions). ``dd``: the double-dummy values to embed, by deal
    number (:func:`~bismarck_pbn.views.html.data.dd_data`)."""
    return page_html(page_data(deals, title=title, deal=deal, dd=dd))


def page_html(data: dict) -> str:
    """The page for data shaped as :func:`~bismarck_pbn.views.html.data.page_data` gives
    it (``title``, ``index``, ``deals``): the seam where another game's data goes in."""
    heading = escape(data["title"])
    return "".join((
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        '<meta name="generator" content="bpn html">\n',
        # No network: the policy forbids every fetch; the page needs only what it carries.
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n",
        f"<title>{heading}</title>\n<style>\n{_asset('page.css')}</style>\n</head>\n<body>\n",
        '<a class="skip" href="#main">Skip to the deals</a>\n',
        f"<header><h1>{heading}</h1>\n<p>{_KEYS}</p></header>\n",
        _SPRITE, "\n",
        '<main id="main"></main>\n',
        "<noscript><p>This page draws the deals with JavaScript; turn it on to see them.</p></noscript>\n",
        f'<script type="application/json" id="bpn-data">{_json_for_script(data)}</script>\n',
        f"<script>\n{script()}</script>\n</body>\n</html>\n",
    ))
