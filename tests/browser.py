"""A headless Chromium for the page tests: the system's browser driven by playwright.

The tests that use it are skipped, saying why, when playwright or a Chromium binary
is missing (Debian: ``apt-get install chromium``; ``.ci/run`` installs it).
:class:`Opened` opens a page from a file and records what it asks of the network and
says on its console, for the tests to check it stayed offline and quiet.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """The system Chromium: $BPN_CHROMIUM, else chromium or chromium-browser on the PATH."""
    for candidate in (os.environ.get("BPN_CHROMIUM"), "chromium", "chromium-browser"):
        if candidate and (found := shutil.which(candidate)):
            return found
    return None


def why_no_browser() -> str | None:
    """None when a browser can be driven, else the reason the browser tests are skipped."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install '.[test]')"
    if chromium_path() is None:
        return "no Chromium found (apt-get install chromium, or set BPN_CHROMIUM)"
    return None


def launch(playwright):
    """The shared browser, launched headless with no network services of its own."""
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)


def _luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """The WCAG contrast ratio of two sRGB colours (AA asks 4.5 for text)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


class Opened:
    """A page opened from a file, with what it asked of the network and said on its console."""

    def __init__(self, browser, path, fragment="", width=1100):
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.requests: list[str] = []
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: m.type in ("error", "warning") and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path.as_uri() + fragment)
        self.page.wait_for_selector("html[data-ready]")

    def _route(self, route):
        url = route.request.url
        if url.startswith(("file:", "data:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def press(self, *keys):
        for key in keys:
            self.page.keyboard.press(key)

    def state(self, deal):
        """Hands by seat, the trick on the table as [seat, card] and the winner's seat, in one call."""
        return self.page.evaluate("""(n) => {
          const d = document.getElementById('deal-' + n);
          const hands = [...d.querySelectorAll('.viewer .seat')].map(
            (s) => [...s.querySelectorAll('.hand .card')].map((c) => c.dataset.card));
          const table = [...d.querySelectorAll('.felt .played')].map(
            (e) => [Number(e.dataset.seat), e.querySelector('.card').dataset.card]);
          const w = d.querySelector('.felt .played.winner');
          return [hands, table, w ? Number(w.dataset.seat) : null]; }""", deal)

    def hand(self, deal, seat):
        return self.state(deal)[0][seat - 1]

    def table(self, deal):
        return self.state(deal)[1]

    def winner(self, deal):
        return self.state(deal)[2]

    def text(self, selector):
        return self.page.inner_text(selector)

    def close(self):
        """Check the page stayed offline and quiet, then close it."""
        try:
            assert self.blocked == [], f"the page tried the network: {self.blocked}"
            assert all(u.startswith(("file:", "data:")) for u in self.requests), self.requests
            assert self.errors == [], f"console errors: {self.errors}"
        finally:
            self.context.close()
