"""A headless Chromium for the page tests: the system's browser driven by playwright.

The tests that use it are skipped, saying why, when playwright or a Chromium binary
is missing (Debian: ``apt-get install chromium``; ``.ci/run`` installs it).
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
