"""docs/library.md runs as written: each ```python block, in order and in one namespace,
from the top of the checkout, prints exactly the ```output block that follows it."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```(python|output)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str | None]]:
    """(code, expected output or None) for each python block of the page."""
    found = BLOCK.findall((ROOT / "docs" / "library.md").read_text(encoding="utf-8"))
    out: list[tuple[str, str | None]] = []
    for kind, body in found:
        if kind == "python":
            out.append((body, None))
        else:
            assert out and out[-1][1] is None, "an output block must follow a python block"
            out[-1] = (out[-1][0], body)
    return out


@pytest.mark.slow
def test_the_library_page_runs_as_written(monkeypatch):
    monkeypatch.chdir(ROOT)
    namespace: dict = {"__name__": "library_docs"}
    examples = blocks()
    assert len(examples) >= 8
    for code, expected in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "docs/library.md", "exec"), namespace)
        if expected is not None:
            assert printed.getvalue() == expected, code
