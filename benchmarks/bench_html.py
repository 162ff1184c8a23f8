#!/usr/bin/env python3
"""Size and speed of the page ``bpn html`` makes for a 12-deal session.

    python benchmarks/bench_html.py [--repeat R] [--json] [--sample FILE]

1. Renders ``samples/club-night.bpn`` (12 deals, all played, annotated; or ``--sample``,
   e.g. samples/swedish-whist/uppsala.bpn for a sheet with rounds) with
   ``render_html`` and prints the page's size in kB (10³ bytes) and how it splits
   into data, script and styles; the target is under 300 kB. Also the Python time to
   make the page (best of R).
2. Opens the page from ``file://`` in the system's headless Chromium (driven by
   playwright) R times, each in a fresh browser context, and reads the page's own
   performance marks: ``bpn-first-deal`` (the first deal drawn) and ``bpn-drawn``
   (every deal drawn), measured from DOMContentLoaded, when the viewer starts. The
   target is under 1 s to the first deal; the best and the median are printed.

Needs playwright and a Chromium (``apt-get install chromium``; set BPN_CHROMIUM to use
another binary). See benchmarks/README.md for the figures.
"""
from __future__ import annotations

import argparse
import json
import os
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

from browser import launch, why_no_browser  # noqa: E402  (tests/browser.py: the shared launch)

from bismarck_pbn import parse  # noqa: E402
from bismarck_pbn.views.html import render_html  # noqa: E402
from bismarck_pbn.views.html.page import _asset, script  # noqa: E402

SAMPLE = ROOT / "samples" / "club-night.bpn"
SIZE_LIMIT = 300_000
TIME_LIMIT_MS = 1000.0

_MARKS = """() => {
  const dcl = performance.getEntriesByType('navigation')[0].domContentLoadedEventStart;
  const at = (name) => performance.getEntriesByName(name)[0].startTime - dcl;
  return {first: at('bpn-first-deal'), all: at('bpn-drawn'), deals: document.querySelectorAll('section.deal').length};
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    parser.add_argument("--sample", type=Path, default=SAMPLE, help="the BPN file to make the page of")
    args = parser.parse_args()

    sample = args.sample
    text = sample.read_text(encoding="utf-8")
    best_render = float("inf")
    for _ in range(args.repeat):
        deals = parse(text)
        start = time.perf_counter()
        page = render_html(deals)
        best_render = min(best_render, time.perf_counter() - start)
    size = len(page.encode("utf-8"))
    script_size = len(script().encode())
    styles = len(_asset("page.css").encode())
    data = size - script_size - styles
    print(f"page for {sample.name}: {size / 1000:.1f} kB (limit {SIZE_LIMIT / 1000:.0f} kB): "
          f"script {script_size / 1000:.1f} kB, styles {styles / 1000:.1f} kB, data and markup {data / 1000:.1f} kB")
    print(f"render_html (Python, best of {args.repeat}): {best_render * 1000:.0f} ms")

    reason = why_no_browser()
    figures = {"size_bytes": size, "script_bytes": script_size, "styles_bytes": styles,
               "render_html_ms": round(best_render * 1000, 1)}
    if reason:
        print(f"browser timing skipped: {reason}")
    else:
        from playwright.sync_api import sync_playwright

        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
            path = Path(tmp) / (sample.stem + ".html")
            path.write_text(page, encoding="utf-8")
            browser = launch(pw)
            runs = []
            for _ in range(args.repeat):
                context = browser.new_context(viewport={"width": 1100, "height": 900})
                tab = context.new_page()
                tab.goto(path.as_uri())
                tab.wait_for_selector("html[data-ready]")
                runs.append(tab.evaluate(_MARKS))
                context.close()
            version = browser.version
            browser.close()
        first = [r["first"] for r in runs]
        drawn = [r["all"] for r in runs]
        print(f"Chromium {version}, {runs[0]['deals']} deals, {args.repeat} loads, from DOMContentLoaded:")
        print(f"  first deal drawn: best {min(first):.0f} ms, median {statistics.median(first):.0f} ms "
              f"(limit {TIME_LIMIT_MS:.0f} ms)")
        print(f"  every deal drawn: best {min(drawn):.0f} ms, median {statistics.median(drawn):.0f} ms")
        figures.update(chromium=version, first_deal_ms=[round(x, 1) for x in first],
                       all_deals_ms=[round(x, 1) for x in drawn])
        if statistics.median(first) >= TIME_LIMIT_MS:
            print("  over the limit")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    if args.json:
        print(json.dumps(figures))
    over = size >= SIZE_LIMIT or (not reason and statistics.median(first) >= TIME_LIMIT_MS)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
