"""Places in JSON text: the offset where the value at a JSON path begins, and offsets
as line and column. Shared by ``bpn validate`` on JSON (:mod:`bismarck_pbn.convert.jsoncheck`)
and by the JSON import (:mod:`bismarck_pbn.convert.jsonio`), so both name a fault at
the same ``line:col``. Needs nothing else of the package.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterable

_WS = re.compile(r"[ \t\r\n]*")
_DECODER = json.JSONDecoder()


def skip_ws(text: str, i: int) -> int:
    """The offset of the first character at or after ``i`` that is not JSON white space."""
    m = _WS.match(text, i)
    return m.end() if m is not None else i  # (it always matches, if only the empty string)


def locate(text: str, path: Iterable[str | int], start: int = 0) -> int:
    """The offset in ``text`` (JSON) where the value at ``path`` begins; where the walk
    cannot go on (a key or index not there), the offset of the deepest value reached.
    O(len(text))."""
    i = skip_ws(text, start)
    for step in path:
        if i >= len(text) or text[i] not in "[{":
            return i
        opener = text[i]
        j = skip_ws(text, i + 1)
        index = 0
        while j < len(text) and text[j] not in "]}":
            if opener == "{":
                key, j = json.decoder.scanstring(text, j + 1)  # type: ignore[attr-defined]  # not in the stubs
                j = skip_ws(text, skip_ws(text, j) + 1)  # past the colon
                here = key == step
            else:
                here = index == step
            if here:
                i = j
                break
            _, j = _DECODER.raw_decode(text, j)
            j = skip_ws(text, j)
            if j < len(text) and text[j] == ",":
                j = skip_ws(text, j + 1)
            index += 1
        else:
            return i
    return i


def where(text: str, path: Iterable[str | int]) -> int:
    """:func:`locate`, or 0 (the start) for text it cannot walk (not JSON, too deep)."""
    try:
        return locate(text, list(path))
    except (ValueError, RecursionError):
        return 0


class Places:
    """Offsets in one text to (line, column), both from 1. O(log lines) each."""

    def __init__(self, text: str) -> None:
        self.lines = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.lines, offset)
        return line, offset - self.lines[line - 1] + 1
