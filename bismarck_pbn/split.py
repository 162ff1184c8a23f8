"""Splitting a file into deals, line by line, before any parsing.

Deals are separated by empty lines; an empty line inside a ``{…}`` comment does not
separate. The splitter reads one line at a time and holds only the current deal, so
memory stays flat however long the file. It also decodes bytes, reporting invalid
UTF-8 (BPN003) with its byte offset and carrying on with the bad bytes replaced, so
one bad byte never hides the rest of the file.

A ``{`` that is never closed would swallow the rest of the file into one deal; when
the end of the file is reached inside a comment, the deal is cut at the first empty
line after the ``{`` (the reader reports BPN002 there) and the lines after it are
split again as usual. Only in that error case are lines held beyond one deal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .diagnostics import Diagnostic, diag

# What changes the brace state on a line: a tag value string (skipped whole), an
# opening or closing brace, or a `;` that starts a comment running to the line end.
_SIGNIFICANT = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[{};]')


class Chunk(NamedTuple):
    """The text of one deal and where it starts in the file."""

    text: str
    line: int
    """Line number of the chunk's first line, from 1."""
    offset: int
    """Character offset of the chunk's first character."""
    problems: tuple[Diagnostic, ...]
    """Decoding problems found in its lines."""


def _brace_state(line: str, in_brace: bool) -> bool:
    """Whether a brace comment is open at the end of ``line``. O(len(line))."""
    if not in_brace and "{" not in line:
        return False
    pos = 0
    n = len(line)
    while pos < n:
        if in_brace:
            close = line.find("}", pos)
            if close < 0:
                return True
            in_brace = False
            pos = close + 1
            continue
        m = _SIGNIFICANT.search(line, pos)
        if m is None:
            return False
        tok = m.group()
        if tok == ";":
            return False
        if tok == "{":
            in_brace = True
        pos = m.end()
    return in_brace


def decode_lines(raw_lines: Iterable[bytes], encoding: str = "utf-8") -> Iterator[tuple[str, Diagnostic | None]]:
    """Decode a binary file line by line. Invalid bytes become U+FFFD and yield a
    BPN003 diagnostic with the byte offset of the first bad byte. A UTF-8 byte-order
    mark at the start is dropped."""
    offset = 0
    first = True
    for number, raw in enumerate(raw_lines, 1):
        if first:
            first = False
            if raw.startswith(b"\xef\xbb\xbf") and encoding.replace("-", "").lower() in ("utf8", "utf8sig"):
                raw = raw[3:]
                offset = 3
        try:
            yield raw.decode(encoding), None
        except UnicodeDecodeError as e:
            column = len(raw[: e.start].decode(encoding, "replace")) + 1
            problem = diag(
                "BPN003",
                f"the file is not valid {encoding.upper()} at byte offset {offset + e.start} "
                f"(byte 0x{raw[e.start]:02x}); the bad bytes are read as \ufffd",
                number, column)
            yield raw.decode(encoding, "replace"), problem
        offset += len(raw)


def split_lines(lines: Iterable[tuple[str, Diagnostic | None]]) -> Iterator[Chunk]:
    """Group decoded lines into deals. Lines keep their line ends. O(total length)."""
    pending: list[tuple[str, Diagnostic | None]] = []
    source = iter(lines)
    line_no = 0
    offset = 0
    while True:
        chunk_lines: list[str] = []
        problems: list[Diagnostic] = []
        start_line = line_no + 1
        start_offset = offset
        in_brace = False
        brace_cut: int | None = None  # index in chunk_lines of the first empty line inside a comment
        exhausted = False
        while True:
            if pending:
                text, problem = pending.pop()
            else:
                try:
                    text, problem = next(source)
                except StopIteration:
                    exhausted = True
                    break
            line_no += 1
            offset += len(text)
            if problem is not None:
                problems.append(problem)
            blank = not text.strip()
            if blank and not in_brace:
                if chunk_lines:
                    break
                start_line = line_no + 1
                start_offset = offset
                continue
            if blank and brace_cut is None:
                brace_cut = len(chunk_lines)
            chunk_lines.append(text)
            in_brace = _brace_state(text, in_brace)
        if exhausted and in_brace and brace_cut is not None:
            # An unclosed `{`: keep the deal up to the first empty line after it and
            # give the rest back to be split again.
            rest = chunk_lines[brace_cut:]
            chunk_lines = chunk_lines[:brace_cut]
            line_no -= len(rest)
            offset -= sum(len(t) for t in rest)
            kept_lines = range(start_line, start_line + len(chunk_lines))
            pending.extend(reversed([(t, None) for t in rest]))
            problems_here = [p for p in problems if p.line in kept_lines]
            for p in problems:
                if p.line not in kept_lines:
                    # re-attach the decoding problem to its line when it is split again
                    idx = p.line - start_line - len(chunk_lines)
                    text, _ = pending[len(pending) - 1 - idx]
                    pending[len(pending) - 1 - idx] = (text, p)
            problems = problems_here
            exhausted = False
        if chunk_lines:
            yield Chunk("".join(chunk_lines), start_line, start_offset, tuple(problems))
        elif problems:
            yield Chunk("", start_line, start_offset, tuple(problems))
        if exhausted and not pending:
            return
