#!/usr/bin/env python3
"""How quick ``bpn serve``'s recorder is at the table: a card tapped, and the page loaded.

    python benchmarks/bench_serve.py [--deals R] [--pages P] [--json]

Serves a copy of the first three deals of ``samples/club-night.bpn`` on a real uvicorn
on a free port of 127.0.0.1 and records board 4 through the JSON API R times (default
5), as the recorder page does. Measured, interleaved in one run:

1. **A card tapped**: ``POST /api/drafts/{id}/answer`` with the card, over one kept-alive
   connection, until the next question (the legal cards checked by the validator's own
   rules, the answer appended to the draft's journal, the next view drawn as JSON), for
   each of the 48 cards of the deal. Its yardstick, card for card: the same step of the
   same dialogue in the same process with no HTTP (``Draft.give``). Target: median
   <= 20 ms round trip.
2. **The recorder page loaded** in the system's headless Chromium (playwright), a fresh
   context each time, in the middle of the play: from navigation start to the page's
   ``bpn-drawn`` mark (the question drawn, after its script fetched the draft). Its
   yardstick: the page ``bpn html --deal 4`` makes, from ``file://``, to its own
   ``bpn-first-deal`` mark. Target: <= 300 ms. Skipped without playwright or Chromium.

Medians and 90th percentiles in milliseconds. See benchmarks/README.md for the figures.
"""
from __future__ import annotations

import argparse
import http.client
import json
import shutil
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (ROOT / "tests", ROOT):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from browser import launch, why_no_browser  # noqa: E402
from serve_helpers import Running  # noqa: E402

from bismarck_pbn import parse  # noqa: E402
from bismarck_pbn.format.writer import write_deal  # noqa: E402
from bismarck_pbn.model.cards import holding_text  # noqa: E402
from bismarck_pbn.serve.drafts import Drafts  # noqa: E402
from bismarck_pbn.session.learn import learn_session  # noqa: E402
from bismarck_pbn.views.html import render_html  # noqa: E402

SAMPLE = ROOT / "samples" / "club-night.bpn"


def answers_before_play(deal) -> list[str]:
    """Board 4 of the session: the board and forehand by default, the hands, the kitty
    by default, the contract."""
    order = [deal.forehand]
    while len(order) < 3:
        order.append(order[-1] % 3 + 1)
    out = ["", "", *(holding_text(deal.hands[s - 1]) for s in order), "", deal.contract]
    return out


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=5, help="times board 4 is recorded (48 taps each)")
    ap.add_argument("--pages", type=int, default=15, help="page loads of each kind")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    deals = [d for d in parse(SAMPLE.read_text(encoding="utf-8")) if d.tags]
    board4 = deals[3]
    cards = [c.card for c in board4.play.cards]
    tmp = Path(tempfile.mkdtemp())
    try:
        served = tmp / "night.bpn"
        served.write_text("% BPN 1.0\n" + "\n".join(write_deal(d) for d in deals[:3]), encoding="utf-8")
        local = Drafts(tmp / "local-drafts")
        session = learn_session(parse(served.read_text(encoding="utf-8")))
        http_ms: list[float] = []
        local_ms: list[float] = []
        with Running([served], tmp / "drafts") as server:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            conn.connect()
            # as browsers do: no Nagle delay (else a kept-alive request can wait ~40 ms for an ACK)
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            head = {"Authorization": f"Bearer {server.token}", "Origin": server.url, "Content-Type": "application/json"}

            def post(path: str, body: dict | None = None) -> dict:
                conn.request("POST", path, body=json.dumps(body) if body is not None else None, headers=head)
                r = conn.getresponse()
                return json.loads(r.read())

            prefix = None
            for _ in range(args.deals):
                view = post("/api/files/night/drafts")
                draft = view["id"]
                mine = local.new(str(served), '"x"')
                for a in answers_before_play(board4):
                    view = post(f"/api/drafts/{draft}/answer", {"answer": a})
                    mine.give(a, lambda: session)
                for _ in range(3):  # what the contract still asks: the discard (and Valfri's trump)
                    if view["question"]["kind"] == "play":
                        break
                    a = holding_text(board4.discard) if view["question"]["kind"] == "cards" else board4.trump
                    view = post(f"/api/drafts/{draft}/answer", {"answer": a})
                    mine.give(a, lambda: session)
                prefix = prefix or draft
                for card in cards:
                    t = time.perf_counter()
                    view = post(f"/api/drafts/{draft}/answer", {"answer": card})
                    http_ms.append((time.perf_counter() - t) * 1000)
                    assert view.get("state") in ("asking",), view
                    t = time.perf_counter()
                    mine.give(card, lambda: session)
                    local_ms.append((time.perf_counter() - t) * 1000)
            page_ms: list[float] = []
            html_ms: list[float] = []
            reason = why_no_browser()
            if reason is None and args.pages:
                # a draft left in the middle of the play (trick 9), for the page loads
                view = post("/api/files/night/drafts")
                draft = view["id"]
                for a in answers_before_play(board4):
                    view = post(f"/api/drafts/{draft}/answer", {"answer": a})
                for _ in range(3):
                    if view["question"]["kind"] == "play":
                        break
                    a = holding_text(board4.discard) if view["question"]["kind"] == "cards" else board4.trump
                    view = post(f"/api/drafts/{draft}/answer", {"answer": a})
                for card in cards[:24]:
                    post(f"/api/drafts/{draft}/answer", {"answer": card})
                html = tmp / "deal.html"
                html.write_text(render_html(deals, deal=4), encoding="utf-8")
                from playwright.sync_api import sync_playwright

                with sync_playwright() as pw:
                    browser = launch(pw)
                    for _ in range(args.pages):
                        ctx = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
                        ctx.add_cookies([{"name": "bpn_token", "value": server.token, "url": server.url}])
                        tab = ctx.new_page()
                        tab.goto(f"{server.url}/files/night/record/{draft}")
                        tab.wait_for_selector("body[data-kind=play]")
                        page_ms.append(tab.evaluate("performance.getEntriesByName('bpn-drawn')[0].startTime"))
                        ctx.close()
                        ctx = browser.new_context(viewport={"width": 390, "height": 844})
                        tab = ctx.new_page()
                        tab.goto(html.as_uri())
                        tab.wait_for_selector("html[data-ready]")
                        html_ms.append(tab.evaluate("performance.getEntriesByName('bpn-first-deal')[0].startTime"))
                        ctx.close()
                    browser.close()
            elif reason:
                print(f"page loads skipped: {reason}", file=sys.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    result = {"taps": len(http_ms),
              "tap_http_ms": {"median": statistics.median(http_ms), "p90": pct(http_ms, 0.9)},
              "tap_in_process_ms": {"median": statistics.median(local_ms), "p90": pct(local_ms, 0.9)}}
    if page_ms:
        result["recorder_page_ms"] = {"median": statistics.median(page_ms), "p90": pct(page_ms, 0.9),
                                      "loads": len(page_ms)}
        result["html_page_ms"] = {"median": statistics.median(html_ms), "p90": pct(html_ms, 0.9)}
    print(f"card tapped, over HTTP  : median {result['tap_http_ms']['median']:6.1f} ms  p90 "
          f"{result['tap_http_ms']['p90']:6.1f} ms  ({len(http_ms)} taps; target <= 20 ms)")
    print(f"  the same step, no HTTP: median {result['tap_in_process_ms']['median']:6.1f} ms  p90 "
          f"{result['tap_in_process_ms']['p90']:6.1f} ms")
    if page_ms:
        print(f"recorder page loaded    : median {result['recorder_page_ms']['median']:6.1f} ms  p90 "
              f"{result['recorder_page_ms']['p90']:6.1f} ms  ({len(page_ms)} loads; target <= 300 ms)")
        print(f"  bpn html --deal 4 page: median {result['html_page_ms']['median']:6.1f} ms  p90 "
              f"{result['html_page_ms']['p90']:6.1f} ms  (file://, to its first deal drawn)")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
