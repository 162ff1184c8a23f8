"""bpn html draws Turnover Bridge's layouts as piles in a real headless Chromium, as the
positions have them: a face-up card on a card back, the card beneath turned up once the
card on it is played, a card back for one turned up that the record does not give."""

from __future__ import annotations

import pytest

from bismarck_pbn import parse
from bismarck_pbn.views.html import render_html
from bismarck_pbn.views.position import positions
from browser import Opened, launch, why_no_browser
from conftest import ROOT

_reason = why_no_browser()
pytestmark = pytest.mark.skipif(_reason is not None, reason=f"browser tests skipped: {_reason}")

SAMPLE = ROOT / "samples" / "turnover-bridge" / "sunday-afternoons.bpn"


def _expected(deal_number: int, played: int) -> list[list[str]]:
    deal = [d for d in parse(SAMPLE.read_text(encoding="utf-8")) if d.tags][deal_number - 1]
    pos = positions(deal)[played]
    out = []
    for piles in pos.piles:
        row = []
        for kind, card, _ in piles:
            row.append(f"up:{card}" if kind == "up" else "empty" if kind == "gone"
                       else f"turned:{card}" if card is not None else "back")
        out.append(row)
    return out


_DRAWN = """(deal) => [...document.querySelectorAll(`#deal-${deal} .viewer .table > .seat`)]
  .sort((a, b) => a.dataset.seat - b.dataset.seat)
  .map((seat) => [...seat.querySelectorAll('.pile')].map((p) => {
    const kids = [...p.children];
    if (!kids.length) return 'empty';
    if (kids.length === 2) return 'up:' + kids[1].dataset.card;
    return kids[0].classList.contains('back') ? 'back' : 'turned:' + kids[0].dataset.card;
  }))"""


@pytest.mark.slow
def test_the_piles_are_drawn_as_the_play_turns_them_up(tmp_path):
    from playwright.sync_api import sync_playwright

    path = tmp_path / "turnover.html"
    path.write_text(render_html(parse(SAMPLE.read_text(encoding="utf-8"))), encoding="utf-8")
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            for deal, trick in ((2, 3), (4, 10), (1, 26)):
                view = Opened(browser, path, f"#deal-{deal}/trick-{trick}/card-2", 1100)
                drawn = view.page.evaluate(_DRAWN, deal)
                assert drawn == _expected(deal, 2 * trick), (deal, trick)
                assert any(p.startswith("turned:") or p == "empty" for p in drawn[0] + drawn[1])
                view.close()
            view = Opened(browser, path, "#deal-4", 1100)
            assert view.page.evaluate(_DRAWN, 4) == _expected(4, 0)
            view.close()
        finally:
            browser.close()
