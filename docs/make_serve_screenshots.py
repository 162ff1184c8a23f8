#!/usr/bin/env python3
"""Make the screenshots of ``bpn serve``'s recorder on a phone (390×844) in docs/.

    python docs/make_serve_screenshots.py

Serves a copy of the first three deals of ``samples/club-night.bpn`` and records board 4
through the JSON API, as the page does, stopping at three moments:
``docs/serve-hand.png`` (a hand being tapped into the card grid), ``docs/serve-play.png``
(the play, trick 6: only the legal cards enabled) and ``docs/serve-auction.png`` (a Solo
Whist auction, from the Solo Whist sample: the legal calls as buttons). Needs the
serve extra, playwright and a Chromium (``apt-get install chromium``, or BPN_CHROMIUM).
"""
from __future__ import annotations

import http.client
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (ROOT / "tests", ROOT):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from browser import launch, why_no_browser  # noqa: E402
from record_answers import answers  # noqa: E402
from serve_helpers import Running  # noqa: E402

from bismarck_pbn import parse  # noqa: E402
from bismarck_pbn.format.writer import write_deal  # noqa: E402
from bismarck_pbn.model.cards import holding_text  # noqa: E402

SIZE = {"width": 390, "height": 844}


def deals_of(path: Path) -> list:
    return [d for d in parse(path.read_text(encoding="utf-8")) if d.tags]


class Api:
    def __init__(self, server: Running) -> None:
        self.server = server
        self.head = {"Authorization": f"Bearer {server.token}", "Origin": server.url,
                     "Content-Type": "application/json"}

    def post(self, path: str, body: dict | None = None) -> dict:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        try:
            conn.request("POST", path, body=json.dumps(body) if body is not None else None, headers=self.head)
            return json.loads(conn.getresponse().read())
        finally:
            conn.close()

    def draft(self, file_id: str, given: list[str]) -> str:
        draft = self.post(f"/api/files/{file_id}/drafts")["id"]
        for a in given:
            self.post(f"/api/drafts/{draft}/answer", {"answer": a})
        return draft


def main() -> int:
    reason = why_no_browser()
    if reason:
        print(f"cannot make screenshots: {reason}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    club = deals_of(ROOT / "samples" / "club-night.bpn")
    board4 = club[3]
    solo = deals_of(ROOT / "samples" / "solo-whist" / "sunday-school.bpn")[0]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        night = Path(tmp) / "club-night.bpn"
        night.write_text("% BPN 1.0\n" + "\n".join(write_deal(d) for d in club[:3]), encoding="utf-8")
        sunday = Path(tmp) / "sunday.bpn"
        with Running([night, sunday], Path(tmp) / "drafts") as server:
            api = Api(server)
            order = [board4.forehand, board4.forehand % 3 + 1, (board4.forehand + 1) % 3 + 1]
            hands = [holding_text(board4.hands[s - 1]) for s in order]
            before_play = ["", "", *hands, "", board4.contract, holding_text(board4.discard)]
            at_hand = api.draft("club-night", ["", "", hands[0]])
            at_play = api.draft("club-night", [*before_play, *[c.card for c in board4.play.cards][:16]])
            solo_answers = answers(solo)
            first_call = solo_answers.index(solo.auction.calls[0].call)
            at_auction = api.draft("sunday", solo_answers[:first_call + 2])

            browser = launch(pw)
            ctx = browser.new_context(viewport=SIZE, device_scale_factor=1)
            tab = ctx.new_page()
            tab.goto(f"{server.url}/?token={server.token}")
            tab.goto(f"{server.url}/files/club-night/record/{at_hand}")
            tab.wait_for_selector("body[data-kind=hand]")
            for card in board4.hands[order[1] - 1][:9]:
                tab.click(f'.grid [data-card="{card}"]')
            tab.screenshot(path=str(HERE / "serve-hand.png"))
            tab.goto(f"{server.url}/files/club-night/record/{at_play}")
            tab.wait_for_selector("body[data-kind=play]")
            tab.screenshot(path=str(HERE / "serve-play.png"))
            tab.goto(f"{server.url}/files/sunday/record/{at_auction}")
            tab.wait_for_selector("body[data-kind=call]")
            tab.screenshot(path=str(HERE / "serve-auction.png"))
            browser.close()
    for name in ("serve-hand.png", "serve-play.png", "serve-auction.png"):
        print(HERE / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
