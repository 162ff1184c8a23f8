#!/usr/bin/env python3
"""Make the screenshots of ``bpn html`` in docs/ with the system's headless Chromium.

    python docs/make_screenshots.py

Writes ``docs/html-deal.png`` (club night, board 1, at the ruff in trick 5 with the
teacher's note), ``docs/html-index.png`` (its score sheet) and ``docs/html-sheet.png``
(the score sheet of the Swedish Whist sample: team points, individual points, exits
and the rounds). Needs playwright and a
Chromium (``apt-get install chromium``, or BPN_CHROMIUM).
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (ROOT / "tests", ROOT):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from browser import launch, why_no_browser  # noqa: E402

from bismarck_pbn import parse  # noqa: E402
from bismarck_pbn.views.html import render_html  # noqa: E402


def main() -> int:
    reason = why_no_browser()
    if reason:
        print(f"cannot make screenshots: {reason}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    page_text = render_html(parse((ROOT / "samples" / "club-night.bpn").read_text(encoding="utf-8")))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        path = Path(tmp) / "club-night.html"
        path.write_text(page_text, encoding="utf-8")
        browser = launch(pw)
        tab = browser.new_page(viewport={"width": 1000, "height": 800}, device_scale_factor=1)
        tab.goto(path.as_uri() + "#deal-1/trick-5/card-3")
        tab.wait_for_selector("html[data-ready]")
        tab.locator("#deal-1").screenshot(path=str(HERE / "html-deal.png"))
        tab.goto(path.as_uri())
        tab.reload()
        tab.wait_for_selector("html[data-ready]")
        tab.evaluate("window.scrollTo(0, 0)")
        tab.screenshot(path=str(HERE / "html-index.png"),
                       clip={"x": 0, "y": 0, "width": 1000,
                             "height": tab.evaluate("document.querySelector('#index').getBoundingClientRect().bottom + 8")})
        swedish = Path(tmp) / "uppsala.html"
        swedish.write_text(render_html(parse((ROOT / "samples" / "swedish-whist" / "uppsala.bpn").read_text(
            encoding="utf-8"))), encoding="utf-8")
        tab.set_viewport_size({"width": 1200, "height": 800})
        tab.goto(swedish.as_uri())
        tab.wait_for_selector("html[data-ready]")
        tab.locator("#index .session").screenshot(path=str(HERE / "html-sheet.png"))
        browser.close()
    for name in ("html-deal.png", "html-index.png", "html-sheet.png"):
        print(f"docs/{name}: {(HERE / name).stat().st_size / 1000:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
