"""The checkout itself: no file carries a merge's conflict markers (a doc page once
landed with them)."""

from __future__ import annotations

import re

from conftest import ROOT

MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.M)
TEXT = {".py", ".md", ".bpn", ".lark", ".json", ".js", ".css", ".c", ".toml", ".txt", ".html"}


def test_no_file_holds_conflict_markers():
    found = []
    for path in ROOT.rglob("*"):
        if path.suffix not in TEXT or any(p in {".git", ".venv", "node_modules", "build"} or p.startswith(".")
                                          for p in path.relative_to(ROOT).parts[:-1]):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}" for m in MARKER.finditer(text)]
    assert not found, found
