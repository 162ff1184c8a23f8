"""The checkout itself: no file carries a merge's conflict markers (a doc page once
landed with them)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from conftest import ROOT

MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.M)
TEXT = {".py", ".md", ".bpn", ".lark", ".json", ".js", ".css", ".c", ".toml", ".txt", ".html"}


def test_no_file_holds_conflict_markers():
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in {"build", "dist", "node_modules"}]
        for path in (Path(folder, f) for f in files if os.path.splitext(f)[1] in TEXT):
            found += _markers(path)
    assert not found, found


def _markers(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}" for m in MARKER.finditer(text)]
